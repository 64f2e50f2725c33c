import { useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, Navigate, useNavigate } from 'react-router';
import { notify } from '../../components/notify';
import { discountedPrice } from '../../../shared/pricing';
import { parcelWeightKg } from '../../../shared/delivery';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { errorMessage } from '../../api/error-message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { legalTexts } from '../../i18n/feature-texts/legal';
import { useShopSettings } from '../../api/settings';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { cartLineKey, useCart } from '../../stores/cart';
import { useCartAvailability, useCartPrices } from '../cart';
import { DeliveryCost, OrderLines, OrderSummaryCard } from '../orders';
import { useDeliveryEstimate, usePlaceOrder } from './api';
import { clearShippingDraft } from './shipping-draft';
import { CheckoutSteps } from './components/checkout-steps';
import { paymentMethodLabel } from '../../components/payment-method-label';

/** /placeorder (docs/screens.md): the review, and the Order button. On success: the new order's page. */
export default function PlaceOrderPage() {
  const t = useT(checkoutTexts, legalTexts);
  const navigate = useNavigate();
  const cart = useCart();
  const placeOrder = usePlaceOrder();
  const signedIn = useAuth((s) => s.userInfo !== null);
  const { problems, ok: available } = useCartAvailability(cart.cartItems);
  const { prices, promo, error: pricingError } = useCartPrices(cart.cartItems);
  // A code kept with the cart is checked again here: one that no longer works is said so, never dropped.
  const promoBlocked = promo.code !== null && (promo.error !== null || !promo.applied);
  const weightKg = useMemo(() => parcelWeightKg(cart.cartItems), [cart.cartItems]);
  const to = cart.shipping;
  const estimate = useDeliveryEstimate(
    to?.settlementRef && (to.delivery === 'door' || to.branchRef) && prices
      ? { settlementRef: to.settlementRef, branchRef: to.delivery === 'door' ? 'door' : to.branchRef!, weightKg, value: prices.itemsPrice }
      : null,
  );
  // One key per checkout: a repeated submit (double click, retry after a lost answer) gets the same order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Set on the first click, before React re-renders the button as disabled.
  const submitting = useRef(false);
  // The offer is accepted by placing the order, or by a tick when the shop asks for one (docs/domain.md).
  const settings = useShopSettings();
  const askTick = settings.data?.legal?.offerConsent === 'checkbox';
  const [accepted, setAccepted] = useState(false);
  const [showTickError, setShowTickError] = useState(false);

  // A guest goes through the delivery step as a guest (the e-mail there may be left empty).
  if (!cart.shipping || (!signedIn && cart.shipping.guestEmail === undefined)) return <Navigate to={paths.shipping} replace />;
  if (!cart.paymentMethod) return <Navigate to={paths.payment} replace />;
  const address = cart.shipping;
  // What the screen kept to show the directory's names stays in the browser.
  const { settlement: _settlement, branchPoint: _branchPoint, guestEmail, comment, ...shipping } = address;
  const empty = cart.cartItems.length === 0;

  const submit = () => {
    if (askTick && !accepted) {
      setShowTickError(true);
      document.getElementById('accept-offer')?.focus();
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    placeOrder.mutate(
      {
        idempotencyKey,
        // The order payload (docs/api.md); the server reads only product and pack ids, options and quantities from the lines.
        payload: {
          orderItems: cart.cartItems.map((item) => ({
            product: item.id,
            ...(item.variant ? { variant: item.variant } : {}),
            ...(item.options?.milled ? { options: { milled: true } } : {}),
            qty: item.qty,
          })),
          shipping,
          paymentMethodId: cart.paymentMethod,
          ...(promo.applied ? { promoCode: promo.applied.code } : {}),
          ...(askTick ? { acceptOffer: accepted } : {}),
          ...(comment ? { comment } : {}),
          // Without an account: the guest's order (docs/delivery.md).
          ...(signedIn ? {} : { email: guestEmail ?? '' }),
        },
      },
      {
        onSuccess: (order) => {
          cart.clearCartItems();
          // The comment was this order's; the address stays for the next one.
          cart.saveShipping({ ...address, comment: undefined });
          clearShippingDraft();
          notify.success(t.checkout.orderPlaced);
          navigate('accessToken' in order ? paths.guestOrder(order.accessToken) : paths.order(order.id), { state: { placed: true } });
        },
        onError: (error) => {
          submitting.current = false;
          notify.failure(error);
        },
      },
    );
  };

  return (
    <>
      <PageTitle title={t.checkout.placeOrderTitle} />
      <CheckoutSteps current={3} />
      <h1 className="mb-4">{t.checkout.placeOrderTitle}</h1>
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item as="section" aria-labelledby="review-shipping">
              <h2 id="review-shipping" className="h4">
                {t.checkout.shipping}
              </h2>
              <p className="mb-1">
                <strong>{t.checkout.recipientLabel}:</strong> {address.recipientName}
              </p>
              <p className="mb-1">
                <strong>{t.checkout.phoneLabel}:</strong> {address.phoneNumber}
              </p>
              <p className="mb-1">
                <strong>{t.checkout.addressLabel}:</strong> {[address.city, address.postalCode, address.branch].filter(Boolean).join(', ')}
              </p>
              {prices && (
                <DeliveryCost
                  estimate={estimate.data?.available ? estimate.data : null}
                  loading={estimate.isPending}
                  byCarrier={prices.shippingByCarrier}
                  shippingPrice={prices.shippingPrice}
                />
              )}
              {comment && (
                <p className="mb-1 text-break">
                  <strong>{t.checkout.commentLabel}:</strong> {comment}
                </p>
              )}
              <Link to={paths.shipping}>{t.checkout.edit}</Link>
            </ListGroup.Item>
            <ListGroup.Item as="section" aria-labelledby="review-payment">
              <h2 id="review-payment" className="h4">
                {t.checkout.payment}
              </h2>
              <p className="mb-1">
                <strong>{t.checkout.method}:</strong> {paymentMethodLabel(t.checkout, cart.paymentMethod, cart.shipping?.delivery)}
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
                    key: cartLineKey(item),
                    name: item.name,
                    label: item.label,
                    options: item.options,
                    image: item.image,
                    qty: item.qty,
                    price: discountedPrice(item.price, item.discount),
                    product: item.id,
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
          {!prices ? (
            pricingError ? (
              <ErrorMessage error={pricingError} />
            ) : (
              <Loader />
            )
          ) : (
            <OrderSummaryCard id="review-summary" title={t.checkout.orderSummary} prices={prices} labels={t.checkout}>
              {promo.code && promo.error ? (
                <ListGroup.Item>
                  <Message variant="warning">
                    {t.checkout.promoInvalidNow(promo.code)} <ErrorText error={promo.error} /> <Link to={paths.cart}>{t.checkout.cartTitle}</Link>
                  </Message>
                </ListGroup.Item>
              ) : null}
              {placeOrder.isError && (
                <ListGroup.Item>
                  <ErrorMessage error={placeOrder.error} />
                </ListGroup.Item>
              )}
              <ListGroup.Item>
                {askTick ? (
                  <Form.Check id="accept-offer" className="mb-2 small">
                    <Form.Check.Input
                      type="checkbox"
                      checked={accepted}
                      isInvalid={showTickError && !accepted}
                      aria-describedby={showTickError && !accepted ? 'accept-offer-error' : undefined}
                      onChange={(e) => setAccepted(e.target.checked)}
                    />
                    <Form.Check.Label>
                      {t.legal.consentBox}
                      <ConsentLinks and={t.legal.consentBoxAnd} />
                    </Form.Check.Label>
                    <Form.Control.Feedback type="invalid" id="accept-offer-error">
                      {t.legal.consentRequired}
                    </Form.Control.Feedback>
                  </Form.Check>
                ) : null}
                {/* Disabled for an empty cart, a line that cannot be bought or an order on its way (docs/screens.md). */}
                <Button className="w-100" disabled={empty || !available || promoBlocked || placeOrder.isPending || placeOrder.isSuccess} onClick={submit}>
                  {placeOrder.isPending ? t.checkout.placingOrder : t.checkout.placeOrder}
                </Button>
                {placeOrder.isPending && (
                  <div className="text-center mt-2">
                    <Loader small />
                  </div>
                )}
                {!askTick && (
                  <p className="small text-body-secondary mt-2 mb-0" id="offer-consent">
                    {t.legal.consentNotice(t.checkout.placeOrder)}
                    <ConsentLinks and={t.legal.consentAnd} />
                  </p>
                )}
              </ListGroup.Item>
            </OrderSummaryCard>
          )}
        </Col>
      </Row>
    </>
  );
}

/** The server's refusal in the shopper's words, inline. */
function ErrorText({ error }: { error: unknown }) {
  return <span>{errorMessage(error)}</span>;
}

/** "…публічної оферти та … політикою конфіденційності.": the two pages, opened beside the checkout. */
function ConsentLinks({ and }: { and: string }) {
  const t = useT(legalTexts);
  return (
    <>
      <Link to={paths.legal('offer')} target="_blank" rel="noopener">
        {t.legal.offerLink}
      </Link>
      {and}
      <Link to={paths.legal('privacy')} target="_blank" rel="noopener">
        {t.legal.privacyLink}
      </Link>
      .
    </>
  );
}

/** 128 random bits as hex (getRandomValues works outside secure contexts, unlike randomUUID). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
