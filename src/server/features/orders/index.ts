/**
/**
 * Orders (docs/orders.md): their own rules (queries, the status machine and its guards, the order
 * row), what payments and refunds use to move an order along its life cycle, the pieces the flows
 * place, pay, ship and expire orders with (src/server/flows), the order JSON they answer with, and the
 * narrow reads of orders and their lines that fiscal receipts, packing slips, letters and the export
 * need, and the buyers and sales by day the back office shows (no other module reads the order tables).
 */
export { type BuyerOrderRow, type BuyerRow, findBuyer, findBuyerOrders, findBuyers } from './buyers.js';
export { assertSameBody, bodyHash, withKnownOutcome } from './idempotency.js';
export { assertWithinLimits } from './limits.js';
export { assertTransition } from './order-status.js';
export {
  findExpiredOrderIds,
  findGuestOrderIds,
  findItemsOfOrders,
  findOrder,
  findOrderByIdempotencyKey,
  findOrderItems,
  findOrderedVariantIds,
  findOrdersByIds,
  findPendingPayPalCaptures,
  findShopperEmail,
  insertOrder,
  lockOrder,
  type NewOrderItem,
  type OrderChanges,
  type OrderWithItems,
  paidCondition,
  updateOrder,
} from './repository.js';
export { type DaySales, type PeriodSales, refreshSalesSummary, salesOfDays } from './sales-by-day.js';
export { findLinesInWrittenOrder, findPlacedOrderPage, type OrderKey } from './order-pages.js';
export { orderJson } from './serializers.js';
export {
  type Buyer,
  cancelExpiredOrder,
  type CheckedBranch,
  clearPaymentPending,
  doorAddressLine,
  findOrderRow,
  markOrderPaid,
  markPaymentPending,
  orderPagePath,
  type OrdersContext,
  type Payer,
  type PaymentDeps,
  type PlacingExtras,
  recordPayPalOrder,
  recordRefund,
  reportStrayPayment,
  requireOrder,
  requirePayableOrder,
  requirePayerOrder,
  shipOrder,
  type VerifiedPayment,
} from './service.js';
export { refreshTracking, startTrackingRefresh } from './tracking-refresh.js';
export { parcelDescription } from './waybills.js';
export { orderRoutes, type OrderFlows } from './routes.js';
