/** The legal pages (docs/domain.md): what other features use of them. */
export { assertOfferAccepted, ensureLegalPages, legalVersionExists, offerVersionInForce, requireLegalPage } from './service.js';
export { legalRoutes } from './routes.js';
