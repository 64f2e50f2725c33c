import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { errorMessage } from '../api/error-message';

type Variant = 'info' | 'danger' | 'success' | 'warning';

export function Message({ variant = 'info', children }: { variant?: Variant; children: ReactNode }) {
  return (
    <Alert variant={variant} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}

/** The red alert of SPEC.md §8: the server's message, or ours for network trouble. */
export function ErrorMessage({ error }: { error: unknown }) {
  return <Message variant="danger">{errorMessage(error)}</Message>;
}
