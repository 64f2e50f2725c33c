/**
 * Refunds (docs/orders.md, "Refunds"): what the rest of the shop may use. Payments refund late
 * payments of cancelled orders through compensateCancelledPayment and answer the RefundGateway.
 */
export { compensateCancelledPayment, refundOrder, refundProviderOf, type GatewayProvider, type LatePayment, type RefundGateway } from './service.js';
export { refundRoutes } from './routes.js';
