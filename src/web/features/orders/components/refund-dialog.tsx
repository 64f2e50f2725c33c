import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { isOfflineMethod, planRefund, refundedPieces, type Order } from '../../../../shared/orders';
import { fromMinor, toMinor } from '../../../../shared/pricing';
import { formatUah } from '../../../components/format';
import { notify } from '../../../components/notify';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { useRefundOrder } from '../api';
import './refund-dialog.scss';

/**
 * "Повернути кошти" (docs/orders.md, "Refunds"): the admin picks lines and quantities, sees the
 * amount the shared rule gives (planRefund, the server's own), gives a reason and confirms.
 */
export default function RefundDialog({ order }: { order: Order }) {
  const t = useT(orderTexts).orders;
  const refund = useRefundOrder(order.id);
  const [open, setOpen] = useState(false);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const reasonId = useId();

  const counted = order.refunds.filter((r) => r.status !== 'failed').map((r) => ({ lines: r.lines, amountMinor: toMinor(r.amount) }));
  const taken = refundedPieces(counted);
  const items = order.orderItems.map((item) => ({ id: item.id, qty: item.qty, priceMinor: toMinor(item.price), discountMinor: toMinor(item.promoDiscount) }));
  const lines = Object.entries(qty)
    .filter(([, n]) => n > 0)
    .map(([item, n]) => ({ item, qty: n }));
  const plan = lines.length ? planRefund(items, counted, toMinor(order.totalPrice), lines) : null;
  const amount = plan?.ok ? formatUah(fromMinor(plan.amountMinor)) : null;
  const manual = isOfflineMethod(order.paymentMethodId) || !order.paymentResult;

  const close = () => {
    setOpen(false);
    setAsking(false);
    setProblem(null);
  };
  const ask = () => {
    if (!lines.length || !plan?.ok) return setProblem(t.refunds.nothingChosen);
    if (!reason.trim()) return setProblem(t.refunds.reasonRequired);
    setProblem(null);
    setAsking(true);
  };
  const submit = () =>
    refund.mutate(
      { lines, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t.refunds.done(amount ?? ''));
          setQty({});
          setReason('');
          close();
        },
        onError: (error) => {
          setAsking(false);
          notify.failure(error);
        },
      },
    );

  return (
    <>
      <button type="button" className="btn btn-outline-danger w-100" onClick={() => setOpen(true)}>
        {t.refunds.open}
      </button>
      <Modal show={open} onHide={close} aria-labelledby={titleId} centered>
        <Modal.Header closeButton closeLabel={t.refunds.close}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t.refunds.dialogTitle(order.number)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <table className="table table-sm align-middle">
            <thead>
              <tr>
                <th scope="col">{t.refunds.line}</th>
                <th scope="col" className="text-end">
                  {t.refunds.qty}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.orderItems.map((item) => {
                const left = item.qty - (taken.get(item.id) ?? 0);
                const name = [item.name, item.label].filter(Boolean).join(', ');
                return (
                  <tr key={item.id}>
                    <td>
                      {name}
                      <br />
                      <span className="small text-body-secondary">
                        {formatUah(item.price)} × {item.qty}; {t.refunds.left(left)}
                      </span>
                    </td>
                    <td className="text-end" style={{ width: '6.5rem' }}>
                      <input
                        type="number"
                        className="form-control form-control-sm text-end"
                        min={0}
                        max={left}
                        step={1}
                        disabled={left <= 0 || asking}
                        aria-label={t.refunds.qtyOf(name)}
                        value={qty[item.id] ?? 0}
                        onChange={(e) => setQty({ ...qty, [item.id]: Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0))) })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <p className="mb-1" aria-live="polite">
            <strong>{t.refunds.amount}:</strong> <span data-testid="refund-amount">{amount ?? formatUah(0)}</span>
          </p>
          <p className="small text-body-secondary">{t.refunds.amountNote}</p>
          <p className="small">{manual ? t.refunds.manualNote : t.refunds.providerNote(order.paymentMethodId === 'liqpay' ? 'LiqPay' : 'PayPal')}</p>
          <label htmlFor={reasonId} className="form-label">
            {manual ? t.refunds.reasonManual : t.refunds.reason}
          </label>
          <textarea
            id={reasonId}
            className="form-control"
            rows={2}
            maxLength={500}
            value={reason}
            disabled={asking}
            onChange={(e) => {
              setReason(e.target.value);
              // A reason typed answers "Вкажіть причину": the message goes with it.
              if (e.target.value.trim() && problem === t.refunds.reasonRequired) setProblem(null);
            }}
          />
          {problem && (
            <div className="alert alert-danger mt-2 mb-0" role="alert">
              {problem}
            </div>
          )}
          {asking && (
            <div className="alert alert-warning mt-2 mb-0" role="alert">
              {t.refunds.confirm(amount ?? '')}
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={asking ? () => setAsking(false) : close} disabled={refund.isPending}>
            {asking ? t.back : t.refunds.cancel}
          </button>
          {asking ? (
            <button type="button" className="btn btn-danger" onClick={submit} disabled={refund.isPending}>
              {t.confirm}
            </button>
          ) : (
            <button type="button" className="btn btn-danger" onClick={ask}>
              {t.refunds.submit}
            </button>
          )}
        </Modal.Footer>
      </Modal>
    </>
  );
}
