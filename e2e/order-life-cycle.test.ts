import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  adminCredentials,
  firstPackInStock,
  lineOf,
  type ListedProduct,
  allowConsoleErrors,
  DESKTOP,
  expectAccessible,
  expectNoConsoleErrors,
  openPage,
  PHONE,
  signIn,
  useBrowser,
} from './fixtures';

const browser = useBrowser();
const PASSWORD = 'brew-day-2024';
const TTN = '20450987654321';

type ProductInfo = ListedProduct;

/** A signed-in customer (cookies in the page's context) with one order of the given method. */
async function customerWithOrder(page: Page, paymentMethod: string) {
  const email = `buyer-${randomBytes(4).toString('hex')}@example.com`;
  expect((await page.request.post('/api/users', { data: { name: 'Григорій Сковорода', email, password: PASSWORD } })).status()).toBe(201);
  const list = (await (await page.request.get('/api/products?category=Yeast')).json()) as { products: ProductInfo[] };
  const product = list.products.find((p) => firstPackInStock(p)?.countInStock >= 2)!;
  const placed = await page.request.post('/api/orders', {
    headers: { 'idempotency-key': randomBytes(16).toString('hex') },
    data: {
      orderItems: [lineOf(product, 2)],
      paymentMethod,
      shippingAddress: { address: 'Григорій Сковорода', city: 'Київ', phoneNumber: '+380671112233', country: 'Відділення №1: вул. Пирогівський шлях, 135' },
    },
  });
  expect(placed.status()).toBe(201);
  const order = (await placed.json()) as { _id: string; number: number };
  // Signed in through the screen too, so the web app knows who it is.
  await signIn(page, email, PASSWORD);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { email, product, order };
}

const stockOf = async (page: Page, id: string) => ((await (await page.request.get(`/api/products/${id}`)).json()) as ProductInfo).countInStock;
const shown = async (page: Page, text: string | RegExp) => (await page.getByText(text).filter({ visible: true }).count()) > 0;

async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
}

