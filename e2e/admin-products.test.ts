import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { dismissToasts, expectNoSideScroll, registerCustomer, signInAsAdmin, submitSignIn } from './support';

const browser = useBrowser();

const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
const fieldError = (page: Page, text: string) => page.locator('.invalid-feedback', { hasText: text }).first().isVisible();

test('an admin creates a product with a real image, sells it, takes it off sale and deletes it', async () => {
  const page = await openPage(browser(), DESKTOP);
  await signInAsAdmin(page, '/admin/productlist');
  await expect.poll(() => page.getByRole('heading', { name: 'Товари' }).isVisible()).toBe(true);
  await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(5);
  await expectAccessible(page);

  // Declining the confirmation creates nothing.
  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Створити товар' }).click();
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain('filter=new');

  // Accepting creates it; the list refetches with the filter set to "new".
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Створити товар' }).click();
  await page.waitForURL('**/admin/productlist?filter=new');
  expect(question).toContain('Створити новий товар?');
  await expect.poll(() => page.getByRole('button', { name: 'Нові', exact: true }).getAttribute('aria-pressed')).toBe('true');
  const createdRow = page.locator('tbody tr.table-success');
  await expect.poll(() => createdRow.textContent()).toContain('Новий товар');
  // A hidden draft without stock: nobody can buy it before it is priced and published.
  expect(await createdRow.textContent()).toMatch(/Хміль.*США.*0.*0 %.*чернетка/);
  await createdRow.getByRole('link', { name: /Редагувати/ }).click();
  await page.waitForURL(/\/admin\/product\/[0-9a-f-]{36}\/edit$/);
  const productId = page.url().split('/').at(-2)!;

  // The edit form: the documented defaults (docs/domain.md), then every field.
  await expect.poll(() => page.getByLabel('Назва').inputValue()).toBe('Новий товар');
  expect(await page.getByLabel('Кількість на складі').inputValue()).toBe('0');
  expect(await page.getByLabel('Стан').inputValue()).toBe('draft');
  expect(await page.getByLabel('Знижка, %').inputValue()).toBe('0');
  await expectAccessible(page);

  const name = `Хміль Nelson Sauvin e2e ${randomBytes(3).toString('hex')}`;
  await page.getByLabel('Назва').fill(name);
  await page.getByLabel('Категорія').selectOption({ label: 'Хміль' });
  await page.getByLabel('Країна (виробник)').selectOption({ label: 'Нова Зеландія' });
  await page.getByLabel('Фасовка', { exact: true }).fill('100 г');
  await page.getByLabel('Артикул (SKU)').fill(`nelson-e2e-${randomBytes(3).toString('hex')}`);
  await page.getByLabel('Стан').selectOption({ label: 'Опубліковано' });
  await page.getByLabel('Ціна, грн').fill('850');
  await page.getByLabel('Знижка, %').fill('150');
  await page.getByLabel('Кількість на складі').fill('5');
  await page.getByLabel('Вага упаковки, кг').fill('0');
  // The category's own fields (docs/domain.md): a hop's attributes.
  await page.getByLabel('Рік урожаю').fill('2025');
  await page.getByLabel('Альфа-кислоти, %').fill('12.5');
  await page.getByLabel('Призначення').selectOption({ label: 'Ароматичний' });
  await page.getByLabel('Опис').fill('Новозеландський хміль з винним і агрусовим ароматом.');

  // Bad numbers are caught beside their fields, in Ukrainian, before anything is sent.
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => fieldError(page, 'Знижка: від 0 до 100 %')).toBe(true);
  expect(await fieldError(page, 'Вага має бути більшою за 0')).toBe(true);
  expect(await page.getByLabel('Знижка, %').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Знижка, %').fill('10');
  await page.getByLabel('Вага упаковки, кг').fill('0.1');

  // A yeast producer does not fit hops: the producer select follows the category.
  await page.getByLabel('Категорія').selectOption({ label: 'Дріжджі' });
  await expect.poll(() => page.getByLabel('Виробник').locator('option').allTextContents()).toEqual(['Оберіть…', 'Fermentis', 'Lallemand']);
  await page.getByLabel('Категорія').selectOption({ label: 'Кеги' });
  expect(await page.getByLabel('Виробник').evaluate((el) => el.tagName)).toBe('INPUT');
  await page.getByLabel('Категорія').selectOption({ label: 'Хміль' });
  await page.getByLabel('Країна (виробник)').selectOption({ label: 'Нова Зеландія' });
  // Another category's fields are gone and the hop's come back empty: filled again.
  await page.getByLabel('Альфа-кислоти, %').fill('12.5');
  await page.getByLabel('Рік урожаю').fill('2025');

  // A real picture, uploaded and previewed.
  const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 160, b: 60 } } })
    .png()
    .toBuffer();
  await page.getByLabel('Завантажити зображення (можна кілька)').setInputFiles({ name: 'nelson.png', mimeType: 'image/png', buffer: png });
  const gallery = page.getByTestId('gallery-item');
  const uploaded = gallery.locator('img[src^="/uploads/"]');
  await expect.poll(() => uploaded.count()).toBe(1);
  const imagePath = (await uploaded.getAttribute('src'))!;
  expect(imagePath).toMatch(/^\/uploads\/[0-9a-f-]{36}-800\.webp$/);
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  // The draft's placeholder picture goes: the upload becomes the main picture.
  while ((await gallery.count()) > 1) await page.getByRole('button', { name: 'Видалити зображення 1' }).click();
  expect(await uploaded.count()).toBe(1);

  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => visible(page, 'Товар оновлено')).toBe(true);
  await page.waitForURL('**/admin/productlist');

  // In the shop: found by search, with its image and unit price after the discount.
  await page.goto(`/search/${encodeURIComponent('nelson sauvin e2e')}`);
  const card = page.locator('main ul[role=list] li').filter({ hasText: name });
  await expect.poll(() => card.count()).toBe(1);
  expect(await card.locator('img').getAttribute('src')).toBe(imagePath);
  await card.getByRole('link', { name }).click();
  // Product pages live at their slug (docs/seo.md).
  const { slug } = (await (await page.request.get(`/api/products/${productId}`)).json()) as { slug: string };
  await page.waitForURL(`**/product/${slug}`);
  await expect.poll(() => page.getByRole('heading', { name, level: 1 }).isVisible()).toBe(true);
  const productImage = page.getByRole('img', { name });
  await expect.poll(() => productImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const text = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
  // The price reads per pack, with the price per kilogram beside it.
  expect(text).toContain('765 грн за 100 г');
  expect(text).toContain('7 650 грн/кг');
  expect(text).toContain('знижка 10 %');
  expect(text).toContain('Нова Зеландія');
  expect(text).toContain('12,5 %');
  expect(text).toContain('2025');
  expect(text).toContain('В наявності');

  // Stock 0: it leaves the shop but stays in the admin list.
  await page.goto(`/admin/product/${productId}/edit`);
  await expect.poll(() => page.getByLabel('Назва').inputValue()).toBe(name);
  await page.getByLabel('Кількість на складі').fill('0');
  // Numbers typed as Ukrainians write them, key by key: a decimal comma.
  await page.getByLabel('Знижка, %').fill('0');
  await page.getByLabel('Ціна, грн').clear();
  await page.getByLabel('Ціна, грн').pressSequentially('52,20');
  await page.getByLabel('Вага упаковки, кг').clear();
  await page.getByLabel('Вага упаковки, кг').pressSequentially('0,1');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await page.waitForURL('**/admin/productlist');
  const adminRow = page.locator('tbody tr').filter({ hasText: name });
  await expect.poll(() => adminRow.textContent()).toContain('0 (немає)');
  // Sold out, it stays listed and says so (docs/screens.md).
  await page.goto(`/search/${encodeURIComponent('nelson sauvin e2e')}`);
  await expect.poll(() => visible(page, 'Немає в наявності')).toBe(true);
  await page.goto(`/product/${productId}`);
  await expect.poll(() => visible(page, 'Немає в наявності')).toBe(true);
  const saved = (await page.locator('main').textContent())!.replace(/\s+/g, ' ');
  expect(saved).toContain('52,2 грн');
  expect(saved).toContain('0,1 кг');
  expect(await page.getByRole('button', { name: 'Додати в кошик' }).isDisabled()).toBe(true);

  // Delete, behind the confirmation.
  await page.goto('/admin/productlist');
  await expect.poll(() => adminRow.count()).toBe(1);
  let confirmText = '';
  page.once('dialog', (dialog) => {
    confirmText = dialog.message();
    void dialog.accept();
  });
  await adminRow.getByRole('button', { name: `Видалити «${name}»` }).click();
  await expect.poll(() => visible(page, `Товар «${name}» видалено`)).toBe(true);
  expect(confirmText).toContain(name);
  await expect.poll(() => adminRow.count()).toBe(0);
  expect((await page.request.get(`/api/products/${productId}`)).status()).toBe(404);
  expectNoConsoleErrors(page);
});

