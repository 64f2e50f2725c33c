import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { formatUah, useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import { paths } from '../../../shared/routes';
import { useCustomer } from './api';

/** /admin/customers/{id}: one customer (an account, or a guest's grouped orders) and their orders. */
export default function CustomerPage() {
  const texts = useT(backOfficeTexts).backOffice;
  const t = texts.customers;
  const { dateTime } = useDateFormat();
  const { id = '' } = useParams();
  const { data, isPending, error } = useCustomer(id);

  return (
    <>
      <PageTitle title={data?.customer.name ?? t.title} />
      <Link to={paths.admin.customers} className="btn btn-light mb-3">
        {t.back}
      </Link>
      {isPending ? (
        <Loader />
      ) : error ? (
        <ErrorMessage error={error} />
      ) : (
        <>
          <h1 className="h2">
            {data.customer.name} <span className="badge text-bg-light fs-6 align-middle">{data.customer.kind === 'guest' ? t.guest : t.registered}</span>
          </h1>
          <p className="text-break">
            {[data.customer.email, data.customer.phone].filter(Boolean).join(' · ')}
            <br />
            {t.orders}: {data.customer.orders} · {t.spent}: {formatUah(data.customer.totalSpent)}
          </p>
          <h2 className="h5">{t.ordersOf}</h2>
          {data.orders.length === 0 ? (
            <Message>{t.noOrders}</Message>
          ) : (
            <Table striped size="sm" responsive className="align-middle">
              <thead>
                <tr>
                  <th scope="col">{t.number}</th>
                  <th scope="col">{t.date}</th>
                  <th scope="col">{t.status}</th>
                  <th scope="col" className="text-end">
                    {t.sum}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      <Link to={paths.order(order.id)}>{order.number}</Link>
                    </td>
                    <td className="text-nowrap">{dateTime(order.createdAt)}</td>
                    <td>
                      {texts.dashboard.statuses[order.status] ?? order.status}
                      {order.status === 'pending' ? ` · ${order.isPaid ? t.paid : t.unpaid}` : ''}
                    </td>
                    <td className="text-end text-nowrap">{formatUah(order.totalPrice)}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </>
      )}
    </>
  );
}
