import { computeOrderPrices, pricingRulesOf, type OrderPrices } from '../../../shared/pricing';
import type { CartItem } from '../../stores/cart';
import { useShopSettings } from '../../api/settings';

/**
 * The cart's prices by the same shared function and settings the server prices the order with
 * (docs/pricing.md); undefined until the settings are loaded.
 */
export function useCartPrices(items: CartItem[]): { prices: OrderPrices | undefined; isPending: boolean; error: unknown } {
  const settings = useShopSettings();
  const prices = settings.data ? computeOrderPrices(items, pricingRulesOf(settings.data.pricing)) : undefined;
  return { prices, isPending: settings.isPending, error: settings.error };
}
