import { lazy, Suspense } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ONLINE_PAYMENT_METHODS, type Order, type PaymentMethod } from '../../../shared/orders';
import { errorMessage } from '../../api/error-message';
import { formatDate } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { useAuth } from '../../stores/auth';
import { useDeliverOrder, useOrder, usePayOrder, usePayPalConfig } from './api';
import { OrderLines } from './components/order-lines';
import { OrderSummaryCard } from './components/order-summary';

// PayPal's React wrapper loads only for shoppers about to pay.
const PayPalPayment = lazy(() => import('./components/paypal-payment'));

/** /order/{id} (SPEC.md §2): delivery, payment, lines and summary; paying and delivering. */
export default function OrderPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { data: order, isPending, error } = useOrder(id);

  if (isPending) return <Loader />;
  if (error || !order) {
    return (
      <>
        <PageTitle title={t.orders.orderTitle(id)} />
        <ErrorMessage error={error} />
      </>
    );
  }
  return <OrderDetails order={order} />;
}

function OrderDetails({ order }: { order: Order }) {
  const t = useT();
  const me = useAuth((s) => s.userInfo);
  const isOwner = !!me && order.user?._id === me._id;
  const canPay = isOwner && !order.isPaid;
  const config = usePayPalConfig(canPay);
  const pay = usePayOrder(order._id);
  const deliver = useDeliverOrder(order._id);
  const { shippingAddress: ship } = order;
  const methodLabel = t.checkout.methods[order.paymentMethod as PaymentMethod] ?? order.paymentMethod;

  const onPaid = () => toast.success(t.orders.orderPaid);
  const testPay = () => pay.mutate({ test: true }, { onSuccess: onPaid, onError: (e) => toast.error(errorMessage(e)) });
  const markDelivered = () =>
    deliver.mutate(undefined, {
      onSuccess: () => toast.success(t.orders.orderDelivered),
      onError: (e) => toast.error(errorMessage(e)),
    });

  return (
    <>
      <PageTitle title={t.orders.orderTitle(order._id)} />
      <h1 className="h3 mb-4 text-break">{t.orders.orderTitle(order._id)}</h1>
      <Row className="g-4">
        <Col md={8}>
          <ListGroup variant="flush">
            <ListGroup.Item as="section" aria-labelledby="order-shipping">
              <h2 id="order-shipping" className="h4">
                {t.orders.shipping}
              </h2>
              <p className="mb-1">
                <strong>{t.orders.name}:</strong> {ship.address}
                {order.user && order.user.name !== ship.address && ` (${order.user.name})`}
              </p>
              {order.user && (
                <p className="mb-1">
                  <strong>{t.orders.email}:</strong> <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
                </p>
              )}
              {ship.phoneNumber && (
                <p className="mb-1">
                  <strong>{t.orders.phone}:</strong> <a href={`tel:${ship.phoneNumber}`}>{ship.phoneNumber}</a>
                </p>
              )}
              <p>
                <strong>{t.orders.address}:</strong> {[ship.city, ship.postalCode, ship.country].filter(Boolean).join(', ')}
              </p>
              {order.isDelivered ? (
                <Message variant="success">{t.orders.deliveredOn(formatDate(order.deliveredAt))}</Message>
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
              {order.isPaid ? (
                <Message variant="success">{t.orders.paidOn(formatDate(order.paidAt))}</Message>
              ) : (
                <Message variant="danger">{t.orders.notPaid}</Message>
              )}
            </ListGroup.Item>

            <ListGroup.Item as="section" aria-labelledby="order-items">
              <h2 id="order-items" className="h4">
                {t.orders.orderItems}
              </h2>
              {order.orderItems.length === 0 ? (
                <Message>{t.orders.noItems}</Message>
              ) : (
                <OrderLines lines={order.orderItems.map((item) => ({ ...item, key: item._id }))} />
              )}
            </ListGroup.Item>
          </ListGroup>
        </Col>

        <Col md={4}>
          <OrderSummaryCard id="order-summary" title={t.orders.summary} prices={order} labels={t.orders}>
            {canPay && (
              <ListGroup.Item>
                {config.isPending && <Loader small />}
                {config.data?.testMode && (
                  <Button variant="secondary" className="w-100 mb-3" onClick={testPay} disabled={pay.isPending}>
                    {pay.isPending ? t.orders.paying : t.orders.testPay}
                  </Button>
                )}
                {!ONLINE_PAYMENT_METHODS.includes(order.paymentMethod as PaymentMethod) && (
                  <p className="small text-body-secondary">{t.orders.payOffline}</p>
                )}
                {/* SPEC.md §4: the provider's script loads only for an unpaid order with a client id. */}
                {config.data?.clientId && (
                  <Suspense fallback={<Loader small />}>
                    <PayPalPayment
                    clientId={config.data.clientId}
                    order={order}
                    card={order.paymentMethod === 'Card'}
                    onCaptured={(details) => pay.mutateAsync(details).then(onPaid, (e) => toast.error(errorMessage(e)))}
                    />
                  </Suspense>
                )}
                {pay.isError && <ErrorMessage error={pay.error} />}
              </ListGroup.Item>
            )}

            {me?.isAdmin && order.isPaid && !order.isDelivered && (
              <ListGroup.Item>
                <Button className="w-100" onClick={markDelivered} disabled={deliver.isPending}>
                  {t.orders.markDelivered}
                </Button>
              </ListGroup.Item>
            )}
          </OrderSummaryCard>
        </Col>
      </Row>
    </>
  );
}
