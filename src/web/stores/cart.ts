import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { computeOrderPrices, type OrderPrices } from '../../shared/pricing';
import type { Product } from '../../shared/products';

/** A cart line: the product as it was when added, without its reviews and owner (SPEC.md §3), plus qty. */
export type CartItem = Omit<Product, 'user' | 'rating' | 'numReviews' | 'createdAt'> & { qty: number };

export interface ShippingAddress {
  /** The recipient's full name (SPEC.md calls it address). */
  address: string;
  city: string;
  phoneNumber: string;
  /** The chosen Nova Poshta branch's description. */
  country: string;
  postalCode: string;
}

export const PAYMENT_METHODS = ['PayPal', 'PrivatBank', 'NovaPoshta'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

interface CartState extends OrderPrices {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: PaymentMethod;
  /** Adds a line, or overwrites the line of the same product (a quantity change is an overwrite). */
  addToCart: (item: CartItem) => void;
  removeFromCart: (id: string) => void;
  saveShippingAddress: (address: ShippingAddress) => void;
  savePaymentMethod: (method: PaymentMethod) => void;
  clearCartItems: () => void;
  resetCart: () => void;
}

const withPrices = (cartItems: CartItem[]) => ({ cartItems, ...computeOrderPrices(cartItems) });
const emptyCart = () => ({ ...withPrices([]), shippingAddress: null, paymentMethod: 'PayPal' as PaymentMethod });

export const useCart = create<CartState>()(
  persist(
    (set) => ({
      ...emptyCart(),
      addToCart: (item) =>
        set((s) => {
          const exists = s.cartItems.some((line) => line._id === item._id);
          return withPrices(exists ? s.cartItems.map((line) => (line._id === item._id ? item : line)) : [...s.cartItems, item]);
        }),
      removeFromCart: (id) => set((s) => withPrices(s.cartItems.filter((line) => line._id !== id))),
      saveShippingAddress: (shippingAddress) => set({ shippingAddress }),
      savePaymentMethod: (paymentMethod) => set({ paymentMethod }),
      clearCartItems: () => set(withPrices([])),
      resetCart: () => set(emptyCart()),
    }),
    { name: 'cart' },
  ),
);

export const cartCount = (items: CartItem[]) => items.reduce((n, line) => n + line.qty, 0);

export function toCartItem(product: Product, qty: number): CartItem {
  const { user: _user, rating: _rating, numReviews: _numReviews, createdAt: _createdAt, ...rest } = product;
  void _user;
  void _rating;
  void _numReviews;
  void _createdAt;
  return { ...rest, qty };
}
