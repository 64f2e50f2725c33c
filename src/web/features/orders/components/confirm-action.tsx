import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';

/**
 * A button whose action needs a second, deliberate click: the first shows the question with
 * "Confirm" and "Go back" in place (focus moves to the question), so nothing irreversible
 * happens by accident.
 */
export function ConfirmAction({
  label,
  question,
  onConfirm,
  busy,
  variant = 'primary',
  disabled = false,
  canAsk = () => true,
  children,
}: {
  label: string;
  question: string;
  onConfirm: () => void;
  busy: boolean;
  variant?: 'primary' | 'outline-danger' | 'success';
  disabled?: boolean;
  /** Checked on the first click (the ТТН typed above the button must be valid first). */
  canAsk?: () => boolean;
  children?: ReactNode;
}) {
  const t = useT(orderTexts);
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <>
        {children}
        <button type="button" className={`btn btn-${variant} w-100`} disabled={disabled || busy} onClick={() => canAsk() && setAsking(true)}>
          {label}
        </button>
      </>
    );
  }
  return (
    <div role="group" aria-labelledby={questionId} className="border rounded p-2">
      <p id={questionId} className="mb-2">
        {question}
      </p>
      <div className="d-flex gap-2 flex-wrap">
        <button
          ref={confirmRef}
          type="button"
          className={`btn btn-${variant === 'outline-danger' ? 'danger' : variant}`}
          disabled={busy}
          onClick={() => {
            onConfirm();
            setAsking(false);
          }}
        >
          {t.orders.confirm}
        </button>
        <button type="button" className="btn btn-light" disabled={busy} onClick={() => setAsking(false)}>
          {t.orders.back}
        </button>
      </div>
    </div>
  );
}
