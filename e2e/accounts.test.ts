import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { adminCredentials, allowConsoleErrors, baseURL, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { expectNoSideScroll, lettersTo, signIn, toast } from './support';

const browser = useBrowser();

const freshEmail = () => `e2e-${randomBytes(4).toString('hex')}@example.com`;

/** A customer made through the API, outside any browser (no cookie lands in the page). */
async function createCustomer(name = 'Покупець Тестовий') {
  const email = freshEmail();
  const password = 'customer-password-1';
  const res = await fetch(`${baseURL()}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  expect(res.status).toBe(201);
  const user = (await res.json()) as { _id: string };
  return { ...user, name, email, password };
}

const storedUser = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.state ?? null) as Promise<{
    userInfo: { name: string; email: string; isAdmin: boolean; _id: string } | null;
    expiresAt: number | null;
  } | null>;

test('a shopper registers, signs out, signs in again through a redirect and edits the profile', async () => {
  const page = await openPage(browser());
  const email = freshEmail();
  await page.goto('/register');
  await expectAccessible(page);
  await page.getByLabel('Ім’я').fill('Марія Заньковецька');
  await page.getByLabel('Електронна пошта').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('Пароль', { exact: true }).fill('brewing-at-home');
  await page.getByLabel('Підтвердження пароля').fill('brewing-at-home');
  await page.getByRole('button', { name: 'Зареєструватися' }).click();

  // Signed in and sent to the default redirect, the home page.
  await page.waitForURL((url) => url.pathname === '/');
  const account = page.getByRole('button', { name: /Марія Заньковецька/ });
  await expect.poll(() => account.isVisible()).toBe(true);
  const stored = await storedUser(page);
  expect(stored?.userInfo).toMatchObject({ name: 'Марія Заньковецька', email, isAdmin: false });
  expect(stored?.expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
  // A customer has no admin menu.
  expect(await page.getByRole('button', { name: 'Адміністрування' }).count()).toBe(0);
  // The session cookie is out of reach of scripts.
  expect(await page.evaluate(() => document.cookie)).not.toContain('jwt');

  // Sign out from the user menu: everything this browser kept is gone.
  await account.click();
  await page.getByRole('button', { name: 'Вийти' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => page.getByRole('link', { name: 'Увійти' }).first().isVisible()).toBe(true);
  expect((await storedUser(page))?.userInfo ?? null).toBeNull();
  const status = await page.evaluate(() => fetch('/api/users/profile').then((r) => r.status));
  expect(status).toBe(401);
  allowConsoleErrors(page, /401/);

  // /profile asks for a sign-in and comes back after it.
  await page.goto('/profile');
  await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
  await expectAccessible(page);
  await signIn(page, email, 'brewing-at-home', '/profile');
  await page.waitForURL('**/profile');
  await expect.poll(() => page.getByLabel('Ім’я').inputValue()).toBe('Марія Заньковецька');
  expect(await page.getByLabel('Електронна пошта').getAttribute('type')).toBe('email');
  await expectAccessible(page);

  // A new name and a new password; the shopper stays signed in.
  await page.getByLabel('Ім’я').fill('Марія К. Заньковецька');
  await page.getByLabel('Новий пароль', { exact: true }).fill('new-brewing-password');
  await page.getByLabel('Підтвердження нового пароля').fill('new-brewing-password');
  // A new password needs the current one: a session alone cannot take the account over.
  await page.getByRole('button', { name: 'Оновити' }).click();
  await expect.poll(() => page.getByText('Щоб змінити електронну пошту чи пароль, введіть поточний пароль').isVisible()).toBe(true);
  expect(await page.getByLabel('Поточний пароль').getAttribute('class')).toContain('is-invalid');
  allowConsoleErrors(page, /status of 403/);
  await page.getByLabel('Поточний пароль').fill('a-wrong-guess');
  await page.getByRole('button', { name: 'Оновити' }).click();
  await expect.poll(() => toast(page, 'Поточний пароль невірний').isVisible()).toBe(true);
  await page.getByLabel('Поточний пароль').fill('brewing-at-home');
  await page.getByRole('button', { name: 'Оновити' }).click();
  await expect.poll(() => toast(page, 'Профіль оновлено').isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: /Марія К\. Заньковецька/ }).isVisible()).toBe(true);
  await page.reload();
  await expect.poll(() => page.getByLabel('Ім’я').inputValue()).toBe('Марія К. Заньковецька');
  expect(await page.evaluate(() => fetch('/api/users/profile').then((r) => r.status))).toBe(200);

  // The old password no longer works, the new one does.
  const attempt = (password: string) =>
    fetch(`${baseURL()}/api/users/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status);
  expect(await attempt('brewing-at-home')).toBe(401);
  expect(await attempt('new-brewing-password')).toBe(200);
  expectNoConsoleErrors(page);
});

