import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { discountedPrice, formatAmount } from '../src/shared/pricing';
import { expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { expectNoSideScroll, listProducts, placeOrderThroughApi, shown, signedInCustomer, type ListedProduct } from './support';

const browser = useBrowser();

/** A product of the category sold in the given packs, each in stock. */
async function productWithPacks(page: Page, category: string, labels: string[]): Promise<ListedProduct> {
  const found = (await listProducts(page, `category=${category}`)).find((p) =>
    labels.every((label) => p.variants.some((v) => v.label === label && v.countInStock > 0)),
  );
  expect(found, `a ${category} product in ${labels.join(', ')}`).toBeDefined();
  return found!;
}

const priceBlock = (page: Page) => page.getByTestId('pack-price');

for (const viewport of [WIDE, PHONE]) {
  test(`a shopper chooses the 100 г pack of a hop: price, stock and weight follow, and the cart keeps the pack (${viewport.width} px)`, async () => {
    const page = await openPage(browser(), viewport);
    const hop = await productWithPacks(page, 'Hops', ['50 г', '100 г']);
    const hundred = hop.variants.find((v) => v.label === '100 г')!;
    await page.goto(`/product/${hop.slug}`);

    // The cheapest pack in stock first; the price reads per pack, with the price per kilogram beside it.
    await expect.poll(() => priceBlock(page).textContent()).toMatch(/за 50 г/);
    await expect.poll(() => priceBlock(page).textContent()).toMatch(/грн\/кг/);
    expect(await page.getByRole('radiogroup').count()).toBe(0); // a fieldset of radios, named by its legend
    const packs = page.getByRole('group', { name: 'Фасовка' });
    await expect.poll(() => packs.getByRole('radio').count()).toBe(hop.variants.length);
    await expect.poll(() => shown(page, '0,05 кг')).toBe(true);

    await page.locator('label', { hasText: /^100 г/ }).click();
    expect(await page.getByRole('radio', { name: /^100 г/ }).isChecked()).toBe(true);
    // The price per kilogram of the pack as sold, after its discount.
    const perKg = formatAmount(discountedPrice(hundred.price, hundred.discount) * 10);
    await expect.poll(() => priceBlock(page).textContent()).toMatch(/за 100 г/);
    expect((await priceBlock(page).textContent())!.replace(/\s/g, '')).toContain(`${perKg.replace(/\s/g, '')}грн/кг`);
    await expect.poll(() => shown(page, '0,1 кг')).toBe(true);
    await expect.poll(() => shown(page, `В наявності: ${hundred.countInStock} шт.`)).toBe(true);
    // The arrow keys move between packs, as in any radio group.
    await page.getByRole('radio', { name: /^100 г/ }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => priceBlock(page).textContent()).toMatch(/за 50 г/);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => priceBlock(page).textContent()).toMatch(/за 100 г/);
    await expectAccessible(page);
    await expectNoSideScroll(page);

    await page.getByRole('button', { name: 'Додати в кошик' }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => page.locator('main li').filter({ hasText: hop.name }).textContent()).toContain('100 г');
    const line = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.cartItems[0]);
    expect(line).toMatchObject({ _id: hop._id, variant: hundred._id, label: '100 г', price: hundred.price, qty: 1 });
    await expectNoSideScroll(page);
    expectNoConsoleErrors(page);
  });
}

test('a shopper orders milled malt: the cart, the order and its page say "подрібнити"', async () => {
  const page = await openPage(browser(), WIDE);
  await signedInCustomer(page, { name: 'Іван Сірко', emailPrefix: 'miller' });

  const malt = await productWithPacks(page, 'Malt', ['1 кг', '5 кг']);
  await page.goto(`/product/${malt.slug}`);
  await page.locator('label', { hasText: /^5 кг/ }).click();
  await page.getByLabel(/Подрібнити солод/).check();
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
  // The same pack whole is a line of its own.
  await page.goto(`/product/${malt.slug}`);
  await page.locator('label', { hasText: /^5 кг/ }).click();
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
  await expect.poll(() => page.locator('main li').count()).toBe(2);
  await expect.poll(() => shown(page, '5 кг · подрібнити')).toBe(true);
  await expectAccessible(page);

  // The order carries each line as the cart keeps it (the review page sends the same).
  const lines = (await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.cartItems)) as {
    id: string;
    variant: string;
    qty: number;
    options?: { milled?: boolean };
  }[];
  const placed = await placeOrderThroughApi(
    page,
    lines.map((l) => ({ product: l.id, variant: l.variant, qty: l.qty, ...(l.options ? { options: l.options } : {}) })),
    'NovaPoshta',
    'Іван Сірко',
  );
  const order = (await placed.json()) as { _id: string; orderItems: { label: string; options: { milled?: true } }[] };
  expect(order.orderItems.map((l) => [l.label, Boolean(l.options.milled)]).sort()).toEqual([
    ['5 кг', false],
    ['5 кг', true],
  ]);
  await page.goto(`/order/${order._id}`);
  await expect.poll(() => shown(page, '5 кг · подрібнити')).toBe(true);
  await expect.poll(() => shown(page, /^5 кг$/)).toBe(true);
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  expectNoConsoleErrors(page);
});
