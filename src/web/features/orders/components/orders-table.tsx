import { Link } from 'react-router';
import type { OrderSummary } from '../../../../shared/orders';
import { formatUah, useDateFormat } from '../../../components/format';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { paths } from '../../../../shared/routes';
import { OrderStatusBadge } from './order-status-badge';
import { paymentMethodLabel } from '../../../components/payment-method-label';

/**
 * The orders tables of /profile and /admin/orderlist. The number opens the order; on a phone only
 * number, customer, total and status remain, so the table fits 375 px without sideways scrolling.
 */
export function OrdersTable({ orders, showCustomer = false }: { orders: OrderSummary[]; showCustomer?: boolean }) {
  const t = useT(checkoutTexts, orderTexts);
  const dates = useDateFormat();
  const wide = 'd-none d-md-table-cell';
  return (
    <table className="table table-striped table-hover table-sm align-middle orders-table">
      <thead>
        <tr>
          <th scope="col">{t.orders.number}</th>
          <th scope="col" className={showCustomer ? wide : undefined}>
            {t.orders.date}
          </th>
          {showCustomer && <th scope="col">{t.orders.customer}</th>}
          {showCustomer && (
            <th scope="col" className={wide}>
              {t.orders.phone}
            </th>
          )}
          {showCustomer && (
            <th scope="col" className={wide}>
              {t.orders.method}
            </th>
          )}
          <th scope="col" className="text-end">
            {t.orders.total}
          </th>
          <th scope="col">{t.orders.status}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td>
              <Link to={paths.order(order.id)} aria-label={t.orders.detailsOf(order.number)}>
                {order.number}
              </Link>
            </td>
            <td className={`text-nowrap${showCustomer ? ` ${wide}` : ''}`}>{dates.date(order.createdAt)}</td>
            {showCustomer && (
              <td className="text-break">
                {order.shipping.recipientName}
                {order.user ? (
                  <div className="small text-body-secondary">{order.user.email}</div>
                ) : order.guest || order.guestEmail ? (
                  <div className="small text-body-secondary">
                    <span className="badge text-bg-secondary me-1">{t.orders.guest}</span>
                    {order.guestEmail ?? t.orders.guestNoEmail}
                    <span className="d-md-none">, {order.shipping.phoneNumber}</span>
                  </div>
                ) : (
                  <div className="small">
                    <em>{t.orders.deletedCustomer}</em>
                  </div>
                )}
              </td>
            )}
            {showCustomer && <td className={`text-nowrap ${wide}`}>{order.shipping.phoneNumber}</td>}
            {showCustomer && <td className={wide}>{paymentMethodLabel(t.checkout, order.paymentMethodId, order.shipping.delivery)}</td>}
            <td className="text-nowrap text-end">{formatUah(order.totalPrice)}</td>
            <td>
              <OrderStatusBadge status={order.status} />
              {order.paymentPending && <div className="small text-body-secondary">{t.orders.awaitingAcceptance}</div>}
              {order.refund && <div className="small text-warning-emphasis">{t.orders.refundedShort}</div>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