test('mismatched passwords are stopped in the browser, in both languages; bad input and server refusals are shown', async () => {
  const page = await openPage(browser(), PHONE);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/users')) posts.push(request.url());
  });
  await page.goto('/register');
  await page.getByLabel('Ім’я').fill('Невдаха');
  await page.getByLabel('Електронна пошта').fill(freshEmail());
  await page.getByLabel('Пароль', { exact: true }).fill('first-password');
  await page.getByLabel('Підтвердження пароля').fill('second-password');
  await page.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect.poll(() => toast(page, 'Паролі не збігаються').isVisible()).toBe(true);
  expect(posts).toEqual([]);
  expect(new URL(page.url()).pathname).toBe('/register');

  // The shared rules speak before the server is asked.
  await page.getByLabel('Пароль', { exact: true }).fill('short');
  await page.getByLabel('Підтвердження пароля').fill('short');
  await page.getByLabel('Електронна пошта').fill('not-an-email');
  await page.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect.poll(() => page.getByText('Пароль має містити щонайменше 8 символів').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Некоректна електронна пошта').isVisible()).toBe(true);
  expect(posts).toEqual([]);
  // Nothing spills sideways at 375 px.
  await expectNoSideScroll(page);

  // A taken e-mail: the server's message in a toast.
  const existing = await createCustomer();
  allowConsoleErrors(page, /409|401/);
  await page.getByLabel('Електронна пошта').fill(existing.email);
  await page.getByLabel('Пароль', { exact: true }).fill('long-enough-password');
  await page.getByLabel('Підтвердження пароля').fill('long-enough-password');
  await page.getByRole('button', { name: 'Зареєструватися' }).click();
  await expect.poll(() => toast(page, 'Користувач з такою електронною поштою вже існує').isVisible()).toBe(true);

  // A wrong password on sign-in: the server's message, and no session.
  await signIn(page, existing.email, 'not-the-password');
  await expect.poll(() => toast(page, 'Невірна електронна пошта або пароль').isVisible()).toBe(true);
  expect((await storedUser(page))?.userInfo ?? null).toBeNull();

  // The same rules with the English texts.
  await page.goto('/register');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('Name').fill('Mismatch');
  await page.getByLabel('Email Address').fill(freshEmail());
  await page.getByLabel('Password', { exact: true }).fill('first-password');
  await page.getByLabel('Confirm Password').fill('second-password');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => toast(page, 'Passwords do not match').isVisible()).toBe(true);
  await page.getByRole('link', { name: 'Login' }).click();
  await page.waitForURL('**/login');
  await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
  await expectAccessible(page);
  expect(posts.filter((url) => !url.endsWith('/api/users/auth'))).toHaveLength(1);

  // The profile has the same rule.
  await page.getByRole('button', { name: 'Українська' }).click();
  await signIn(page, existing.email, existing.password, '/profile');
  await page.waitForURL('**/profile');
  await page.getByLabel('Новий пароль', { exact: true }).fill('one-new-password');
  await page.getByLabel('Підтвердження нового пароля').fill('another-new-password');
  await page.getByRole('button', { name: 'Оновити' }).click();
  await expect.poll(() => toast(page, 'Паролі не збігаються').isVisible()).toBe(true);
  expect(posts.filter((url) => url.endsWith('/api/users/profile'))).toEqual([]);
  expectNoConsoleErrors(page);
});

