import { describe, expect, it } from 'vitest';
import { isMillable, lineKey } from './line-options';
import { labelWeightKg, packGrams, pricePerKg } from './packs';

describe('pack sizes', () => {
  it('reads the weight from the label, never from the category', () => {
    expect(packGrams('50 г')).toBe(50);
    expect(packGrams('11,5 г')).toBe(11.5);
    expect(packGrams('25 кг')).toBe(25_000);
    expect(packGrams('1 шт')).toBeNull();
    expect(labelWeightKg('100 г')).toBe(0.1);
  });

  it('prices a weighed pack per kilogram, to the kopiyka; a kilogram or an item has no second price', () => {
    expect(pricePerKg(420, '100 г')).toBe(4200);
    expect(pricePerKg(95, '11,5 г')).toBe(8260.87);
    expect(pricePerKg(1450, '1 кг')).toBeNull();
    expect(pricePerKg(2400, '1 шт')).toBeNull();
    expect(pricePerKg(1350, '25 кг')).toBe(54);
  });

  it('mills malt only, and keeps milled and whole lines apart', () => {
    expect(isMillable('Malt')).toBe(true);
    expect(isMillable('Hops')).toBe(false);
    expect(lineKey('p', 'v', { milled: true })).not.toBe(lineKey('p', 'v', {}));
  });
});
