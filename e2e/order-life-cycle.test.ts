import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, useBrowser } from './fixtures';
import { expectFitsPhone, lineOf, placeOrderThroughApi, productsInStock, shown, signedInCustomer, signInAsAdmin, type ListedProduct } from './support';

const browser = useBrowser();
const TTN = '20450987654321';

/** A signed-in customer (cookies in the page's context) with one order of the given method. */
async function customerWithOrder(page: Page, paymentMethod: string) {
  const { email, name } = await signedInCustomer(page, { name: 'Григорій Сковорода' });
  const [product] = await productsInStock(page, 'Yeast', 2);
  const placed = await placeOrderThroughApi(page, [lineOf(product, 2)], paymentMethod, name);
  const order = (await placed.json()) as { _id: string; number: number };
  return { email, product, order };
}

const stockOf = async (page: Page, id: string) => ((await (await page.request.get(`/api/products/${id}`)).json()) as ListedProduct).countInStock;

test('cash on delivery: the admin ships with a ТТН, the shopper sees number and status, the admin marks it delivered', async () => {
  const shopper = await openPage(browser());
  const { order } = await customerWithOrder(shopper, 'NovaPoshta');

  const admin = await openPage(browser());
  await signInAsAdmin(admin, '/admin/orderlist');
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
  await signInAsAdmin(admin, `/order/${order._id}`);
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
