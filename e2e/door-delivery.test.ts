import { expect, test } from 'vitest';
import { discountedPrice, formatUah } from '../src/shared/pricing';
import { formatDeliveryDay, valueBandUah, weightBandKg } from '../src/shared/delivery';
import { fakeSettlements, fakeTariff } from '../src/server/test/fakes/nova-poshta';
import { adminCredentials, baseURL, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { addToCart, cartToShipping, choosePayment, expectNoSideScroll, listProducts, placeGuestOrder, shown } from './support';

/**
 * Guest-first checkout with courier delivery (docs/delivery.md): from the cart straight to the
 * delivery step, Nova Poshta's price and day before paying, the step kept across a reload.
 */

const browser = useBrowser();
const KYIV = fakeSettlements().find((s) => s.MainDescription === 'Київ')!;

/** The shop sends from Kyiv: the admin saves the sender, whose city the estimate starts from (docs/settings.md). */
async function shopSendsFromKyiv() {
  const context = await browser().newContext({ baseURL: baseURL() });
  const { email, password } = adminCredentials();
  expect((await context.request.post('/api/users/auth', { data: { email, password } })).status()).toBe(200);
  const settings = await (await context.request.get('/api/settings/admin')).json();
  const ref = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;
  const sender = {
    counterpartyRef: ref(1),
    contactRef: ref(2),
    cityRef: KYIV.DeliveryCity,
    warehouseRef: ref(4),
    contactName: 'Коваленко Олена',
    phone: '+380501112233',
  };
  expect((await context.request.put('/api/settings', { data: { ...settings, novaPoshtaSender: sender } })).status()).toBe(200);
  await context.close();
}

/** Today on Kyiv's calendar plus two days: the fake's delivery day. */
function inTwoDays(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Kyiv' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
}

test('a guest goes from the cart straight to delivery, chooses courier delivery in Біла Церква, sees its price and day, keeps the step over a reload, orders and pays by monobank', async () => {
  await shopSendsFromKyiv();
  const page = await openPage(browser(), PHONE);

  const product = (await listProducts(page, 'category=Yeast')).find((p) => p.countInStock > 2 && p.weight > 0)!;
  await addToCart(page, product);

  // Guest first: the delivery step at once, with the way to sign in on it.
  await cartToShipping(page);
  await expect.poll(() => shown(page, 'Уже маєте обліковий запис?')).toBe(true);
  expect(await page.getByRole('main').getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/login?redirect=%2Fshipping');

  await page.getByRole('combobox', { name: 'Населений пункт' }).fill('Біла');
  await page.getByRole('option', { name: /^м\. Біла Церква / }).click();
  await page.getByLabel('Адресна доставка (кур’єр Нової пошти)').check();
  await page.getByRole('combobox', { name: 'Вулиця' }).fill('гай');
  await page.getByRole('option', { name: 'вул. Гайова' }).click();
  await page.getByLabel('Будинок').fill('12а');
  await page.getByLabel('Квартира').fill('7');

  // Nova Poshta's tariff for this parcel to the door, and its day, before paying.
  const price = discountedPrice(product.price, product.discount);
  const cost = fakeTariff('WarehouseDoors', weightBandKg(product.weight), valueBandUah(price));
  const line = `Доставка: ≈ ${cost}\u00a0грн, орієнтовно ${formatDeliveryDay(inTwoDays())} (тариф Нової пошти, оплачується при отриманні)`;
  const deliveryCost = page.getByTestId('delivery-cost');
  await expect.poll(() => deliveryCost.textContent()).toBe(line);

  await page.getByLabel('Ім’я та прізвище отримувача').fill('Леся Українка');
  await page.getByLabel('Телефон').fill('067 123 45 67');
  await page.getByLabel('Коментар до замовлення').fill('Зателефонуйте перед відправкою');
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/door-delivery-375.png', fullPage: true });

  // A reload keeps the step: the settlement, courier delivery, the street, house, flat and comment.
  await page.reload();
  expect(await page.getByRole('combobox', { name: 'Населений пункт' }).inputValue()).toBe('Біла Церква');
  expect(await page.getByLabel('Адресна доставка (кур’єр Нової пошти)').isChecked()).toBe(true);
  expect(await page.getByRole('combobox', { name: 'Вулиця' }).inputValue()).toBe('вул. Гайова');
  expect(await page.getByLabel('Будинок').inputValue()).toBe('12а');
  expect(await page.getByLabel('Квартира').inputValue()).toBe('7');
  expect(await page.getByLabel('Ім’я та прізвище отримувача').inputValue()).toBe('Леся Українка');
  expect(await page.getByLabel('Коментар до замовлення').inputValue()).toBe('Зателефонуйте перед відправкою');
  await expect.poll(() => deliveryCost.textContent()).toBe(line);

  // No e-mail: the phone is enough.
  await page.getByRole('button', { name: 'Продовжити' }).click();
  await page.waitForURL('**/payment');
  await choosePayment(page, 'monobank: картка, Apple Pay чи Google Pay, у гривнях');
  await expect.poll(() => deliveryCost.textContent()).toBe(line);
  await expect.poll(() => shown(page, 'Біла Церква, Адресна доставка: вул. Гайова, 12а, кв. 7')).toBe(true);

  // The order's page: the address, the price and day, the comment, and the link to keep (no letter carries it).
  const { link, order: placed } = await placeGuestOrder(page);
  await expect.poll(() => shown(page, 'Біла Церква, Адресна доставка: вул. Гайова, 12а, кв. 7')).toBe(true);
  await expect.poll(() => deliveryCost.textContent()).toBe(line);
  await expect.poll(() => shown(page, 'Зателефонуйте перед відправкою')).toBe(true);
  await expect.poll(() => shown(page, /Ви не вказали електронну пошту/)).toBe(true);
  expect(await page.getByText(page.url(), { exact: true }).count()).toBe(1);
  await expectAccessible(page);
  await expectNoSideScroll(page);
  await page.screenshot({ path: '/tmp/door-order-375.png', fullPage: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: '/tmp/door-order-1366.png', fullPage: true });

  // Paid by monobank on its (fake) page: back on the order's link, the order is paid.
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: `Оплатити ${formatUah(placed.totalPrice)} через monobank` }).click();
  await page.waitForURL(/\/pay\/p2_/);
  await page.getByRole('button', { name: /^Сплатити \d/ }).click();
  await page.waitForURL((url) => url.pathname === link);
  await expect.poll(() => shown(page, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/), { timeout: 10_000 }).toBe(true);
  await expect.poll(() => shown(page, 'Біла Церква, Адресна доставка: вул. Гайова, 12а, кв. 7')).toBe(true);

  // The step starts afresh for the next order: the draft went with the placed order.
  await page.goto('/shipping');
  expect(await page.getByLabel('Коментар до замовлення').inputValue()).toBe('');
  expectNoConsoleErrors(page);
}, 120_000);
