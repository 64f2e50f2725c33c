import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { expectNoSideScroll, lineOf, listProducts, placeOrderThroughApi, shown, signInAsAdmin } from './support';

const browser = useBrowser();
const SHOTS = '/tmp/shop-e2e-shots';
const SLOW = { timeout: 20_000 };
/** Each test walks a whole screen at two widths: more than the default minute on a loaded machine. */
const SCENARIO = 240_000;
const shot = (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

async function choosePriceList(page: Page, name: string, text: string) {
  await page.getByLabel('Файл (CSV або XLSX, до 50 МБ)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await page.getByRole('button', { name: 'Переглянути зміни' }).click();
}

test(
  'the owner imports a supplier price list with two errors, fixes it, applies it and sees the new price in the shop',
  async () => {
    const page = await openPage(browser(), WIDE);
    await signInAsAdmin(page, '/admin/import');
    await expect.poll(() => page.getByRole('heading', { name: 'Імпорт прайс-листа' }).isVisible(), SLOW).toBe(true);
    await expectAccessible(page);

    const products = await listProducts(page, 'category=Yeast&inStock=true');
    expect(products.length).toBeGreaterThan(1);
    // The first pack is the cheapest; a lower price keeps it the one the product page shows first.
    // Packs without a discount: the page then shows the imported price as it is.
    const [first, second] = products.filter((p) => p.variants.length > 0 && p.variants[0].discount === 0);
    const [a, b] = [first.variants[0].sku, second.variants[0].sku];
    await page.getByLabel('Постачальник').fill('Дріжджі Оптом');
    // Ukrainian Excel's CSV: semicolons and decimal commas; line 3 has no price, line 4 repeats line 2's SKU.
    await choosePriceList(page, 'drizhdzhi.csv', `Артикул;Ціна;Залишок\r\n${a};12,34;40\r\n${b};дорого;5\r\n${a};130;1\r\n`);
    await expect.poll(() => shown(page, /У файлі є помилки/), SLOW).toBe(true);
    const errorRows = page.locator('tr[data-action="error"]');
    await expect.poll(() => errorRows.count()).toBe(2);
    expect(await errorRows.nth(0).textContent()).toMatch(/^3.*Ціна: «дорого» не число/);
    expect(await errorRows.nth(1).textContent()).toMatch(/^4.*Артикул повторюється: він уже є в рядку 2/);
    expect(await page.getByRole('button', { name: /Застосувати/ }).isDisabled()).toBe(true);
    expect(await shown(page, 'Помилок: 2')).toBe(true);
    await expectAccessible(page);
    await shot(page, 'import-errors-1366');
    await page.setViewportSize(PHONE);
    await expectNoSideScroll(page);
    await shot(page, 'import-errors-375');
    await page.setViewportSize(WIDE);
    // The reasons in English too.
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(async () => errorRows.nth(0).textContent()).toMatch(/^3.*Price: "дорого" is not a number/);
    expect(await errorRows.nth(1).textContent()).toMatch(/^4.*The SKU repeats: it is already on line 2/);
    await page.getByRole('button', { name: 'Українська' }).click();
    await expect.poll(async () => errorRows.nth(0).textContent()).toMatch(/Ціна: «дорого» не число/);

    // Fixed: the price written, the repeated line gone. The mapping came back as remembered.
    await choosePriceList(page, 'drizhdzhi.csv', `Артикул;Ціна;Залишок\r\n${a};12,34;40\r\n${b};77;5\r\n`);
    await expect.poll(() => shown(page, 'Помилок: 0'), SLOW).toBe(true);
    expect(await page.locator('tr[data-action="update"]').count()).toBe(2);
    await page.getByRole('button', { name: 'Застосувати (2)' }).click();
    await expect.poll(() => shown(page, /Готово: створено 0, оновлено 2/), SLOW).toBe(true);
    await shot(page, 'import-applied-1366');

    await page.goto(`/product/${first.slug}`);
    await expect.poll(() => shown(page, /12,34\s*грн/), SLOW).toBe(true);
    expectNoConsoleErrors(page);
  },
  SCENARIO,
);

test(
  'the owner prints packing slips of orders chosen on the order list, milled malt marked',
  async () => {
    const page = await openPage(browser(), WIDE);
    await signInAsAdmin(page, '/admin/orderlist');
    const [malt] = await listProducts(page, 'category=Malt&inStock=true');
    const placed = await placeOrderThroughApi(page, [lineOf(malt, 2, { milled: true })], 'NovaPoshta', 'Марко Вовчок');
    const order = (await placed.json()) as { _id: string; number: number };
    await page.reload();
    await page.locator('summary', { hasText: 'Друк пакувальних листів' }).click();
    await page.getByLabel(new RegExp(`№${order.number} Марко Вовчок`)).check();
    await page.getByRole('button', { name: 'Друкувати вибрані (1)' }).click();
    await page.waitForURL('**/admin/orders/packing-slips?ids=*');
    const slip = page.locator('article.slip').first();
    await expect.poll(() => slip.textContent(), SLOW).toContain(`Замовлення №${order.number}`);
    const text = (await slip.textContent()) ?? '';
    for (const expected of ['Хмільна крамниця', 'Марко Вовчок', '+380671112233', 'Київ', 'Відділення №1', 'подрібнити', malt.name, 'накладений платіж']) {
      expect(text).toContain(expected);
    }
    await expectAccessible(page);
    await shot(page, 'packing-slip-1366');
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'packing-slip-print');
    await page.emulateMedia({ media: 'screen' });
    // The order's own page links to its slip.
    await page.setViewportSize(PHONE);
    await page.goto(`/order/${order._id}`);
    await page.getByRole('link', { name: 'Пакувальний лист' }).click();
    await page.waitForURL(`**/admin/orders/${order._id}/packing-slip`);
    await expect.poll(() => slip.textContent(), SLOW).toContain('подрібнити');
    await expectNoSideScroll(page);
    await shot(page, 'packing-slip-375');
    expectNoConsoleErrors(page);
  },
  SCENARIO,
);
