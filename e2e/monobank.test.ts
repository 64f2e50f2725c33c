import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatUah } from '../src/shared/pricing';
import { allowConsoleErrors, DESKTOP, expectAccessible, expectNoConsoleErrors, guestShippingToPayment, openPage, PHONE, useBrowser } from './fixtures';

/** Paying through monobank's page (docs/payments.md), against the fake monobank of e2e/fake-services.ts. */

const browser = useBrowser();
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

const shown = async (page: Page, text: string | RegExp) => (await page.getByText(text).filter({ visible: true }).count()) > 0;

/** A guest on a phone with a hop pack in the cart, through delivery to Bila Tserkva branch №2 and the payment step. */
async function guestAtPaymentStep(page: Page) {
  const list = (await (await page.request.get('/api/products?category=Hops')).json()) as { products: { _id: string; countInStock: number }[] };
  const product = list.products.find((p) => p.countInStock > 2)!;
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
  await page.getByRole('button', { name: 'Оформити замовлення' }).click();
  // Checkout may ask first whether to sign in; the guest goes on without an account.
  await page.waitForURL(/\/(login|shipping)/);
  if (new URL(page.url()).pathname === '/login') {
    await page.getByRole('link', { name: 'Оформити без реєстрації' }).click();
    await page.waitForURL('**/shipping');
  }
  await guestShippingToPayment(page, 'mono');
}

/** Chooses monobank, places the order and answers the order's link and its total as shown. */
async function placeWithMonobank(page: Page) {
  await page.getByLabel('monobank: картка, Apple Pay чи Google Pay, у гривнях').check();
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/guest\/[A-Za-z0-9_-]{43}$/);
  const link = new URL(page.url()).pathname;
  const placed = (await (await page.request.get(`/api${link.replace('/order/guest/', '/orders/guest/')}`)).json()) as { totalPrice: number };
  return { link, total: formatUah(placed.totalPrice), totalPrice: placed.totalPrice };
}

async function snap(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const [label, size] of [
    ['375', PHONE],
    ['1366', { width: 1366, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

test('on a phone, a guest chooses monobank, pays on monobank’s page and comes back to a paid order', async () => {
  const page = await openPage(browser(), PHONE);
  allowConsoleErrors(page, /401/);
  await guestAtPaymentStep(page);
  // Offered with the other methods, labelled with what the shopper pays by on monobank's page.
  await expect.poll(() => page.getByLabel('monobank: картка, Apple Pay чи Google Pay, у гривнях').isVisible()).toBe(true);
  await snap(page, 'monobank-payment-step');
  const { link, total, totalPrice } = await placeWithMonobank(page);

  await expect.poll(() => shown(page, 'Не оплачено'), { timeout: 10_000 }).toBe(true);
  const payButton = page.getByRole('button', { name: `Оплатити ${total} через monobank` });
  await expect.poll(() => payButton.isVisible(), { timeout: 10_000 }).toBe(true);
  expect(await shown(page, 'Карткою, Apple Pay або Google Pay на сторінці monobank.')).toBe(true);
  await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 10_000 }).toBe(0);
  await expectAccessible(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await snap(page, 'monobank-order-unpaid');

  // monobank's (fake) page shows the order's sum; paying there calls the shop's webhook, then sends the guest back.
  await payButton.click();
  await page.waitForURL(/\/pay\/p2_/);
  expect(await page.getByTestId('amount').textContent()).toBe(`${totalPrice.toFixed(2)} ₴`);
  await snap(page, 'monobank-fake-page');
  await page.getByRole('button', { name: /^Сплатити \d/ }).click();
  await page.waitForURL((url) => url.pathname === link);
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/), { timeout: 10_000 }).toBe(true);
  expect(await page.getByRole('button', { name: /через monobank/ }).count()).toBe(0);
  await snap(page, 'monobank-order-paid');
  expectNoConsoleErrors(page);
});

test('back from monobank before its webhook, the order page asks monobank and shows the order paid', async () => {
  const page = await openPage(browser(), PHONE);
  allowConsoleErrors(page, /401/);
  await guestAtPaymentStep(page);
  const { link, total } = await placeWithMonobank(page);
  await page.getByRole('button', { name: `Оплатити ${total} через monobank` }).click();
  await page.waitForURL(/\/pay\/p2_/);
  await page.getByRole('button', { name: 'Сплатити, сповістивши магазин пізніше' }).click();
  await page.waitForURL((url) => url.pathname === link);
  // Paid by the status the page asked monobank for: the webhook comes ten seconds later.
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/), { timeout: 8_000 }).toBe(true);
  await expect.poll(() => shown(page, 'Замовлення оплачено')).toBe(true);
  // The return's mark is gone from the address: a reload is not another return.
  expect(new URL(page.url()).search).toBe('');
  await page.setViewportSize(DESKTOP);
  expectNoConsoleErrors(page);
});
