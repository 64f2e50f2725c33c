import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planRefund } from '../../../shared/refunds.js';
import type { OrderItemRow, OrderRow } from '../../db/schema.js';
import { startFakeCheckbox, type FakeCheckbox } from '../../test/fakes/checkbox.js';
import { CheckboxClient, CheckboxRefusal } from './checkbox-client.js';
import { returnReceiptBody, sellReceiptBody, sumOf } from './receipt-body.js';

/** Receipts of an order with a promo code (docs/fiscal.md, docs/promo-codes.md): the discount per good. */

let checkbox: FakeCheckbox;
let client: CheckboxClient;
beforeAll(async () => {
  checkbox = await startFakeCheckbox();
  checkbox.signingReads = 0;
  client = new CheckboxClient(
    { apiUrl: checkbox.url, licenseKey: checkbox.licenseKey, cashier: { login: checkbox.login, password: checkbox.password }, shiftCloseHour: 23 },
    { pollMs: 1, polls: 2 },
  );
  await client.ensureOpenShift();
});
afterAll(() => checkbox?.close());

const item = (id: string, priceMinor: number, qty: number, discountMinor: number) =>
  ({ id, name: `Товар ${id}`, productId: null, sku: `SKU-${id}`, priceMinor, qty, discountMinor }) as unknown as OrderItemRow;

// 3 × 333,33 and 1 × 100 грн with 10 % off the hops only (100 грн), 50 грн delivery.
const items = [item('a', 333_33, 3, 100_00), item('b', 100_00, 1, 0)];
const order = { id: 'o1', promoCode: 'BREWCLUB10', shippingMinor: 50_00, taxMinor: 0, totalMinor: 999_99 + 100_00 - 100_00 + 50_00 } as unknown as OrderRow;

describe('receipts with a promo code', () => {
  test('the sell receipt carries the shelf price and the promo as the good’s discount, and adds up to the money taken', async () => {
    const { body, totalMinor } = sellReceiptBody(order, items, null);
    expect(totalMinor).toBe(order.totalMinor);
    expect(body.goods[0].discounts).toEqual([{ type: 'DISCOUNT', mode: 'VALUE', value: 100_00, name: 'Промокод BREWCLUB10' }]);
    expect(body.goods[1].discounts).toBeUndefined();
    const receipt = await client.issueReceipt(randomUUID(), body);
    expect(receipt.status).toBe('DONE');
    expect(checkbox.receipts.get(receipt.id)!.total_sum).toBe(order.totalMinor);
  });

  test('returns in batches give back exactly what the line cost after the promo, as the refund counts it', () => {
    const paid = order.totalMinor;
    const lines = items.map((i) => ({ id: i.id, qty: i.qty, priceMinor: i.priceMinor, discountMinor: i.discountMinor }));
    const one = planRefund(lines, [], paid, [{ item: 'a', qty: 1 }]);
    expect(one).toEqual({ ok: true, amountMinor: 333_33 - 33_33, complete: false });
    const first = returnReceiptBody([{ item: items[0], qty: 1, taken: 0 }], null, 'BREWCLUB10');
    const rest = returnReceiptBody([{ item: items[0], qty: 2, taken: 1 }], null, 'BREWCLUB10');
    expect(first.totalMinor).toBe(one.ok && one.amountMinor);
    expect(first.totalMinor + rest.totalMinor).toBe(3 * 333_33 - 100_00);
    const two = planRefund(lines, [{ lines: [{ item: 'a', qty: 1 }], amountMinor: first.totalMinor }], paid, [{ item: 'a', qty: 2 }]);
    expect(two.ok && two.amountMinor).toBe(rest.totalMinor);
  });

  test('the fake refuses what Checkbox refuses: a discount above the good’s sum, a bad type or mode, a fractional kopiyka, payments that ignore it', async () => {
    const good = { good: { code: 'x', name: 'Хміль', price: 100_00 }, quantity: 1000 };
    const refusals = [
      [{ ...good, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 100_01, name: 'x' }] }, 100_00 - 100_01],
      [{ ...good, discounts: [{ type: 'GIFT', mode: 'VALUE', value: 10_00, name: 'x' }] }, 90_00],
      [{ ...good, discounts: [{ type: 'DISCOUNT', mode: 'SOME', value: 10_00, name: 'x' }] }, 90_00],
      [{ ...good, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 10.5, name: 'x' }] }, 90_00],
      [{ ...good, discounts: [{ type: 'DISCOUNT', mode: 'PERCENT', value: 120, name: 'x' }] }, 0],
      [{ ...good, discounts: [{ type: 'DISCOUNT', mode: 'VALUE', value: 10_00, name: 'x' }] }, 100_00],
    ] as const;
    for (const [line, paid] of refusals) {
      const body = { goods: [line as never], payments: [{ type: 'CASHLESS' as const, value: paid }] };
      await expect(client.issueReceipt(randomUUID(), body), JSON.stringify(line)).rejects.toBeInstanceOf(CheckboxRefusal);
    }
    const fine = {
      goods: [{ ...good, discounts: [{ type: 'DISCOUNT' as const, mode: 'VALUE' as const, value: 10_00, name: 'x' }] }],
      payments: [{ type: 'CASHLESS' as const, value: 90_00 }],
    };
    expect(sumOf(fine.goods)).toBe(90_00);
    expect((await client.issueReceipt(randomUUID(), fine)).status).toBe('DONE');
  });
});
