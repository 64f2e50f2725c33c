import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  adminCredentials,
  allowConsoleErrors,
  expectAccessible,
  expectNoConsoleErrors,
  openPage,
  PHONE,
  DESKTOP,
  signIn,
  useBrowser,
} from './fixtures';

const browser = useBrowser();

const PASSWORD = 'brew-day-2024';

/** A new customer, registered through the API with the page's cookies (then signed out again). */
async function newCustomer(page: Page) {
  const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
  const res = await page.request.post('/api/users', { data: { name: 'Остап Вишня', email, password: PASSWORD } });
  expect(res.status()).toBe(201);
  await page.request.post('/api/users/logout');
  return email;
}

interface ProductInfo {
  _id: string;
  name: string;
  countInStock: number;
  price: number;
  discount: number;
}

async function productsInStock(page: Page, minStock: number, category = 'Hops'): Promise<ProductInfo[]> {
  const list = (await (await page.request.get(`/api/products?category=${category}`)).json()) as { products: ProductInfo[] };
  return list.products.filter((p) => p.countInStock >= minStock);
}

async function addToCart(page: Page, product: ProductInfo) {
  await page.goto(`/product/${product._id}`);
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
}

/** Nothing wider than the phone's screen: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

const shown = async (page: Page, text: string | RegExp) => (await page.getByText(text).filter({ visible: true }).count()) > 0;

test('a shopper buys two products with Nova Poshta delivery, test-pays, and sees the admin deliver it', async () => {
  const page = await openPage(browser());
  // No internet here: PayPal's script cannot load, and the order page must say so and stay usable.
  await page.route(/paypal\.com/, (route) => route.abort());
  allowConsoleErrors(page, /PayPal JS SDK|paypal|Failed to load resource|ERR_FAILED/i);

  await page.goto('/cart');
  await expect.poll(() => shown(page, 'Ваш кошик порожній.')).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: 'Повернутися до покупок' }).isVisible()).toBe(true);

  // Browse and add two products from their pages.
  const [first, second] = await productsInStock(page, 3);
  await page.goto('/');
  await page.getByRole('link', { name: 'Хміль', exact: true }).first().click();
  await page.waitForURL('**/hops');
  await addToCart(page, first);
  await addToCart(page, second);
  await expect.poll(() => page.locator('main li').count()).toBe(2);
  await expect.poll(() => page.getByRole('link', { name: 'Кошик, товарів: 2' }).isVisible()).toBe(true);

  // Change a quantity: the badge and the sum follow, in hryvnia.
  await page.getByLabel(`Кількість: ${first.name}`).selectOption('2');
  await expect.poll(() => page.getByRole('link', { name: 'Кошик, товарів: 3' }).isVisible()).toBe(true);
  await expect.poll(() => shown(page, 'Товарів: 3')).toBe(true);
  await expect.poll(() => page.locator('#cart-summary').locator('..').textContent()).toMatch(/Сума: .*грн/);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Checkout asks to sign in first, then comes back to delivery.
  const email = await newCustomer(page);
  await page.getByRole('button', { name: 'Оформити замовлення' }).click();
  await page.waitForURL(/\/login\?redirect=%2Fshipping/);
  await page.getByLabel(/пошта/i).fill(email);
  await page.getByLabel(/^пароль$/i).fill(PASSWORD);
  await page.getByRole('button', { name: 'Увійти' }).click();
  await page.waitForURL('**/shipping');

  // Required fields and the phone format are checked before leaving the step.
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Вкажіть населений пункт')).toBe(true);
  await expect.poll(() => shown(page, 'Вкажіть ім’я та прізвище отримувача')).toBe(true);
  expect(page.url()).toMatch(/\/shipping$/);

  // A town without branches says so; then Kyiv's branches come from (fake) Nova Poshta.
  await page.getByLabel('Населений пункт').fill('Буча');
  await page.getByRole('button', { name: 'Знайти відділення' }).click();
  await expect.poll(() => shown(page, 'Нова пошта не має відділень у цьому населеному пункті')).toBe(true);
  await page.getByLabel('Населений пункт').fill('Київ');
  await page.getByRole('button', { name: 'Знайти відділення' }).click();
  const branch = 'Відділення №7 (до 30 кг): вул. Хрещатик, 22';
  await expect.poll(() => page.getByRole('option', { name: branch }).count()).toBe(1);
  await page.getByLabel('Відділення Нової пошти').selectOption({ label: branch });
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Остап Вишня');
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Номер телефону має бути у форматі +380XXXXXXXXX')).toBe(true);
  await page.getByLabel('Телефон').fill('+380 67 123 45 67');
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');

  // PayPal is the default; the shopper picks another method and back.
  expect(await page.getByLabel('PayPal').isChecked()).toBe(true);
  await page.getByLabel('Накладений платіж у відділенні Нової пошти').check();
  await page.getByLabel('PayPal').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');

  // The review: address with the branch, phone, method, lines and the dollar-sign summary.
  await expect.poll(() => shown(page, `Київ, ${branch}`)).toBe(true);
  await expect.poll(() => shown(page, '+380671234567')).toBe(true);
  const summary = page.locator('section[aria-labelledby=review-summary]');
  await expect.poll(() => summary.textContent()).toMatch(/Разом\$\d/);
  const totalText = (await summary.textContent())!;
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;

  // The new order: unpaid, undelivered; the cart is empty again.
  await expect.poll(() => shown(page, 'Не оплачено')).toBe(true);
  await expect.poll(() => shown(page, 'Не доставлено')).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
  await expect.poll(() => page.getByRole('link', { name: 'Кошик, товарів: 0' }).isVisible()).toBe(true);
  expect(await page.locator('section[aria-labelledby=order-summary]').textContent()).toContain(totalText.match(/Разом(\$[\d\s,]+)/)![1].trim());
  await expect.poll(() => shown(page, `2 × `)).toBe(true);
  await expect.poll(() => shown(page, 'Не вдалося завантажити кнопки PayPal')).toBe(true);
  const stockAfter = (await (await page.request.get(`/api/products/${first._id}`)).json()) as ProductInfo;
  expect(stockAfter.countInStock).toBe(first.countInStock - 2);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Test payment.
  await page.getByRole('button', { name: 'Тестова оплата замовлення' }).click();
  await expect.poll(() => shown(page, 'Замовлення оплачено')).toBe(true);
  await expect.poll(() => shown(page, /^Оплачено \d{4}-\d{2}-\d{2}$/)).toBe(true);
  expect(await page.getByRole('button', { name: 'Тестова оплата замовлення' }).count()).toBe(0);
  expectNoConsoleErrors(page);

  // The admin finds it in the order list and marks it delivered (in English, SPEC.md's words).
  const admin = await openPage(browser());
  await signIn(admin, adminCredentials().email, adminCredentials().password, '/admin/orderlist');
  await admin.waitForURL('**/admin/orderlist');
  await expect.poll(() => admin.getByRole('link', { name: `Деталі замовлення ${orderId}` }).isVisible()).toBe(true);
  await expect.poll(() => admin.getByRole('row', { name: new RegExp(orderId.slice(0, 8)) }).textContent()).toContain('Остап Вишня');
  await expectAccessible(admin);
  await expectFitsPhone(admin);
  await admin.getByRole('link', { name: `Деталі замовлення ${orderId}` }).click();
  await admin.waitForURL(`**/order/${orderId}`);
  await admin.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => shown(admin, /^Paid on \d{4}-\d{2}-\d{2}$/)).toBe(true);
  await expect.poll(() => shown(admin, 'Not Delivered')).toBe(true);
  // An admin does not pay a customer's order.
  expect(await admin.getByRole('button', { name: 'Test Pay Order' }).count()).toBe(0);
  await admin.getByRole('button', { name: 'Mark As Delivered' }).click();
  await expect.poll(() => shown(admin, /^Delivered on \d{4}-\d{2}-\d{2}$/)).toBe(true);
  expect(await admin.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);
  expectNoConsoleErrors(admin);

  // The customer sees it delivered in the profile's order table.
  await page.goto('/profile');
  const row = page.getByRole('row', { name: new RegExp(orderId.slice(0, 8)) });
  await expect.poll(() => row.textContent()).toMatch(/\d{4}-\d{2}-\d{2}.*\d{4}-\d{2}-\d{2}.*\d{4}-\d{2}-\d{2}/);
  await row.getByRole('link', { name: `Деталі замовлення ${orderId}` }).click();
  await page.waitForURL(`**/order/${orderId}`);
  await expect.poll(() => shown(page, /^Доставлено \d{4}-\d{2}-\d{2}$/)).toBe(true);
  expectNoConsoleErrors(page);
});

