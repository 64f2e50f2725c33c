import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../payment-methods.js';
import { LEGACY_PAYMENT_METHOD_NAMES, orderCreateFromWire, paymentMethodFromWire, shippingFromWire } from './orders.js';

describe('the original order shape at the edge', () => {
  it('maps every original method name to its id and back, one to one', () => {
    for (const id of PAYMENT_METHODS) expect(paymentMethodFromWire(LEGACY_PAYMENT_METHOD_NAMES[id])).toBe(id);
    expect(new Set(Object.values(LEGACY_PAYMENT_METHOD_NAMES)).size).toBe(PAYMENT_METHODS.length);
    expect(paymentMethodFromWire('cash_on_delivery')).toBe('cash_on_delivery');
    expect(paymentMethodFromWire('Bitcoin')).toBe('Bitcoin');
  });

  it('turns a posted original shape into the true one; a true body passes unchanged', () => {
    expect(
      orderCreateFromWire({
        orderItems: [],
        shippingAddress: { address: 'Оля', country: 'Відділення №1', warehouseRef: 'w', city: 'Київ', phoneNumber: '0671234567' },
        paymentMethod: 'NovaPoshta',
      }),
    ).toEqual({
      orderItems: [],
      shipping: { recipientName: 'Оля', branch: 'Відділення №1', branchRef: 'w', city: 'Київ', phoneNumber: '0671234567' },
      paymentMethodId: 'cash_on_delivery',
    });
    const truthful = { orderItems: [], shipping: { recipientName: 'Оля' }, paymentMethodId: 'liqpay' };
    expect(orderCreateFromWire(truthful)).toEqual(truthful);
    expect(shippingFromWire({ address: 'Старе', recipientName: 'Нове' })).toMatchObject({ recipientName: 'Нове' });
    expect(orderCreateFromWire(null)).toBeNull();
  });
});
