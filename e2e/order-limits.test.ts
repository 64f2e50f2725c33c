import { expect, test } from 'vitest';
import { adminCredentials, DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { addToCart, expectNoSideScroll, signInAsAdmin } from './support';

const browser = useBrowser();

/**
 * The shop's order limits (docs/orders.md, "Limits") as a guest meets them on a phone: a hundred
 * kegs in the cart are refused there, in Ukrainian, with the limit named; lowered to the limit,
 * checkout opens again.
 */
test('a guest asking for 100 kegs is told the limit in the cart, at 375 px', async () => {
  // A keg of the test's own with stock enough for a hundred, so the limit, not the stock, speaks.
  const admin = await openPage(browser());
  expect((await admin.request.post('/api/users/auth', { data: adminCredentials() })).status()).toBe(200);
  const draft = (await (await admin.request.post('/api/products')).json()) as { _id: string; image: string };
  const keg = {
    name: 'Кег Kegland 19 л для ліміту',
    image: draft.image,
    description: 'Кег із нержавіючої сталі для перевірки обмежень замовлення.',
    category: 'Kegs',
    origin: 'Kegland',
    status: 'published',
    variants: [{ sku: `KEG-LIMIT-${Date.now()}`, label: '1 шт', price: 3900, discount: 0, countInStock: 500, weight: 4.5 }],
  };
  const saved = await admin.request.put(`/api/products/${draft._id}`, { data: keg });
  expect(saved.status(), await saved.text()).toBe(200);
  const { slug } = (await saved.json()) as { slug: string };
  const limits = ((await (await admin.request.get('/api/settings')).json()) as { orderLimits: { guestLineQty: number } }).orderLimits;

  const page = await openPage(browser(), PHONE);
  await addToCart(page, slug);
  await page.getByLabel(`Кількість: ${keg.name}`, { exact: false }).selectOption('100');

  const told = `Не більше ${limits.guestLineQty} шт. цього товару в одному замовленні. Зменшіть кількість; для більшої зв’яжіться з магазином.`;
  await expect.poll(() => page.getByRole('alert').filter({ hasText: told }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('У кошику більше, ніж можна замовити за один раз').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Оформити замовлення' }).isDisabled()).toBe(true);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/order-limits-cart-375.png', fullPage: true });

  // Lowered to the limit: checkout opens.
  await page.getByLabel(`Кількість: ${keg.name}`, { exact: false }).selectOption(String(limits.guestLineQty));
  await expect.poll(() => page.getByRole('button', { name: 'Оформити замовлення' }).isEnabled()).toBe(true);
  expect(await page.getByRole('alert').filter({ hasText: told }).count()).toBe(0);
  expectNoConsoleErrors(page);

  // The keg goes, so other tests' listings stay as the demo has them.
  expect((await admin.request.delete(`/api/products/${draft._id}`)).status()).toBe(200);
  expectNoConsoleErrors(admin);
}, 150_000);

test('the owner sets the limits in their own section of the settings; out of bounds is refused beside the field', async () => {
  const page = await openPage(browser(), DESKTOP);
  await signInAsAdmin(page, '/admin/settings');
  const guestLine = page.getByLabel('Гість: одиниць одного товару');
  await expect.poll(() => guestLine.inputValue()).toBe('20');
  await expect.poll(() => page.getByRole('group', { name: 'Обмеження замовлень' }).isVisible()).toBe(true);

  await guestLine.fill('0');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => page.locator('.invalid-feedback', { hasText: 'Ціле число від 1 до 1000' }).first().isVisible()).toBe(true);
  expect(await guestLine.getAttribute('aria-invalid')).toBe('true');
  expect(((await (await page.request.get('/api/settings')).json()) as { orderLimits: { guestLineQty: number } }).orderLimits.guestLineQty).toBe(20);
  await page.screenshot({ path: '/tmp/order-limits-settings-1366.png', fullPage: true });
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await page.getByRole('group', { name: 'Обмеження замовлень' }).screenshot({ path: '/tmp/order-limits-settings-375.png' });
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);

  await guestLine.fill('20');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => page.getByText('Налаштування збережено').isVisible(), { timeout: 30_000 }).toBe(true);
  expect(await guestLine.getAttribute('aria-invalid')).toBeNull();
  expectNoConsoleErrors(page);
}, 150_000);
