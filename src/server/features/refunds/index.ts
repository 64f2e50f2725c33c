/**
 * Refunds (docs/orders.md, "Refunds"): what the rest of the shop may use. Payments refund late
 * payments of cancelled orders through compensateCancelledPayment and answer the RefundGateway; an
 * order's page lists its refunds.
 */
export { compensateCancelledPayment, refundOrder, refundProviderOf, type GatewayProvider, type LatePayment, type RefundGateway } from './service.js';
export { findRefundsOfOrder } from './repository.js';
export { refundRoutes } from './routes.js';