test('an admin edits and deletes a customer from the user list; admins cannot be touched there', async () => {
  const customer = await createCustomer('Клієнт Для Редагування');
  const victim = await createCustomer('Клієнт Для Видалення');
  const page = await openPage(browser());
  const admin = adminCredentials();
  await signIn(page, admin.email, admin.password);
  // An admin signing in without a destination lands on the dashboard (docs/back-office.md).
  await page.waitForURL((url) => url.pathname === '/admin');

  await page.getByRole('button', { name: 'Адміністрування' }).click();
  await page.getByRole('link', { name: 'Користувачі' }).click();
  await page.waitForURL('**/admin/userlist');
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  await expect.poll(() => row(customer.email).isVisible()).toBe(true);
  await expectAccessible(page);
  expect(await row(customer.email).getByRole('link', { name: customer.email }).getAttribute('href')).toBe(`mailto:${customer.email}`);
  // The admin's own row offers neither edit nor delete.
  const adminRow = row(admin.email);
  expect(await adminRow.getByRole('link', { name: /Редагувати/ }).count()).toBe(0);
  expect(await adminRow.getByRole('button', { name: /Видалити/ }).count()).toBe(0);

  // Edit.
  await row(customer.email)
    .getByRole('link', { name: `Редагувати користувача ${customer.name}` })
    .click();
  await page.waitForURL(`**/admin/user/${customer._id}/edit`);
  await expect.poll(() => page.getByLabel('Ім’я').inputValue()).toBe(customer.name);
  expect(await page.getByLabel('Адміністратор').isChecked()).toBe(false);
  await expectAccessible(page);
  await page.getByLabel('Ім’я').fill('Клієнт Перейменований');
  await page.getByRole('button', { name: 'Зберегти' }).click();
  await expect.poll(() => toast(page, 'Користувача оновлено').isVisible()).toBe(true);
  await page.waitForURL('**/admin/userlist');
  await expect.poll(() => row(customer.email).textContent()).toContain('Клієнт Перейменований');

  // Delete, behind the browser's confirmation: first refused, then accepted.
  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await row(victim.email)
    .getByRole('button', { name: `Видалити користувача ${victim.name}` })
    .click();
  expect(dialogs[0]).toContain(victim.name);
  expect(await row(victim.email).count()).toBe(1);
  page.once('dialog', (dialog) => void dialog.accept());
  await row(victim.email)
    .getByRole('button', { name: `Видалити користувача ${victim.name}` })
    .click();
  await expect.poll(() => toast(page, 'Користувача видалено').isVisible()).toBe(true);
  await expect.poll(() => row(victim.email).count()).toBe(0);
  const signInAgain = await fetch(`${baseURL()}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: victim.email, password: victim.password }),
  });
  expect(signInAgain.status).toBe(401);

  // An admin's edit page says why it is locked.
  const adminId = (await storedUser(page))!.userInfo!._id;
  await page.goto(`/admin/user/${adminId}/edit`);
  await expect.poll(() => page.getByText('Обліковий запис адміністратора не змінюють').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Зберегти' }).isDisabled()).toBe(true);

  // The list is usable on a phone.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/userlist');
  await expect.poll(() => row(customer.email).isVisible()).toBe(true);
  await expectNoSideScroll(page);
  expectNoConsoleErrors(page);
});

test('guards: visitors and customers are sent to /login from signed-in and admin screens', async () => {
  const page = await openPage(browser());
  await page.goto('/admin/userlist');
  await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fuserlist$/);

  const customer = await createCustomer();
  await signIn(page, customer.email, customer.password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin/userlist');
  await page.waitForURL(/\/login\?redirect=%2Fadmin%2Fuserlist$/);
  await expect.poll(() => page.getByText('Ця сторінка лише для адміністраторів').isVisible()).toBe(true);
  expect(await page.getByRole('table').count()).toBe(0);
  // Even calling the API directly: 403.
  const status = await page.evaluate(() => fetch('/api/users').then((r) => r.status));
  expect(status).toBe(403);
  allowConsoleErrors(page, /403/);

  // A signed-in shopper opening /login?redirect=… goes straight on.
  await page.goto('/login?redirect=/cart');
  await page.waitForURL('**/cart');
  // A redirect to another site is ignored.
  await page.goto('/login?redirect=//evil.example/phish');
  await page.waitForURL((url) => url.origin === baseURL() && url.pathname === '/');
  expectNoConsoleErrors(page);
});

test('the browser signs out by itself on a 401 and when the stored expiry has passed', async () => {
  const page = await openPage(browser());
  const customer = await createCustomer('Клієнт Сесія');
  await signIn(page, customer.email, customer.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByRole('button', { name: /Клієнт Сесія/ }).isVisible()).toBe(true);

  // The stored expiry passes (as if 30 days went by): on the next load the user is signed out.
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('userInfo')!);
    stored.state.expiresAt = Date.now() - 1000;
    localStorage.setItem('userInfo', JSON.stringify(stored));
  });
  await page.reload();
  await expect.poll(() => page.getByRole('link', { name: 'Увійти' }).first().isVisible()).toBe(true);
  expect((await storedUser(page))?.userInfo ?? null).toBeNull();

  // The expiry passes while the page is open: a timer signs out.
  await signIn(page, customer.email, customer.password);
  await page.waitForURL((url) => url.pathname === '/');
  await page.evaluate(() => {
    const stored = JSON.parse(localStorage.getItem('userInfo')!);
    stored.state.expiresAt = Date.now() + 1500;
    localStorage.setItem('userInfo', JSON.stringify(stored));
  });
  await page.reload();
  await expect.poll(() => page.getByRole('button', { name: /Клієнт Сесія/ }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('link', { name: 'Увійти' }).first().isVisible(), { timeout: 5000 }).toBe(true);

  // The session dies on the server (signed out on another device): the next 401 signs out here.
  await signIn(page, customer.email, customer.password, '/profile');
  await page.waitForURL('**/profile');
  const jwt = (await page.context().cookies()).find((c) => c.name === 'jwt')!;
  const out = await fetch(`${baseURL()}/api/users/logout`, { method: 'POST', headers: { cookie: `jwt=${jwt.value}` } });
  expect(out.status).toBe(200);
  allowConsoleErrors(page, /401/);
  await page.reload();
  await page.waitForURL(/\/login\?redirect=%2Fprofile$/);
  expect((await storedUser(page))?.userInfo ?? null).toBeNull();
  expectNoConsoleErrors(page);
});

/** The reset link in the newest letter to `email` that has one. */
function resetLinkFor(email: string): string | null {
  for (const letter of lettersTo(email)) {
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(letter.text);
    if (link) return link[0];
  }
  return null;
}

test('a shopper who forgot the password gets a one-time link by e-mail and signs in with the new password', async () => {
  const customer = await createCustomer('Забудько Тестовий');
  const page = await openPage(browser(), PHONE);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Забули пароль?' }).click();
  await page.waitForURL('**/forgot-password');
  await expect.poll(() => page.getByRole('heading', { name: 'Відновлення пароля', level: 1 }).isVisible()).toBe(true);
  await page.getByLabel(/пошта/i).fill(customer.email);
  await page.getByRole('button', { name: 'Надіслати посилання' }).click();
  await expect.poll(() => page.getByText(/Якщо для цієї адреси є обліковий запис/).isVisible()).toBe(true);
  await expectAccessible(page);

  // The letter comes through the outbox within seconds; its link opens the reset screen here.
  let link: string | null = null;
  await expect.poll(() => (link = resetLinkFor(customer.email)), { timeout: 15_000 }).not.toBeNull();
  const { pathname, search } = new URL(link!);
  await page.goto(pathname + search);
  await expect.poll(() => page.getByRole('heading', { name: 'Новий пароль', level: 1 }).isVisible()).toBe(true);
  const newPassword = 'a-new-password-77';
  await page.getByLabel('Новий пароль', { exact: true }).fill(newPassword);
  await page.getByLabel('Підтвердження пароля').fill(newPassword);
  await page.getByRole('button', { name: 'Змінити пароль' }).click();
  await expect.poll(() => toast(page, 'Пароль змінено. Увійдіть з новим паролем').isVisible()).toBe(true);

  // The old password no longer works, the new one does, and the link works only once.
  const old = await fetch(`${baseURL()}/api/users/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password }),
  });
  expect(old.status).toBe(401);
  await signIn(page, customer.email, newPassword);
  await expect.poll(async () => (await storedUser(page))?.userInfo?.email).toBe(customer.email);
  const again = await fetch(`${baseURL()}/api/users/password-reset/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: new URL(link!).searchParams.get('token'), password: 'yet-another-password-9' }),
  });
  expect(again.status).toBeGreaterThanOrEqual(400);
  expect(again.status).toBeLessThan(500);
  expectNoConsoleErrors(page);
});
