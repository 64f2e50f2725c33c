import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');
export const adminCredentials = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** One Chromium for the test file, closed after it: `const browser = useBrowser();` then `openPage(browser())`. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not started yet');
    return browser;
  };
}

const consoleErrors = new WeakMap<Page, { errors: string[]; allowed: RegExp[] }>();

/**
 * A fresh browser context and page at the shop. Any console error or uncaught exception fails
 * the test in `expectNoConsoleErrors`, unless the test said it expects it (`allowConsoleErrors`).
 */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'uk-UA' });
  const page = await context.newPage();
  const record = { errors: [] as string[], allowed: [] as RegExp[] };
  consoleErrors.set(page, record);
  page.on('console', (message) => {
    if (message.type() === 'error') record.errors.push(message.text());
  });
  page.on('pageerror', (error) => record.errors.push(`uncaught: ${error.message}`));
  // A page the server rendered shows its buttons before React has taken them over: a test, like a
  // shopper, acts once the page is live (src/web/main.tsx marks it).
  const live = () => page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
  return page;
}

/** Failed requests the test causes on purpose (a wrong password's 401) log console errors. */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  consoleErrors.get(page)?.allowed.push(pattern);
}

export function expectNoConsoleErrors(page: Page) {
  const record = consoleErrors.get(page);
  const unexpected = (record?.errors ?? []).filter((text) => !record?.allowed.some((re) => re.test(text)));
  expect(unexpected, 'console errors in the browser').toEqual([]);
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  // A toast still fading in is half-transparent: axe would measure its contrast mid-animation.
  // Short transitions only: spinners never end and a toast's progress bar runs until it closes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getTiming();
          return timing?.iterations !== Infinity && Number(timing?.duration) <= 1000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(serious, 'serious accessibility violations').toEqual([]);
}

/** Signs in through the real login screen. */
export async function signIn(page: Page, email: string, password: string, redirect?: string) {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await page.getByLabel(/e-?mail|пошта/i).fill(email);
  await page.getByLabel(/^(пароль|password)$/i).fill(password);
  await page.getByRole('button', { name: /увійти|sign in/i }).click();
}

/** A product as the lists answer it, with its packs cheapest first (docs/api.md). */
export interface ListedProduct {
  _id: string;
  name: string;
  countInStock: number;
  price: number;
  discount: number;
  variants: { _id: string; label: string; countInStock: number; price: number }[];
}

/** The pack a product page offers first, and so the one "Додати в кошик" puts in the cart: the cheapest in stock. */
export const firstPackInStock = (product: ListedProduct) => product.variants.find((v) => v.countInStock > 0)!;

/** An order line of that pack, for orders placed through the API. */
export const lineOf = (product: ListedProduct, qty: number) => ({ product: product._id, variant: firstPackInStock(product)._id, qty });

/**
 * From the cart's "Оформити замовлення" to the review step as a guest: branch №2 in Bila Tserkva
 * (the fake directory's), cash on delivery (docs/delivery.md).
 */
export async function guestCartToReview(page: Page, emailPrefix: string) {
  await page.getByRole('button', { name: 'Оформити замовлення' }).click();
  // Guest first: the cart leads straight to the delivery step.
  await page.waitForURL('**/shipping');
  await guestShippingToPayment(page, emailPrefix);
  await page.getByLabel('Накладений платіж у відділенні Нової пошти').check();
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');
}

/** The delivery step as a guest, from /shipping to /payment: branch №2 in Bila Tserkva, Леся Українка. */
export async function guestShippingToPayment(page: Page, emailPrefix: string) {
  await page.getByRole('combobox', { name: 'Населений пункт' }).fill('Біла');
  await page.getByRole('option', { name: /^м\. Біла Церква / }).click();
  await page.getByLabel('Пошук за номером або вулицею').fill('олександрійський');
  await page.getByRole('radio', { name: /^Відділення №2: бульв\. Олександрійський, 68/ }).check();
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Леся Українка');
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByLabel('Електронна пошта').fill(`${emailPrefix}-${randomBytes(4).toString('hex')}@example.com`);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
}
