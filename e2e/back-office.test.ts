import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  adminCredentials,
  expectAccessible,
  expectNoConsoleErrors,
  firstPackInStock,
  lineOf,
  openPage,
  PHONE,
  signIn,
  useBrowser,
  type ListedProduct,
} from './fixtures';

const browser = useBrowser();
const WIDE = { width: 1366, height: 900 };
const SCREENSHOTS = '/tmp/back-office';

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
mkdirSync(SCREENSHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });

/** The first chart's legend names its days in Ukrainian ("Дата", never uPlot's "Time") and, under the cursor, shows a Kyiv day, not an hour. */
async function expectUkrainianDays(page: Page) {
  const chart = page.locator('[data-testid="day-chart"]').first();
  const legend = chart.locator('.u-legend');
  await expect.poll(() => legend.textContent()).toContain('Дата');
  expect(await legend.textContent()).not.toContain('Time');
  await chart.locator('.u-over').hover();
  await expect.poll(() => legend.locator('.u-series').first().textContent()).toMatch(/^Дата\d{2}\.\d{2}\.\d{4}$/);
}

/** A customer with one order of a yeast pack, placed through the API; signed out after. */
async function customerOrder(page: Page) {
  const name = `Пантелеймон Куліш ${randomBytes(2).toString('hex')}`;
  const email = `kulish-${randomBytes(4).toString('hex')}@example.com`;
  expect((await page.request.post('/api/users', { data: { name, email, password: 'brew-day-2024' } })).status()).toBe(201);
  const list = (await (await page.request.get('/api/products?category=Yeast')).json()) as { products: ListedProduct[] };
  const product = list.products.find((p) => firstPackInStock(p)?.countInStock >= 2)!;
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': randomBytes(16).toString('hex') },
    data: {
      orderItems: [lineOf(product, 1)],
      paymentMethod: 'NovaPoshta',
      shippingAddress: { address: name, city: 'Київ', phoneNumber: '+380671119988', country: 'Відділення №1: вул. Пирогівський шлях, 135' },
    },
  });
  expect(placed.status()).toBe(201);
  await page.request.post('/api/users/logout');
  return { name, product };
}

test('the owner lands on the dashboard, switches the period, edits a price and finds it in the trail and the customer in the list', async () => {
  const page = await openPage(browser(), WIDE);
  const { name, product } = await customerOrder(page);
  const { email, password } = adminCredentials();
  await signIn(page, email, password);
  await page.waitForURL((url) => url.pathname === '/admin');

  await expect.poll(() => page.getByRole('heading', { name: 'Панель магазину' }).isVisible()).toBe(true);
  // The chart is drawn (uPlot, loaded for this screen) and its numbers are a table for screen readers.
  await expect.poll(() => page.locator('[data-testid="day-chart"] canvas').count()).toBeGreaterThan(0);
  await expectUkrainianDays(page);
  const revenueTable = page.locator('table', { has: page.locator('caption', { hasText: 'Виручка за днями: таблиця' }) });
  expect(await revenueTable.locator('tbody tr').count()).toBe(7);
  await expect.poll(() => page.getByRole('heading', { name: 'Найкращі товари' }).isVisible()).toBe(true);
  expect(await page.locator('section', { hasText: 'Найкращі товари' }).textContent()).toContain(product.name);
  await expect.poll(() => page.getByRole('heading', { name: 'Закінчується' }).isVisible()).toBe(true);
  await shot(page, 'dashboard-1366');
  await expectAccessible(page);

  await page.getByRole('link', { name: '30 днів' }).click();
  await page.waitForURL('**/admin?days=30');
  await expect.poll(() => revenueTable.locator('tbody tr').count()).toBe(30);
  expect(await page.getByRole('link', { name: '30 днів' }).getAttribute('aria-current')).toBe('page');

  // A new price for the product's first pack.
  await page.goto(`/admin/product/${product._id}/edit`);
  const price = page.locator('#variants-0-price');
  await expect.poll(() => price.isVisible()).toBe(true);
  const newPrice = String(Math.round(firstPackInStock(product).price) + 7);
  await price.fill(newPrice);
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => page.getByText('Товар оновлено').first().isVisible()).toBe(true);
  // The product's own history shows it.
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'Історія змін' }) });
  // Saving leads back to the list: the product's page is opened again.
  await page.waitForURL('**/admin/productlist');
  await page.goto(`/admin/product/${product._id}/edit`);
  await expect.poll(() => history.textContent()).toContain('фасовку змінено');

  await page.goto('/admin/audit');
  await expect.poll(() => page.getByRole('heading', { name: 'Журнал змін' }).isVisible()).toBe(true);
  await expect.poll(() => page.locator('tbody tr').first().textContent()).toContain('фасовку змінено');
  expect(await page.locator('tbody tr').first().textContent()).toContain(`${newPrice}\u00a0грн`);
  await page.getByLabel('Що').selectOption('product');
  await page.getByLabel('Ідентифікатор', { exact: true }).fill(product._id);
  await page.getByRole('button', { name: 'Показати' }).click();
  await page.waitForURL(/entity=product/);
  await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
  await shot(page, 'audit-1366');
  await expectAccessible(page);

  await page.goto('/admin/customers');
  await page.getByRole('searchbox', { name: 'Пошук за імʼям, e-mail або телефоном' }).fill(name.split(' ').at(-1)!);
  await page.getByRole('button', { name: 'Знайти' }).click();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  await shot(page, 'customers-1366');
  await page.getByRole('link', { name }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Замовлення' }).isVisible()).toBe(true);
  expect(await page.locator('tbody tr').count()).toBe(1);
  await expectAccessible(page);
  expectNoConsoleErrors(page);
}, 240_000);

test('the dashboard, customers and the trail fit a phone', async () => {
  const page = await openPage(browser(), PHONE);
  const { email, password } = adminCredentials();
  await signIn(page, email, password, '/admin?days=90');
  await page.waitForURL('**/admin?days=90');
  await expect.poll(() => page.locator('[data-testid="day-chart"] canvas').count()).toBeGreaterThan(0);
  await expectUkrainianDays(page);
  expect(await noSideScroll(page)).toBe(true);
  await shot(page, 'dashboard-375');
  for (const [path, name] of [
    ['/admin/customers', 'customers-375'],
    ['/admin/audit', 'audit-375'],
  ] as const) {
    await page.goto(path);
    await expect.poll(() => page.locator('h1').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.spinner-border').count()).toBe(0);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, name);
  }
  expectNoConsoleErrors(page);
});