test('cash on delivery: the admin ships with a ТТН, the shopper sees number and status, the admin marks it delivered', async () => {
  const shopper = await openPage(browser());
  const { order } = await customerWithOrder(shopper, 'NovaPoshta');

  const admin = await openPage(browser());
  await signIn(admin, adminCredentials().email, adminCredentials().password, '/admin/orderlist');
  await admin.waitForURL('**/admin/orderlist');
  // Found by its number among all orders.
  await admin.getByLabel('Пошук замовлень').fill(String(order.number));
  await admin.getByRole('button', { name: 'Знайти' }).click();
  await admin.waitForURL(`**/admin/orderlist?q=${order.number}`);
  const link = admin.getByRole('link', { name: `Деталі замовлення №${order.number}` });
  await expect.poll(() => link.isVisible()).toBe(true);
  await expect.poll(() => admin.getByRole('row').filter({ has: link }).textContent()).toMatch(/Григорій Сковорода.*Очікує/);
  await expectAccessible(admin);
  await expectFitsPhone(admin);
  await link.click();
  await admin.waitForURL(`**/order/${order._id}`);
  await expect.poll(() => admin.getByRole('heading', { level: 1 }).textContent()).toBe(`Замовлення №${order.number}`);

  // Cash on delivery ships unpaid; a wrong ТТН is caught before anything is sent.
  const ttnField = admin.getByLabel('Номер ТТН (14 цифр)');
  await ttnField.fill('12345');
  await admin.getByRole('button', { name: 'Відправити з ТТН' }).click();
  await expect.poll(() => shown(admin, 'Номер ТТН складається з 14 цифр')).toBe(true);
  expect(await ttnField.getAttribute('aria-invalid')).toBe('true');
  await ttnField.fill('2045 0987 6543 21');
  await admin.getByRole('button', { name: 'Відправити з ТТН' }).click();
  await expect.poll(() => shown(admin, `Відправити замовлення №${order.number} з ТТН ${TTN}?`)).toBe(true);
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Підтвердити', exact: true }).click();
  await expect.poll(() => shown(admin, 'Замовлення відправлено')).toBe(true);
  await expect.poll(() => shown(admin, TTN)).toBe(true);
  expect(await admin.getByRole('button', { name: 'Відправити з ТТН' }).count()).toBe(0);
  expect(await admin.getByRole('button', { name: 'Скасувати замовлення' }).count()).toBe(0);
  await expectFitsPhone(admin);

  // The shopper: number and status in "Мої замовлення", the ТТН and its link on the order page.
  await shopper.goto('/profile');
  const row = shopper.getByRole('row').filter({ has: shopper.getByRole('link', { name: `Деталі замовлення №${order.number}` }) });
  await expect.poll(() => row.textContent()).toContain('Відправлено');
  await expectFitsPhone(shopper);
  await row.getByRole('link').click();
  await shopper.waitForURL(`**/order/${order._id}`);
  await expect.poll(() => shown(shopper, TTN)).toBe(true);
  expect(await shopper.getByRole('link', { name: 'Відстежити на сайті Нової пошти' }).getAttribute('href')).toContain(TTN);
  expect(await shopper.getByRole('button', { name: 'Скасувати замовлення' }).count()).toBe(0);
  await expectAccessible(shopper);
  await expectFitsPhone(shopper);

  // Delivered: and, being cash on delivery, paid.
  await admin.getByRole('button', { name: 'Позначити доставленим' }).click();
  await admin.getByRole('button', { name: 'Підтвердити', exact: true }).click();
  await expect.poll(() => shown(admin, /^Доставлено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  await expect.poll(() => shown(admin, /^Оплачено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  await shopper.reload();
  await expect.poll(() => shown(shopper, /^Доставлено \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);

  // Paid at the branch: the fiscal receipt goes out through Checkbox in the background (docs/fiscal.md).
  await expect
    .poll(
      async () => {
        await admin.reload();
        return shown(admin, 'видано');
      },
      { timeout: 30_000, interval: 2_000 },
    )
    .toBe(true);
  await expect.poll(() => shown(admin, 'Фіскальні чеки')).toBe(true);
  await shopper.reload();
  const receipt = shopper.getByRole('link', { name: 'Переглянути чек' });
  await expect.poll(() => receipt.count()).toBe(1);
  expect(await receipt.getAttribute('href')).toMatch(/\/api\/v1\/receipts\/[0-9a-f-]{36}\/html$/);
  await expect.poll(() => shown(shopper, /фіскальний номер TEST-/)).toBe(true);
  await expectAccessible(shopper);
  await expectFitsPhone(shopper);
  expectNoConsoleErrors(admin);
  expectNoConsoleErrors(shopper);
}, 120_000);

test('the admin creates the waybill at Nova Poshta: asked first, then the shopper sees its number and status', async () => {
  const shopper = await openPage(browser());
  const { order } = await customerWithOrder(shopper, 'NovaPoshta');

  const admin = await openPage(browser());
  await signIn(admin, adminCredentials().email, adminCredentials().password, `/order/${order._id}`);
  await admin.waitForURL(`**/order/${order._id}`);
  // The shop's sender, as the admin saves it on the settings screen.
  const settings = await (await admin.request.get('/api/settings/admin')).json();
  const ref = (n: number) => `${String(n).repeat(8)}-1111-4111-8111-111111111111`;
  const sender = { counterpartyRef: ref(1), contactRef: ref(2), cityRef: ref(3), warehouseRef: ref(4), contactName: 'Коваленко Олена', phone: '+380501112233' };
  expect((await admin.request.put('/api/settings', { data: { ...settings, novaPoshtaSender: sender } })).status()).toBe(200);

  await admin.getByRole('button', { name: 'Створити ТТН' }).click();
  await expect
    .poll(() => shown(admin, `Створити ТТН Нової пошти для замовлення №${order.number} і відправити його? Покупець отримає лист із номером.`))
    .toBe(true);
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Підтвердити', exact: true }).click();
  await expect.poll(() => shown(admin, /^ТТН 2045\d{10} створено, замовлення відправлено$/)).toBe(true);
  const ttn = ((await (await admin.request.get(`/api/orders/${order._id}`)).json()) as { trackingNumber: string }).trackingNumber;
  expect(ttn).toMatch(/^2045\d{10}$/);
  await expect.poll(() => shown(admin, ttn)).toBe(true);
  expect(await admin.getByRole('button', { name: 'Створити ТТН' }).count()).toBe(0);
  await expectFitsPhone(admin);

  await shopper.goto(`/order/${order._id}`);
  await expect.poll(() => shown(shopper, ttn)).toBe(true);
  await expect.poll(() => shown(shopper, /Відправник самостійно створив цю накладну.*\(станом на/)).toBe(true);
  await expectAccessible(shopper);
  await expectFitsPhone(shopper);
  expectNoConsoleErrors(admin);
  expectNoConsoleErrors(shopper);
});

test('a shopper cancels a mistaken order: asked first, then the stock is back', async () => {
  const shopper = await openPage(browser());
  // No internet here: the order page's PayPal script cannot load (the page says so and stays usable).
  await shopper.route(/paypal\.com/, (route) => route.abort());
  allowConsoleErrors(shopper, /PayPal JS SDK|paypal|Failed to load resource|ERR_FAILED/i);
  const { order, product } = await customerWithOrder(shopper, 'PrivatBank');
  const before = await stockOf(shopper, product._id);

  await shopper.goto(`/order/${order._id}`);
  await shopper.getByRole('button', { name: 'Скасувати замовлення' }).click();
  await expect.poll(() => shown(shopper, `Скасувати замовлення №${order.number}? Товари повернуться на склад, і це не можна відмінити.`)).toBe(true);
  // Changing one's mind leaves the order as it was.
  await shopper.getByRole('button', { name: 'Ні, повернутися' }).click();
  expect(await stockOf(shopper, product._id)).toBe(before);

  await shopper.getByRole('button', { name: 'Скасувати замовлення' }).click();
  await shopper.getByRole('button', { name: 'Підтвердити' }).click();
  await expect.poll(() => shown(shopper, 'Замовлення скасовано')).toBe(true);
  await expect.poll(() => shown(shopper, /^Скасовано \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/)).toBe(true);
  expect(await shopper.getByRole('button', { name: 'Скасувати замовлення' }).count()).toBe(0);
  expect(await stockOf(shopper, product._id)).toBe(before + 2);
  await expectAccessible(shopper);
  expectNoConsoleErrors(shopper);
});
