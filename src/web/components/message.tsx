import type { ReactNode } from 'react';
import { errorMessage } from '../api/error-message';

type Variant = 'info' | 'danger' | 'success' | 'warning';

export function Message({ variant = 'info', children }: { variant?: Variant; children: ReactNode }) {
  return (
    <div className={`alert alert-${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** The red alert (docs/errors.md): the server's message, or ours for network trouble. */
export function ErrorMessage({ error }: { error: unknown }) {
  return <Message variant="danger">{errorMessage(error)}</Message>;
}
