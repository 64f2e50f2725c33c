import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { formatUah } from '../src/shared/pricing';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, useBrowser } from './fixtures';
import {
  addToCart,
  cartToShipping,
  chooseBilaTserkvaBranch,
  choosePayment,
  CUSTOMER_PASSWORD,
  expectFitsPhone,
  listProducts,
  placeGuestOrder,
  shown,
  signedInCustomer,
  toastsGone,
  type ListedProduct,
} from './support';

/** Choosing Nova Poshta delivery (docs/delivery.md), against the fake Nova Poshta of e2e/fake-services.ts. */

const browser = useBrowser();

/** A product of the category with more than two in stock that `pick` takes, in the cart. */
async function productInCart(page: Page, category: string, pick: (p: ListedProduct) => boolean = () => true) {
  const product = (await listProducts(page, `category=${category}`)).find((p) => p.countInStock > 2 && pick(p))!;
  expect(product, `a ${category} product`).toBeDefined();
  await addToCart(page, product);
  return product;
}

const cityField = (page: Page) => page.getByRole('combobox', { name: 'Населений пункт' });
const branchSearch = (page: Page) => page.getByLabel('Пошук за номером або вулицею');
/** The points listed (the kind filter's buttons are radios too). */
const points = (page: Page) => page.getByRole('radiogroup', { name: 'Відділення або поштомат Нової пошти' }).getByRole('radio');

async function chooseCity(page: Page, typed: string, option: RegExp) {
  await cityField(page).fill(typed);
  await page.getByRole('option', { name: option }).click();
}

/** A guest with one product of the category in the cart goes to checkout without signing in and picks branch №2 in Bila Tserkva. */
async function guestAtBilaTserkvaBranch(page: Page, category: string) {
  const product = await productInCart(page, category);
  await cartToShipping(page);
  await chooseBilaTserkvaBranch(page);
  return product;
}

