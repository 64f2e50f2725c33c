import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser, WIDE } from './fixtures';
import { addToCart, expectFitsPhone, guestCartToReview, placeGuestOrder, productsInStock, shown, signInAsAdmin } from './support';

/** The legal pages (docs/domain.md): the consent at checkout, the order's offer version, the admin's editor. */

const browser = useBrowser();

/** A guest with a yeast pack in the cart, through delivery and payment to the review step. */
async function guestAtReview(page: Page) {
  const [product] = await productsInStock(page, 'Yeast', 3);
  await addToCart(page, product);
  await guestCartToReview(page, 'guest');
}

test('a guest sees the consent line at the review step, places the order and opens the offer’s version from the order page', async () => {
  const page = await openPage(browser(), WIDE);
  const inForce = ((await (await page.request.get('/api/legal/offer')).json()) as { version: number }).version;
  await guestAtReview(page);

  // The notice names the button and links the offer and the privacy policy.
  const consent = page.locator('#offer-consent');
  await expect
    .poll(() => consent.textContent())
    .toBe('Натискаючи «Замовити», ви приймаєте умови публічної оферти та погоджуєтесь з політикою конфіденційності.');
  expect(await consent.getByRole('link', { name: 'публічної оферти' }).getAttribute('href')).toBe('/oferta');
  expect(await consent.getByRole('link', { name: 'політикою конфіденційності' }).getAttribute('href')).toBe('/privacy');
  expect(await page.getByRole('checkbox').count()).toBe(0);
  await expectAccessible(page);
  await expectFitsPhone(page);

  await placeGuestOrder(page);
  const offerLink = page.getByRole('link', { name: `Замовлення оформлено за публічною офертою, редакція ${inForce}` });
  await offerLink.click();
  await page.waitForURL(`**/oferta/v/${inForce}`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Публічна оферта');
  await expect.poll(() => shown(page, new RegExp(`^Редакція ${inForce} від `))).toBe(true);
  // The seller's details come from the shop's settings, the 14 days and 30 days are stated.
  await expect.poll(() => shown(page, /ФОП Коваленко Ірина Петрівна/)).toBe(true);
  await expect.poll(() => shown(page, /14 днів/)).toBe(true);
  await expectAccessible(page);
  await expectFitsPhone(page);

  // The footer links every legal page; the returns page opens server-rendered.
  await page.getByRole('navigation', { name: 'Покупцям' }).getByRole('link', { name: 'Обмін та повернення' }).click();
  await page.waitForURL('**/returns');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Обмін та повернення');
  const html = await (await page.request.get('/returns')).text();
  expect(html).toContain('<h1>Обмін та повернення</h1>');
  expect(html).toContain('<link rel="canonical"');
  expectNoConsoleErrors(page);
  // The whole checkout and three pages: longer than one screen's test.
}, 180_000);

test('the admin edits the offer on a phone: the preview shows it, the save is a new version in force, the old one stays', async () => {
  const page = await openPage(browser(), PHONE);
  const before = ((await (await page.request.get('/api/legal/offer')).json()) as { version: number }).version;
  await signInAsAdmin(page, '/admin/legal');
  await expect.poll(() => page.getByLabel('Сторінка').inputValue()).toBe('offer');
  await expect.poll(() => shown(page, new RegExp(`^Чинна редакція ${before} від `))).toBe(true);

  const body = page.getByRole('textbox', { name: 'Текст (Markdown)' });
  const added = `## Додаткові умови ${randomBytes(3).toString('hex')}`;
  await body.fill(`${await body.inputValue()}\n\n${added}\n\nДзвоніть: {{phone}} <script>alert(1)</script>`);
  await page.getByRole('button', { name: 'Попередній перегляд' }).click();
  await expect.poll(() => page.getByRole('heading', { name: added.slice(3) }).count()).toBe(1);
  await expect.poll(() => shown(page, 'Дзвоніть: +380 67 123 45 67 <script>alert(1)</script>')).toBe(true);
  await expectAccessible(page);
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Редагувати' }).click();

  // Saved from the keyboard.
  await page.getByRole('button', { name: 'Зберегти нову редакцію' }).focus();
  await page.keyboard.press('Enter');
  // The save goes through the server: on a busy machine it takes a while.
  await expect.poll(() => shown(page, new RegExp(`^Чинна редакція ${before + 1} від `)), { timeout: 20_000 }).toBe(true);
  const rows = page.getByRole('table').getByRole('row');
  await expect.poll(() => rows.count()).toBe(before + 2);
  expect(await rows.nth(1).textContent()).toMatch(new RegExp(`^${before + 1}\\s*чинна`));

  // The shop's offer now says it; the version before is still there, marked as earlier.
  await page.goto('/oferta');
  await expect.poll(() => page.getByRole('heading', { name: added.slice(3) }).count()).toBe(1);
  await page.goto(`/oferta/v/${before}`);
  await expect.poll(() => shown(page, 'Це попередня редакція сторінки, збережена для замовлень, оформлених за нею.')).toBe(true);
  expect(await page.getByRole('heading', { name: added.slice(3) }).count()).toBe(0);
  expectNoConsoleErrors(page);
}, 120_000);
