import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Branch, City, DeliveryKind } from '../../shared/delivery';
import { MAX_LINE_QTY } from '../../shared/order-limits';
import type { Shipping } from '../../shared/orders';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '../../shared/payment-methods';
import { paymentMethodFromWire, shippingFromWire } from '../../shared/wire/order-names';
import { savedProductFromWire } from '../../shared/wire/product-names';
import { lineKey, normalizeLineOptions, type LineOptions } from '../../shared/line-options';
import type { Product, Variant } from '../../shared/products';

export { PAYMENT_METHODS, type PaymentMethod };

/** The delivery step's answer; the settlement and branch point as the directory described them, to show and re-check on return. */
export type CartShipping = Omit<Shipping, 'delivery'> & {
  /** Absent in addresses saved before courier delivery: a branch. */
  delivery?: DeliveryKind;
  settlement?: City;
  branchPoint?: Branch;
  /** A guest's e-mail (no account); '' when the guest left it out, undefined for a customer. */
  guestEmail?: string;
  /** The shopper's note to the shop, sent beside the address (docs/orders.md). */
  comment?: string;
};

/**
 * A cart line: the product as it was when added, without its reviews and owner, plus qty
 * (docs/architecture.md); price, discount, stock and weight are the chosen pack's. A cart saved
 * before pack sizes has no `variant`: the product's only pack is taken, or the cart asks for one.
 */
export type CartItem = Omit<Product, 'user' | 'rating' | 'numReviews' | 'createdAt' | 'variants' | 'status' | 'images' | 'brand'> & {
  qty: number;
  /** The pack's id and label ("100 г"). */
  variant?: string;
  label?: string;
  options?: LineOptions;
  /** The recipe the line was added for ("Зварити за рецептом", docs/recipes.md). */
  recipe?: string;
};

/** One line per product, pack and options: milled and whole malt of one pack are two lines. */
export const cartLineKey = (item: Pick<CartItem, 'id' | 'variant' | 'options'>) => lineKey(item.id, item.variant, normalizeLineOptions(item.options));

interface CartState {
  cartItems: CartItem[];
  shipping: CartShipping | null;
  paymentMethod: PaymentMethod;
  /** The promo code the shopper applied (docs/promo-codes.md): kept with the cart, checked again before the order. */
  promoCode: string | null;
  /**
   * Adds a line, or overwrites the line of the same product (a quantity change is an overwrite);
   * the quantity is kept between 1 and the stock (and the per-line limit of an order).
   */
  addToCart: (item: CartItem) => void;
  /** Removes the line with this key (cartLineKey). */
  removeFromCart: (key: string) => void;
  /** Takes the catalogue's current name, image, pack price and stock into a product's lines, keeping their quantities. */
  refreshLine: (product: Product) => void;
  saveShipping: (shipping: CartShipping) => void;
  savePaymentMethod: (method: PaymentMethod) => void;
  setPromoCode: (code: string | null) => void;
  clearCartItems: () => void;
  resetCart: () => void;
}

