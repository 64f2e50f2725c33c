/**
 * Promo codes (docs/promo-codes.md): what orders use of them. The order's transaction judges and
 * counts a code (applyPromo with the lock, then recordUse); a cancellation gives the use back.
 */
export { applyPromo, promoCustomerOf, PromoRefused, type AppliedPromo, type PromoLine } from './service.js';
export { recordUse, returnUse, type PromoCustomer } from './repository.js';
export { promoCodeRoutes } from './routes.js';
