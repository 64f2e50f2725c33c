import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PAYMENT_METHOD } from '../../shared/payment-methods';
import { product } from '../test/factories';
import { cartCount, cartLineKey, toCartItem, useCart } from './cart';

const saaz = product();
const s04 = product({ id: '00000000-0000-4000-8000-000000000002', slug: 'yeast-s-04', name: 'Дріжджі S-04', countInStock: 3 });

describe('the cart store', () => {
  beforeEach(() => useCart.getState().resetCart());

  it('adds lines and overwrites a line of the same product', () => {
    const { addToCart } = useCart.getState();
    addToCart(toCartItem(saaz, 2));
    addToCart(toCartItem(s04, 1));
    addToCart(toCartItem(saaz, 4));
    const lines = useCart.getState().cartItems;
    expect(lines.map((l) => [l.name, l.qty])).toEqual([
      ['Хміль Saaz', 4],
      ['Дріжджі S-04', 1],
    ]);
    expect(cartCount(lines)).toBe(5);
    // A cart line keeps the product without its owner, rating and date.
    expect(lines[0]).not.toHaveProperty('user');
    expect(lines[0]).not.toHaveProperty('rating');
  });

  it('caps a quantity by the stock, and keeps at least one', () => {
    const { addToCart } = useCart.getState();
    addToCart(toCartItem(s04, 10));
    expect(useCart.getState().cartItems[0].qty).toBe(3);
    addToCart(toCartItem(s04, 0));
    expect(useCart.getState().cartItems[0].qty).toBe(1);
    addToCart(toCartItem(s04, 2.7));
    expect(useCart.getState().cartItems[0].qty).toBe(2);
  });

  it('removes a line and clears the cart', () => {
    const { addToCart, removeFromCart, clearCartItems } = useCart.getState();
    addToCart(toCartItem(saaz, 1));
    addToCart(toCartItem(s04, 1));
    removeFromCart(cartLineKey(toCartItem(saaz, 1)));
    expect(useCart.getState().cartItems.map((l) => l.id)).toEqual([s04.id]);
    clearCartItems();
    expect(useCart.getState().cartItems).toEqual([]);
  });

  it("takes the catalogue's new price and stock into a line, keeping its quantity", () => {
    useCart.getState().addToCart(toCartItem(saaz, 3));
    useCart.getState().refreshLine({ ...saaz, variants: [{ ...saaz.variants[0], price: 150, countInStock: 1 }] });
    expect(useCart.getState().cartItems[0]).toMatchObject({ price: 150, countInStock: 1, qty: 3 });
  });

  it('keeps one line per pack and milling; an old line without a pack takes the only pack, or waits for a choice', () => {
    const pack = (id: string, label: string, price: number) => ({
      id: id,
      sku: label,
      label,
      price,
      discount: 0,
      countInStock: 9,
      weight: 1,
      gtin: null,
      position: 0,
    });
    const malt = product({ id: '00000000-0000-4000-8000-00000000000a', category: 'Malt', variants: [pack('v1', '1 кг', 60), pack('v5', '5 кг', 285)] });
    const { addToCart } = useCart.getState();
    addToCart(toCartItem(malt, 1, malt.variants[1], { milled: true }));
    addToCart(toCartItem(malt, 2, malt.variants[1]));
    addToCart(toCartItem(malt, 3, malt.variants[1], { milled: true }));
    addToCart(toCartItem(malt, 1, malt.variants[0]));
    expect(useCart.getState().cartItems.map((l) => [l.label, l.price, l.options?.milled ?? false, l.qty])).toEqual([
      ['5 кг', 285, true, 3],
      ['5 кг', 285, false, 2],
      ['1 кг', 60, false, 1],
    ]);

    // A line saved before pack sizes: the product's only pack is taken in; with several it stays for the shopper to choose.
    useCart.getState().resetCart();
    const legacy = { ...toCartItem(saaz, 2), variant: undefined, label: undefined };
    useCart.setState({ cartItems: [legacy] });
    useCart.getState().refreshLine(saaz);
    expect(useCart.getState().cartItems[0]).toMatchObject({ variant: saaz.variants[0].id, label: '100 г', qty: 2 });
    useCart.setState({ cartItems: [legacy] });
    useCart.getState().refreshLine({ ...saaz, variants: [pack('a', '50 г', 80), pack('b', '100 г', 150)] });
    expect(useCart.getState().cartItems[0].variant).toBeUndefined();
  });

  it('persists to localStorage and comes back after a reload', async () => {
    useCart.getState().addToCart(toCartItem(saaz, 2));
    useCart.getState().savePaymentMethod('paypal');
    const stored = JSON.parse(localStorage.getItem('cart') ?? '{}') as { state: { cartItems: { qty: number }[]; paymentMethod: string } };
    expect(stored.state.cartItems[0].qty).toBe(2);
    expect(stored.state.paymentMethod).toBe('paypal');

    // A reload: the memory is fresh, the storage is what the last visit left.
    const saved = localStorage.getItem('cart')!;
    useCart.getState().resetCart();
    localStorage.setItem('cart', saved);
    await useCart.persist.rehydrate();
    expect(useCart.getState().cartItems[0].qty).toBe(2);
    expect(useCart.getState().paymentMethod).toBe('paypal');
  });

  it('a cart saved before true names (lines with `_id`, `origin`, `alfa`) loads in the true shape', async () => {
    const { id, producer, alphaAcid, ...line } = toCartItem(saaz, 3);
    const old = { ...line, _id: id, origin: producer, alfa: alphaAcid };
    localStorage.setItem('cart', JSON.stringify({ state: { cartItems: [old], paymentMethod: 'NovaPoshta' }, version: 0 }));
    await useCart.persist.rehydrate();
    const [loaded] = useCart.getState().cartItems;
    expect(loaded).toMatchObject({ id: saaz.id, producer: 'Czech Republic', alphaAcid: 3.5, qty: 3 });
    expect(loaded).not.toHaveProperty('_id');
    expect(cartLineKey(loaded)).toBe(cartLineKey(toCartItem(saaz, 1)));
    expect(useCart.getState().paymentMethod).toBe('cash_on_delivery');
  });

  it('a saved payment method that no longer exists falls back to the default', async () => {
    localStorage.setItem('cart', JSON.stringify({ state: { cartItems: [], shippingAddress: null, paymentMethod: 'bitcoin' }, version: 0 }));
    await useCart.persist.rehydrate();
    expect(useCart.getState().paymentMethod).toBe(DEFAULT_PAYMENT_METHOD);
  });
});
