import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { adminCredentials, PHONE } from './fixtures';

/**
 * The shop's steps as the browser tests take them: signing in, a product into the cart, the
 * checkout steps, toasts and letters. The browser itself (pages, console, axe) is in fixtures.ts.
 */

// ——— Reading the page ———

/** Some element with this text is visible. */
export const shown = async (page: Page, text: string | RegExp) => (await page.getByText(text).filter({ visible: true }).count()) > 0;

/** Nothing is wider than the window: no sideways scrolling. */
export const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

export async function expectNoSideScroll(page: Page) {
  await expect.poll(() => noSideScroll(page), { message: 'no sideways scrolling' }).toBe(true);
}

/** The page fits a phone's screen; the window goes back to its size after. */
export async function expectFitsPhone(page: Page) {
  const before = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  if (before) await page.setViewportSize(before);
}

// ——— Toasts ———

export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text);

/** Waits until every toast has closed by itself (axe reads a toast mid-fade as low contrast). */
export async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
}

/** Closes the toasts at once, as a shopper would, and waits until none is left. */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  await expect
    .poll(
      async () => {
        for (const close of await toasts.locator('.Toastify__close-button').all()) await close.click({ timeout: 500 }).catch(() => {});
        await page.mouse.move(0, 0);
        return toasts.count();
      },
      { timeout: 8000, interval: 300 },
    )
    .toBe(0);
}

// ——— Accounts ———

export const CUSTOMER_PASSWORD = 'brew-day-2024';

/** Signs in through the real login screen. */
export async function signIn(page: Page, email: string, password: string, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await submitSignIn(page, email, password);
}

/**
 * Fills the login screen the page is on and signs in. By the fields' ids: a checkout step's own
 * e-mail field may still show while the login screen loads.
 */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: /увійти|sign in/i }).click();
}

/** The owner, signed in through the login screen and taken to `to` (path and query). */
export async function signInAsAdmin(page: Page, to: string) {
  const { email, password } = adminCredentials();
  await signIn(page, email, password, to);
  await page.waitForURL((url) => url.pathname + url.search === to);
}

/**
 * A new customer registered through the API with the page's cookies; signed out again unless
 * `signedIn` (then the page's requests act as the customer, the web app does not know it).
 */
export async function registerCustomer(page: Page, { name = 'Остап Вишня', emailPrefix = 'buyer', signedIn = false } = {}) {
  const email = `${emailPrefix}-${randomBytes(4).toString('hex')}@example.com`;
  const res = await page.request.post('/api/users', { data: { name, email, password: CUSTOMER_PASSWORD } });
  expect(res.status()).toBe(201);
  if (!signedIn) await page.request.post('/api/users/logout');
  return { name, email, password: CUSTOMER_PASSWORD };
}

