import { describe, expect, test } from 'vitest';
import {
  computeOrderPrices,
  DEFAULT_PRICING,
  priceOrderMinor,
  shareDiscountMinor,
  discountedPrice,
  formatRate,
  formatNumber,
  formatUah,
  formatUsd,
  uahMinorToUsdCents,
  type PricingRules,
} from './pricing';

/** The seed shop's rule: 15 % tax on top, 10 грн delivery unless the items are above 100 грн. */
const SEED_RULES: PricingRules = { taxRatePercent: 15, shippingFeeMinor: 10_00, freeShippingFromMinor: 100_01 };

describe('pricing (docs/pricing.md)', () => {
  test('a discount takes its percentage off, rounded to the kopiyka', () => {
    expect(discountedPrice(1450, 10)).toBe(1305);
    expect(discountedPrice(99.99, 15)).toBe(84.99);
    expect(discountedPrice(100, 0)).toBe(100);
    expect(discountedPrice(100, 100)).toBe(0);
  });

  test('default rules: prices are final, delivery at Nova Poshta’s tariff, free from 2 000 грн', () => {
    expect(computeOrderPrices([{ price: 1305, discount: 0, qty: 1 }], DEFAULT_PRICING)).toEqual({
      itemsPrice: 1305,
      discountPrice: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 1305,
      shippingByCarrier: true,
    });
    expect(computeOrderPrices([{ price: 1000, discount: 0, qty: 2 }], DEFAULT_PRICING)).toEqual({
      itemsPrice: 2000,
      discountPrice: 0,
      shippingPrice: 0,
      taxPrice: 0,
      totalPrice: 2000,
      shippingByCarrier: false,
    });
    expect(computeOrderPrices([{ price: 1999.99, discount: 0, qty: 1 }], DEFAULT_PRICING).shippingByCarrier).toBe(true);
  });

  test('the seed’s rules are settings: 15 % tax, 10 грн delivery unless items are above 100', () => {
    expect(computeOrderPrices([{ price: 40, discount: 0, qty: 2 }], SEED_RULES)).toEqual({
      itemsPrice: 80,
      discountPrice: 0,
      shippingPrice: 10,
      taxPrice: 12,
      totalPrice: 102,
      shippingByCarrier: false,
    });
    expect(computeOrderPrices([{ price: 100.01, discount: 0, qty: 1 }], SEED_RULES).shippingPrice).toBe(0);
    // Exactly 100 is not "above 100".
    expect(computeOrderPrices([{ price: 100, discount: 0, qty: 1 }], SEED_RULES).shippingPrice).toBe(10);
    expect(computeOrderPrices([{ price: 1305, discount: 0, qty: 2 }], SEED_RULES).totalPrice).toBe(3001.5);
  });

  test('a flat fee without a free threshold is always charged', () => {
    const rules = { taxRatePercent: 0, shippingFeeMinor: 70_00, freeShippingFromMinor: null };
    expect(computeOrderPrices([{ price: 9000, discount: 0, qty: 1 }], rules)).toMatchObject({ shippingPrice: 70, totalPrice: 9070 });
  });

  test('sums never drift with binary fractions; tax rounds to the kopiyka', () => {
    const prices = computeOrderPrices(
      [
        { price: 0.1, discount: 0, qty: 3 },
        { price: 0.2, discount: 0, qty: 1 },
      ],
      SEED_RULES,
    );
    expect(prices.itemsPrice).toBe(0.5);
    expect(prices.taxPrice).toBe(0.08);
    expect(prices.totalPrice).toBe(10.58);
  });

  test('discounts apply per unit before multiplying by quantity', () => {
    expect(computeOrderPrices([{ price: 1450, discount: 10, qty: 3 }], DEFAULT_PRICING).itemsPrice).toBe(3915);
  });

  test('hryvnia to US cents at the NBU rate, rounded to the cent', () => {
    expect(uahMinorToUsdCents(1501_76, 41.2345)).toBe(36_42);
    expect(uahMinorToUsdCents(2610_00, 41.2345)).toBe(63_30);
    expect(uahMinorToUsdCents(1, 41.2345)).toBe(0);
    expect(() => uahMinorToUsdCents(100, 0)).toThrow(RangeError);
  });

  test('money is written the Ukrainian way: "1 305 грн", kopiykas only when there are some; dollars only for PayPal', () => {
    expect(formatUah(1305)).toBe('1\u00a0305\u00a0грн');
    expect(formatUah(3001.5)).toBe('3\u00a0001,50\u00a0грн');
    expect(formatUah(0.08)).toBe('0,08\u00a0грн');
    expect(formatUsd(36.42)).toBe('$36,42');
    expect(formatRate(41.2345)).toBe('41,23');
  });

  test('numbers are written exactly as Intl writes them for uk-UA, without loading Intl in the browser', () => {
    const upToTwo = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
    const two = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const values = [0, 5, 999, 1000, 1305, 12_345.5, 1_234_567.891, -1305.25, 0.005, 0.015, 1.005, 2.675, 12.5, 99.995, 1e21, 123_456_789_012.34];
    for (let n = 0; n < 2000; n++) values.push(Math.round(n * 7919.37) / 100, n / 3, -(n + 1) * 1.005);
    for (const value of values) {
      expect(formatNumber(value, { min: 0, max: 2 }), String(value)).toBe(upToTwo.format(value));
      expect(formatNumber(value, { min: 2, max: 2 }), String(value)).toBe(two.format(value));
    }
    const english = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
    for (const value of values) expect(formatNumber(value, undefined, 'en'), String(value)).toBe(english.format(value));
    expect(formatNumber(0.0504)).toBe('0,05');
    // Where Intl writes "-0", a sum that rounds to nothing is written without a minus.
    expect(formatNumber(-0.001, { min: 0, max: 2 })).toBe('0');
  });

  test('a promo percentage is of the lines it applies to, rounded once, shared among them to the kopiyka', () => {
    const lines = [
      { price: 333.33, discount: 0, qty: 1 },
      { price: 100, discount: 10, qty: 3 },
      { price: 50, discount: 0, qty: 1, promo: false },
    ];
    const priced = priceOrderMinor(lines, DEFAULT_PRICING, { kind: 'percent', percent: 10 });
    expect(priced.itemsMinor).toBe(333_33 + 270_00 + 50_00);
    expect(priced.discountMinor).toBe(60_33); // 10 % of 603.33, once
    expect(priced.lineDiscountsMinor).toEqual([33_33, 27_00, 0]);
    expect(priced.totalMinor).toBe(priced.itemsMinor - 60_33);
  });

  test('a fixed promo never takes more than the lines cost; delivery and tax follow what is paid after it', () => {
    const seed: PricingRules = { taxRatePercent: 15, shippingFeeMinor: 10_00, freeShippingFromMinor: 100_01 };
    const priced = priceOrderMinor([{ price: 120, discount: 0, qty: 1 }], seed, { kind: 'fixed', amountMinor: 50_00 });
    expect(priced).toMatchObject({ itemsMinor: 120_00, discountMinor: 50_00, shippingMinor: 10_00, taxMinor: 10_50, totalMinor: 70_00 + 10_00 + 10_50 });
    expect(priceOrderMinor([{ price: 30, discount: 0, qty: 1 }], seed, { kind: 'fixed', amountMinor: 50_00 }).discountMinor).toBe(30_00);
  });

  test('a free-delivery promo puts delivery on the shop, with no money off the items', () => {
    const priced = computeOrderPrices([{ price: 500, discount: 0, qty: 1 }], DEFAULT_PRICING, { kind: 'free_delivery' });
    expect(priced).toEqual({ itemsPrice: 500, discountPrice: 0, shippingPrice: 0, taxPrice: 0, totalPrice: 500, shippingByCarrier: false });
  });

  test('shares add up to the discount and never exceed a line', () => {
    expect(shareDiscountMinor([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(shareDiscountMinor([100, 0, 200], 300)).toEqual([100, 0, 200]);
    expect(shareDiscountMinor([0, 0], 10)).toEqual([0, 0]);
    for (const totals of [
      [999, 1, 7],
      [12345, 678, 9],
      [5, 5, 5, 5],
    ]) {
      for (const discount of [1, 7, 100, totals.reduce((a, b) => a + b, 0)]) {
        const shares = shareDiscountMinor(totals, discount);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(
          Math.min(
            discount,
            totals.reduce((a, b) => a + b, 0),
          ),
        );
        shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(totals[i]));
      }
    }
  });
});
