/** Orders (docs/orders.md): what payments and refunds use to move an order along its life cycle, and the order JSON they answer with. */
export { startUnpaidOrderExpiry } from './expiry.js';
export { assertTransition } from './order-status.js';
export { findOrderItems, findPendingPayPalCaptures, lockOrder, type OrderChanges, paidCondition, type OrderWithItems, updateOrder } from './repository.js';
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
