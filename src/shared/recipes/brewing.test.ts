import { describe, expect, test } from 'vitest';
import {
  abvFrom,
  ebcToSrm,
  estimateOg,
  lovibondToSrm,
  moreySrm,
  rescaleForAlpha,
  scaleAmount,
  srmToEbc,
  srmToLovibond,
  tinsethIbu,
  tinsethUtilization,
} from './brewing';

describe('Tinseth bitterness', () => {
  test('utilisation matches Tinseth’s published table (1.050 and 1.030 wort, 60 and 30 minutes)', () => {
    expect(tinsethUtilization(1.05, 60)).toBeCloseTo(0.231, 3);
    expect(tinsethUtilization(1.03, 60)).toBeCloseTo(0.276, 3);
    expect(tinsethUtilization(1.03, 30)).toBeCloseTo(0.212, 3);
    expect(tinsethUtilization(1.05, 0)).toBe(0);
  });

  test('1 oz of 5 % hops boiled 60 minutes in 5 US gallons of 1.050 wort gives about 17 IBU (Tinseth’s example)', () => {
    const ibu = tinsethIbu({ amountKg: 0.0283495, alphaPct: 5, boilMinutes: 60 }, 1.05, 18.9271);
    expect(ibu).toBeCloseTo(17.3, 1);
  });

  test('dry hops and an empty batch add no bitterness', () => {
    expect(tinsethIbu({ amountKg: 0.05, alphaPct: 12, boilMinutes: 0 }, 1.06, 20)).toBe(0);
    expect(tinsethIbu({ amountKg: 0.05, alphaPct: 12, boilMinutes: 60 }, 1.06, 0)).toBe(0);
  });
});

describe('colour', () => {
  test('SRM ↔ EBC by 1.97, and °L ↔ SRM by Daniels’ formula', () => {
    expect(srmToEbc(10)).toBeCloseTo(19.7, 5);
    expect(ebcToSrm(19.7)).toBeCloseTo(10, 5);
    expect(lovibondToSrm(60)).toBeCloseTo(80.516, 3);
    expect(srmToLovibond(lovibondToSrm(40))).toBeCloseTo(40, 9);
  });

  test('Morey: 10 lb of 2 °L malt in 5 gallons is MCU 4, about 3.9 SRM', () => {
    expect(moreySrm([{ amountKg: 4.5359237, colorSrm: 2 }], 18.9271)).toBeCloseTo(3.86, 2);
    expect(moreySrm([], 20)).toBe(0);
  });
});

describe('gravity, alcohol, alpha and scaling', () => {
  test('ABV of a 1.050 → 1.010 beer is 5.25 %', () => {
    expect(abvFrom(1.05, 1.01)).toBeCloseTo(5.25, 5);
  });

  test('5 kg of 78 % malt at 72 % efficiency in 20 L is about 1.054 (36 ppg × 11 lb × 0.72 ÷ 5.28 gal)', () => {
    const og = estimateOg([{ amountKg: 5, yieldPct: 78, mashed: true }], 20, 72);
    expect(og).toBeCloseTo(1.0541, 3);
    // Sugar gives all its extract: efficiency does not apply.
    expect(estimateOg([{ amountKg: 1, yieldPct: 100, mashed: false }], 20, 50)).toBeCloseTo(1 + (46.214 * 2.20462) / (20 / 3.785411784) / 1000, 6);
  });

  test('28 g at 12.5 % alpha is 25 g of a 14 % lot; unknown alpha keeps the weight', () => {
    expect(rescaleForAlpha(0.028, 12.5, 14)).toBeCloseTo(0.025, 9);
    expect(rescaleForAlpha(0.028, null, 14)).toBe(0.028);
    expect(rescaleForAlpha(0.028, 12.5, null)).toBe(0.028);
  });

  test('a 20 L recipe brewed at 23 L needs 15 % more of everything', () => {
    expect(scaleAmount(5, 20, 23)).toBeCloseTo(5.75, 9);
  });
});
