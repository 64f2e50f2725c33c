import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Branch, City } from '../../shared/delivery';
import { MAX_LINE_QTY } from '../../shared/order-limits';
import type { ShippingAddress as ShippingAddressPayload } from '../../shared/orders';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS, type PaymentMethod } from '../../shared/payment-methods';
import type { Product } from '../../shared/products';

export { PAYMENT_METHODS, type PaymentMethod };

/** The delivery step's answer; the settlement and branch as the directory described them, to show and re-check on return. */
export type ShippingAddress = ShippingAddressPayload & { settlement?: City; branch?: Branch; /** A guest's e-mail (no account). */ guestEmail?: string };

/** A cart line: the product as it was when added, without its reviews and owner, plus qty (docs/architecture.md). */
export type CartItem = Omit<Product, 'user' | 'rating' | 'numReviews' | 'createdAt'> & { qty: number };

interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: PaymentMethod;
  /**
   * Adds a line, or overwrites the line of the same product (a quantity change is an overwrite);
   * the quantity is kept between 1 and the stock (and the per-line limit of an order).
   */
  addToCart: (item: CartItem) => void;
  removeFromCart: (id: string) => void;
  /** Takes the catalogue's current name, image, price and stock into a line, keeping its quantity. */
  refreshLine: (product: Product) => void;
  saveShippingAddress: (address: ShippingAddress) => void;
  savePaymentMethod: (method: PaymentMethod) => void;
  clearCartItems: () => void;
  resetCart: () => void;
}

/** Prices are not kept here: they follow the shop's settings (features/cart/use-cart-prices.ts). */
const withPrices = (cartItems: CartItem[]) => ({ cartItems });
const emptyCart = () => ({ ...withPrices([]), shippingAddress: null, paymentMethod: DEFAULT_PAYMENT_METHOD });

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...emptyCart(),
      addToCart: (added) =>
        set((s) => {
          const item = { ...added, qty: cappedQty(added.qty, added.countInStock) };
          const exists = s.cartItems.some((line) => line._id === item._id);
          return withPrices(exists ? s.cartItems.map((line) => (line._id === item._id ? item : line)) : [...s.cartItems, item]);
        }),
      removeFromCart: (id) => set((s) => withPrices(s.cartItems.filter((line) => line._id !== id))),
      refreshLine: (product) =>
        set((s) => {
          const line = s.cartItems.find((l) => l._id === product._id);
          if (!line || !differs(line, product)) return s;
          return withPrices(s.cartItems.map((l) => (l._id === product._id ? toCartItem(product, l.qty) : l)));
        }),
      saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
      savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
      clearCartItems: () => set(withPrices([])),
      resetCart: () => set(emptyCart()),
    }),
    {
      name: 'cart',
      // Carts saved before a method was renamed or removed fall back to the default.
      merge: (persisted, current) => {
        const saved = persisted as Partial<CartState> | undefined;
        const method = saved?.paymentMethod && PAYMENT_METHODS.includes(saved.paymentMethod) ? saved.paymentMethod : DEFAULT_PAYMENT_METHOD;
        return { ...current, cartItems: saved?.cartItems ?? current.cartItems, shippingAddress: saved?.shippingAddress ?? null, paymentMethod: method };
      },
    },
  ),
);

/** A whole number from 1 to the stock; a sold-out line keeps 1 (the cart page flags it). */
export function cappedQty(qty: number, countInStock: number): number {
  const wanted = Number.isFinite(qty) ? Math.floor(qty) : 1;
  return Math.max(1, Math.min(wanted, countInStock, MAX_LINE_QTY));
}

export const cartCount = (items: CartItem[]) => items.reduce((n, line) => n + line.qty, 0);

export function toCartItem(product: Product, qty: number): CartItem {
  const { user: _user, rating: _rating, numReviews: _numReviews, createdAt: _createdAt, ...rest } = product;
  void _user;
  void _rating;
  void _numReviews;
  void _createdAt;
  return { ...rest, qty };
}

const differs = (line: CartItem, product: Product) =>
  line.name !== product.name ||
  line.image !== product.image ||
  line.price !== product.price ||
  line.discount !== product.discount ||
  line.countInStock !== product.countInStock;
