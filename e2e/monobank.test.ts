import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatUah } from '../src/shared/pricing';
import { allowConsoleErrors, DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import {
  addToCart,
  cartToShipping,
  choosePayment,
  expectNoSideScroll,
  guestShippingToPayment,
  placeGuestOrder,
  productsInStock,
  shown,
  toastsGone,
} from './support';

/** Paying through monobank's page (docs/payments.md), against the fake monobank of e2e/fake-services.ts. */

const browser = useBrowser();
const SCREENSHOTS = process.env.SCREENSHOT_DIR;

/** A guest on a phone with a hop pack in the cart, through delivery to Bila Tserkva branch №2 and the payment step. */
async function guestAtPaymentStep(page: Page) {
  const [product] = await productsInStock(page, 'Hops', 3);
  await addToCart(page, product);
  await cartToShipping(page);
  await guestShippingToPayment(page, 'mono');
}

/** Chooses monobank, places the order and answers the order's link and its total as shown. */
async function placeWithMonobank(page: Page) {
  await choosePayment(page, 'monobank: картка, Apple Pay чи Google Pay, у гривнях');
  const { link, order } = await placeGuestOrder(page);
  return { link, total: formatUah(order.totalPrice), totalPrice: order.totalPrice };
}

async function snap(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  for (const [label, size] of [
    ['375', PHONE],
    ['1366', WIDE],
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
  await toastsGone(page);
  await expectAccessible(page);
  await expectNoSideScroll(page);
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
