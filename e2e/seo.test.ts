import { expect, test } from 'vitest';
import { baseURL, expectNoConsoleErrors, openPage, useBrowser } from './fixtures';

const browser = useBrowser();

test('the first screens start from the data embedded in the page: no second request for it', async () => {
  const page = await openPage(browser());
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/products')) apiCalls.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect.poll(() => page.locator('main ul[role=list] h3').count()).toBeGreaterThanOrEqual(12);
  await expect.poll(() => page.getByRole('heading', { name: 'Найкращі за оцінками' }).isVisible()).toBe(true);
  expect(apiCalls).toEqual([]);

  await page.goto('/hops');
  await expect.poll(() => page.locator('main ul[role=list] h3').count()).toBeGreaterThan(0);
  expect(apiCalls).toEqual([]);

  const href = await page.locator('main ul[role=list] a').first().getAttribute('href');
  expect(href).toMatch(/^\/product\/[a-z0-9-]+$/);
  await page.goto(href!);
  await expect.poll(() => page.getByRole('button', { name: 'Додати в кошик' }).isVisible()).toBe(true);
  expect(apiCalls).toEqual([]);
  // schema.org data reaches the browser untouched, and nothing in the head is refused by the policy.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(ld['@type']).toBe('Product');
  expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe(new URL(href!, ld.offers.url).toString());
  expectNoConsoleErrors(page);
});

test('an old /product/{id} link lands on the product\'s readable address', async () => {
  const page = await openPage(browser());
  const list = await (await fetch(`${baseURL()}/api/products`)).json();
  const product = list.products[0];
  await page.goto(`/product/${product._id}`);
  await page.waitForURL(`**/product/${product.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: product.name }).isVisible()).toBe(true);
  expectNoConsoleErrors(page);
});
