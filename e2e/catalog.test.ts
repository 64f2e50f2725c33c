import { expect, test } from 'vitest';
import { allowConsoleErrors, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { expectNoSideScroll } from './support';

const browser = useBrowser();

test('a visitor browses the home page and pages through the catalogue', async () => {
  const page = await openPage(browser());
  await page.goto('/');
  await expect.poll(() => page.getByRole('heading', { name: 'Нові надходження' }).isVisible()).toBe(true);
  const cards = page.locator('main ul[role=list] h2');
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(12);
  await expect.poll(() => page.getByRole('heading', { name: 'Найкращі за оцінками' }).isVisible()).toBe(true);
  await expectAccessible(page);

  const firstOnPageOne = await page.locator('main ul[role=list] h2').first().textContent();
  await page.getByRole('link', { name: 'Сторінка 2' }).click();
  await page.waitForURL('**/page/2');
  await expect.poll(() => page.locator('main ul[role=list] h2').first().textContent()).not.toBe(firstOnPageOne);
  // Deep links survive a reload.
  await page.reload();
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBe(12);
  expect(await page.title()).toContain('Хмільна крамниця');
  expectNoConsoleErrors(page);
});

test('search finds products written in the other alphabet or misspelled', async () => {
  const page = await openPage(browser());
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Пошук у каталозі' });
  await box.fill('  каскад  ');
  await box.press('Enter');
  await page.waitForURL(/\/search\/%D0%BA%D0%B0%D1%81%D0%BA%D0%B0%D0%B4$/);
  await expect.poll(() => page.getByRole('link', { name: /Cascade/ }).count()).toBeGreaterThan(0);

  await box.fill('cascde');
  await box.press('Enter');
  await page.waitForURL('**/search/cascde');
  await expect.poll(() => page.getByRole('link', { name: /Cascade/ }).count()).toBeGreaterThan(0);

  await box.fill('сафейл');
  await box.press('Enter');
  await expect.poll(() => page.getByRole('link', { name: /SafAle/ }).count()).toBeGreaterThan(0);

  await box.fill('жодного такого товару');
  await box.press('Enter');
  await expect.poll(() => page.getByText('Нічого не знайдено').isVisible()).toBe(true);

  // An empty search goes home.
  await box.fill('   ');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/');
  expectNoConsoleErrors(page);
});

test('a visitor filters hops by country on a phone and opens a product', async () => {
  const page = await openPage(browser(), PHONE);
  await page.goto('/hops');
  await page.getByRole('button', { name: 'Нова Зеландія' }).click();
  await page.waitForURL(/producer=New\+Zealand|producer=New%20Zealand/);
  const titles = page.locator('main ul[role=list] h2');
  await expect
    .poll(async () => {
      const all = await titles.allTextContents();
      return all.length > 0 && all.every((title) => title.includes('Нова Зеландія'));
    })
    .toBe(true);
  // The filter lives in the URL and survives a reload.
  await page.reload();
  await expect.poll(() => page.getByRole('button', { name: 'Нова Зеландія', pressed: true }).isVisible()).toBe(true);
  await expectAccessible(page);
  // Nothing spills sideways at 375 px.
  await expectNoSideScroll(page);

  await titles.first().locator('a').click();
  await page.waitForURL(/\/product\//);
  await expect.poll(() => page.getByText('Рік урожаю').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Вміст альфа-кислот').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('грн/кг').first().isVisible()).toBe(true);
  await expectAccessible(page);
  expectNoConsoleErrors(page);
});

test('yeast shows its fermentation, and Add to cart goes to the cart', async () => {
  const page = await openPage(browser());
  await page.goto('/yeast?producer=Fermentis');
  await page.locator('main ul[role=list] h2 a').first().click();
  await page.waitForURL(/\/product\//);
  await expect.poll(() => page.getByText('Тип бродіння').isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Ідеальна температура бродіння').isVisible()).toBe(true);
  // A sachet first (the cheapest pack), priced per pack and per kilogram.
  await expect
    .poll(() =>
      page
        .getByText(/за 11,5 г/)
        .first()
        .isVisible(),
    )
    .toBe(true);
  await page.getByLabel('Кількість:').selectOption('2');
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.cartItems[0].qty)).toBe(2);
  await expect.poll(() => page.getByRole('link', { name: 'Кошик, товарів: 2' }).isVisible()).toBe(true);
  expectNoConsoleErrors(page);
});

test('equipment, malt, discounts and the info pages have real content; unknown pages say so', async () => {
  const page = await openPage(browser());
  await page.goto('/equipment?category=Kegs');
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBeGreaterThan(0);
  await page.goto('/malt');
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBeGreaterThan(0);
  await page.goto('/discount');
  await expect.poll(() => page.locator('main .discount-badge').count()).toBeGreaterThan(0);
  expect(await page.locator('main .price-old').count()).toBeGreaterThan(0);
  await page.goto('/about');
  await expect.poll(() => page.getByRole('heading', { name: 'Про крамницю' }).isVisible()).toBe(true);
  await page.goto('/no-such-page');
  await expect.poll(() => page.getByRole('heading', { name: 'Сторінку не знайдено' }).isVisible()).toBe(true);
  await page.goto('/product/00000000-0000-4000-8000-000000000000');
  allowConsoleErrors(page, /404/);
  // A product the shop does not sell is the 404 page, rendered by the server as the browser shows it.
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }).isVisible()).toBe(true);
  await page.goto('/');
  await page.evaluate(() => window.history.pushState(null, '', '/product/no-such-product'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }).isVisible()).toBe(true);
  expectNoConsoleErrors(page);
});

