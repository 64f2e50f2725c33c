import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import {
  addToCart,
  cartToShipping,
  choosePayment,
  expectNoSideScroll,
  firstPackInStock,
  productsInStock,
  registerCustomer,
  shown,
  signInAsAdmin,
  submitSignIn,
  toastsGone,
} from './support';

/** Promo codes (docs/promo-codes.md): the owner makes BREWCLUB10, a shopper uses it from cart to order. */

const browser = useBrowser();

/** The page at 1366 and 375 px, in /tmp, and nothing wider than the phone. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: `/tmp/promo-${name}-1366.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await page.screenshot({ path: `/tmp/promo-${name}-375.png`, fullPage: true });
  await page.setViewportSize(WIDE);
}

test('the owner creates BREWCLUB10 and a shopper sees 10 % off in the cart, the review and the order', async () => {
  const admin = await openPage(browser(), WIDE);
  await signInAsAdmin(admin, '/admin/promo-codes');
  await expect.poll(() => admin.getByRole('heading', { level: 1, name: 'Промокоди' }).isVisible()).toBe(true);
  // A code from an earlier run of this test on the same database goes first.
  const earlier = admin.getByRole('button', { name: /^(Видалити|Вимкнути) промокод BREWCLUB10$/ });
  if (await earlier.count()) {
    admin.once('dialog', (dialog) => dialog.accept());
    await earlier.click();
  }
  await admin.getByRole('button', { name: 'Новий промокод' }).click();
  await admin.getByLabel('Код', { exact: true }).fill('brewclub10');
  await admin.getByLabel('Відсоток, %').fill('');
  // The shared schema answers before the server: a percentage is required.
  await admin.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => shown(admin, 'Знижка у відсотках — ціле число від 1 до 100')).toBe(true);
  await admin.getByLabel('Відсоток, %').fill('10');
  await expectAccessible(admin);
  await screenshots(admin, 'admin-form');
  await admin.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => shown(admin, 'Промокод BREWCLUB10 збережено')).toBe(true);
  await expect.poll(() => admin.locator('tbody tr', { hasText: 'BREWCLUB10' }).textContent()).toMatch(/−10 %.*усі товари.*Активний/);
  await screenshots(admin, 'admin-list');
  expectNoConsoleErrors(admin);

  // The shopper: an account of their own, one hop in the cart.
  const page = await openPage(browser(), WIDE);
  const { email, password } = await registerCustomer(page, { emailPrefix: 'promo' });
  const [product] = await productsInStock(page, 'Hops', 2);
  const detail = (await (await page.request.get(`/api/products/${product._id}`)).json()) as { variants: { _id: string; price: number; discount: number }[] };
  const pack = detail.variants.find((v) => v._id === firstPackInStock(product)._id)!;
  const price = Math.round(pack.price * (100 - pack.discount)) / 100;
  await addToCart(page, product);

  // A wrong code is refused with its reason; the right one (any case) shows the discount line.
  allowConsoleErrors(page, /status of 422/);
  await page.getByLabel('Промокод').fill('BREWCLUB11');
  await page.getByRole('button', { name: 'Застосувати' }).click();
  await expect.poll(() => shown(page, 'Такого промокоду немає. Перевірте, чи правильно його введено')).toBe(true);
  await page.getByRole('button', { name: 'Прибрати промокод BREWCLUB11' }).click();
  await page.getByLabel('Промокод').fill('brewclub10');
  await page.getByRole('button', { name: 'Застосувати' }).click();
  const cartSummary = page.locator('#cart-summary').locator('xpath=ancestor::section[1]');
  await expect.poll(() => cartSummary.textContent()).toMatch(/Промокод BREWCLUB10−[\d\s\u00a0,]+грн/);
  await expect.poll(() => shown(page, /^Промокод BREWCLUB10 застосовано: −/)).toBe(true);
  const discount = Math.round(price * 10) / 100;
  expect((await cartSummary.textContent())!.replace(/[\s\u00a0]/g, '')).toContain(`−${discount.toLocaleString('uk-UA').replace(/[\s\u00a0]/g, '')}грн`);
  await expectAccessible(page);
  await screenshots(page, 'cart');

  // Checkout: signing in keeps the cart and its code.
  await cartToShipping(page);
  await page.getByRole('main').getByRole('link', { name: 'Увійти' }).click();
  await submitSignIn(page, email, password);
  await page.waitForURL('**/shipping');
  const city = page.getByRole('combobox', { name: 'Населений пункт' });
  await city.fill('Київ');
  await page.getByRole('option', { name: /^м\. Київ / }).click();
  await page.getByLabel('Пошук за номером або вулицею').fill('хрещатик, 22');
  await page.getByRole('radio', { name: /^Відділення №7 \(до 30 кг\): вул\. Хрещатик, 22/ }).check();
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Остап Вишня');
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
  await choosePayment(page, 'Накладений платіж у відділенні Нової пошти');

  const review = page.locator('section[aria-labelledby=review-summary]');
  await expect.poll(() => review.textContent()).toMatch(/Промокод BREWCLUB10−[\d\s\u00a0,]+грн/);
  const total = (await review.textContent())!.match(/Разом([\d\s\u00a0,]+грн)/)![1].trim();
  await expectAccessible(page);
  await screenshots(page, 'review');
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  const summary = page.locator('section[aria-labelledby=order-summary]');
  await expect.poll(() => summary.textContent()).toMatch(/Промокод BREWCLUB10−[\d\s\u00a0,]+грн/);
  expect(await summary.textContent()).toContain(total);
  const orderId = page.url().split('/').pop()!;
  const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    promoCode: string;
    discountPrice: number;
    itemsPrice: number;
    totalPrice: number;
  };
  expect(order).toMatchObject({ promoCode: 'BREWCLUB10', discountPrice: discount });
  await toastsGone(page);
  await screenshots(page, 'order');
  expectNoConsoleErrors(page);

  // The owner sees the use counted.
  await admin.reload();
  await expect.poll(() => admin.locator('tbody tr', { hasText: 'BREWCLUB10' }).textContent()).toMatch(/−10 %.*\b[1-9]\d*\b/);
});