/** Prices are not kept here: they follow the shop's settings (features/cart/use-cart-prices.ts). */
const withPrices = (cartItems: CartItem[]) => ({ cartItems });
const emptyCart = () => ({ ...withPrices([]), shipping: null, paymentMethod: DEFAULT_PAYMENT_METHOD, promoCode: null });

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...emptyCart(),
      addToCart: (added) =>
        set((s) => {
          const item = { ...added, qty: cappedQty(added.qty, added.countInStock) };
          const key = cartLineKey(item);
          const exists = s.cartItems.some((line) => cartLineKey(line) === key);
          return withPrices(exists ? s.cartItems.map((line) => (cartLineKey(line) === key ? item : line)) : [...s.cartItems, item]);
        }),
      removeFromCart: (key) => set((s) => withPrices(s.cartItems.filter((line) => cartLineKey(line) !== key))),
      refreshLine: (product) =>
        set((s) => {
          let changed = false;
          const cartItems = s.cartItems.map((line) => {
            if (line.id !== product.id) return line;
            const pack = packOf(product, line.variant);
            // A pack no longer sold, or an old line of a product with several: the cart page asks.
            if (!pack) return line;
            const fresh = toCartItem(product, line.qty, pack, line.options);
            if (line.recipe) fresh.recipe = line.recipe;
            if (!differs(line, fresh)) return line;
            changed = true;
            return fresh;
          });
          return changed ? withPrices(cartItems) : s;
        }),
      saveShipping: (shipping) => set({ shipping }),
      savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
      setPromoCode: (promoCode) => set({ promoCode: promoCode?.trim() || null }),
      // A placed order used the code: the next cart starts without it.
      clearCartItems: () => set({ ...withPrices([]), promoCode: null }),
      resetCart: () => set(emptyCart()),
    }),
    {
      name: 'cart',
      // A cart saved under a method's original name (docs/api.md) keeps it; one removed falls back to the default.
      // Lines saved before true names (`_id`, `origin`, …) are read in today's shape.
      merge: (persisted, current) => {
        const saved = persisted as Partial<CartState> | undefined;
        const named = paymentMethodFromWire(saved?.paymentMethod) as PaymentMethod;
        const method = PAYMENT_METHODS.includes(named) ? named : DEFAULT_PAYMENT_METHOD;
        const promoCode = typeof saved?.promoCode === 'string' && saved.promoCode ? saved.promoCode : null;
        return {
          ...current,
          cartItems: saved?.cartItems?.map(savedProductFromWire) ?? current.cartItems,
          shipping: saved?.shipping ?? savedInOriginalShape(persisted),
          paymentMethod: method,
          promoCode,
        };
      },
    },
  ),
);

/** An address a cart saved before true names (`shippingAddress`, its directory point under `branch`), in today's shape. */
function savedInOriginalShape(persisted: unknown): CartShipping | null {
  const old = (persisted as { shippingAddress?: Record<string, unknown> } | undefined)?.shippingAddress;
  if (!old) return null;
  const { branch: branchPoint, ...address } = old;
  return { ...(shippingFromWire(address) as CartShipping), branchPoint: branchPoint as Branch | undefined };
}

/** A whole number from 1 to the stock; a sold-out line keeps 1 (the cart page flags it). */
export function cappedQty(qty: number, countInStock: number): number {
  const wanted = Number.isFinite(qty) ? Math.floor(qty) : 1;
  return Math.max(1, Math.min(wanted, countInStock, MAX_LINE_QTY));
}

export const cartCount = (items: CartItem[]) => items.reduce((n, line) => n + line.qty, 0);

/** The pack a line names; for a line without one, the product's only pack (else undefined). */
export function packOf(product: Pick<Product, 'variants'>, variantId: string | undefined): Variant | undefined {
  if (variantId) return product.variants.find((v) => v.id === variantId);
  return product.variants.length === 1 ? product.variants[0] : undefined;
}

/** A line of this product's pack (its only one when none is given) with these options. */
export function toCartItem(product: Product, qty: number, variant?: Variant, options?: LineOptions): CartItem {
  const { user: _user, rating: _rating, numReviews: _numReviews, createdAt: _createdAt, variants: _variants, status: _status, ...rest } = product;
  void _user;
  void _rating;
  void _numReviews;
  void _createdAt;
  void _variants;
  void _status;
  const pack = variant ?? packOf(product, undefined);
  const line: CartItem = { ...rest, qty };
  if (pack)
    Object.assign(line, {
      variant: pack.id,
      label: pack.label,
      price: pack.price,
      discount: pack.discount,
      countInStock: pack.countInStock,
      weight: pack.weight,
    });
  const chosen = normalizeLineOptions(options);
  if (chosen.milled) line.options = chosen;
  return line;
}

const differs = (line: CartItem, fresh: CartItem) =>
  line.name !== fresh.name ||
  line.image !== fresh.image ||
  line.variant !== fresh.variant ||
  line.label !== fresh.label ||
  line.price !== fresh.price ||
  line.discount !== fresh.discount ||
  line.weight !== fresh.weight ||
  line.countInStock !== fresh.countInStock;
