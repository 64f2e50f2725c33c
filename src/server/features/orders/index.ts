/**
 * Orders (docs/orders.md): what payments and refunds use to move an order along its life cycle, the
 * order JSON they answer with, and the narrow reads of orders and their lines that fiscal receipts,
 * packing slips, letters and the back office need (no other module reads the order tables).
 */
export { startUnpaidOrderExpiry } from './expiry.js';
export { assertTransition } from './order-status.js';
export {
  findGuestOrderIds,
  findItemsOfOrders,
  findOrder,
  findOrderItems,
  findOrdersByIds,
  findPendingPayPalCaptures,
  findShopperEmail,
  lockOrder,
  type OrderChanges,
  type OrderWithItems,
  paidCondition,
  updateOrder,
} from './repository.js';
export { orderJson } from './serializers.js';
export {
  clearPaymentPending,
  expireUnpaidOrders,
  findOrderRow,
  markOrderPaid,
  markPaymentPending,
  orderPagePath,
  type OrdersContext,
  type Payer,
  recordPayPalOrder,
  recordRefund,
  reportStrayPayment,
  requireOrder,
  requirePayableOrder,
  requirePayerOrder,
  type VerifiedPayment,
} from './service.js';
export { refreshTracking, startTrackingRefresh } from './tracking-refresh.js';
export { orderRoutes } from './routes.js';
