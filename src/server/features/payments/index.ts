/** Payments (docs/payments.md): the providers' checkout and callbacks. Refunds use the providers' refund calls and their two refusals. */
export { liqpayRefund } from './liqpay.js';
export { MonobankClient } from './monobank-client.js';
export { startPendingCaptureChecks } from './pending-captures.js';
export { RefundOutcomeUnknown, RefundRefused } from './refund-errors.js';
export { Payments } from './service.js';
export { paymentRoutes } from './routes.js';