test('a cart line sold out meanwhile is flagged and keeps the cart from checkout', async () => {
  const page = await openPage(browser());
  // A product the other journeys do not use: the last accessory listed.
  const product = (await productsInStock(page, 1, 'Accessories')).at(-1)!;
  await addToCart(page, product);
  await expect.poll(() => page.getByRole('button', { name: 'Оформити замовлення' }).isEnabled()).toBe(true);

  // Another shopper buys every unit left.
  const other = await openPage(browser());
  const email = await newCustomer(other);
  await other.request.post('/api/users/auth', { data: { email, password: PASSWORD } });
  const bought = await other.request.post('/api/orders', {
    data: {
      orderItems: [{ product: product._id, qty: product.countInStock }],
      shippingAddress: { address: 'Леся Українка', city: 'Київ', phoneNumber: '+380501112233', country: 'Відділення №1' },
      paymentMethod: 'NovaPoshta',
    },
  });
  expect(bought.status()).toBe(201);

  await page.reload();
  await expect.poll(() => shown(page, 'Товар закінчився. Видаліть його з кошика.')).toBe(true);
  await expect.poll(() => shown(page, 'Деякі товари в кошику недоступні. Виправте кошик, щоб продовжити.')).toBe(true);
  expect(await page.getByRole('button', { name: 'Оформити замовлення' }).isDisabled()).toBe(true);
  await expectAccessible(page);

  await page.getByRole('button', { name: `Видалити «${product.name}» з кошика` }).click();
  await expect.poll(() => shown(page, 'Ваш кошик порожній.')).toBe(true);
  expectNoConsoleErrors(page);
  expectNoConsoleErrors(other);
});

