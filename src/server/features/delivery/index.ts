/** Delivery through Nova Poshta (docs/delivery.md): the branch directory, the estimate, and the waybills and tracking that orders ask for. */
export { DeliveryEstimator } from './estimate.js';
export { type NovaPoshtaConfig, type NovaPoshtaSettings } from './nova-poshta-client.js';
export { createWaybill, deleteWaybill, getTrackingStatus, type TrackingStatus } from './nova-poshta-waybills.js';
export { DeliveryDirectory } from './service.js';
export { deliveryRoutes } from './routes.js';
