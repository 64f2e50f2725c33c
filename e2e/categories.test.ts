import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { allowConsoleErrors, DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { expectNoSideScroll, listProducts, signInAsAdmin, type ListedProduct } from './support';

const browser = useBrowser();

test('the owner adds a category with an attribute and a product in it: the menu and its page show it at once', async () => {
  const page = await openPage(browser(), DESKTOP);
  await signInAsAdmin(page, '/admin/categories');
  await expect.poll(() => page.getByRole('heading', { name: 'Категорії та атрибути' }).isVisible()).toBe(true);
  await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThanOrEqual(13);
  await expectAccessible(page);

  const tag = randomBytes(3).toString('hex');
  const name = `Екстракт солоду ${tag}`;
  await page.getByRole('button', { name: 'Додати категорію' }).click();
  await page.getByLabel('Назва', { exact: true }).fill(name);
  await page.getByLabel('Назва англійською', { exact: true }).fill(`Malt extract ${tag}`);
  const slug = await page.getByLabel('Адреса (латиницею)').inputValue();
  expect(slug).toBe(`ekstrakt-solodu-${tag}`);
  await page.getByRole('button', { name: 'Додати атрибут' }).click();
  await page.getByLabel('Назва атрибута').fill('Колір');
  await page.getByLabel('Ключ').fill('colour');
  await page.getByLabel('Одиниця').fill('EBC');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => page.getByText(`Категорію «${name}» збережено`).first().isVisible(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.locator('tbody tr', { hasText: name }).textContent(), { timeout: 15_000 }).toContain(`/catalog/${slug}`);
  // In the header's category row at once, without a deploy.
  await expect.poll(() => page.getByRole('navigation', { name: 'Категорії' }).first().getByRole('link', { name }).isVisible(), { timeout: 15_000 }).toBe(true);

  // A product in it: the editor offers the category and its attribute.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.goto('/admin/productlist');
  await page.getByRole('button', { name: 'Створити товар' }).click();
  await page.waitForURL('**/admin/productlist?filter=new');
  await page
    .locator('tbody tr.table-success')
    .getByRole('link', { name: /Редагувати/ })
    .click();
  await page.waitForURL(/\/admin\/product\/[0-9a-f-]{36}\/edit$/);
  await expect.poll(() => page.getByLabel('Назва').inputValue()).toBe('Новий товар');
  const productName = `Екстракт Muntons світлий ${tag}`;
  await page.getByLabel('Назва').fill(productName);
  await page.getByLabel('Категорія').selectOption({ label: name });
  await page.getByLabel('Виробник').fill('Muntons');
  await page.getByLabel('Колір, EBC').fill('8');
  await page.getByLabel('Фасовка', { exact: true }).fill('1,5 кг');
  await page.getByLabel('Артикул (SKU)').fill(`muntons-${tag}`);
  await page.getByLabel('Ціна, грн').fill('420');
  await page.getByLabel('Кількість на складі').fill('4');
  await page.getByLabel('Вага упаковки, кг').fill('1.5');
  await page.getByLabel('Стан').selectOption({ label: 'Опубліковано' });
  await page.getByLabel('Опис').fill('Рідкий світлий солодовий екстракт.');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await page.waitForURL('**/admin/productlist');

  await page.goto(`/catalog/${slug}`);
  await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
  await expect.poll(() => page.locator('main ul[role=list] h2', { hasText: productName }).count()).toBe(1);
  // Its filter is offered: the colour's range.
  await expect.poll(() => page.getByRole('group', { name: 'Колір, EBC' }).isVisible()).toBe(true);

  // A category with products is not deleted: the owner is told why (the browser logs the 409).
  allowConsoleErrors(page, /status of 409/);
  await page.goto('/admin/categories');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Видалити «${name}»` }).click();
  await expect
    .poll(
      () =>
        page
          .getByText(/є товари/)
          .first()
          .isVisible(),
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await page.locator('tbody tr', { hasText: name }).count()).toBe(1);
  expectNoConsoleErrors(page);
});

test('a shopper filters hops by alpha 12–14 and aroma on a phone; the filters live in the address', async () => {
  const page = await openPage(browser(), PHONE);
  await page.goto('/hops');
  await expect.poll(() => page.getByRole('heading', { name: 'Фільтри' }).isVisible()).toBe(true);
  await page.getByLabel('Альфа-кислоти, %: від').fill('12');
  await page.getByLabel('Альфа-кислоти, %: до').fill('14');
  await page.getByLabel('Альфа-кислоти, %: до').press('Enter');
  await page.waitForURL(/attr\.alpha=12\.\.14/);
  // The box follows the address, which a click changes: wait for the address, then for the box.
  await page.getByRole('checkbox', { name: /^Ароматичний/ }).click();
  await page.waitForURL(/attr\.purpose=aroma/);
  await expect.poll(() => page.getByRole('checkbox', { name: /^Ароматичний/ }).isChecked()).toBe(true);

  // Every hop listed is an aroma hop of 12–14 % alpha, and every such hop is listed.
  const products = await listProducts<ListedProduct & { attributes: Record<string, unknown> }>(page, 'category=Hops&attr.alpha=12..14&attr.purpose=aroma');
  expect(products.length).toBeGreaterThan(0);
  const titles = page.locator('main ul[role=list] h2');
  await expect.poll(async () => (await titles.allTextContents()).sort()).toEqual(products.map((p) => p.name).sort());
  for (const hop of products) {
    expect(hop.attributes.purpose).toBe('aroma');
    expect(Number(hop.attributes.alpha)).toBeGreaterThanOrEqual(12);
    expect(Number(hop.attributes.alpha)).toBeLessThanOrEqual(14);
  }
  // Counts beside the values, for the current filter.
  expect(await page.getByRole('checkbox', { name: /^Ароматичний \(\d+\)$/ }).count()).toBe(1);
  await expectNoSideScroll(page);
  await expectAccessible(page);

  // A shared link opens the same filtered page.
  const shared = page.url();
  await page.goto(shared);
  await expect.poll(async () => (await titles.allTextContents()).sort()).toEqual(products.map((p) => p.name).sort());
  expect(await page.getByRole('checkbox', { name: /^Ароматичний/ }).isChecked()).toBe(true);

  // Nothing matches: said so, and one button clears every filter.
  await page.getByLabel('Альфа-кислоти, %: від').fill('24');
  await page.getByLabel('Альфа-кислоти, %: до').fill('25');
  await page.getByLabel('Альфа-кислоти, %: до').press('Enter');
  await expect.poll(() => page.getByText('Жоден товар не відповідає фільтрам.').isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Скинути фільтри' }).first().click();
  await page.waitForURL((url) => url.pathname === '/hops' && !url.search.includes('attr.'));
  await expect.poll(() => titles.count(), { timeout: 15_000 }).toBe(12);
  expectNoConsoleErrors(page);
});
