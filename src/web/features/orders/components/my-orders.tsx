import { Loader } from '../../../components/loader';
import { ErrorMessage, Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { useMyOrders } from '../api';
import { OrdersTable } from './orders-table';

/** The profile's "my orders" table (docs/screens.md, /profile). */
export function MyOrders() {
  const t = useT(orderTexts);
  const { data, isPending, error } = useMyOrders();
  return (
    <section aria-labelledby="my-orders">
      <h2 id="my-orders" className="mb-3">
        {t.orders.myOrders}
      </h2>
      {isPending ? (
        <Loader />
      ) : error || !data ? (
        <ErrorMessage error={error} />
      ) : data.length === 0 ? (
        <Message>{t.orders.noOrders}</Message>
      ) : (
        <OrdersTable orders={data} />
      )}
    </section>
  );
}