test('a screen whose code is on its way keeps the page under a progress bar; back returns to the same place', async () => {
  const page = await openPage(browser());
  await page.goto('/');
  // Hold the product screen's code until the page has been seen waiting for it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/product-page-*.js', async (route) => {
    await released;
    await route.continue();
  });
  const card = page.locator('main ul[role=list] h2 a').nth(6);
  await card.scrollIntoViewIfNeeded();
  const where = await page.evaluate(() => Math.round(window.scrollY));
  expect(where).toBeGreaterThan(300);
  const name = await card.textContent();
  await card.click();
  await expect.poll(() => page.locator('.route-progress').isVisible()).toBe(true);
  expect(await page.getByRole('heading', { name: 'Нові надходження' }).isVisible()).toBe(true);
  release();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
  expect(await page.locator('.route-progress').count()).toBe(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect.poll(() => page.getByRole('heading', { name: 'Нові надходження' }).isVisible()).toBe(true);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(where);
  expectNoConsoleErrors(page);
});

test('a screen whose code does not arrive says so in the page; the rest of the shop still works', async () => {
  const page = await openPage(browser(), PHONE);
  await page.goto('/');
  await page.route('**/assets/product-page-*.js', (route) => route.abort('internetdisconnected'));
  await page.locator('main ul[role=list] h2 a').first().click();
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Не вдалося відкрити сторінку');
  allowConsoleErrors(page, /ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/);
  await expect.poll(() => page.getByRole('button', { name: 'Оновити сторінку' }).isVisible()).toBe(true);
  // The header still leads elsewhere.
  await page.getByRole('link', { name: 'Дріжджі', exact: true }).click();
  await page.waitForURL('**/yeast');
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBeGreaterThan(0);
  expect(await page.getByRole('alert').count()).toBe(0);
  expectNoConsoleErrors(page);
});

test('a button pressed before the app has taken the rendered page over is pressed again once it has', async () => {
  const page = await openPage(browser(), PHONE);
  const list = (await (await page.request.get('/api/products?keyword=SafAle')).json()) as { products: { slug: string; countInStock: number }[] };
  const product = list.products.find((p) => p.countInStock > 0)!;
  // The app comes only when this test lets it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const appRequested = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  const opened = page.goto(`/product/${product.slug}`); // resolves once the app is live
  await appRequested;
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  expect(new URL(page.url()).pathname).toBe(`/product/${product.slug}`);
  release();
  await opened;
  await page.waitForURL('**/cart');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').state.cartItems.length)).toBe(1);
  expectNoConsoleErrors(page);
});

test('home → "Хміль" by a click shows the hops at once, every time (never left "Завантаження…" until the 15 s time-out)', async () => {
  for (let run = 0; run < 4; run++) {
    const page = await openPage(browser());
    await page.goto('/');
    const started = Date.now();
    await page.getByRole('link', { name: 'Хміль', exact: true }).first().click();
    await page.waitForURL('**/hops');
    await page.waitForFunction(
      () =>
        document.querySelector('main h1')?.textContent?.includes('Хміль') &&
        !document.querySelector('main')?.textContent?.includes('Завантаження') &&
        document.querySelectorAll('main ul[role=list] h2').length > 0,
      null,
      { timeout: 20_000 },
    );
    expect(Date.now() - started, `run ${run}`).toBeLessThan(5_000);
    expectNoConsoleErrors(page);
    await page.context().close();
  }
});
