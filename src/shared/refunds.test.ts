import { describe, expect, test } from 'vitest';
import { planRefund } from './refunds.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
// Two kettles at 500 грн and a chiller at 300 грн, paid 1 380 грн with 80 грн of delivery.
const items = [
  { id: A, qty: 2, priceMinor: 500_00 },
  { id: B, qty: 1, priceMinor: 300_00 },
];
const PAID = 1380_00;

describe('planRefund: what a refund may take back', () => {
  test('chosen pieces at the price paid; the last pieces take all that is left, delivery included', () => {
    expect(planRefund(items, [], PAID, [{ item: A, qty: 1 }])).toEqual({ ok: true, amountMinor: 500_00, complete: false });
    const earlier = [{ lines: [{ item: A, qty: 1 }], amountMinor: 500_00 }];
    expect(
      planRefund(items, earlier, PAID, [
        { item: A, qty: 1 },
        { item: B, qty: 1 },
      ]),
    ).toEqual({ ok: true, amountMinor: 880_00, complete: true });
  });

  test('never more pieces than are left, never more money than was paid, nothing after a full refund', () => {
    const earlier = [{ lines: [{ item: A, qty: 2 }], amountMinor: 1000_00 }];
    expect(planRefund(items, earlier, PAID, [{ item: A, qty: 1 }])).toEqual({ ok: false, code: 'REFUND_TOO_MANY', item: A });
    // The same line twice in one request counts together.
    expect(
      planRefund(items, [], PAID, [
        { item: B, qty: 1 },
        { item: B, qty: 1 },
      ]),
    ).toMatchObject({ ok: false, code: 'REFUND_TOO_MANY' });
    // An earlier refund by hand of more money than the lines (a goodwill refund) leaves less to give.
    expect(planRefund(items, [{ lines: [], amountMinor: 1200_00 }], PAID, [{ item: A, qty: 1 }])).toEqual({ ok: false, code: 'REFUND_EXCEEDS_PAID' });
    expect(planRefund(items, [{ lines: [], amountMinor: PAID }], PAID, [{ item: A, qty: 1 }])).toEqual({ ok: false, code: 'ORDER_ALREADY_REFUNDED' });
    expect(planRefund(items, [], PAID, [{ item: '00000000-0000-4000-8000-00000000000c', qty: 1 }])).toMatchObject({ ok: false, code: 'REFUND_LINE_UNKNOWN' });
  });
});
