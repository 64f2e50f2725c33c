import { expect, test } from 'vitest';
import { branchRefuses, branchTakes, orderedParcelWeightKg, parcelWeightKg } from './delivery.js';

test("a parcel weighs each line's pack weight times its quantity, counted in whole grams", () => {
  expect(
    parcelWeightKg([
      { weight: 0.05, qty: 3 },
      { weight: 5, qty: 2 },
    ]),
  ).toBe(10.15);
  // 0.1 + 0.2 in floating point is not 0.3; in grams it is.
  expect(
    parcelWeightKg([
      { weight: 0.1, qty: 1 },
      { weight: 0.2, qty: 1 },
    ]),
  ).toBe(0.3);
  expect(parcelWeightKg([])).toBe(0);
});

test("a placed order's parcel is weighed by its lines' stored weights; a line without one weighs nothing", () => {
  expect(
    orderedParcelWeightKg([
      { weight: 1.2, qty: 2 },
      { weight: null, qty: 5 },
    ]),
  ).toBe(2.4);
});

test('a branch takes a parcel up to its limit; a branch without a known limit takes any', () => {
  expect(branchTakes({ maxWeightKg: 30 }, 30)).toBe(true);
  expect(branchTakes({ maxWeightKg: 30 }, 30.001)).toBe(false);
  expect(branchTakes({ maxWeightKg: null }, 1000)).toBe(true);
  expect(branchRefuses({ maxWeightKg: 30 }, 31)).toBe(true);
  expect(branchRefuses({ maxWeightKg: null }, 1000)).toBe(false);
});
