/**
 * Flows (docs/decisions/036-flows.md): where modules meet, one file per flow, each step paired
 * with its undo. A layer above the features: flows import features' faces, features never import
 * flows; app.ts hands the flows to the routes and starts their workers.
 */
export { expireUnconfirmedOrders, expireUnpaidOrders, startUnpaidOrderExpiry } from './expire-unpaid.js';
export { applyProviderPayment, payOrder } from './pay-order.js';
export { placeOrder } from './place-order.js';
export { createOrderWaybill } from './ship-order.js';
export { defineFlow, runFlow, type Flow, type FlowLog, type Step } from './steps.js';
export type { FlowContext } from './context.js';
