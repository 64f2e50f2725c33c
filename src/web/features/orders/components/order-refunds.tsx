import type { Order } from '../../../../shared/orders';
import { formatUah, useDateFormat } from '../../../components/format';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';

/**
 * The money given back (docs/orders.md, "Refunds"): the total and each refund. The shopper sees the
 * refunds that went through with their lines; the admin sees every attempt, its way and reason.
 */
export function OrderRefunds({ order, admin }: { order: Order; admin: boolean }) {
  const t = useT(orderTexts).orders;
  const dates = useDateFormat();
  const shown = admin ? order.refunds : order.refunds.filter((refund) => refund.status === 'succeeded');
  const names = new Map(order.orderItems.map((item) => [item.id, [item.name, item.label].filter(Boolean).join(', ')]));
  if (shown.length === 0 && !order.refund) return null;
  return (
    <section aria-labelledby={`refunds-${order.id}`} className="mb-2">
      <h3 id={`refunds-${order.id}`} className="h6">
        {t.refunds.history}
      </h3>
      {order.refund && <Message variant="warning">{t.refunds.total(formatUah(order.refund.amount), formatUah(order.totalPrice))}</Message>}
      <ul className="list-unstyled small mb-0">
        {shown.map((refund) => (
          <li key={refund.id} className="mb-2" data-refund-status={refund.status}>
            <strong>{t.refunds.entry(formatUah(refund.amount), dates.dateTime(refund.createdAt))}</strong>
            {admin && ` — ${t.refunds.providers[refund.provider]}, ${t.refunds.statuses[refund.status]}`}
            <br />
            {refund.lines.map((line) => `${names.get(line.item) ?? ''} × ${line.qty}`).join('; ')}
            {admin && refund.reason && (
              <>
                <br />
                <span className="text-body-secondary">
                  {t.refunds.reason}: {refund.reason}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What the admin must act on: a parcel refused at the branch, money that could not go back by itself. */
export function OrderAttention({ order }: { order: Order }) {
  const t = useT(orderTexts).orders;
  const dates = useDateFormat();
  return (
    <>
      {order.parcelRefused && order.status === 'shipped' && (
        <div className="alert alert-danger" role="alert">
          <strong>{t.refunds.parcelRefused}.</strong> {t.refunds.parcelRefusedText(order.parcelRefused.status, dates.dateTime(order.parcelRefused.at))}
        </div>
      )}
      {order.paymentAttention && (
        <div className="alert alert-danger" role="alert">
          <strong>{t.refunds.attention}:</strong> {order.paymentAttention}
        </div>
      )}
      {order.returnedAt && <Message variant="info">{t.refunds.returnedOn(dates.dateTime(order.returnedAt))}</Message>}
    </>
  );
}
