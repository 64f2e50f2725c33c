/** What other features may use of the cart; everything else in this folder is its own. */
export { useCartAvailability } from './use-cart-availability';
export { useCartPrices } from './use-cart-prices';
