import Table from 'react-bootstrap/Table';
import { FaTimes } from 'react-icons/fa';
import { Link } from 'react-router';
import type { OrderSummary } from '../../../../shared/orders';
import { formatDate } from '../../../components/format';
import { useT } from '../../../i18n';
import { paths } from '../../../paths';
import { dollars } from './order-summary';

/** The orders tables of /profile and /admin/orderlist (SPEC.md §2): dates or a red cross. */
export function OrdersTable({ orders, showCustomer = false }: { orders: OrderSummary[]; showCustomer?: boolean }) {
  const t = useT();
  const dateOrCross = (date: string | null) =>
    date ? (
      formatDate(date)
    ) : (
      <span className="text-danger">
        <FaTimes aria-hidden />
        <span className="visually-hidden">{t.orders.no}</span>
      </span>
    );
  // Positioned, so the visually hidden labels stay inside the scrolling wrapper on phones.
  return (
    <Table striped hover responsive size="sm" className="align-middle position-relative">
      <thead>
        <tr>
          <th scope="col">{t.orders.id}</th>
          {showCustomer && <th scope="col">{t.orders.customer}</th>}
          <th scope="col">{t.orders.date}</th>
          <th scope="col">{t.orders.total}</th>
          <th scope="col">{t.orders.paid}</th>
          <th scope="col">{t.orders.delivered}</th>
          <th scope="col">
            <span className="visually-hidden">{t.orders.details}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order._id}>
            <td>
              <code title={order._id}>{order._id.slice(0, 8)}</code>
            </td>
            {showCustomer && <td>{order.user?.name ?? <em>{t.orders.deletedCustomer}</em>}</td>}
            <td>{formatDate(order.createdAt)}</td>
            <td className="text-nowrap">{dollars(order.totalPrice)}</td>
            <td>{dateOrCross(order.paidAt)}</td>
            <td>{dateOrCross(order.deliveredAt)}</td>
            <td>
              <Link className="btn btn-light btn-sm" to={paths.order(order._id)} aria-label={t.orders.detailsOf(order._id)}>
                {t.orders.details}
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
