import { mkdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { expectNoSideScroll, letterTo, lineOf, listProducts, signInAsAdmin } from './support';

const browser = useBrowser();
const SHOTS = '/tmp/shop-identity-shots';
mkdirSync(SHOTS, { recursive: true });

/** "=?UTF-8?B?…?=" and "=?UTF-8?Q?…?=" words of a header, decoded. */
const decodeHeader = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_w, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, c: string) => String.fromCharCode(parseInt(c, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** The From and Reply-To of the newest letter to `email`. */
function headersOfLetterTo(email: string): { from: string; replyTo: string } | null {
  const letter = letterTo(email);
  if (!letter) return null;
  const header = (key: string) => decodeHeader(new RegExp(`^${key}: (.*)$`, 'm').exec(letter.head)?.[1] ?? '');
  return { from: header('From'), replyTo: header('Reply-To') };
}

async function renameTo(page: Page, name: string, about: string) {
  await page.goto('/admin/settings');
  const nameField = page.getByLabel('Назва магазину');
  await nameField.waitFor({ timeout: 60_000 });
  await nameField.fill(name);
  await page.getByLabel('Текст сторінки «Про нас» (абзаци — через порожній рядок)').fill(about);
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => page.getByText('Налаштування збережено').isVisible(), { timeout: 60_000 }).toBe(true);
}

test('the owner renames the shop: the title, the About page and the next letter’s From say the new name', async () => {
  const page = await openPage(browser(), DESKTOP);
  await signInAsAdmin(page, '/admin/settings');
  await page.getByLabel('Назва магазину').waitFor({ timeout: 60_000 });
  const before = await page.getByLabel('Назва магазину').inputValue();
  const aboutBefore = await page.getByLabel('Текст сторінки «Про нас» (абзаци — через порожній рядок)').inputValue();
  await page.screenshot({ path: `${SHOTS}/settings-1366.png`, fullPage: true });
  const newName = `Пивоварня «Дніпро» ${randomBytes(2).toString('hex')}`;
  try {
    await renameTo(page, newName, 'Варимо разом із вами з 2020 року.\n\nВідправляємо щодня, крім неділі.');
    await expectAccessible(page);

    // A fresh visit: the server-rendered page says the new name before any script runs.
    const about = await openPage(browser(), DESKTOP);
    const res = await about.goto('/about');
    expect(await res!.text()).toContain(`<title>Про нас | ${newName}</title>`);
    await expect.poll(() => about.title()).toBe(`Про крамницю | ${newName}`);
    await expect.poll(() => about.getByText('Відправляємо щодня, крім неділі.').isVisible()).toBe(true);
    expect(await about.locator('header').innerText()).toContain(newName);
    await about.screenshot({ path: `${SHOTS}/about-1366.png`, fullPage: true });
    const phone = await openPage(browser(), PHONE);
    await phone.goto('/about');
    await expect.poll(() => phone.getByText('Варимо разом із вами з 2020 року.').isVisible()).toBe(true);
    await expectNoSideScroll(phone);
    await phone.screenshot({ path: `${SHOTS}/about-375.png`, fullPage: true });
    await phone.goto('/admin/settings');
    await phone.screenshot({ path: `${SHOTS}/settings-375.png`, fullPage: true });
    expectNoConsoleErrors(about);

    // The next letter goes out under the new name, replies to the shop's e-mail.
    const products = await listProducts(page, 'category=Hops&inStock=true');
    const guest = `guest-${randomBytes(4).toString('hex')}@example.com`;
    const placed = await page.request.post('/api/orders/guest', {
      data: {
        orderItems: [lineOf(products[0], 1)],
        shippingAddress: { address: 'Леся Українка', city: 'Київ', phoneNumber: '+380501112233', country: 'Відділення №1' },
        paymentMethod: 'NovaPoshta',
        email: guest,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await expect.poll(() => headersOfLetterTo(guest), { timeout: 60_000 }).not.toBeNull();
    const letter = headersOfLetterTo(guest)!;
    expect(letter.from).toContain(newName);
    expect(letter.replyTo).toMatch(/@/);
  } finally {
    await renameTo(page, before, aboutBefore);
  }
}, 300_000);