test('the admin product screens work at phone width', async () => {
  const page = await openPage(browser(), PHONE);
  await signInAsAdmin(page, '/admin/productlist');
  await expect.poll(() => page.locator('tbody tr').count()).toBeGreaterThan(5);
  await expectNoSideScroll(page);
  await page.getByRole('button', { name: 'Дріжджі' }).click();
  await page.waitForURL('**/admin/productlist?filter=Yeast');
  await expect.poll(async () => (await page.locator('tbody tr td:nth-child(4)').allTextContents()).every((c) => c === 'Дріжджі')).toBe(true);
  await page
    .locator('tbody tr')
    .first()
    .getByRole('link', { name: /Редагувати/ })
    .click();
  await expect.poll(() => page.getByLabel('Назва').inputValue()).not.toBe('');
  await expectNoSideScroll(page);
  await expectAccessible(page);
  expectNoConsoleErrors(page);
});

test('a customer leaves a review and sees the rating change', async () => {
  const page = await openPage(browser(), PHONE);
  // A product nobody has reviewed yet.
  let productId = '';
  let productSlug = '';
  for (let n = 1; n <= 10 && !productId; n++) {
    const list = (await (await page.request.get(`/api/products?pageNumber=${n}`)).json()) as {
      products: { _id: string; slug: string; numReviews: number }[];
    };
    const unreviewed = list.products.find((p) => p.numReviews === 0);
    productId = unreviewed?._id ?? '';
    productSlug = unreviewed?.slug ?? '';
  }
  expect(productId).not.toBe('');
  const { email, password } = await registerCustomer(page, { name: 'Марко Вовчок', emailPrefix: 'reviewer' });

  await page.goto(`/product/${productId}`);
  await expect.poll(() => visible(page, 'Відгуків ще немає. Будьте першим!')).toBe(true);
  await page.getByRole('link', { name: 'Увійдіть, щоб написати відгук' }).click();
  await page.waitForURL('**/login?redirect=**');
  await submitSignIn(page, email, password);
  await page.waitForURL(`**/product/${productSlug}`);

  // Empty form: Ukrainian messages beside the fields.
  await page.getByRole('button', { name: 'Надіслати' }).click();
  await expect.poll(() => fieldError(page, 'Оберіть оцінку')).toBe(true);
  expect(await fieldError(page, 'Напишіть коментар')).toBe(true);

  await page.getByLabel('Оцінка', { exact: true }).selectOption({ label: '5 — Чудово' });
  await page.getByLabel('Коментар').fill('Свіжий, ароматний, рекомендую!');
  await page.getByRole('button', { name: 'Надіслати' }).click();
  await expect.poll(() => visible(page, 'Дякуємо за відгук!')).toBe(true);
  const review = page.locator('section[aria-labelledby=reviews] li').filter({ hasText: 'Марко Вовчок' });
  await expect.poll(() => review.count()).toBe(1);
  expect(await review.textContent()).toContain('Свіжий, ароматний, рекомендую!');
  expect(await review.getByRole('img', { name: '5 з 5' }).count()).toBe(1);
  // The product's rating now shows under its name.
  await expect.poll(() => page.getByRole('img', { name: 'Оцінка 5.0 з 5, відгуків: 1' }).first().isVisible()).toBe(true);
  expect(await visible(page, 'Ви вже залишили відгук на цей товар.')).toBe(true);
  expect(await page.getByRole('button', { name: 'Надіслати' }).count()).toBe(0);
  await expectNoSideScroll(page);
  await dismissToasts(page);
  await expectAccessible(page);

  // A second review through the API is refused.
  const again = await page.request.post(`/api/products/${productId}/reviews`, { data: { rating: 1, comment: 'ще раз' } });
  expect(again.status()).toBe(409);
  expectNoConsoleErrors(page);
});

test('the owner’s IBAN is checked by its check digits and refused in Ukrainian', async () => {
  const page = await openPage(browser(), DESKTOP);
  await signInAsAdmin(page, '/admin/settings');
  const iban = page.getByLabel('IBAN');
  await expect.poll(() => iban.inputValue()).toMatch(/^UA\d{27}$/);
  const good = await iban.inputValue();
  // One digit changed: the format still fits, the mod-97 check does not.
  await iban.clear();
  await iban.pressSequentially(`${good.slice(0, -1)}${good.endsWith('1') ? '2' : '1'}`);
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => fieldError(page, 'IBAN з помилкою: контрольні цифри не сходяться. Перевірте кожну цифру')).toBe(true);
  expect(await iban.getAttribute('aria-invalid')).toBe('true');
  expect((await (await page.request.get('/api/settings')).json()).transfer.iban).toBe(good);

  expectNoConsoleErrors(page);
});
