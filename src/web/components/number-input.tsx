import type { ComponentProps } from 'react';
import Form from 'react-bootstrap/Form';
import { parseDecimal } from '../../shared/decimal';

/**
 * The number field of every admin form (docs/settings.md): a text input with the decimal keyboard,
 * so "52,20" can be typed as Ukrainians write it; the value is read by the shared parseDecimal.
 */
export function NumberInput(props: Omit<ComponentProps<typeof Form.Control>, 'type' | 'inputMode'> & { integer?: boolean }) {
  const { integer, ...rest } = props;
  return <Form.Control type="text" inputMode={integer ? 'numeric' : 'decimal'} autoComplete="off" spellCheck={false} {...rest} />;
}

/**
 * What a NumberInput holds, for the form's schema: empty is `empty` (null for an optional field),
 * anything parseDecimal cannot read exactly is NaN, which the schema refuses as "not a number".
 */
export function readNumber(value: unknown, empty: number | null = NaN): number | null {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return empty;
  const text = String(value);
  if (text.trim() === '') return empty;
  return parseDecimal(text) ?? NaN;
}
