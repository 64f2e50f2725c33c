import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from './loader';

/** A form's submit button: disabled while the form is being sent, with a spinner beside it that screen readers announce. */
export function SubmitButton({ pending, disabled = false, children }: { pending: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <>
      <Button type="submit" variant="primary" disabled={disabled || pending}>
        {children}
      </Button>
      {pending && (
        <span className="ms-2">
          <Loader small />
        </span>
      )}
    </>
  );
}
