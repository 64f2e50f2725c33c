import type { Order } from '../../../../shared/orders';
import { useDateFormat } from '../../../components/format';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';

/** The waybill (ТТН), a link to follow it, and Nova Poshta's last status when the shop knows it. */
export function OrderTracking({ order }: { order: Order }) {
  const t = useT(orderTexts);
  const dates = useDateFormat();
  if (!order.trackingNumber) return null;
  return (
    <p className="mb-2">
      <strong>{t.orders.trackingNumber}:</strong> <span className="font-monospace">{order.trackingNumber}</span>{' '}
      <a href={`https://novaposhta.ua/tracking/?cargo_number=${order.trackingNumber}`} target="_blank" rel="noreferrer">
        {t.orders.trackOnSite}
      </a>
      <br />
      {order.tracking ? (
        t.orders.trackingStatus(order.tracking.status, dates.dateTime(order.tracking.updatedAt))
      ) : (
        <span className="text-muted">{t.orders.trackingUnknown}</span>
      )}
    </p>
  );
}