/** A new customer, signed in through the login screen (the web app and the page's requests know who it is). */
export async function signedInCustomer(page: Page, customer?: { name?: string; emailPrefix?: string }) {
  const registered = await registerCustomer(page, customer);
  await signIn(page, registered.email, registered.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return registered;
}

// ——— The catalogue and the cart ———

/** A product as the lists answer it, with its packs cheapest first (docs/api.md). */
export interface ListedProduct {
  _id: string;
  slug: string;
  name: string;
  image: string;
  origin: string;
  weight: number;
  countInStock: number;
  price: number;
  discount: number;
  variants: { _id: string; sku: string; label: string; countInStock: number; price: number; discount: number }[];
}

/** The products a list answers for this query string (`category=Yeast&inStock=true`), as the test reads them. */
export async function listProducts<Product extends ListedProduct = ListedProduct>(page: Page, query: string): Promise<Product[]> {
  const res = await page.request.get(`/api/products?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { products: Product[] }).products;
}

/** The pack a product page offers first, and so the one "Додати в кошик" puts in the cart: the cheapest in stock. */
export const firstPackInStock = (product: ListedProduct) => product.variants.find((v) => v.countInStock > 0)!;

/** Products of the category whose first pack has at least `minStock` in stock. */
export async function productsInStock(page: Page, category: string, minStock = 1): Promise<ListedProduct[]> {
  return (await listProducts(page, `category=${category}`)).filter((p) => firstPackInStock(p)?.countInStock >= minStock);
}

/** Opens the product's page (by id or slug) and adds its first pack: the cart opens. */
export async function addToCart(page: Page, product: { _id: string } | string) {
  await page.goto(`/product/${typeof product === 'string' ? product : product._id}`);
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
}

// ——— Orders placed through the API ———

/** An order line as the API takes it (docs/api.md). */
export interface OrderLine {
  product: string;
  variant: string;
  qty: number;
  options?: { milled?: boolean };
}

/** An order line of the product's first pack (with its options, as milled malt's). */
export const lineOf = (product: ListedProduct, qty: number, options?: OrderLine['options']): OrderLine => ({
  product: product._id,
  variant: firstPackInStock(product)._id,
  qty,
  ...(options && { options }),
});

/** Placed through the API as the page's signed-in customer, to branch №1 in Kyiv. */
export async function placeOrderThroughApi(page: Page, lines: OrderLine[], paymentMethod: string, recipient = 'Остап Вишня') {
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': randomBytes(16).toString('hex') },
    data: {
      orderItems: lines,
      paymentMethod,
      shippingAddress: { address: recipient, city: 'Київ', phoneNumber: '+380671112233', country: 'Відділення №1: вул. Пирогівський шлях, 135' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return placed;
}

// ——— Checkout in the browser ———

/** From the cart's "Оформити замовлення": guest first, the cart leads straight to the delivery step (docs/delivery.md). */
export async function cartToShipping(page: Page) {
  await page.getByRole('button', { name: 'Оформити замовлення' }).click();
  await page.waitForURL('**/shipping');
}

/** Branch №2 in Bila Tserkva, chosen on the delivery step (the fake directory's). */
export async function chooseBilaTserkvaBranch(page: Page) {
  await page.getByRole('combobox', { name: 'Населений пункт' }).fill('Біла');
  await page.getByRole('option', { name: /^м\. Біла Церква / }).click();
  await page.getByLabel('Пошук за номером або вулицею').fill('олександрійський');
  await page.getByRole('radio', { name: /^Відділення №2: бульв\. Олександрійський, 68/ }).check();
}

/** The delivery step as a guest, from /shipping to /payment: branch №2 in Bila Tserkva, Леся Українка. */
export async function guestShippingToPayment(page: Page, emailPrefix: string) {
  await chooseBilaTserkvaBranch(page);
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Леся Українка');
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByLabel('Електронна пошта').fill(`${emailPrefix}-${randomBytes(4).toString('hex')}@example.com`);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
}

/** The payment step: the method by its label, on to the review step. */
export async function choosePayment(page: Page, label: string) {
  await page.getByLabel(label).check();
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');
}

/** From the cart to the review step as a guest: branch №2 in Bila Tserkva, cash on delivery. */
export async function guestCartToReview(page: Page, emailPrefix: string) {
  await cartToShipping(page);
  await guestShippingToPayment(page, emailPrefix);
  await choosePayment(page, 'Накладений платіж у відділенні Нової пошти');
}

/** A guest's order as its unguessable link answers it through the API. */
export interface GuestOrder {
  _id: string;
  number: number;
  totalPrice: number;
}

/** "Замовити" on the review step as a guest: the order's page by its link, and the order. */
export async function placeGuestOrder(page: Page): Promise<{ link: string; order: GuestOrder }> {
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/guest\/[A-Za-z0-9_-]{43}$/, { timeout: 20_000 });
  const link = new URL(page.url()).pathname;
  const res = await page.request.get(`/api${link.replace('/order/guest/', '/orders/guest/')}`);
  expect(res.status()).toBe(200);
  return { link, order: (await res.json()) as GuestOrder };
}

// ——— Letters ———

/** A letter the shop wrote: its headers (unfolded) and its text, decoded. */
export interface Letter {
  head: string;
  text: string;
}

/**
 * The letters to `email`, newest first, read from the .eml files the shop writes when it has no
 * SMTP (docs/notifications.md).
 */
export function lettersTo(email: string): Letter[] {
  const dir = inject('mailDir');
  if (!existsSync(dir)) return []; // no letter written yet
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'm');
  const letters: Letter[] = [];
  for (const name of readdirSync(dir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const split = raw.search(/\r?\n\r?\n/);
    const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    if (to.test(head)) letters.push({ head, text: letterText(raw, head, raw.slice(split).trim()) });
  }
  return letters;
}

/** The newest letter to `email`, or null while there is none. */
export const letterTo = (email: string): Letter | null => lettersTo(email)[0] ?? null;

function letterText(raw: string, head: string, body: string): string {
  // A letter with an HTML part is multipart, each part base64; a text-only one is a single part.
  const parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((part) =>
    Buffer.from(part[1], 'base64').toString('utf8'),
  );
  if (parts.length) return parts.join('\n');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
