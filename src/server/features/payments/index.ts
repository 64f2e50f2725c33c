/**
 * Payments (docs/payments.md): the providers' checkout and callbacks, verified here and applied by the
 * pay-order flow app.ts hands in (PaymentFlows). Refunds use the providers' refund calls and their two refusals.
 */
export { liqpayRefund } from './liqpay.js';
export { MonobankClient } from './monobank-client.js';
export { startPendingCaptureChecks } from './pending-captures.js';
export { RefundOutcomeUnknown, RefundRefused } from './refund-errors.js';
export { Payments, type PaymentApplied, type PaymentFlows, type ProviderPayment } from './service.js';
export { paymentRoutes } from './routes.js';
