import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IPA_BEERSMITH } from '../src/shared/recipes/test-recipes';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, PHONE, recordWarningsAndApiCalls, useBrowser, WIDE } from './fixtures';
import { guestCartToReview, placeGuestOrder, shown, signedInCustomer, signInAsAdmin } from './support';

const browser = useBrowser();

interface AdminProduct {
  _id: string;
  slug: string;
  name: string;
  image: string;
  origin: string;
  category: string;
  description: string;
  cropYear: number | null;
  alfa: number | null;
  ferment_temp: string | null;
  ferment_type: string | null;
  status: string;
  variants: { _id: string; sku: string; label: string; price: number; discount: number; countInStock: number; weight: number; gtin: string | null }[];
}

/** Sets every pack of Citra to this stock through the admin's product edit (docs/api.md). */
async function setCitraStock(admin: Page, stockOf: (variantId: string) => number) {
  const list = (await (await admin.request.get('/api/products?keyword=Citra&all=true')).json()) as { products: AdminProduct[] };
  const citra = list.products.find((p) => p.name.includes('Citra'))!;
  const { _id, slug: _slug, variants, ...fields } = citra;
  void _slug;
  const body = {
    name: fields.name,
    image: fields.image,
    origin: fields.origin,
    category: fields.category,
    description: fields.description,
    cropYear: fields.cropYear,
    alfa: fields.alfa,
    ferment_temp: fields.ferment_temp,
    ferment_type: fields.ferment_type,
    status: fields.status,
    variants: variants.map((v) => ({
      _id: v._id,
      sku: v.sku,
      label: v.label,
      price: v.price,
      discount: v.discount,
      countInStock: stockOf(v._id),
      weight: v.weight,
      gtin: v.gtin,
    })),
  };
  const res = await admin.request.put(`/api/products/${_id}`, { data: body });
  expect(res.status(), await res.text()).toBe(200);
  return variants;
}

let admin: Page;
let restore: (() => Promise<void>) | undefined;
beforeAll(async () => {
  admin = await openPage(browser());
  await signInAsAdmin(admin, '/admin/productlist');
  const before = await setCitraStock(admin, () => 0);
  restore = async () => void (await setCitraStock(admin, (id) => before.find((v) => v._id === id)!.countInStock));
});
afterAll(async () => {
  await restore?.();
});

const ingredient = (page: Page, key: string) => page.locator(`[data-ingredient="${key}"]`);

/** A guest checks the cart out to branch №2 in Bila Tserkva, cash on delivery (docs/delivery.md). */
async function checkOutAsGuest(page: Page) {
  await guestCartToReview(page, 'brewer');
  await placeGuestOrder(page);
}