test('"біла" finds Біла Церква of Kyiv oblast; a branch is found by its number; a parcel locker refuses a 25 kg malt sack', async () => {
  const page = await openPage(browser());
  await signedInCustomer(page, { emailPrefix: 'np' });
  const sack = await productInCart(page, 'Malt', (p) => p.weight >= 25);
  await page.goto('/shipping');

  // Suggestions from the second letter, each with its oblast and district; chosen by keyboard.
  const city = cityField(page);
  await city.fill('б');
  expect(await city.getAttribute('aria-expanded')).toBe('false');
  await city.fill('біла');
  await expect.poll(() => page.getByRole('option').count()).toBe(3);
  expect(await city.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => page.getByRole('option', { name: /Біла Церква.*Київська обл\., Білоцерківський р-н/ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('option', { name: /Біла Криниця.*Рівненська обл\./ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('option', { name: /Біла Криниця.*Житомирська обл\./ }).count()).toBe(1);
  await expectAccessible(page);
  await city.press('ArrowDown');
  const active = await city.getAttribute('aria-activedescendant');
  expect(await page.locator(`[id="${active}"]`).textContent()).toContain('Біла Церква');
  await city.press('Enter');
  await expect.poll(() => city.inputValue()).toBe('Біла Церква');
  await expect.poll(() => shown(page, 'Київська обл., Білоцерківський р-н')).toBe(true);
  await expect.poll(() => shown(page, 'Вага посилки: 25 кг')).toBe(true);

  // The locker by its number: shown with its kind and limit, and refused for the sack, with the reason.
  await branchSearch(page).fill('26081');
  const locker = page.getByRole('radio', { name: /Поштомат "Нова Пошта" №26081/ });
  await expect.poll(() => points(page).count()).toBe(1);
  expect(await locker.count()).toBe(1);
  expect(await locker.isDisabled()).toBe(true);
  await expect.poll(() => shown(page, 'Не підходить: посилка 25 кг, а тут приймають до 20 кг')).toBe(true);
  // The locker filter: every locker of the town, none of them takes the sack.
  await branchSearch(page).fill('');
  await page.getByText('Поштомати', { exact: true }).click();
  await expect.poll(() => points(page).count()).toBe(2);
  for (const radio of await points(page).all()) expect(await radio.isDisabled()).toBe(true);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // A branch that takes 30 kg does.
  await page.getByText('Усі', { exact: true }).click();
  await branchSearch(page).fill('3');
  const branch = page.getByRole('radio', { name: /^Відділення №3 \(до 30 кг\): вул\. Ярослава Мудрого, 40/ });
  await branch.check();
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Остап Вишня');
  await page.getByLabel('Телефон').fill('+38 (067) 123-45-67');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
  await choosePayment(page, 'Накладений платіж у відділенні Нової пошти');
  await page.getByRole('button', { name: 'Замовити' }).click();
  await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
  await expect.poll(() => shown(page, 'Біла Церква, Відділення №3 (до 30 кг): вул. Ярослава Мудрого, 40')).toBe(true);
  await expect.poll(() => shown(page, '+380671234567')).toBe(true);
  expect(sack.weight).toBeGreaterThanOrEqual(25);
  expectNoConsoleErrors(page);
});

test('another town drops the chosen branch; a saved branch that closed is asked for again', async () => {
  const page = await openPage(browser());
  await signedInCustomer(page, { emailPrefix: 'np' });
  await productInCart(page, 'Hops');
  await page.goto('/shipping');

  await chooseCity(page, 'київ', /^м\. Київ /);
  await branchSearch(page).fill('2');
  await page.getByRole('radio', { name: /^Відділення №2:/ }).check();
  await expect.poll(() => shown(page, /^Обрано:/)).toBe(true);

  // Typing another town without choosing it: the Kyiv branch is gone, and the step does not go on.
  await cityField(page).fill('Жит');
  await expect.poll(() => shown(page, /^Обрано:/)).toBe(false);
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Остап Вишня');
  await page.getByLabel('Телефон').fill('0671234567');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Оберіть населений пункт зі списку')).toBe(true);
  expect(page.url()).toMatch(/\/shipping$/);
  await cityField(page).click();
  await page.getByRole('option', { name: /^м\. Житомир / }).click();
  await expect.poll(() => page.getByRole('radio', { name: /^Відділення №2: вул\. Київська, 77/ }).count()).toBe(1);
  expect(
    await points(page)
      .and(page.getByRole('radio', { checked: true }))
      .count(),
  ).toBe(0);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Оберіть відділення Нової пошти')).toBe(true);
  await page.getByRole('radio', { name: /^Відділення №2: вул\. Київська, 77/ }).check();
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');

  // Back on the step after the branch closed (the directory no longer lists it): it is asked for again.
  await page.route(/\/api\/delivery\/branches\?.*ref=/, (route) => route.fulfill({ json: { branches: [], total: 0, demo: false } }));
  await page.goto('/shipping');
  await expect.poll(() => shown(page, 'Відділення «Відділення №2: вул. Київська, 77» більше не приймає посилок. Оберіть інше.')).toBe(true);
  await expect.poll(() => shown(page, /^Обрано:/)).toBe(false);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, 'Оберіть відділення Нової пошти')).toBe(true);
  expect(page.url()).toMatch(/\/shipping$/);
  expectNoConsoleErrors(page);
});

test('a guest checks out from the cart to the order page, then signs up and takes the order into the account', async () => {
  const page = await openPage(browser());
  allowConsoleErrors(page, /401/);
  const product = await guestAtBilaTserkvaBranch(page, 'Yeast');

  await page.getByLabel('Ім’я та прізвище отримувача').fill('Леся Українка');
  await page.getByLabel('Телефон').fill('067 123 45');
  await page.getByLabel('Електронна пошта').fill('not-an-email');
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await expect.poll(() => shown(page, /Вкажіть український номер: 10 цифр/)).toBe(true);
  await expect.poll(() => shown(page, 'Некоректна електронна пошта')).toBe(true);
  const email = `guest-${randomBytes(4).toString('hex')}@example.com`;
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByLabel('Електронна пошта').fill(email);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
  await choosePayment(page, 'Накладений платіж у відділенні Нової пошти');

  // The order's page, by its unguessable link.
  const { link, order: placed } = await placeGuestOrder(page);
  await expect.poll(() => shown(page, /Збережіть адресу цієї сторінки/)).toBe(true);
  await expect.poll(() => shown(page, 'Біла Церква, Відділення №2: бульв. Олександрійський, 68')).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: email }).count()).toBe(1);
  await expect.poll(() => shown(page, product.name)).toBe(true);
  // The shop runs in test mode and says so; cash on delivery is paid at the branch, so no test payment is offered.
  await expect.poll(() => page.getByTestId('test-mode-banner').isVisible()).toBe(true);
  await expect.poll(() => shown(page, 'Накладений платіж у відділенні Нової пошти')).toBe(true);
  expect(await page.getByRole('button', { name: 'Тестова оплата замовлення' }).count()).toBe(0);
  await expectAccessible(page);
  await expectFitsPhone(page);
  // Its id alone opens nothing.
  const id = placed._id;
  expect((await page.request.get(`/api/orders/${id}`)).status()).toBe(401);

  // Signing up from the order's page, and taking the order in.
  await page.getByRole('link', { name: 'Зареєструватися' }).click();
  await page.waitForURL(/\/register\?redirect=/);
  await page.getByLabel('Ім’я', { exact: true }).fill('Леся Українка');
  await page.getByLabel('Електронна пошта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Підтвердження пароля').fill(CUSTOMER_PASSWORD);
  await page.getByRole('button', { name: 'Зареєструватися' }).click();
  await page.waitForURL(`**${link}`);
  await page.getByRole('button', { name: 'Додати замовлення до мого облікового запису' }).click();
  await page.waitForURL(`**/order/${id}`);
  await page.goto('/profile');
  await expect.poll(() => page.getByRole('link', { name: `Деталі замовлення №${placed.number}` }).count()).toBe(1);
  expectNoConsoleErrors(page);
});

test('a guest orders with a card through LiqPay, pays from the order’s link and sees the order paid', async () => {
  const page = await openPage(browser());
  allowConsoleErrors(page, /401/);
  await guestAtBilaTserkvaBranch(page, 'Hops');
  await page.getByLabel('Ім’я та прізвище отримувача').fill('Іван Франко');
  await page.getByLabel('Телефон').fill('0671234567');
  await page.getByLabel('Електронна пошта').fill(`guest-${randomBytes(4).toString('hex')}@example.com`);
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
  // A guest is offered the online methods too.
  await choosePayment(page, 'Картка (LiqPay), у гривнях');
  const { link, order: placed } = await placeGuestOrder(page);
  const total = formatUah(placed.totalPrice);
  await expect.poll(() => shown(page, 'Не оплачено')).toBe(true);
  const payButton = page.getByRole('button', { name: `Оплатити карткою ${total}` });
  await expect.poll(() => payButton.isVisible()).toBe(true);
  await toastsGone(page);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // The signed form goes to the (fake) LiqPay checkout, which calls the shop back and returns the guest to the link.
  await payButton.click();
  // Back at the link with ?liqpay=return, which the page asks LiqPay about, then drops.
  await page.waitForURL((url) => url.pathname === link);
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expect(await page.getByRole('button', { name: /Оплатити карткою/ }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Тестова оплата замовлення' }).count()).toBe(0);
  await page.getByRole('button', { name: 'English' }).click();
  await expect.poll(() => shown(page, /^Paid on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expectNoConsoleErrors(page);
});
