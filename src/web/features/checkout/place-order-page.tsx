import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { discountedPrice } from '../../../shared/pricing';
import { errorMessage } from '../../api/error-message';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { paths } from '../../paths';
import { useCart } from '../../stores/cart';
import { useCartAvailability } from '../cart/use-cart-availability';
import { OrderLines } from '../orders/components/order-lines';
import { OrderSummaryCard } from '../orders/components/order-summary';
import { usePlaceOrder } from './api';
import { CheckoutSteps } from './components/checkout-steps';

/** /placeorder (SPEC.md §2): the review, and the Order button. On success: the new order's page. */
export default function PlaceOrderPage() {
  const t = useT();
  const navigate = useNavigate();
  const cart = useCart();
  const placeOrder = usePlaceOrder();
  const { problems, ok: available } = useCartAvailability(cart.cartItems);

  if (!cart.shippingAddress) return <Navigate to={paths.shipping} replace />;
  if (!cart.paymentMethod) return <Navigate to={paths.payment} replace />;
  const address = cart.shippingAddress;
  const empty = cart.cartItems.length === 0;

  const submit = () =>
    placeOrder.mutate(
      {
        // SPEC.md §3's payload; the server reads only product ids and quantities from the lines.
        orderItems: cart.cartItems.map((item) => ({ product: item._id, qty: item.qty })),
        shippingAddress: address,
        paymentMethod: cart.paymentMethod,
      },
      {
        onSuccess: (order) => {
          cart.clearCartItems();
          toast.success(t.checkout.orderPlaced);
          navigate(paths.order(order._id));
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <>
      <PageTitle title={t.checkout.placeOrderTitle} />
      <CheckoutSteps current={4} />
      <h1 className="mb-4">{t.checkout.placeOrderTitle}</h1>
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item as="section" aria-labelledby="review-shipping">
              <h2 id="review-shipping" className="h4">
                {t.checkout.shipping}
              </h2>
              <p className="mb-1">
                <strong>{t.checkout.recipientLabel}:</strong> {address.address}
              </p>
              <p className="mb-1">
                <strong>{t.checkout.phoneLabel}:</strong> {address.phoneNumber}
              </p>
              <p className="mb-1">
                <strong>{t.checkout.addressLabel}:</strong> {[address.city, address.postalCode, address.country].filter(Boolean).join(', ')}
              </p>
              <Link to={paths.shipping}>{t.checkout.edit}</Link>
            </ListGroup.Item>
            <ListGroup.Item as="section" aria-labelledby="review-payment">
              <h2 id="review-payment" className="h4">
                {t.checkout.payment}
              </h2>
              <p className="mb-1">
                <strong>{t.checkout.method}:</strong> {t.checkout.methods[cart.paymentMethod]}
              </p>
              <Link to={paths.payment}>{t.checkout.edit}</Link>
            </ListGroup.Item>
            <ListGroup.Item as="section" aria-labelledby="review-items">
              <h2 id="review-items" className="h4">
                {t.checkout.orderItems}
              </h2>
              {empty ? (
                <Message>
                  {t.checkout.cartEmpty} <Link to={paths.home}>{t.checkout.backToShopping}</Link>
                </Message>
              ) : (
                <OrderLines
                  lines={cart.cartItems.map((item) => ({
                    key: item._id,
                    name: item.name,
                    image: item.image,
                    qty: item.qty,
                    price: discountedPrice(item.price, item.discount),
                    product: item._id,
                  }))}
                />
              )}
              {problems.size > 0 && (
                <Message variant="warning">
                  {t.checkout.cartHasProblems} <Link to={paths.cart}>{t.checkout.cartTitle}</Link>
                </Message>
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>
        <Col md={4}>
          <OrderSummaryCard id="review-summary" title={t.checkout.orderSummary} prices={cart} labels={t.checkout}>
            {placeOrder.isError && (
              <ListGroup.Item>
                <ErrorMessage error={placeOrder.error} />
              </ListGroup.Item>
            )}
            <ListGroup.Item>
              {/* SPEC.md §5's check compared the array itself to zero; this one looks at its length. */}
              <Button className="w-100" disabled={empty || !available || placeOrder.isPending} onClick={submit}>
                {placeOrder.isPending ? t.checkout.placingOrder : t.checkout.placeOrder}
              </Button>
              {placeOrder.isPending && (
                <div className="text-center mt-2">
                  <Loader small />
                </div>
              )}
            </ListGroup.Item>
          </OrderSummaryCard>
        </Col>
      </Row>
    </>
  );
}
