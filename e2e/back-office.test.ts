import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminCredentials, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { expectNoSideScroll, firstPackInStock, lineOf, placeOrderThroughApi, productsInStock, registerCustomer, signIn, signInAsAdmin } from './support';

const browser = useBrowser();
const SCREENSHOTS = '/tmp/back-office';

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
  const { name } = await registerCustomer(page, { name: `Пантелеймон Куліш ${randomBytes(2).toString('hex')}`, emailPrefix: 'kulish', signedIn: true });
  const [product] = await productsInStock(page, 'Yeast', 2);
  await placeOrderThroughApi(page, [lineOf(product, 1)], 'NovaPoshta', name);
  await page.request.post('/api/users/logout');
  return { name, product };
}

test('the owner lands on the dashboard, switches the period, edits a price and finds it in the trail and the customer in the list', async () => {
  const page = await openPage(browser(), WIDE);
  const { name, product } = await customerOrder(page);
  const { email, password } = adminCredentials();
  await signIn(page, email, password);
  // Without a destination the owner lands on the dashboard (docs/back-office.md).
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
  await signInAsAdmin(page, '/admin?days=90');
  await expect.poll(() => page.locator('[data-testid="day-chart"] canvas').count()).toBeGreaterThan(0);
  await expectUkrainianDays(page);
  await expectNoSideScroll(page);
  await shot(page, 'dashboard-375');
  for (const [path, name] of [
    ['/admin/customers', 'customers-375'],
    ['/admin/audit', 'audit-375'],
  ] as const) {
    await page.goto(path);
    await expect.poll(() => page.locator('h1').isVisible()).toBe(true);
    await expect.poll(() => page.locator('.spinner-border').count()).toBe(0);
    await expectNoSideScroll(page);
    await shot(page, name);
  }
  expectNoConsoleErrors(page);
});
