import { describe, expect, test } from 'vitest';
import { adminActions, canTransition, ORDER_STATUSES, type OrderStatus } from '../../../shared/order-status.js';
import type { AppError } from '../../errors.js';
import { assertTransition } from './order-status.js';

const allowedSteps = (paymentMethodId: string) =>
  ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canTransition({ status: from, paymentMethodId }, to)).map((to) => `${from}→${to}`));

describe('order status transitions', () => {
  test('paid online: pending → paid → shipped → delivered, cancellable until shipped', () => {
    expect(allowedSteps('paypal')).toEqual([
      'pending→paid',
      'pending→cancelled',
      'paid→shipped',
      'paid→delivered',
      'paid→cancelled',
      'paid→refunded',
      'shipped→delivered',
      'shipped→returned',
      'shipped→refunded',
      'delivered→returned',
      'delivered→refunded',
      'returned→refunded',
      'refunded→returned',
    ]);
  });

  test('cash on delivery takes the same steps and may also ship before it is paid', () => {
    const cashOnDelivery = allowedSteps('cash_on_delivery');
    expect(cashOnDelivery).toContain('pending→shipped');
    expect(cashOnDelivery.filter((step) => step !== 'pending→shipped')).toEqual(allowedSteps('paypal'));
  });

  test('a refused step is a 409 with a Ukrainian message and a stable code', () => {
    const refusal = (status: OrderStatus, to: OrderStatus, paymentMethodId = 'paypal') => {
      try {
        assertTransition({ status, paymentMethodId }, to);
      } catch (error) {
        return error as AppError;
      }
      throw new Error(`${status}→${to} was allowed`);
    };
    expect(refusal('pending', 'shipped')).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_PAID' });
    expect(refusal('pending', 'shipped').message).toMatch(/не оплачене/);
    expect(refusal('pending', 'delivered', 'cash_on_delivery')).toMatchObject({ code: 'ORDER_NOT_SHIPPED' });
    expect(refusal('paid', 'paid')).toMatchObject({ code: 'ORDER_ALREADY_PAID' });
    expect(refusal('shipped', 'shipped')).toMatchObject({ code: 'ORDER_ALREADY_SHIPPED' });
    expect(refusal('shipped', 'cancelled')).toMatchObject({ code: 'ORDER_ALREADY_SHIPPED' });
    expect(refusal('delivered', 'delivered')).toMatchObject({ code: 'ORDER_ALREADY_DELIVERED' });
    expect(refusal('delivered', 'cancelled')).toMatchObject({ code: 'ORDER_ALREADY_DELIVERED' });
    for (const to of ORDER_STATUSES) expect(refusal('cancelled', to)).toMatchObject({ statusCode: 409, code: 'ORDER_CANCELLED' });
    expect(() => assertTransition({ status: 'pending', paymentMethodId: 'cash_on_delivery' }, 'shipped')).not.toThrow();
    expect(refusal('paid', 'returned')).toMatchObject({ code: 'ORDER_NOT_SHIPPED' });
    expect(refusal('returned', 'returned')).toMatchObject({ code: 'ORDER_ALREADY_RETURNED' });
    expect(refusal('refunded', 'refunded')).toMatchObject({ code: 'ORDER_ALREADY_REFUNDED' });
    expect(refusal('pending', 'refunded')).toMatchObject({ code: 'ORDER_NOT_PAID' });
    expect(refusal('returned', 'shipped')).toMatchObject({ code: 'ORDER_ALREADY_RETURNED' });
  });

  test('the admin confirms only offline payments', () => {
    expect(adminActions({ status: 'pending', paymentMethodId: 'card_transfer', confirmedAt: '2026-11-25T10:00:00Z' }).confirm).toBe(false);
    expect(adminActions({ status: 'pending', paymentMethodId: 'card_transfer' })).toEqual({
      confirm: true,
      markPaid: true,
      ship: false,
      deliver: false,
      cancel: true,
      refund: false,
      confirmReturn: false,
    });
    expect(adminActions({ status: 'pending', paymentMethodId: 'paypal' })).toEqual({
      confirm: false,
      markPaid: false,
      ship: false,
      deliver: false,
      cancel: true,
      refund: false,
      confirmReturn: false,
    });
    expect(adminActions({ status: 'pending', paymentMethodId: 'cash_on_delivery' })).toEqual({
      confirm: true,
      markPaid: true,
      ship: true,
      deliver: false,
      cancel: true,
      refund: false,
      confirmReturn: false,
    });
    expect(adminActions({ status: 'shipped', paymentMethodId: 'cash_on_delivery' })).toEqual({
      confirm: false,
      markPaid: false,
      ship: false,
      deliver: true,
      cancel: false,
      refund: false,
      confirmReturn: true,
    });
    expect(adminActions({ status: 'delivered', paymentMethodId: 'liqpay', isPaid: true })).toMatchObject({ refund: true, confirmReturn: true });
    expect(adminActions({ status: 'returned', paymentMethodId: 'liqpay', isPaid: true, returnedAt: '2026-11-25T10:00:00Z' })).toMatchObject({
      refund: true,
      confirmReturn: false,
    });
    expect(adminActions({ status: 'refunded', paymentMethodId: 'liqpay', isPaid: true })).toMatchObject({ refund: false, confirmReturn: true });
  });
});
