import { Suspense, type ReactNode } from 'react';
import { connectionMessage } from '../api/connection-message';
import { useT } from '../i18n';
import { lazyComponent } from '../lazy';

type Variant = 'info' | 'danger' | 'success' | 'warning';

export function Message({ variant = 'info', children }: { variant?: Variant; children: ReactNode }) {
  return (
    <div className={`alert alert-${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

// The server's answers are worded by code that comes with the first of them (docs/errors.md).
const ServerError = lazyComponent(() => import('./server-error'));

/** The red alert (docs/errors.md): our words for network trouble, or for the server's answer. */
export function ErrorMessage({ error }: { error: unknown }) {
  const t = useT();
  return (
    <Message variant="danger">
      {connectionMessage(error, t.common) ?? (
        <Suspense fallback={t.common.loading}>
          <ServerError.Component error={error} />
        </Suspense>
      )}
    </Message>
  );
}
