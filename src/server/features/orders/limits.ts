import { orderLimitBreach, type LimitedLine, type OrderLimits } from '../../../shared/order-limits.js';
import { AppError } from '../../errors.js';

/**
 * Refuses an order that would hold more stock than the shop lets one unconfirmed order hold
 * (docs/orders.md, "Limits"): 400 ORDER_LINE_LIMIT / ORDER_SIZE_LIMIT; 409 ORDER_NEEDS_CONFIRMATION
 * when it would take more than the set share of a product's stock (the shopper is asked to call).
 */
export function assertWithinLimits(lines: readonly LimitedLine[], limits: OrderLimits, signedIn: boolean): void {
  const breach = orderLimitBreach(lines, limits, signedIn);
  if (!breach) return;
  throw new AppError(breach.code, breach.params);
}
