import { expect, test } from 'vitest';
import { DESKTOP, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';

const browser = useBrowser();

/** The shown prices of the cards, in order ("1 305 грн" → 1305). */
async function shownPrices(page: Awaited<ReturnType<typeof openPage>>) {
  const texts = await page.locator('main ul[role=list] li .card-body strong').allTextContents();
  return texts.map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

for (const [screen, viewport] of [
  ['a desktop', DESKTOP],
  ['a phone', PHONE],
] as const) {
  test(`on ${screen} the header search suggests as the shopper types; arrow down and Enter open Cascade`, async () => {
    const page = await openPage(browser(), viewport);
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Пошук у каталозі' });
    // On a phone too the field and the cart are there without opening the menu.
    await expect.poll(() => box.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /^Кошик/ }).isVisible()).toBe(true);
    await box.click();
    await box.pressSequentially('каск', { delay: 50 });
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    const options = page.getByRole('option');
    await expect.poll(() => options.first().textContent()).toContain('Cascade');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Підказок' }).textContent()).toMatch(/Підказок: \d/);
    await box.press('ArrowDown');
    const firstOption = await options.first().getAttribute('id');
    await expect.poll(() => box.getAttribute('aria-activedescendant')).toBe(firstOption);
    await box.press('Enter');
    await page.waitForURL(/\/product\/khmil-cascade/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Cascade');
    expectNoConsoleErrors(page);
  });
}

test('a shopper sorts hops by price, the order kept in the address and rendered by the server', async () => {
  const page = await openPage(browser());
  await page.goto('/hops');
  await page.getByLabel('Сортування').selectOption('price_asc');
  await page.waitForURL(/\/hops\?sort=price_asc$/);
  // The previous list stays on screen until the sorted one arrives: wait for the order, not for any list.
  const ascending = (prices: number[]) => prices.length > 3 && prices.every((price, i) => i === 0 || prices[i - 1] <= price);
  await expect.poll(async () => ascending(await shownPrices(page))).toBe(true);

  // The server's own answer already lists them in that order.
  const html = await (await page.request.get('/hops?sort=price_asc')).text();
  const first = (await page.locator('main ul[role=list] h2').first().textContent())!;
  expect(html).toContain(first);
  expectNoConsoleErrors(page);
});

test('a sold-out hop stays listed, last and marked, unless only products in stock are asked for', async () => {
  const page = await openPage(browser(), PHONE);
  // The sold-out hops of the demo catalogue: on the last page, after the others.
  await page.goto('/hops?page=3');
  const cards = page.locator('main ul[role=list] li');
  const soldOut = cards.filter({ hasText: 'Немає в наявності' });
  await expect.poll(() => soldOut.count()).toBeGreaterThanOrEqual(2);
  expect(await cards.last().textContent()).toContain('Немає в наявності');
  expect(await cards.first().textContent()).not.toContain('Немає в наявності');
  // A click, not check(): the box's state comes from the address, which changes after the click.
  await page.getByLabel('Тільки в наявності').click();
  await page.waitForURL(/inStock=true/);
  await expect.poll(() => soldOut.count()).toBe(0);
  await expect.poll(() => cards.count()).toBeGreaterThan(0);
  expectNoConsoleErrors(page);
});
