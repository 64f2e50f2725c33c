import type { OrderStatus } from '../../../../shared/orders';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';

const colours: Record<OrderStatus, string> = {
  pending: 'text-bg-warning',
  paid: 'text-bg-info',
  shipped: 'text-bg-primary',
  delivered: 'text-bg-success',
  cancelled: 'text-bg-secondary',
  returned: 'text-bg-dark',
  refunded: 'text-bg-danger',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT(orderTexts);
  return <span className={`badge ${colours[status]}`}>{t.orders.statuses[status]}</span>;
}
