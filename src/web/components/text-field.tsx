import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useFieldMessage } from '../api/error-message';

type Props = UseFormRegisterReturn & {
  id: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  inputMode?: 'tel' | 'email' | 'text';
  autoComplete?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The field's validation message (a shared schema's key or text), shown under it and announced with it. */
  error?: string;
  hint?: string;
};

/** A labelled input (registered with react-hook-form) with its hint and error tied to it for screen readers. */
export function TextField({ id, label, error: message, hint, type = 'text', inputMode, autoComplete, placeholder, disabled, ...field }: Props) {
  const error = useFieldMessage()(message);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        isInvalid={!!error}
        aria-describedby={describedBy}
        {...field}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} muted>
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={`${id}-error`}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}
