import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { FaTrash } from 'react-icons/fa';
import { Link, useNavigate } from 'react-router';
import { discountedPrice } from '../../../shared/pricing';
import { formatUah } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { OrderSummaryRows } from '../orders';
import { useShopSettings } from '../../api/settings';
import { useCartPrices } from './use-cart-prices';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { paths } from '../../../shared/routes';
import { cartCount, cartLineKey, useCart, type CartItem } from '../../stores/cart';
import { LineName } from '../../components/line-name';
import { useCartAvailability, type LineProblem } from './use-cart-availability';
import { PromoField } from './promo-field';

/** /cart (docs/screens.md): lines, quantities, the UAH summary and the way to checkout. */
export default function CartPage() {
  const t = useT(checkoutTexts);
  const navigate = useNavigate();
  const cartItems = useCart((s) => s.cartItems);
  const { prices, promo, isPending: pricing, error: pricingError } = useCartPrices(cartItems);
  const freeFrom = useShopSettings().data?.pricing.freeShippingFrom ?? null;
  const { problems, overOrderLimit, isChecking, ok } = useCartAvailability(cartItems);

  return (
    <section>
      <PageTitle title={t.checkout.cartTitle} />
      <h1 className="mb-3">{t.checkout.cartTitle}</h1>
      {cartItems.length === 0 ? (
        <Message>
          {t.checkout.cartEmpty} <Link to={paths.home}>{t.checkout.backToShopping}</Link>
        </Message>
      ) : (
        <Row className="g-4">
          <Col md={8}>
            <ListGroup variant="flush" as="ul">
              {cartItems.map((item) => (
                <CartLine key={cartLineKey(item)} item={item} problem={problems.get(cartLineKey(item))} />
              ))}
            </ListGroup>
          </Col>
          <Col md={4}>
            <Card as="section" aria-labelledby="cart-summary">
              <ListGroup variant="flush">
                <ListGroup.Item>
                  <h2 id="cart-summary" className="h4 mb-0">
                    {t.checkout.itemCount(cartCount(cartItems))}
                  </h2>
                </ListGroup.Item>
                {pricing && (
                  <ListGroup.Item>
                    <Loader small />
                  </ListGroup.Item>
                )}
                {pricingError ? (
                  <ListGroup.Item>
                    <ErrorMessage error={pricingError} />
                  </ListGroup.Item>
                ) : null}
                <ListGroup.Item>
                  <PromoField promo={promo} />
                </ListGroup.Item>
                {prices && <OrderSummaryRows prices={prices} labels={t.checkout} />}
                {prices?.shippingByCarrier && freeFrom !== null && (
                  <ListGroup.Item className="small text-body-secondary">{t.checkout.freeDeliveryFrom(formatUah(freeFrom))}</ListGroup.Item>
                )}
                {problems.size > 0 && (
                  <ListGroup.Item>
                    <Message variant="warning">
                      {[...problems.values()].every((p) => p.kind === 'overLimit') ? t.checkout.cartOverLimit : t.checkout.cartHasProblems}
                    </Message>
                  </ListGroup.Item>
                )}
                {overOrderLimit !== null && (
                  <ListGroup.Item>
                    <Message variant="warning">{t.checkout.orderOverLimit(overOrderLimit)}</Message>
                  </ListGroup.Item>
                )}
                <ListGroup.Item>
                  <Button className="w-100" disabled={!ok} onClick={() => navigate(paths.shipping)}>
                    {isChecking ? t.checkout.checkingStock : t.checkout.proceedToCheckout}
                  </Button>
                </ListGroup.Item>
              </ListGroup>
            </Card>
          </Col>
        </Row>
      )}
    </section>
  );
}

function CartLine({ item, problem }: { item: CartItem; problem: LineProblem | undefined }) {
  const t = useT(checkoutTexts);
  const addToCart = useCart((s) => s.addToCart);
  const removeFromCart = useCart((s) => s.removeFromCart);
  const key = cartLineKey(item);
  const selectId = `qty-${key.replace(/[^a-z0-9-]/gi, '-')}`;
  // Let the shopper pick the quantity they already have even if stock fell below it, to lower it.
  const max = Math.max(item.countInStock, 1);
  const options = Array.from({ length: Math.max(max, item.qty) }, (_, i) => i + 1);

  return (
    <ListGroup.Item as="li" className="py-3">
      <Row className="align-items-center g-2">
        <Col xs={3} md={2}>
          <img src={item.image} alt="" className="img-fluid rounded" width={120} height={120} />
        </Col>
        <Col xs={9} md={4}>
          <Link to={paths.product(item.id)}>{item.name}</Link>
          <LineName label={item.label} options={item.options} />
          {item.recipe && <span className="d-block small text-body-secondary">{t.common.fromRecipe(item.recipe)}</span>}
        </Col>
        <Col xs={4} md={2}>
          <span className="visually-hidden">{t.checkout.unitPrice}: </span>
          {formatUah(discountedPrice(item.price, item.discount))}
        </Col>
        <Col xs={5} md={2}>
          <Form.Label htmlFor={selectId} className="visually-hidden">
            {t.checkout.quantityOf(item.name)}
          </Form.Label>
          <Form.Select
            id={selectId}
            value={item.qty}
            disabled={problem !== undefined && problem.kind !== 'short' && problem.kind !== 'overLimit'}
            onChange={(e) => addToCart({ ...item, qty: Number(e.target.value) })}
          >
            {options.map((n) => (
              <option key={n} value={n} disabled={n > item.countInStock}>
                {n}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={3} md={2} className="text-end">
          <Button variant="light" onClick={() => removeFromCart(key)} aria-label={t.checkout.removeItem(item.name)} title={t.checkout.remove}>
            <FaTrash aria-hidden />
          </Button>
        </Col>
      </Row>
      {problem && (
        <p className="text-danger small mb-0 mt-2" role="alert">
          {lineProblemText(problem, item, t.checkout)}
        </p>
      )}
    </ListGroup.Item>
  );
}

function lineProblemText(problem: LineProblem, item: CartItem, texts: typeof checkoutTexts.uk.checkout): string {
  switch (problem.kind) {
    case 'gone':
      return item.variant ? texts.packGone : texts.productGone;
    case 'soldOut':
      return texts.productSoldOut;
    case 'choosePack':
      return texts.choosePack;
    case 'short':
      return texts.onlyLeft(problem.left);
    case 'overLimit':
      return texts.lineOverLimit(problem.max);
  }
}
