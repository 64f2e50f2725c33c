import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { Order } from '../src/shared/orders';
import { formatUah } from '../src/shared/pricing';
import { DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { lineOf, placeOrderThroughApi, productsInStock, shown, signedInCustomer, signInAsAdmin } from './support';

const browser = useBrowser();

// After a navigation or a call to LiqPay's (fake) checkout, a loaded machine needs more than a second.
const SLOW = { timeout: 15_000 };

/** A new customer, signed in, with a LiqPay order of two lines placed through the API. */
async function customerWithLiqPayOrder(page: Page) {
  await signedInCustomer(page, { emailPrefix: 'refund' });
  const [first, second] = await productsInStock(page, 'Yeast', 4);
  const placed = await placeOrderThroughApi(page, [lineOf(first, 2), lineOf(second, 1)], 'LiqPay');
  return (await placed.json()) as Order;
}

test('the owner refunds one line of a LiqPay order through LiqPay, and the shopper sees it', async () => {
  const page = await openPage(browser());
  const order = await customerWithLiqPayOrder(page);
  const refunded = order.orderItems.find((item) => item.qty === 1)!;
  const lineName = [refunded.name, refunded.label].filter(Boolean).join(', ');

  // The shopper pays by card: the (fake) LiqPay checkout calls the shop back and returns the shopper.
  await page.goto(`/order/${order.id}`);
  await page.getByRole('button', { name: /^Оплатити карткою/ }).click();
  await page.waitForURL((url) => url.pathname === `/order/${order.id}`);
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/), SLOW).toBe(true);

  // The owner opens the order and refunds the one-piece line.
  const admin = await openPage(browser());
  await signInAsAdmin(admin, `/order/${order.id}`);
  await admin.getByRole('button', { name: 'Повернути кошти' }).click();
  const dialog = admin.getByRole('dialog', { name: `Повернути кошти за замовлення №${order.number}` });
  await expect.poll(() => dialog.isVisible(), SLOW).toBe(true);
  await dialog.getByLabel(`Кількість до повернення: ${lineName}`).fill('1');
  const amount = formatUah(refunded.price);
  await expect.poll(() => dialog.getByTestId('refund-amount').textContent()).toBe(amount);
  // A reason is needed before anything is sent.
  await dialog.getByRole('button', { name: 'Повернути кошти' }).click();
  await expect.poll(() => shown(admin, 'Вкажіть причину')).toBe(true);
  await dialog.getByLabel('Причина').fill('Пошкоджена упаковка');
  await expect.poll(() => shown(admin, 'Вкажіть причину')).toBe(false);
  // A real dialog: over a backdrop, the page behind it covered (Bootstrap's modal styles are there).
  expect(await admin.locator('.modal-backdrop').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  expect(await admin.locator('.modal-content').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expectAccessible(admin);
  await admin.screenshot({ path: '/tmp/refund-dialog-desktop.png' });
  await admin.setViewportSize(PHONE);
  await admin.screenshot({ path: '/tmp/refund-dialog-phone.png' });
  await admin.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Повернути кошти' }).click();
  await expect.poll(() => shown(admin, `Повернути ${amount}? Це не можна відмінити.`)).toBe(true);
  await dialog.getByRole('button', { name: 'Підтвердити' }).click();
  await expect.poll(() => dialog.count(), SLOW).toBe(0);

  // The owner's history: through LiqPay, done, with the reason; the order stays paid.
  await expect.poll(() => shown(admin, `${lineName} × 1`)).toBe(true);
  await expect.poll(() => shown(admin, /LiqPay, виконано/)).toBe(true);
  await expect.poll(() => shown(admin, 'Причина: Пошкоджена упаковка')).toBe(true);
  await expect.poll(() => shown(admin, `Повернено покупцеві: ${amount} з ${formatUah(order.totalPrice)}`)).toBe(true);
  expectNoConsoleErrors(admin);

  // The shopper sees the refunded amount and line; the order is still paid.
  await page.reload();
  await expect.poll(() => shown(page, `Повернено покупцеві: ${amount} з ${formatUah(order.totalPrice)}`), SLOW).toBe(true);
  await expect.poll(() => shown(page, `${lineName} × 1`)).toBe(true);
  expect(await shown(page, 'Пошкоджена упаковка')).toBe(false);
  await expect.poll(() => page.locator('.badge').first().textContent()).toBe('Оплачено');
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: '/tmp/refund-shopper-phone.png', fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: '/tmp/refund-shopper-desktop.png', fullPage: true });
  expectNoConsoleErrors(page);
  // Two browsers and a payment round trip: on a busy machine this takes longer than the default minute.
}, 150_000);
