import { describe, expect, test } from 'vitest';
import { computeOrderPrices, discountedPrice } from './pricing';

describe('pricing (SPEC.md §9)', () => {
  test('a discount takes its percentage off, rounded to the kopiyka', () => {
    expect(discountedPrice(1450, 10)).toBe(1305);
    expect(discountedPrice(99.99, 15)).toBe(84.99);
    expect(discountedPrice(100, 0)).toBe(100);
    expect(discountedPrice(100, 100)).toBe(0);
  });

  test('shipping is free above 100, tax is 15 %, total adds them up', () => {
    expect(computeOrderPrices([{ price: 40, discount: 0, qty: 2 }])).toEqual({
      itemsPrice: 80,
      shippingPrice: 10,
      taxPrice: 12,
      totalPrice: 102,
    });
    expect(computeOrderPrices([{ price: 100.01, discount: 0, qty: 1 }]).shippingPrice).toBe(0);
    // Exactly 100 is not "above 100".
    expect(computeOrderPrices([{ price: 100, discount: 0, qty: 1 }]).shippingPrice).toBe(10);
  });

  test('sums never drift with binary fractions', () => {
    const prices = computeOrderPrices([
      { price: 0.1, discount: 0, qty: 3 },
      { price: 0.2, discount: 0, qty: 1 },
    ]);
    expect(prices.itemsPrice).toBe(0.5);
    expect(prices.taxPrice).toBe(0.08);
    expect(prices.totalPrice).toBe(10.58);
  });

  test('discounts apply per unit before multiplying by quantity', () => {
    expect(computeOrderPrices([{ price: 1450, discount: 10, qty: 3 }]).itemsPrice).toBe(3915);
  });
});
