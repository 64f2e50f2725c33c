import { z } from 'zod';
import { msg } from './schema-messages.js';

/**
 * Ukrainian phone numbers as people write them (docs/delivery.md): "0671234567", "067 123 45 67",
 * "+38 (067) 123-45-67", "380671234567" and "8 067 123 45 67" are all +380671234567.
 * A Ukrainian number is +380 and nine digits; the first of them is an operator or area code digit
 * (3–6 for landlines, 3, 5, 6, 7, 8 or 9 for mobiles), never 0, 1 or 2.
 */

export const UA_PHONE = /^\+380[3-9]\d{8}$/;

export const PHONE_REQUIRED = msg('phoneRequired');
export const PHONE_INVALID = msg('phoneInvalid');

/** The number in its stored form "+380XXXXXXXXX", or null when it is not a Ukrainian number. */
export function normalizePhone(input: string): string | null {
  const compact = input.trim().replace(/[\s().\-‐–—]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  let national: string | undefined;
  if (digits.length === 12 && digits.startsWith('380')) national = digits.slice(3);
  else if (digits.length === 11 && digits.startsWith('80')) national = digits.slice(2);
  else if (digits.length === 10 && digits.startsWith('0') && !compact.startsWith('+')) national = digits.slice(1);
  else if (digits.length === 9 && !compact.startsWith('+')) national = digits;
  if (!national) return null;
  const phone = `+380${national}`;
  return UA_PHONE.test(phone) ? phone : null;
}

/** A required phone, stored as "+380XXXXXXXXX". */
export const PhoneSchema = z
  .string({ error: PHONE_REQUIRED })
  .trim()
  .min(1, PHONE_REQUIRED)
  .max(40, PHONE_INVALID)
  .transform((phone, ctx) => {
    const normalized = normalizePhone(phone);
    if (normalized) return normalized;
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
    return z.NEVER;
  });

/** An optional phone (the profile): empty means none. */
export const OptionalPhoneSchema = z
  .string({ error: PHONE_INVALID })
  .trim()
  .max(40, PHONE_INVALID)
  .transform((phone, ctx) => {
    if (phone === '') return null;
    const normalized = normalizePhone(phone);
    if (normalized) return normalized;
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
    return z.NEVER;
  });

/** "+380671234567" → "+380 67 123 45 67", for reading. */
export function formatPhone(phone: string): string {
  const m = /^\+380(\d{2})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+380 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}
