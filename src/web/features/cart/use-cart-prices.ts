import { computeOrderPrices, pricingRulesOf, type OrderPrices } from '../../../shared/pricing';
import { promoTermsOf, type PromoCheckResult } from '../../../shared/promo-codes';
import { useCart, type CartItem } from '../../stores/cart';
import { useShopSettings } from '../../api/settings';
import { usePromoCheck } from './promo-api';

/** The cart's promo code: the code kept with the cart, what the server's check answered, or why it refused. */
export interface CartPromo {
  code: string | null;
  applied: PromoCheckResult | undefined;
  error: unknown;
  isChecking: boolean;
}

/**
 * The cart's prices by the same shared function and settings the server prices the order with
 * (docs/pricing.md), with the promo code's terms as the server's check gave them; undefined until
 * the settings are loaded.
 */
export function useCartPrices(items: CartItem[]): {
  prices: (OrderPrices & { promoCode: string | null }) | undefined;
  promo: CartPromo;
  isPending: boolean;
  error: unknown;
} {
  const settings = useShopSettings();
  const code = useCart((s) => s.promoCode);
  const address = useCart((s) => s.shipping);
  const check = usePromoCheck(code, items, address);
  const applied = check.data;
  const lines = applied ? items.map((item) => ({ ...item, promo: applied.products.includes(item.id) })) : items;
  const prices = settings.data
    ? { ...computeOrderPrices(lines, pricingRulesOf(settings.data.pricing), applied ? promoTermsOf(applied) : null), promoCode: applied?.code ?? null }
    : undefined;
  return {
    prices,
    promo: { code, applied, error: check.error, isChecking: check.isFetching },
    isPending: settings.isPending,
    error: settings.error,
  };
}
