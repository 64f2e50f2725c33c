import { Conflict } from '../../errors.js';

/**
 * An order's life (SPEC.md §4): unpaid → paid → delivered. Delivery is offered only once paid,
 * and nothing leaves 'delivered'. Every change of state goes through `assertTransition`.
 */
export type OrderStatus = 'unpaid' | 'paid' | 'delivered';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  unpaid: ['paid'],
  paid: ['delivered'],
  delivered: [],
};

export function orderStatusOf(order: { isPaid: boolean; isDelivered: boolean }): OrderStatus {
  if (order.isDelivered) return 'delivered';
  return order.isPaid ? 'paid' : 'unpaid';
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

const refusals: Record<OrderStatus, Partial<Record<OrderStatus, { message: string; code: string }>>> = {
  unpaid: { delivered: { message: 'Замовлення ще не оплачене: доставку можна позначити лише після оплати', code: 'ORDER_NOT_PAID' } },
  paid: { paid: { message: 'Замовлення вже оплачене', code: 'ORDER_ALREADY_PAID' } },
  delivered: {
    paid: { message: 'Замовлення вже оплачене', code: 'ORDER_ALREADY_PAID' },
    delivered: { message: 'Замовлення вже доставлене', code: 'ORDER_ALREADY_DELIVERED' },
  },
};

/** Throws 409 with a message the shopper or admin understands when the step is not allowed. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (canTransition(from, to)) return;
  const refusal = refusals[from][to] ?? { message: 'Неможлива зміна стану замовлення', code: 'ORDER_BAD_TRANSITION' };
  throw new Conflict(refusal.message, refusal.code);
}
