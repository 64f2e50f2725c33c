import { CASH_ON_DELIVERY, canTransition, type OrderStatus } from '../../../shared/order-status.js';
import { AppError } from '../../errors.js';

interface OrderState {
  status: OrderStatus;
  paymentMethodId: string;
}

/** Why a step is refused, as its stable code (worded by src/shared/errors). */
function refusal(order: OrderState, to: OrderStatus) {
  const from = order.status;
  if (from === 'cancelled') return 'ORDER_CANCELLED';
  if (to === 'returned' && from === 'returned') return 'ORDER_ALREADY_RETURNED';
  if (to === 'returned') return 'ORDER_NOT_SHIPPED';
  if (to === 'refunded' && from === 'refunded') return 'ORDER_ALREADY_REFUNDED';
  if (to === 'refunded') return 'ORDER_NOT_PAID';
  if (from === 'returned' || from === 'refunded') return 'ORDER_ALREADY_RETURNED';
  if (to === 'paid') return 'ORDER_ALREADY_PAID';
  if (from === 'delivered') return 'ORDER_ALREADY_DELIVERED';
  if (to === 'cancelled') return 'ORDER_ALREADY_SHIPPED';
  if (to === 'shipped' && from === 'shipped') return 'ORDER_ALREADY_SHIPPED';
  if (to === 'shipped') return 'ORDER_NOT_PAID';
  if (to === 'delivered' && from === 'pending' && order.paymentMethodId !== CASH_ON_DELIVERY) {
    return 'ORDER_NOT_PAID';
  }
  if (to === 'delivered') return 'ORDER_NOT_SHIPPED';
  return 'ORDER_BAD_TRANSITION';
}

/** Throws 409 when the transitions table (src/shared/order-status.ts) does not allow the step. */
export function assertTransition(order: OrderState, to: OrderStatus): void {
  if (canTransition(order, to)) return;
  throw new AppError(refusal(order, to));
}