for (const viewport of [WIDE, PHONE]) {
  test(`a brewer uploads an IPA, sees sold-out Citra replaced, scales to 23 L, changes a match, adds everything milled to the cart and checks out (${viewport.width} px)`, async () => {
    const page = await openPage(browser(), viewport);
    await page.goto('/');
    await page.getByRole('link', { name: 'Зварити за рецептом' }).first().click();
    await page.waitForURL(/\/recipe$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Зварити за рецептом');

    await page.getByLabel('Файл рецепта (.xml або .json)').setInputFiles({ name: 'citra-ipa.xml', mimeType: 'text/xml', buffer: Buffer.from(IPA_BEERSMITH) });
    await expect.poll(() => page.getByRole('heading', { name: 'Citra West Coast IPA' }).count(), { timeout: 15_000 }).toBe(1);

    // Citra is sold out: a substitute is chosen and said to be one; Citra stays listed, not selectable.
    const citra = ingredient(page, 'hop-1');
    await expect.poll(() => citra.textContent()).toContain('Citra немає в наявності — запропоновано заміну');
    const citraSelect = citra.getByRole('combobox', { name: 'Товар для «Citra»' });
    const chosen = await citraSelect.evaluate((select: HTMLSelectElement) => select.selectedOptions[0].textContent);
    expect(chosen).toMatch(/Galaxy|Mosaic|Simcoe/);
    expect(await citra.getByText(/^заміна · \d+ %$/).count()).toBe(1);
    expect(await citraSelect.locator('option[disabled]', { hasText: 'Citra' }).count()).toBe(1);
    // Water salts and finings are named as not sold here.
    await expect.poll(() => page.getByText('Солі та кислоти для води в магазині не продаються').count()).toBe(1);

    // 20 → 23 L: every amount grows by 15 %.
    await page.getByLabel('Об’єм партії, л').fill('23');
    await page.getByRole('button', { name: 'Перерахувати' }).click();
    await expect.poll(() => ingredient(page, 'fermentable-0').textContent(), { timeout: 15_000 }).toContain('у рецепті 5,75 кг');
    await expect.poll(() => ingredient(page, 'fermentable-0').getByTestId('packs').textContent()).toMatch(/1 × 5 кг \+ 1 × 1 кг/);
    expect(await page.getByText('American IPA · 23 л').count()).toBe(1);

    // Cascade's late addition is changed to Centennial from the candidates, with the keyboard.
    const cascade = ingredient(page, 'hop-2').getByRole('combobox', { name: 'Товар для «Cascade»' });
    const centennial = await cascade.locator('option', { hasText: 'Centennial' }).getAttribute('value');
    expect(centennial).toBeTruthy();
    await cascade.selectOption(centennial!);
    await expect.poll(() => ingredient(page, 'hop-2').textContent()).toContain('Звична заміна Cascade');
    await expect.poll(() => page.getByTestId('ibu-chosen').textContent()).toMatch(/IBU/);

    await page.getByLabel('Подрібнити солод').check();
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/recipe-${viewport.width}.png`, fullPage: true });
    const total = await page.getByTestId('recipe-cost').textContent();
    expect(total).toMatch(/грн$/);
    await page.getByRole('button', { name: 'Додати все в кошик' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Додано в кошик' }).count()).toBe(1);

    await page.getByRole('link', { name: 'Перейти до кошика' }).click();
    await page.waitForURL(/\/cart$/);
    await expect.poll(() => page.getByText('З рецепта «Citra West Coast IPA»').count()).toBeGreaterThan(4);
    const lines = page.locator('li', { hasText: 'З рецепта' });
    await expect.poll(() => lines.filter({ hasText: 'Centennial' }).count()).toBe(1);
    expect(await lines.filter({ hasText: 'Хміль Citra' }).count()).toBe(0);
    // Malt milled, hops and yeast not.
    expect(await lines.filter({ hasText: 'Солод Viking Malt Pale Ale' }).filter({ hasText: 'подрібнити' }).count()).toBe(2);
    expect(await lines.filter({ hasText: 'Centennial' }).filter({ hasText: 'подрібнити' }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/recipe-cart-${viewport.width}.png`, fullPage: true });

    // Checked out as a guest, cash on delivery: the order holds the milled malt.
    await checkOutAsGuest(page);
    await expect.poll(() => shown(page, /Збережіть адресу цієї сторінки/), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shown(page, 'Солод Viking Malt Pale Ale')).toBe(true);
    await expect.poll(() => shown(page, '5 кг · подрібнити')).toBe(true);
    await expect.poll(() => shown(page, /Centennial/)).toBe(true);
    await page.screenshot({ path: `/tmp/recipe-order-${viewport.width}.png`, fullPage: true });
    expectNoConsoleErrors(page);
  }, 240_000);

  test(`a signed-in brewer saves the recipe, opens it from "Мої рецепти" and brews it again (${viewport.width} px)`, async () => {
    const page = await openPage(browser(), viewport);
    await signedInCustomer(page, { emailPrefix: 'brewer' });
    await page.goto('/recipe');
    await page.getByLabel('Файл рецепта (.xml або .json)').setInputFiles({ name: 'citra-ipa.xml', mimeType: 'text/xml', buffer: Buffer.from(IPA_BEERSMITH) });
    await expect.poll(() => page.getByRole('heading', { name: 'Citra West Coast IPA' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByLabel('Об’єм партії, л').fill('23');
    await page.getByRole('button', { name: 'Перерахувати' }).click();
    await expect.poll(() => ingredient(page, 'fermentable-0').textContent(), { timeout: 15_000 }).toContain('у рецепті 5,75 кг');
    // Cascade left out, malt milled: both are kept with the recipe.
    await ingredient(page, 'hop-2').getByRole('combobox', { name: 'Товар для «Cascade»' }).selectOption('');
    await page.getByLabel('Подрібнити солод').check();
    await page.getByRole('button', { name: 'Зберегти рецепт' }).click();
    await page.waitForURL(/\/recipe\/[A-Za-z0-9_-]{22}$/, { timeout: 15_000 });
    const link = new URL(page.url()).pathname;

    await page.goto('/profile');
    const mine = page.locator('section[aria-labelledby=my-recipes]');
    await expect.poll(() => mine.getByRole('link', { name: 'Citra West Coast IPA' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => mine.textContent()).toContain('American IPA · 23 л');
    await page.screenshot({ path: `/tmp/my-recipes-${viewport.width}.png`, fullPage: true });
    await expectAccessible(page);
    await mine.getByRole('link', { name: 'Відкрити' }).click();
    await page.waitForURL((url) => url.pathname === link);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Citra West Coast IPA');
    await expect.poll(() => ingredient(page, 'fermentable-0').textContent()).toContain('у рецепті 5,75 кг');
    expect(await page.getByLabel('Подрібнити солод').isChecked()).toBe(true);
    expect(await ingredient(page, 'hop-2').getByRole('combobox').inputValue()).toBe('');
    // The owner may rename it.
    await page.getByRole('button', { name: 'Перейменувати' }).click();
    await page.getByLabel('Назва рецепта').fill('IPA на Різдво');
    await page.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('IPA на Різдво');
    await expectAccessible(page);
    await page.screenshot({ path: `/tmp/saved-recipe-${viewport.width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Зварити ще раз' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Додано в кошик' }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('link', { name: 'Перейти до кошика' }).click();
    await page.waitForURL(/\/cart$/);
    const lines = page.locator('li', { hasText: 'З рецепта' });
    await expect.poll(() => lines.filter({ hasText: 'Солод Viking Malt Pale Ale' }).filter({ hasText: 'подрібнити' }).count()).toBe(2);
    expect(await lines.filter({ hasText: 'Cascade' }).count()).toBe(0);
    expectNoConsoleErrors(page);
  }, 240_000);
}

test('a saved recipe’s link, opened by a guest, is drawn by the server and taken over without warnings or requests', async () => {
  const owner = await openPage(browser());
  await signedInCustomer(owner, { emailPrefix: 'brewer' });
  const imported = await (await owner.request.post('/api/recipes/import', { data: IPA_BEERSMITH, headers: { 'content-type': 'application/xml' } })).json();
  const saved = await owner.request.post('/api/recipes', { data: { recipe: imported.recipe, batchSizeL: 20, milled: true } });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()) as { id: string };

  const html = await (await fetch(new URL(`/recipe/${id}`, owner.url()))).text();
  expect(html).toMatch(/<div id="root">.*Citra West Coast IPA.*Зварити ще раз/s);
  expect(html).toContain('<meta name="robots" content="noindex" />');

  const page = await openPage(browser(), PHONE);
  const { warnings, apiCalls } = recordWarningsAndApiCalls(page);
  await page.goto(`/recipe/${id}`, { waitUntil: 'networkidle' });
  await expect.poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-ready')), { timeout: 15_000 }).toBe(true);
  expect(apiCalls).toEqual([]);
  expect(warnings.filter((text) => /hydrat|did not match|#41[89]|#42[35]/i.test(text))).toEqual([]);
  // A guest sees no owner's buttons; a link that is gone is a 404 page.
  expect(await page.getByRole('button', { name: 'Перейменувати' }).count()).toBe(0);
  allowConsoleErrors(page, /status of 404/);
  const gone = await page.goto('/recipe/AAAAAAAAAAAAAAAAAAAAAA');
  expect(gone?.status()).toBe(404);
}, 120_000);

test('a broken file gets the server’s Ukrainian message naming the line', async () => {
  const page = await openPage(browser(), PHONE);
  await page.goto('/recipe');
  await page.getByLabel('або вставте текст рецепта (BeerXML чи JSON)').fill('<RECIPES>\n<RECIPE>\n<NAME>IPA</NAME>\n<BATCH_SIZE>20</RECIPE>');
  await page.getByRole('button', { name: 'Розібрати текст' }).click();
  await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/Рядок 4: очікувався <\/BATCH_SIZE>/);
});
