import { CASH_ON_DELIVERY, canTransition, type OrderStatus } from '../../../shared/order-status.js';
import { Conflict } from '../../errors.js';

interface OrderState {
  status: OrderStatus;
  paymentMethodId: string;
}

/** Why a step is refused, in words the shopper or admin understands, with a stable code. */
function refusal(order: OrderState, to: OrderStatus): { message: string; code: string } {
  const from = order.status;
  if (from === 'cancelled') return { message: 'Замовлення скасоване', code: 'ORDER_CANCELLED' };
  if (to === 'returned' && from === 'returned') return { message: 'Повернення товару вже підтверджене', code: 'ORDER_ALREADY_RETURNED' };
  if (to === 'returned') return { message: 'Замовлення ще не відправлене: повертатися нічому', code: 'ORDER_NOT_SHIPPED' };
  if (to === 'refunded' && from === 'refunded') return { message: 'Кошти за замовлення вже повернуто повністю', code: 'ORDER_ALREADY_REFUNDED' };
  if (to === 'refunded') return { message: 'Замовлення ще не оплачене: повертати нічого', code: 'ORDER_NOT_PAID' };
  if (from === 'returned' || from === 'refunded') return { message: 'Замовлення вже повернуто', code: 'ORDER_ALREADY_RETURNED' };
  if (to === 'paid') return { message: 'Замовлення вже оплачене', code: 'ORDER_ALREADY_PAID' };
  if (from === 'delivered') return { message: 'Замовлення вже доставлене', code: 'ORDER_ALREADY_DELIVERED' };
  if (to === 'cancelled') return { message: 'Відправлене замовлення вже не можна скасувати', code: 'ORDER_ALREADY_SHIPPED' };
  if (to === 'shipped' && from === 'shipped') return { message: 'Замовлення вже відправлене', code: 'ORDER_ALREADY_SHIPPED' };
  if (to === 'shipped') return { message: 'Замовлення ще не оплачене: відправити його можна лише після оплати', code: 'ORDER_NOT_PAID' };
  if (to === 'delivered' && from === 'pending' && order.paymentMethodId !== CASH_ON_DELIVERY) {
    return { message: 'Замовлення ще не оплачене: доставку можна позначити лише після оплати', code: 'ORDER_NOT_PAID' };
  }
  if (to === 'delivered') return { message: 'Замовлення ще не відправлене', code: 'ORDER_NOT_SHIPPED' };
  return { message: 'Неможлива зміна стану замовлення', code: 'ORDER_BAD_TRANSITION' };
}

/** Throws 409 when the transitions table (src/shared/order-status.ts) does not allow the step. */
export function assertTransition(order: OrderState, to: OrderStatus): void {
  if (canTransition(order, to)) return;
  const { message, code } = refusal(order, to);
  throw new Conflict(message, code);
}