test('when Nova Poshta fails, the shipping step says so and takes the branch typed by hand', async () => {
  const page = await openPage(browser());
  // The server's answer when Nova Poshta is down (its own behaviour is covered by the API tests).
  await page.route(/\/api\/delivery\/branches/, (route) =>
    route.fulfill({
      status: 502,
      json: { message: 'Не вдалося отримати відділення Нової пошти. Спробуйте ще раз або введіть відділення вручну', code: 'NOVA_POSHTA_UNAVAILABLE' },
    }),
  );
  allowConsoleErrors(page, /502/);
  const email = await newCustomer(page);
  await signIn(page, email, PASSWORD, '/shipping');
  await page.waitForURL('**/shipping');
  // Later steps without an address send the shopper back to it.
  for (const step of ['/payment', '/placeorder']) {
    await page.goto(step);
    await page.waitForURL('**/shipping');
  }

  await page.getByLabel('Населений пункт').fill('Полтава');
  await page.getByRole('button', { name: 'Знайти відділення' }).click();
  await expect.poll(() => shown(page, /Не вдалося отримати відділення Нової пошти/)).toBe(true);
  await page.getByLabel('Відділення (введіть вручну)').fill('Відділення №3: вул. Соборності, 10');
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Панас Мирний');
  await page.getByLabel('Телефон').fill('+380991234567');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');

  // Continuing to the review shows the typed branch; with an empty cart the Order button stays off.
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');
  await expect.poll(() => shown(page, 'Полтава, Відділення №3: вул. Соборності, 10')).toBe(true);
  expect(await page.getByRole('button', { name: 'Замовити' }).isDisabled()).toBe(true);
  expectNoConsoleErrors(page);
});
