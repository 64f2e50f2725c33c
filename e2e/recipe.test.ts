import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { IPA_BEERSMITH } from '../src/shared/recipes/test-recipes';
import { adminCredentials, expectAccessible, expectNoConsoleErrors, openPage, PHONE, signIn, useBrowser } from './fixtures';

const browser = useBrowser();
const WIDE = { width: 1366, height: 900 };

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
  await signIn(admin, adminCredentials().email, adminCredentials().password, '/admin/productlist');
  await admin.waitForURL(/admin\/productlist/);
  const before = await setCitraStock(admin, () => 0);
  restore = async () => void (await setCitraStock(admin, (id) => before.find((v) => v._id === id)!.countInStock));
});
afterAll(async () => {
  await restore?.();
});

const ingredient = (page: Page, key: string) => page.locator(`[data-ingredient="${key}"]`);

for (const viewport of [WIDE, PHONE]) {
  test(`a brewer uploads an IPA, sees sold-out Citra replaced, scales to 23 L, changes a match and adds everything milled to the cart (${viewport.width} px)`, async () => {
    const page = await openPage(browser(), viewport);
    await page.goto('/');
    await page.getByRole('link', { name: 'Зварити за рецептом' }).first().click();
    await page.waitForURL(/\/recipe$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Зварити за рецептом');

    await page.getByLabel('Файл рецепта (.xml)').setInputFiles({ name: 'citra-ipa.xml', mimeType: 'text/xml', buffer: Buffer.from(IPA_BEERSMITH) });
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
    expectNoConsoleErrors(page);
  });
}

test('a broken file gets the server’s Ukrainian message naming the line', async () => {
  const page = await openPage(browser(), PHONE);
  await page.goto('/recipe');
  await page.getByLabel('або вставте текст BeerXML').fill('<RECIPES>\n<RECIPE>\n<NAME>IPA</NAME>\n<BATCH_SIZE>20</RECIPE>');
  await page.getByRole('button', { name: 'Розібрати текст' }).click();
  await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/Рядок 4: очікувався <\/BATCH_SIZE>/);
});
