import { describe, expect, it } from 'vitest';
import { AuditEntrySchema } from '../back-office.js';
import { ProductDetailSchema, ProductUpdateSchema } from '../products.js';
import { OrderSchema, PaymentResultSchema } from '../orders.js';
import { fromWire, toWire } from './index.js';
import { savedProductFromWire } from './product-names.js';

describe('ids under their original name at the edge', () => {
  it('answers every record with `_id` beside `id`, nested ones too', () => {
    const detail = toWire(ProductDetailSchema, { id: 'p', variants: [{ id: 'v', label: '50 г' }], reviews: [{ id: 'r', name: 'Оля' }] });
    expect(detail).toEqual({
      _id: 'p',
      id: 'p',
      variants: [{ _id: 'v', id: 'v', label: '50 г' }],
      reviews: [{ _id: 'r', id: 'r', name: 'Оля' }],
    });
    expect(toWire(OrderSchema, { id: 'o', user: { id: 'u', name: 'Іван' }, orderItems: [{ id: 'i' }] })).toMatchObject({
      _id: 'o',
      user: { _id: 'u', id: 'u' },
      orderItems: [{ _id: 'i', id: 'i' }],
    });
    expect(toWire(OrderSchema, { id: 'o', user: null })).toEqual({ _id: 'o', id: 'o', user: null });
    // An audit entry's actor may be nobody: its id is null under both names.
    expect(toWire(AuditEntrySchema, { id: 7, actor: { id: null, name: 'система' } })).toEqual({ id: 7, actor: { _id: null, id: null, name: 'система' } });
  });

  it('leaves alone the ids that never had another name', () => {
    expect(toWire(PaymentResultSchema, { id: 'PAYPAL-1', status: 'COMPLETED' })).toEqual({ id: 'PAYPAL-1', status: 'COMPLETED' });
  });

  it("takes a pack's `_id` in an admin's edit as its id; `id` wins when both are sent", () => {
    expect(fromWire(ProductUpdateSchema, { variants: [{ _id: 'a', sku: 'X' }, { id: 'b', _id: 'c' }, { sku: 'new' }] })).toEqual({
      variants: [{ id: 'a', sku: 'X' }, { id: 'b' }, { sku: 'new' }],
    });
  });

  it('reads a product the browser saved before true names', () => {
    expect(savedProductFromWire({ _id: 'p', origin: 'USA', alfa: 5, qty: 2 })).toEqual({ id: 'p', producer: 'USA', alphaAcid: 5, qty: 2 });
    expect(savedProductFromWire({ id: 'p', _id: 'old' })).toEqual({ id: 'p' });
    expect(savedProductFromWire(null)).toBeNull();
  });
});
