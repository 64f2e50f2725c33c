import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatUsd, toMinor, uahMinorToUsdCents } from '../src/shared/pricing';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import {
  addToCart,
  cartToShipping,
  CUSTOMER_PASSWORD,
  expectFitsPhone,
  firstPackInStock,
  lineOf,
  placeOrderThroughApi,
  productsInStock,
  registerCustomer,
  shown,
  signedInCustomer,
  signIn,
  signInAsAdmin,
  submitSignIn,
  toastsGone,
  type ListedProduct,
} from './support';

const browser = useBrowser();

/** A new customer, signed in, with one unpaid PayPal order of a yeast pack placed through the API. */
async function customerWithPayPalOrder(page: Page) {
  await signedInCustomer(page);
  const [product] = await productsInStock(page, 'Yeast', 2);
  return placeOrderThroughApi(page, [lineOf(product, 1)], 'PayPal');
}

test('a shopper buys two products in hryvnia with Nova Poshta delivery, pays by card through LiqPay, and sees the admin deliver it', async () => {
  const page = await openPage(browser());

  await page.goto('/cart');
  await expect.poll(() => shown(page, 'Ваш кошик порожній.')).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: 'Повернутися до покупок' }).isVisible()).toBe(true);

  // Browse and add two products from their pages.
  const [first, second] = await productsInStock(page, 'Hops', 3);
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
  const cartSummary = page.locator('#cart-summary').locator('xpath=ancestor::section[1]');
  await expect.poll(() => cartSummary.textContent()).toMatch(/Разом[\d\s\u00a0,]+грн/);
  expect(await cartSummary.textContent()).not.toContain('$');
  await expectAccessible(page);
  await expectFitsPhone(page);

  // Checkout starts at delivery; signing in from there comes back to it.
  const { email, password } = await registerCustomer(page);
  await cartToShipping(page);
  await page.getByRole('main').getByRole('link', { name: 'Увійти' }).click();
  await page.waitForURL(/\/login\?redirect=%2Fshipping/);
  await submitSignIn(page, email, password);
  await page.waitForURL('**/shipping');

  // Required fields and the phone format are checked before leaving the step.
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Оберіть населений пункт зі списку')).toBe(true);
  // The recipient comes from the profile.
  expect(await page.getByLabel('Ім’я та прізвище отримувача').inputValue()).toBe('Остап Вишня');
  expect(page.url()).toMatch(/\/shipping$/);

  // A town without branches says so; then Kyiv's branches come from (fake) Nova Poshta.
  const city = page.getByRole('combobox', { name: 'Населений пункт' });
  await city.fill('Буча');
  await page.getByRole('option', { name: /^м\. Буча / }).click();
  await expect.poll(() => shown(page, 'Нова пошта не має відділень у цьому населеному пункті')).toBe(true);
  await city.fill('Київ');
  await page.getByRole('option', { name: /^м\. Київ / }).click();
  const branch = 'Відділення №7 (до 30 кг): вул. Хрещатик, 22';
  await page.getByLabel('Пошук за номером або вулицею').fill('хрещатик, 22');
  await page.getByRole('radio', { name: /^Відділення №7 \(до 30 кг\): вул\. Хрещатик, 22/ }).check();
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Остап Вишня');
  await page.getByLabel('Телефон').fill('067 123 45');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, /Вкажіть український номер: 10 цифр/)).toBe(true);
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');

  // Every method this shop takes now; cash on delivery is preselected; the shopper picks a card through LiqPay.
  // (monobank among them: the fakes set it up.)
  await expect.poll(() => page.getByRole('radio').count()).toBe(6);
  expect(await page.getByLabel('Накладений платіж у відділенні Нової пошти').isChecked()).toBe(true);
  await page.getByLabel('Картка (LiqPay), у гривнях').check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');

  // The review: address with the branch, phone, method, lines and the summary in hryvnia, without a tax row.
  await expect.poll(() => shown(page, `Київ, ${branch}`)).toBe(true);
  await expect.poll(() => shown(page, '+380671234567')).toBe(true);
  const summary = page.locator('section[aria-labelledby=review-summary]');
  await expect.poll(() => summary.textContent()).toMatch(/Разом[\d\s\u00a0,]+грн/);
  const totalText = (await summary.textContent())!;
  expect(totalText).not.toMatch(/\$|Податок/);
  const total = totalText.match(/Разом([\d\s\u00a0,]+грн)/)![1].trim();
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  const orderId = page.url().split('/').pop()!;
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Замовлення №\d+$/);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/\d+/)![0];
  await expect.poll(() => shown(page, `Дякуємо! Замовлення №${number} прийнято`)).toBe(true);

  // The new order: unpaid, undelivered; the cart is empty again.
  await expect.poll(() => shown(page, 'Не оплачено')).toBe(true);
  await expect.poll(() => shown(page, 'Не доставлено')).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: email }).getAttribute('href')).toBe(`mailto:${email}`);
  await expect.poll(() => page.getByRole('link', { name: 'Кошик, товарів: 0' }).isVisible()).toBe(true);
  expect(await page.locator('section[aria-labelledby=order-summary]').textContent()).toContain(total);
  await expect.poll(() => shown(page, `2 × `)).toBe(true);
  const stockAfter = (await (await page.request.get(`/api/products/${first._id}`)).json()) as ListedProduct;
  expect(stockAfter.countInStock).toBe(first.countInStock - 2);
  await toastsGone(page);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // LiqPay: the signed form goes to the (fake) checkout, which calls the shop back and returns the shopper.
  await page.getByRole('button', { name: `Оплатити карткою ${total}` }).click();
  await page.waitForURL((url) => url.pathname === `/order/${orderId}`);
  // Back with ?liqpay=return, the page asks the server, which asks LiqPay: paid whenever the callback lands.
  const paid = () => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  await expect.poll(paid).toBe(true);
  expect(await page.getByRole('button', { name: /Оплатити карткою/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Тестова оплата замовлення' }).count()).toBe(0);
  expectNoConsoleErrors(page);

  // The admin finds it in the order list and marks it delivered (with the page switched to English).
  const admin = await openPage(browser());
  await signInAsAdmin(admin, '/admin/orderlist');
  await expect.poll(() => admin.getByRole('link', { name: `Деталі замовлення №${number}` }).isVisible()).toBe(true);
  const adminRow = admin.getByRole('row').filter({ has: admin.getByRole('link', { name: `Деталі замовлення №${number}` }) });
  await expect.poll(() => adminRow.textContent()).toContain('Остап Вишня');
  await expectAccessible(admin);
  await expectFitsPhone(admin);
  await admin.getByRole('link', { name: `Деталі замовлення №${number}` }).click();
  await admin.waitForURL(`**/order/${orderId}`);
  await admin.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => shown(admin, /^Paid on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBe(true);
  await expect.poll(() => shown(admin, 'Not Delivered')).toBe(true);
  // An admin does not pay a customer's order.
  expect(await admin.getByRole('button', { name: 'Test Pay Order' }).count()).toBe(0);
  await admin.getByRole('button', { name: 'Mark As Delivered' }).click();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect.poll(() => shown(admin, /^Delivered on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expect(await admin.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);
  expectNoConsoleErrors(admin);

  // The customer sees it delivered in the profile's order table.
  await page.goto('/profile');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Деталі замовлення №${number}` }) });
  await expect.poll(() => row.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}.*Доставлено/);
  await row.getByRole('link', { name: `Деталі замовлення №${number}` }).click();
  await page.waitForURL(`**/order/${orderId}`);
  await expect.poll(() => shown(page, /^Доставлено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expectNoConsoleErrors(page);
});

test('a cart line sold out meanwhile is flagged and keeps the cart from checkout', async () => {
  const page = await openPage(browser());
  // A product the other journeys do not use: the last accessory listed.
  const product = (await productsInStock(page, 'Accessories')).at(-1)!;
  await addToCart(page, product);
  await expect.poll(() => page.getByRole('button', { name: 'Оформити замовлення' }).isEnabled()).toBe(true);

  // Another shopper buys every unit left.
  const other = await openPage(browser());
  await registerCustomer(other, { signedIn: true });
  // One order may hold at most half of a pack (docs/orders.md, "Limits"), so the units go in halves.
  for (let left = firstPackInStock(product).countInStock; left > 0;) {
    const qty = left <= 2 ? left : Math.floor(left / 2);
    await placeOrderThroughApi(other, [lineOf(product, qty)], 'NovaPoshta');
    left -= qty;
  }

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

test('a cart line whose product left the catalogue is flagged and keeps the cart from checkout', async () => {
  const page = await openPage(browser());
  const product = (await productsInStock(page, 'Accessories', 2)).at(-2)!;
  await addToCart(page, product);
  // As if the product was deleted after it went into this cart.
  await page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('cart')!);
    saved.state.cartItems[0].id = '00000000-0000-4000-8000-000000000000';
    localStorage.setItem('cart', JSON.stringify(saved));
  });
  allowConsoleErrors(page, /404/);
  await page.reload();
  await expect.poll(() => shown(page, 'Цієї фасовки більше немає. Оберіть іншу на сторінці товару.')).toBe(true);
  expect(await page.getByRole('button', { name: 'Оформити замовлення' }).isDisabled()).toBe(true);
  expectNoConsoleErrors(page);
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
  const { email } = await registerCustomer(page);
  await signIn(page, email, CUSTOMER_PASSWORD, '/shipping');
  await page.waitForURL('**/shipping');
  // Later steps without an address send the shopper back to it.
  for (const step of ['/payment', '/placeorder']) {
    await page.goto(step);
    await page.waitForURL('**/shipping');
  }

  await page.getByRole('combobox', { name: 'Населений пункт' }).fill('Полтава');
  await page.getByRole('option', { name: /^м\. Полтава / }).click();
  // The web app words the code itself (the server's text is only a fallback).
  await expect.poll(() => shown(page, 'Нова пошта зараз не відповідає як слід. Спробуйте ще раз трохи згодом')).toBe(true);
  await page.getByLabel('Відділення (введіть вручну)').fill('Відділення №3: вул. Соборності, 10');
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Панас Мирний');
  await page.getByLabel('Телефон').fill('+380991234567');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');

  // Continuing to the review shows the typed branch; with an empty cart the Order button stays off.
  await page.getByRole('radio').first().waitFor();
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/placeorder');
  await expect.poll(() => shown(page, 'Полтава, Відділення №3: вул. Соборності, 10')).toBe(true);
  expect(await page.getByRole('button', { name: 'Замовити' }).isDisabled()).toBe(true);
  expectNoConsoleErrors(page);
});

test('a PayPal order shows the dollar amount at the NBU rate, and the server creates and captures it', async () => {
  const page = await openPage(browser());
  // No internet here: PayPal's script cannot load, and the order page must say so and stay usable.
  await page.route(/paypal\.com/, (route) => route.abort());
  allowConsoleErrors(page, /PayPal JS SDK|paypal|Failed to load resource|ERR_FAILED/i);
  const placed = await customerWithPayPalOrder(page);
  const order = (await placed.json()) as { _id: string; totalPrice: number; currency: string };
  expect(order.currency).toBe('UAH');
  // The fake NBU's rate is 41.2345 грн/$.
  const cents = uahMinorToUsdCents(toMinor(order.totalPrice), 41.2345);
  const usd = formatUsd(cents / 100);

  await page.goto(`/order/${order._id}`);
  await expect
    .poll(() => page.getByTestId('paypal-amount').textContent(), { timeout: 10_000 })
    .toBe(`До сплати через PayPal: ${usd} за курсом НБУ 41,23 грн/$`);
  await expect.poll(() => shown(page, 'Не вдалося завантажити кнопки PayPal')).toBe(true);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // What the buttons' createOrder and onApprove call: our server, never PayPal's amount from the browser.
  const created = await page.request.post(`/api/orders/${order._id}/paypal`);
  expect(created.status()).toBe(200);
  const paypalOrder = (await created.json()) as { id: string; amount: { currency_code: string; value: string }; rate: number };
  expect(paypalOrder.amount).toEqual({ currency_code: 'USD', value: (cents / 100).toFixed(2) });
  expect(paypalOrder.rate).toBe(41.2345);
  const captured = await page.request.post(`/api/orders/${order._id}/paypal/capture`, { data: { id: paypalOrder.id } });
  expect(captured.status()).toBe(200);
  await page.reload();
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expect(await page.getByText(/До сплати через PayPal/).count()).toBe(0);
  expectNoConsoleErrors(page);
});

/**
 * PayPal's browser script stands in for the one at paypal.com (no internet here): a button that,
 * like the real one, calls the page's createOrder and then onApprove with the order id it got.
 * Everything after that is real: our server creates and captures the order at the PayPal fake.
 */
const PAYPAL_SDK_STAND_IN = `
window.paypal = {
  version: 'stand-in',
  FUNDING: { PAYPAL: 'paypal', CARD: 'card' },
  Buttons(options) {
    const button = document.createElement('button');
    return {
      isEligible: () => true,
      render(container) {
        button.type = 'button';
        button.textContent = options.fundingSource === 'card' ? 'Debit or Credit Card' : 'PayPal';
        button.addEventListener('click', async () => {
          try {
            const orderID = await options.createOrder({}, {});
            await options.onApprove({ orderID }, {});
          } catch (error) {
            options.onError && options.onError(error);
          }
        });
        (typeof container === 'string' ? document.querySelector(container) : container).append(button);
        return Promise.resolve();
      },
      close: () => Promise.resolve(button.remove()),
      updateProps: () => Promise.resolve(),
    };
  },
};`;

test('the PayPal button on the order page pays through our server: created in dollars, captured, paid', async () => {
  const page = await openPage(browser(), PHONE);
  const sdkRequests: string[] = [];
  await page.route(/paypal\.com\/sdk\/js/, (route) => {
    sdkRequests.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: PAYPAL_SDK_STAND_IN });
  });
  const placed = await customerWithPayPalOrder(page);
  const order = (await placed.json()) as { _id: string; totalPrice: number };
  const usd = (uahMinorToUsdCents(toMinor(order.totalPrice), 41.2345) / 100).toFixed(2);

  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/paypal')) calls.push(new URL(request.url()).pathname);
  });
  await page.goto(`/order/${order._id}`);
  const created = page.waitForResponse((response) => response.url().endsWith(`/api/orders/${order._id}/paypal`));
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  expect(((await (await created).json()) as { amount: { value: string } }).amount).toEqual({ currency_code: 'USD', value: usd });
  await expect.poll(() => shown(page, /^Оплачено/), { timeout: 10_000 }).toBe(true);
  expect(await page.getByText(/До сплати через PayPal/).count()).toBe(0);
  // The SDK was asked for dollars; the browser only relayed ids, the server chose the amount.
  expect(new URL(sdkRequests[0]).searchParams.get('currency')).toBe('USD');
  expect(calls).toEqual([`/api/orders/${order._id}/paypal`, `/api/orders/${order._id}/paypal/capture`]);
  expect(((await (await page.request.get(`/api/orders/${order._id}`)).json()) as { isPaid: boolean }).isPaid).toBe(true);
  expectNoConsoleErrors(page);
});

test('a transfer order shows the card, recipient, exact sum and purpose; cash on delivery says where to pay', async () => {
  const page = await openPage(browser());
  await signedInCustomer(page);
  const [product] = await productsInStock(page, 'Yeast', 2);
  const place = async (paymentMethod: string) =>
    (await (await placeOrderThroughApi(page, [lineOf(product, 1)], paymentMethod)).json()) as { _id: string; number: number };
  const transfer = await place('PrivatBank');
  await page.goto(`/order/${transfer._id}`);
  await expect.poll(() => shown(page, 'Переказуйте точну суму з призначенням платежу, щоб ми швидко знайшли ваше замовлення:')).toBe(true);
  await expect.poll(() => shown(page, `Оплата замовлення №${transfer.number}`)).toBe(true);
  await expect.poll(() => shown(page, 'UA523052990000026007000000000')).toBe(true);
  expect(await page.getByText(/PayPal|\$/).count()).toBe(0);
  await expectAccessible(page);
  await expectFitsPhone(page);

  const cod = await place('NovaPoshta');
  await page.goto(`/order/${cod._id}`);
  await expect.poll(() => shown(page, /^Оплата при отриманні у відділенні Нової пошти: [\d\s\u00a0,]+грн/)).toBe(true);
  expect(await page.getByText(/PayPal|\$/).count()).toBe(0);
  expectNoConsoleErrors(page);
});
