import { describe, expect, test } from 'vitest';
import { isEdrpouValid, isIbanValid, isLuhnValid, isRnokppValid, isUkrainianIban } from './checksums.js';
import { DEFAULT_SETTINGS, ShopSettingsSchema, ShopSettingsUpdateSchema } from './settings.js';

describe('card numbers by Luhn', () => {
  // Published test numbers of the card schemes (Visa, Mastercard, the ISO/IEC 7812 example).
  test.each(['4111111111111111', '5555555555554444', '4012888888881881', '79927398713'.padStart(12, '0')])('%s is valid', (card) => {
    expect(isLuhnValid(card)).toBe(true);
  });
  test.each(['4111111111111112', '5555555555554440', '1234567812345678', '41111111', '4111-1111-1111-1111'])('%s is refused', (card) => {
    expect(isLuhnValid(card)).toBe(false);
  });
});

describe('IBAN by mod-97 and the Ukrainian form', () => {
  // The SWIFT IBAN registry's examples for Ukraine, the United Kingdom and Germany.
  test.each(['UA213223130000026007233566001', 'GB82WEST12345698765432', 'DE89370400440532013000'])('%s is valid', (iban) => {
    expect(isIbanValid(iban)).toBe(true);
  });
  test('only UA and 27 digits is a Ukrainian IBAN', () => {
    expect(isUkrainianIban('UA213223130000026007233566001')).toBe(true);
    expect(isUkrainianIban('GB82WEST12345698765432')).toBe(false);
    // One digit changed, two digits swapped, a digit missing.
    expect(isUkrainianIban('UA213223130000026007233566002')).toBe(false);
    expect(isUkrainianIban('UA213223130000026007233565601')).toBe(false);
    expect(isUkrainianIban('UA21322313000002600723356600')).toBe(false);
  });
});

describe('ЄДРПОУ and РНОКПП by their check digits', () => {
  // Registered codes: ПриватБанк, Нова Пошта, Універсал Банк (the second weighing), Ощадбанк.
  test.each(['14360570', '31316718', '21133352', '00032129'])('ЄДРПОУ %s is valid', (code) => {
    expect(isEdrpouValid(code)).toBe(true);
  });
  test.each(['14360571', '31316717', '2113335', '1436057a'])('ЄДРПОУ %s is refused', (code) => {
    expect(isEdrpouValid(code)).toBe(false);
  });
  test('РНОКПП: the tenth digit is the weighted sum modulo 11, then 10', () => {
    expect(isRnokppValid('3012345670')).toBe(true);
    expect(isRnokppValid('2245134075')).toBe(true);
    expect(isRnokppValid('3012345678')).toBe(false);
    expect(isRnokppValid('301234567')).toBe(false);
  });
});

describe('the settings schema uses them', () => {
  const base = { ...DEFAULT_SETTINGS, transfer: { cardNumber: '5168 0000 0000 0007', iban: 'UA52 3052 9900 0002 6007 0000 0000 0', recipient: 'ФОП' } };
  test('the demo card, IBAN and ІПН pass', () => {
    expect(ShopSettingsUpdateSchema.safeParse({ ...base, shop: { ...base.shop, taxId: '3012345670' } }).success).toBe(true);
  });
  test.each([
    ['transfer.cardNumber', { transfer: { ...base.transfer, cardNumber: '5168000000000000' } }, 'cardNumberChecksum'],
    ['transfer.iban', { transfer: { ...base.transfer, iban: 'UA213052990000026007000000000' } }, 'ibanChecksum'],
    ['shop.taxId', { shop: { ...base.shop, taxId: '14360571' } }, 'edrpouChecksum'],
    ['shop.taxId', { shop: { ...base.shop, taxId: '3012345678' } }, 'rnokppChecksum'],
  ])('%s with a wrong check digit is refused', (path, change, key) => {
    const parsed = ShopSettingsUpdateSchema.safeParse({ ...base, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[path, expect.stringContaining(key)]]);
    // Settings stored before the checks still read: nothing an owner saved is lost.
    expect(ShopSettingsSchema.safeParse({ ...base, ...change }).success).toBe(true);
  });
});
