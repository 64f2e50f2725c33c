import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { expectNoSideScroll, listProducts, signInAsAdmin, type ListedProduct } from './support';

/** The product page's gallery by keyboard, and a category page's price filter (docs/screens.md), at 1366 and 375 px. */

const browser = useBrowser();
const SLOW = { timeout: 15_000 };

const focusedIsVisible = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    return Boolean(focused?.matches(':focus-visible')) && getComputedStyle(focused!).outlineStyle !== 'none';
  });

const PICTURES = [
  { alt: 'Кег 19 л спереду', altEn: 'Keg, front' },
  { alt: 'Кег 19 л збоку, видно ручки', altEn: 'Keg, side' },
  { alt: 'Кришка кега з клапаном', altEn: 'Keg lid' },
];

/** A published product with three pictures, each with its alt text, made by the owner through the API. */
async function productWithGallery(): Promise<{ slug: string; name: string }> {
  const admin = await openPage(browser(), WIDE);
  await signInAsAdmin(admin, '/admin/productlist');
  // Pictures the shop already serves; a keg's producer, so the new keg is like the others.
  const [pictures, [keg]] = [await listProducts(admin, 'category=Hops'), await listProducts(admin, 'category=Kegs')];
  const created = await admin.request.post('/api/products');
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { _id: string; image: string; variants: { _id: string; sku: string }[] };
  const name = `Кег з галереєю ${randomBytes(3).toString('hex')}`;
  const [pack] = draft.variants;
  const saved = await admin.request.put(`/api/products/${draft._id}`, {
    data: {
      name,
      image: pictures[0].image,
      images: PICTURES.map((picture, i) => ({ url: pictures[i].image, ...picture })),
      description: 'Кег для галереї.',
      category: 'Kegs',
      origin: keg.origin,
      status: 'published',
      variants: [{ _id: pack._id, sku: pack.sku, label: '1 шт', price: 2500, discount: 0, weight: 4, countInStock: 3 }],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const product = (await saved.json()) as { slug: string };
  await admin.context().close();
  return { slug: product.slug, name };
}

let gallery: Promise<{ slug: string; name: string }> | null = null;

for (const viewport of [WIDE, PHONE]) {
  test(`the product page's gallery is used by keyboard: arrows, Home and End move, focus is seen, every picture has its alt (${viewport.width} px)`, async () => {
    gallery ??= productWithGallery();
    const { slug, name } = await gallery;
    const page = await openPage(browser(), viewport);
    await page.goto(`/product/${slug}`);
    await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible(), SLOW).toBe(true);
    const main = page.locator('img.product-image');
    const thumbs = page.getByRole('group', { name: 'Зображення товару' }).getByRole('button');
    expect(await main.getAttribute('alt')).toBe(PICTURES[0].alt);
    expect(await thumbs.count()).toBe(3);
    for (const [i, picture] of PICTURES.entries()) {
      expect(await thumbs.nth(i).getAttribute('aria-label')).toBe(`Зображення ${i + 1} з 3: ${picture.alt}`);
    }
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('true');

    // Keyboard only: Tab reaches the thumbnails after the rest of the page's controls above them.
    await thumbs.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[1].alt);
    expect(await thumbs.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await focusedIsVisible(page)).toBe(true);
    expect(await page.getByText('Зображення 2 з 3', { exact: true }).count()).toBe(1);
    await page.keyboard.press('End');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[2].alt);
    // From the last, onwards wraps to the first; back from the first wraps to the last.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[0].alt);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[2].alt);
    await page.keyboard.press('Home');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[0].alt);
    expect(await focusedIsVisible(page)).toBe(true);
    // Tab and Shift+Tab go from thumbnail to thumbnail as between buttons; Enter shows the one focused.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    expect(await thumbs.nth(0).evaluate((el) => el === document.activeElement)).toBe(true);
    await thumbs.nth(1).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => main.getAttribute('alt')).toBe(PICTURES[1].alt);

    await expectNoSideScroll(page);
    await expectAccessible(page);
    expectNoConsoleErrors(page);
  });

  test(`a shopper narrows hops by price: the address carries price=…, the list holds only that range, "Скинути фільтри" clears it (${viewport.width} px)`, async () => {
    const page = await openPage(browser(), viewport);
    await page.goto('/hops');
    await expect.poll(() => page.getByRole('heading', { name: 'Фільтри' }).isVisible(), SLOW).toBe(true);
    const titles = page.locator('main ul[role=list] h2');
    await expect.poll(() => titles.count(), SLOW).toBe(12);
    // A range from the hops' own prices: from the cheapest to the middle one, so some hops fall outside it.
    type Listed = { products: ListedProduct[]; pages: number; total: number };
    const onSale = (v: { price: number; discount: number }) => (v.price * (100 - v.discount)) / 100;
    const listing = async (query: string) => (await (await page.request.get(`/api/products?category=Hops${query}`)).json()) as Listed;
    const everything = await listing('');
    const cheapest: number[] = [];
    for (let n = 1; n <= everything.pages; n++) {
      for (const product of (await listing(`&pageNumber=${n}`)).products) cheapest.push(Math.min(...product.variants.map(onSale)));
    }
    cheapest.sort((a, b) => a - b);
    const [from, to] = [Math.floor(cheapest[0]), Math.floor(cheapest[Math.floor(cheapest.length / 2)])];

    await page.getByLabel('Ціна, грн: від').fill(String(from));
    await page.getByLabel('Ціна, грн: до').fill(String(to));
    await page.getByLabel('Ціна, грн: до').press('Enter');
    await page.waitForURL(new RegExp(`[?&]price=${from}-${to}(&|$)`));
    const { products, total } = await listing(`&price=${from}-${to}`);
    expect(products.length).toBeGreaterThan(0);
    expect(total).toBeLessThan(everything.total);
    await expect.poll(async () => (await titles.allTextContents()).sort(), SLOW).toEqual(products.map((p) => p.name).sort());
    // Each has a pack on sale within the range after its discount (docs/screens.md).
    for (const product of products) expect(product.variants.some((v) => onSale(v) >= from && onSale(v) <= to)).toBe(true);
    expect(await page.getByLabel('Ціна, грн: від').inputValue()).toBe(String(from));
    await expectNoSideScroll(page);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Скинути фільтри' }).first().click();
    await page.waitForURL((url) => url.pathname === '/hops' && !url.searchParams.has('price'));
    await expect.poll(() => titles.count(), SLOW).toBe(12);
    // The field follows the address once the reset's navigation has been drawn.
    await expect.poll(() => page.getByLabel('Ціна, грн: від').inputValue(), SLOW).toBe('');
    expect(await page.getByRole('button', { name: 'Скинути фільтри' }).count()).toBe(0);
    expectNoConsoleErrors(page);
  });
}
