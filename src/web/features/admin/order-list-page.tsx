import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { useAllOrders } from '../orders/api';
import { OrdersTable } from '../orders/components/orders-table';

/** /admin/orderlist (SPEC.md §2): every order with its customer. */
export default function OrderListPage() {
  const t = useT();
  const { data, isPending, error } = useAllOrders();
  return (
    <section>
      <PageTitle title={t.orders.adminOrdersTitle} />
      <h1 className="mb-3">{t.orders.adminOrdersTitle}</h1>
      {isPending ? (
        <Loader />
      ) : error || !data ? (
        <ErrorMessage error={error} />
      ) : data.length === 0 ? (
        <Message>{t.orders.noOrdersYet}</Message>
      ) : (
        <OrdersTable orders={data} showCustomer />
      )}
    </section>
  );
}
