import sharp from 'sharp';
import { expect, test } from 'vitest';
import { allowConsoleErrors, baseURL, expectNoConsoleErrors, openPage, recordWarningsAndApiCalls, useBrowser } from './fixtures';

const browser = useBrowser();

test('the first screens start from the data embedded in the page: no second request for it', async () => {
  const page = await openPage(browser());
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/products')) apiCalls.push(url.pathname + url.search);
  });
  await page.goto('/');
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBeGreaterThanOrEqual(12);
  await expect.poll(() => page.getByRole('heading', { name: 'Найкращі за оцінками' }).isVisible()).toBe(true);
  expect(apiCalls).toEqual([]);

  await page.goto('/hops');
  await expect.poll(() => page.locator('main ul[role=list] h2').count()).toBeGreaterThan(0);
  expect(apiCalls).toEqual([]);

  const href = await page.locator('main ul[role=list] a').first().getAttribute('href');
  expect(href).toMatch(/^\/product\/[a-z0-9-]+$/);
  await page.goto(href!);
  await expect.poll(() => page.getByRole('button', { name: 'Додати в кошик' }).isVisible()).toBe(true);
  expect(apiCalls).toEqual([]);
  // schema.org data reaches the browser untouched, and nothing in the head is refused by the policy.
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  // A product of several packs is a ProductGroup of them (docs/seo.md).
  expect(['Product', 'ProductGroup']).toContain(ld['@type']);
  expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe(new URL(href!, ld.url ?? ld.offers.url).toString());
  expectNoConsoleErrors(page);
});

test("an old /product/{id} link lands on the product's readable address", async () => {
  const page = await openPage(browser());
  const list = await (await fetch(`${baseURL()}/api/products`)).json();
  const product = list.products[0];
  await page.goto(`/product/${product._id}`);
  await page.waitForURL(`**/product/${product.slug}`);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: product.name }).isVisible()).toBe(true);
  expectNoConsoleErrors(page);
});

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&amp;': '&' };
/** The text of the page's #root as the server sent it, tags dropped: what a client without JavaScript reads. */
async function rootText(path: string) {
  const res = await fetch(`${baseURL()}${path}`);
  const html = await res.text();
  const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
  const text = root
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|quot|#x27|amp);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, ' ');
  return { status: res.status, html, root, text };
}

test('public pages arrive rendered: names, prices and stock without any script', async () => {
  const list = await (await fetch(`${baseURL()}/api/products`)).json();
  const product = list.products[0];
  const price = new Intl.NumberFormat('uk-UA', { maximumFractionDigits: 2 }).format(product.price * (1 - product.discount / 100));

  const home = await rootText('/');
  expect(home.status).toBe(200);
  for (const item of list.products) expect(home.text).toContain(item.name);
  expect(home.text).toContain('Найкращі за оцінками');

  const hops = await rootText('/hops');
  expect(hops.text).toContain('Хміль');
  expect(hops.text).toMatch(/\d грн/);

  const page = await rootText(`/product/${product.slug}`);
  expect(page.text).toContain(product.name);
  expect(page.text.replace(/\s/g, ' ')).toContain(`${price.replace(/\s/g, ' ')} грн`);
  expect(page.text).toContain(product.countInStock > 0 ? 'В наявності' : 'Немає в наявності');
  expect(page.html).toContain(`<title>${product.name.replace(/&/g, '&amp;')} —`);

  const search = await rootText(`/search/${encodeURIComponent('cascade')}`);
  expect(search.text).toContain('Результати пошуку');
  expect(search.text).toMatch(/Cascade/);
  expect((await rootText('/about')).text).toContain('Про крамницю');
  expect((await rootText('/contacts')).text).toMatch(/\+380/);

  const missing = await rootText('/no-such-page');
  expect(missing.status).toBe(404);
  expect(missing.text).toContain('Сторінку не знайдено');
  // A product the shop does not sell is the same 404 page, not a product screen left loading.
  for (const ref of ['no-such-product', '00000000-0000-4000-8000-000000000000']) {
    const gone = await rootText(`/product/${ref}`);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('Сторінку не знайдено');
    expect(gone.text).not.toContain('Завантаження');
  }
  // A rendered page shows without the app, fetched once the page has loaded (styles and pictures first).
  expect(home.html).toMatch(/<script src="\/start-app.js" data-app="\/assets\/index-[\w-]+\.js" defer><\/script>/);
  expect(home.html).not.toContain('type="module"');
  // Pages of one shopper (the cart, checkout, profile) are the browser's to render, the app first.
  const cart = await rootText('/cart');
  expect(cart.root).toBe('');
  expect(cart.html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
  expect(cart.html).not.toContain('start-app.js');
  // React completes nothing later by inline scripts: the content policy would refuse them.
  expect(home.html).not.toMatch(/<script>/);
});

test('link previews get a raster picture of the size the page states: the shop card, a product picture', async () => {
  const list = await (await fetch(`${baseURL()}/api/products`)).json();
  for (const path of ['/', '/hops', `/product/${list.products[0].slug}`]) {
    const html = await (await fetch(`${baseURL()}${path}`)).text();
    const meta = (key: string) => new RegExp(`<meta property="og:${key}" content="([^"]*)"`).exec(html)?.[1];
    const image = await fetch(new URL(new URL(meta('image')!).pathname, baseURL()));
    expect(image.status, path).toBe(200);
    const decoded = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(['png', 'jpeg', 'webp'], path).toContain(decoded.format);
    expect([decoded.width, decoded.height], path).toEqual([Number(meta('image:width')), Number(meta('image:height'))]);
    expect(meta('image:alt'), path).toBeTruthy();
  }
});

test('the browser takes over the rendered page: no hydration errors, no policy violations, no refetch, and it responds', async () => {
  const page = await openPage(browser());
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(JSON.stringify(issue)));
  await cdp.send('Audits.enable');
  const { warnings, apiCalls } = recordWarningsAndApiCalls(page);

  const list = await (await fetch(`${baseURL()}/api/products`)).json();
  const product = list.products.find((item: { countInStock: number }) => item.countInStock > 0);
  for (const path of ['/', '/hops', `/product/${product.slug}`]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(apiCalls, path).toEqual([]);
  }
  await page.getByRole('button', { name: 'Додати в кошик' }).click();
  await page.waitForURL('**/cart');
  await expect.poll(() => page.getByRole('link', { name: product.name }).first().isVisible()).toBe(true);

  // The 404 page of a product the shop does not sell is taken over as drawn, without asking again.
  allowConsoleErrors(page, /status of 404/);
  apiCalls.length = 0;
  await page.goto('/product/no-such-product', { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Сторінку не знайдено' }).isVisible()).toBe(true);
  expect(apiCalls.filter((path) => path.includes('no-such-product'))).toEqual([]);

  expect(warnings.filter((text) => /hydrat|did not match|#41[89]|#42[35]/i.test(text))).toEqual([]);
  expect(issues).toEqual([]);
  expectNoConsoleErrors(page);
});
