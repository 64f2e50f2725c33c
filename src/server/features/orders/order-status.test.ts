import { describe, expect, test } from 'vitest';
import { AppError } from '../../errors.js';
import { assertTransition, canTransition, ORDER_TRANSITIONS, orderStatusOf, type OrderStatus } from './order-status.js';

const statuses: OrderStatus[] = ['unpaid', 'paid', 'delivered'];

describe('order state transitions', () => {
  test('only unpaid → paid → delivered is allowed', () => {
    const allowed = statuses.flatMap((from) => statuses.filter((to) => canTransition(from, to)).map((to) => `${from}→${to}`));
    expect(allowed).toEqual(['unpaid→paid', 'paid→delivered']);
    expect(ORDER_TRANSITIONS.delivered).toEqual([]);
  });

  test('a refused step is a 409 with a Ukrainian message and a stable code', () => {
    const refusal = (from: OrderStatus, to: OrderStatus) => {
      try {
        assertTransition(from, to);
      } catch (error) {
        return error as AppError;
      }
      throw new Error(`${from}→${to} was allowed`);
    };
    expect(refusal('unpaid', 'delivered')).toMatchObject({ statusCode: 409, code: 'ORDER_NOT_PAID' });
    expect(refusal('unpaid', 'delivered').message).toMatch(/не оплачене/);
    expect(refusal('paid', 'paid')).toMatchObject({ statusCode: 409, code: 'ORDER_ALREADY_PAID' });
    expect(refusal('delivered', 'delivered')).toMatchObject({ statusCode: 409, code: 'ORDER_ALREADY_DELIVERED' });
    expect(refusal('delivered', 'unpaid')).toMatchObject({ statusCode: 409, code: 'ORDER_BAD_TRANSITION' });
    expect(() => assertTransition('unpaid', 'paid')).not.toThrow();
    expect(() => assertTransition('paid', 'delivered')).not.toThrow();
  });

  test('the status follows the flags', () => {
    expect(orderStatusOf({ isPaid: false, isDelivered: false })).toBe('unpaid');
    expect(orderStatusOf({ isPaid: true, isDelivered: false })).toBe('paid');
    expect(orderStatusOf({ isPaid: true, isDelivered: true })).toBe('delivered');
  });
});
