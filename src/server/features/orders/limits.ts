import { limitBreachMessage, orderLimitBreach, type LimitedLine, type OrderLimits } from '../../../shared/order-limits.js';
import { BadInput, Conflict } from '../../errors.js';

/**
 * Refuses an order that would hold more stock than the shop lets one unconfirmed order hold
 * (docs/orders.md, "Limits"): 400 ORDER_LINE_LIMIT / ORDER_SIZE_LIMIT; 409 ORDER_NEEDS_CONFIRMATION
 * when it would take more than the set share of a product's stock (the shopper is asked to call).
 */
export function assertWithinLimits(lines: readonly LimitedLine[], limits: OrderLimits, signedIn: boolean): void {
  const breach = orderLimitBreach(lines, limits, signedIn);
  if (!breach) return;
  const message = limitBreachMessage(breach);
  if (breach.code === 'ORDER_NEEDS_CONFIRMATION') throw new Conflict(message, breach.code, breach.params);
  throw new BadInput(message, breach.code, breach.params);
}
