import { describe, expect, test } from 'vitest';
import { formatPhone, normalizePhone, OptionalPhoneSchema, PhoneSchema } from './phone.js';
import { localizeMessage } from './validation-messages';

describe('Ukrainian phone numbers', () => {
  test('the ways people write a number are one number', () => {
    for (const written of [
      '0671234567',
      '067 123 45 67',
      '+38 (067) 123-45-67',
      '380671234567',
      '+380671234567',
      '+380 67 123 45 67',
      '8 067 123 45 67',
      '(067)123-45-67',
      ' 067.123.45.67 ',
    ]) {
      expect(normalizePhone(written), written).toBe('+380671234567');
    }
    // A Kyiv landline.
    expect(normalizePhone('044 234 56 78')).toBe('+380442345678');
  });

  test('what is not a Ukrainian number is refused', () => {
    for (const wrong of [
      '',
      '067123456', // nine digits after the 0
      '06712345678', // eleven
      '+48601234567', // Poland
      '+3806712345678',
      '0001234567', // no operator code starts with 0
      '0171234567',
      '+380abcdefghi',
      '067-123-45-6x',
      '+0671234567',
      '++380671234567',
    ]) {
      expect(normalizePhone(wrong), wrong).toBeNull();
    }
  });

  test('the schemas store the normal form and explain a refusal', () => {
    expect(PhoneSchema.parse('067 123 45 67')).toBe('+380671234567');
    const refused = PhoneSchema.safeParse('12345');
    expect(refused.success).toBe(false);
    expect(localizeMessage(refused.error!.issues[0].message)).toMatch(/український номер: 10 цифр/);
    expect(localizeMessage(PhoneSchema.safeParse('').error!.issues[0].message)).toBe('Вкажіть номер телефону');
    expect(OptionalPhoneSchema.parse('')).toBeNull();
    expect(OptionalPhoneSchema.parse('0501112233')).toBe('+380501112233');
    expect(OptionalPhoneSchema.safeParse('050').success).toBe(false);
  });

  test('a stored number reads in groups', () => {
    expect(formatPhone('+380671234567')).toBe('+380 67 123 45 67');
    expect(formatPhone('nonsense')).toBe('nonsense');
  });
});
