import { lazy, Suspense } from 'react';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link, useLocation, useParams } from 'react-router';
import { notify } from '../../components/notify';
import { isCashOnDelivery, isOfflineMethod, shopperCanCancel, type Order } from '../../../shared/orders';
import { formatUah, useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { orderTexts } from '../../i18n/feature-texts/orders';
import { legalTexts } from '../../i18n/feature-texts/legal';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { orderPaymentBase, useCancelOrder, useOrder } from './api';
import { AdminOrderActions } from './components/admin-order-actions';
import { ConfirmAction } from './components/confirm-action';
import { OfflinePaymentDetails, PaymentActions } from './components/order-payment';
import { OrderLines } from './components/order-lines';
import { AdminOrderReceipts, OrderReceipts } from './components/order-receipts';
import { OrderStatusBadge } from './components/order-status-badge';
import { OrderAttention, OrderRefunds } from './components/order-refunds';
import { OrderTracking } from './components/order-tracking';
import { OrderSummaryCard } from './components/order-summary';
import { DeliveryCost } from './components/delivery-cost';
import { paymentMethodLabel } from '../../components/payment-method-label';

// The admin's history of the order (docs/back-office.md): its code loads only for admins.
const AuditHistory = lazy(() => import('../back-office').then((m) => ({ default: m.AuditHistory })));

/** /order/{id} (docs/screens.md): delivery, payment, lines and summary; paying and delivering. */
export default function OrderPage() {
  const t = useT(checkoutTexts, orderTexts);
  const { id = '' } = useParams();
  const { data: order, isPending, error } = useOrder(id);

  if (isPending) return <Loader />;
  if (error || !order) {
    return (
      <>
        <PageTitle title={t.orders.adminOrdersTitle} />
        <ErrorMessage error={error} />
      </>
    );
  }
  return <OrderDetails order={order} />;
}

/**
 * The order's details; the guest order page shows them too. `paymentBase`: where a viewer who is
 * not the signed-in owner pays (a guest link's calls); the owner pays by the order's id.
 */
export function OrderDetails({ order, paymentBase }: { order: Order; paymentBase?: string }) {
  const t = useT(checkoutTexts, orderTexts);
  const legal = useT(legalTexts).legal;
  const dates = useDateFormat();
  const me = useAuth((s) => s.userInfo);
  const isOwner = !!me && order.user?.id === me.id;
  const payWith = paymentBase ?? (isOwner ? orderPaymentBase(order.id) : null);
  const canPay = payWith !== null && order.status === 'pending';
  const cancel = useCancelOrder(order.id);
  // Set by the checkout when it opens the order it has just placed.
  const justPlaced = (useLocation().state as { placed?: boolean } | null)?.placed === true && order.status === 'pending';
  const { shipping: ship } = order;
  const methodLabel = paymentMethodLabel(t.checkout, order.paymentMethodId, ship.delivery);

  const cancelOrder = () =>
    cancel.mutate(undefined, {
      onSuccess: () => notify.success(t.orders.orderCancelled),
      onError: (e) => notify.failure(e),
    });
  const nextSteps = isCashOnDelivery(order.paymentMethodId)
    ? ship.delivery === 'door'
      ? t.orders.nextSteps.cashOnDeliveryDoor
      : t.orders.nextSteps.cashOnDelivery
    : isOfflineMethod(order.paymentMethodId)
      ? t.orders.nextSteps.transfer
      : t.orders.nextSteps.online;

  return (
    <>
      <PageTitle title={t.orders.orderTitle(order.number)} />
      {justPlaced && (
        <div className="alert alert-success" role="status">
          <h2 className="h5">{t.orders.thanks(order.number)}</h2>
          <p className="mb-0">{nextSteps}</p>
        </div>
      )}
      <h1 className="h3 mb-1 text-break">{t.orders.orderTitle(order.number)}</h1>
      <p className="mb-4">
        <span className="visually-hidden">{t.orders.status}: </span>
        <OrderStatusBadge status={order.status} /> <span className="text-body-secondary">{dates.dateTime(order.createdAt)}</span>
        {/* The terms of the sale as they were when the order was placed (docs/domain.md). */}
        {order.offerVersion !== null && (
          <>
            <br />
            <Link className="small" to={paths.legal('offer', order.offerVersion)}>
              {legal.orderOffer(order.offerVersion)}
            </Link>
          </>
        )}
      </p>
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item as="section" aria-labelledby="order-shipping">
              <h2 id="order-shipping" className="h4">
                {t.orders.shipping}
              </h2>
              <p className="mb-1">
                <strong>{t.orders.name}:</strong> {ship.recipientName}
                {order.user && order.user.name !== ship.recipientName && ` (${order.user.name})`}
              </p>
              {(order.user?.email ?? order.guestEmail) && (
                <p className="mb-1">
                  <strong>{t.orders.email}:</strong> <a href={`mailto:${order.user?.email ?? order.guestEmail}`}>{order.user?.email ?? order.guestEmail}</a>
                </p>
              )}
              {ship.phoneNumber && (
                <p className="mb-1">
                  <strong>{t.orders.phone}:</strong> <a href={`tel:${ship.phoneNumber}`}>{ship.phoneNumber}</a>
                </p>
              )}
              <p className="mb-1">
                <strong>{t.orders.address}:</strong> {[ship.city, ship.postalCode, ship.branch].filter(Boolean).join(', ')}
              </p>
              <DeliveryCost estimate={order.shippingEstimate} byCarrier={order.shippingByCarrier} shippingPrice={order.shippingPrice} />
              {order.comment && (
                <p className="mb-1 text-break">
                  <strong>{t.orders.comment}:</strong> {order.comment}
                </p>
              )}
              <div className="mb-3" />
              {order.trackingNumber && <OrderTracking order={order} />}
              {me?.isAdmin && <OrderAttention order={order} />}
              {order.isDelivered ? (
                <Message variant="success">{t.orders.deliveredOn(dates.dateTime(order.deliveredAt))}</Message>
              ) : order.status === 'cancelled' ? (
                <Message variant="warning">{t.orders.cancelledOn(dates.dateTime(order.cancelledAt))}</Message>
              ) : order.status === 'shipped' ? (
                <Message variant="info">{t.orders.shippedOn(dates.dateTime(order.shippedAt))}</Message>
              ) : (
                <Message variant="danger">{t.orders.notDelivered}</Message>
              )}
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-payment">
              <h2 id="order-payment" className="h4">
                {t.orders.payment}
              </h2>
              <p>
                <strong>{t.orders.method}:</strong> {methodLabel}
              </p>
              <OfflinePaymentDetails order={order} />
              {order.isPaid ? (
                <Message variant="success">{t.orders.paidOn(dates.dateTime(order.paidAt))}</Message>
              ) : order.paymentPending ? (
                <Message variant="info">{t.orders.paymentPending(order.paymentPending.status, dates.dateTime(order.paymentPending.since))}</Message>
              ) : (
                <Message variant="danger">{t.orders.notPaid}</Message>
              )}
              <OrderReceipts order={order} />
              {order.refund && order.refunds.length === 0 && (
                <Message variant="warning">{t.orders.refunded(formatUah(order.refund.amount), dates.dateTime(order.refund.refundedAt))}</Message>
              )}
              <OrderRefunds order={order} admin={!!me?.isAdmin} />
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-items">
              <h2 id="order-items" className="h4">
                {t.orders.orderItems}
              </h2>
              {order.orderItems.length === 0 ? (
                <Message>{t.orders.noItems}</Message>
              ) : (
                <OrderLines lines={order.orderItems.map((item) => ({ ...item, key: item.id }))} />
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>

        <Col md={4}>
          <OrderSummaryCard id="order-summary" title={t.orders.summary} prices={order} labels={t.orders}>
            {canPay && <PaymentActions order={order} base={payWith} />}

            {me?.isAdmin ? (
              <ListGroup.Item>
                <AdminOrderActions order={order} />
                <Link to={paths.admin.packingSlip(order.id)} className="btn btn-outline-secondary w-100 my-2">
                  {t.orders.packingSlip}
                </Link>
                <AdminOrderReceipts orderId={order.id} />
              </ListGroup.Item>
            ) : (
              isOwner &&
              shopperCanCancel(order) && (
                <ListGroup.Item>
                  <ConfirmAction
                    label={t.orders.cancel}
                    question={t.orders.confirmCancel(order.number)}
                    busy={cancel.isPending}
                    variant="outline-danger"
                    onConfirm={cancelOrder}
                  />
                </ListGroup.Item>
              )
            )}
          </OrderSummaryCard>
        </Col>
      </Row>
      {me?.isAdmin && (
        <Suspense fallback={null}>
          <AuditHistory entity="order" id={order.id} />
        </Suspense>
      )}
    </>
  );
}
