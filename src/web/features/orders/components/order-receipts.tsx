import Button from 'react-bootstrap/Button';
import type { FiscalReceipt } from '../../../../shared/fiscal';
import type { Order } from '../../../../shared/orders';
import { useDateFormat } from '../../../components/format';
import { Loader } from '../../../components/loader';
import { ErrorMessage } from '../../../components/message';
import { notify } from '../../../components/notify';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { useOrderReceipts, useRetryReceipts } from '../api';

/** The shopper's fiscal receipts (docs/fiscal.md): each issued one with its fiscal number and Checkbox's page. */
export function OrderReceipts({ order }: { order: Order }) {
  const t = useT(orderTexts);
  const issued = order.receipts.filter((receipt) => receipt.state === 'issued');
  if (issued.length === 0) return null;
  return (
    <ul className="list-unstyled mb-2" aria-label={t.orders.receipts.title}>
      {issued.map((receipt, index) => (
        <li key={index}>
          <ReceiptLine receipt={receipt} />
        </li>
      ))}
    </ul>
  );
}

function ReceiptLine({ receipt }: { receipt: FiscalReceipt }) {
  const t = useT(orderTexts);
  return (
    <>
      <strong>{receipt.kind === 'sell' ? t.orders.receipts.sell : t.orders.receipts.return}</strong>
      {receipt.fiscalCode && `, ${t.orders.receipts.fiscalCode(receipt.fiscalCode)}`}
      {receipt.url && (
        <>
          {' '}
          <a href={receipt.url} target="_blank" rel="noreferrer">
            {t.orders.receipts.open}
          </a>
        </>
      )}
    </>
  );
}

const STATE_CLASS = { pending: 'text-bg-secondary', issued: 'text-bg-success', failed: 'text-bg-danger' } as const;

/** The admin's view: every receipt with its state, attempts and Checkbox's last error; failed ones can go again. */
export function AdminOrderReceipts({ orderId }: { orderId: string }) {
  const t = useT(orderTexts);
  const dates = useDateFormat();
  const { data: receipts, isPending, error } = useOrderReceipts(orderId);
  const retry = useRetryReceipts(orderId);
  const texts = t.orders.receipts;

  return (
    <section aria-labelledby="order-receipts" className="mt-3">
      <h3 id="order-receipts" className="h6">
        {texts.title}
      </h3>
      {isPending ? (
        <Loader small />
      ) : error ? (
        <ErrorMessage error={error} />
      ) : receipts.length === 0 ? (
        <p className="text-muted small mb-0">{texts.none}</p>
      ) : (
        <ul className="list-unstyled mb-0 d-grid gap-2">
          {receipts.map((receipt) => (
            <li key={receipt.id} className="small">
              <span className={`badge ${STATE_CLASS[receipt.state]} me-1`}>{texts.states[receipt.state]}</span>
              <ReceiptLine receipt={receipt} />
              {receipt.state !== 'issued' && (
                <div className="text-muted">
                  {texts.attempts(receipt.attempts)}
                  {receipt.nextAttemptAt && ` · ${texts.nextAttempt(dates.dateTime(receipt.nextAttemptAt))}`}
                </div>
              )}
              {receipt.lastError && receipt.state !== 'issued' && (
                <div className="text-danger text-break">
                  {texts.lastError}: {receipt.lastError}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {receipts?.some((receipt) => receipt.state === 'failed') && (
        <Button
          variant="outline-secondary"
          size="sm"
          className="mt-2"
          disabled={retry.isPending}
          onClick={() => retry.mutate(undefined, { onSuccess: () => notify.success(texts.retried), onError: (e) => notify.failure(e) })}
        >
          {texts.retry}
        </Button>
      )}
    </section>
  );
}
