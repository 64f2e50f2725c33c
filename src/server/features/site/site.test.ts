import { mkdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, expect, test } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { saveSettings } from '../settings/index.js';
import { matchRoute, productPath, ROUTE_NAMES, ROUTES, type RouteName, type RouteSpec } from '../../../shared/routes.js';
import type { ProductDetail, ProductList } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';
import { resolvePage } from './pages.js';

const webDir = `/tmp/shop-site-test-web-${process.pid}`;
const script = 'console.log("hello from a hashed asset");'.repeat(100);
mkdirSync(`${webDir}/assets`, { recursive: true });
writeFileSync(`${webDir}/index.html`, '<!doctype html><title>shop</title><div id="root"></div>');
writeFileSync(`${webDir}/assets/app-abc123.js`, script);
writeFileSync(`${webDir}/assets/app-abc123.js.br`, brotliCompressSync(script));
writeFileSync(`${webDir}/assets/app-abc123.js.gz`, gzipSync(script));

const SITE = 'https://shop.example';
const LISTS = ['urlset.url', 'rss.channel.item', 'price.items.item', 'price.categories.category'];
const parser = new XMLParser({ ignoreAttributes: false, isArray: (_name, jpath) => LISTS.includes(String(jpath)) });

/** Parses a body as XML, failing the test on anything that is not well-formed. */
function parseXml(body: string) {
  const valid = XMLValidator.validate(body);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(body);
}

describeWithApp(
  'search engines, feeds and compression',
  (ctx) => {
    const adminHeaders = async () => ({ cookie: (await ctx().shop.admin()).cookie });
    // Hotline's list needs the shop's number there (docs/seo.md).
    beforeAll(() => saveSettings(ctx().app.db, { ...DEFAULT_SETTINGS, feeds: { hotlineFirmId: '1234' } }));

    test('robots.txt keeps crawlers out of private pages and names the sitemap', async () => {
      const res = await ctx().app.inject({ url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      for (const path of ['/admin', '/cart', '/shipping', '/payment', '/placeorder', '/profile', '/forgot-password', '/reset-password', '/api/']) {
        expect(res.body).toContain(`Disallow: ${path}\n`);
      }
      expect(res.body).not.toMatch(/Disallow: \/\n/);
      expect(res.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    });

    test('the sitemap lists the public pages and every product in stock, and follows product writes', async () => {
      const { app } = ctx();
      const inStock = await createProduct(app.db, { countInStock: 3 });
      const soldOut = await createProduct(app.db, { countInStock: 0 });
      app.catalogCache.invalidate();
      const locs = async () => {
        const res = await app.inject({ url: '/sitemap.xml' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toContain('application/xml');
        const urls = parseXml(res.body).urlset.url as { loc: string; lastmod?: string }[];
        for (const url of urls) if (url.lastmod) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        return urls.map((u) => u.loc);
      };
      const before = await locs();
      for (const page of ['/', '/hops', '/yeast', '/malt', '/equipment', '/about', '/contacts']) expect(before).toContain(`${SITE}${page}`);
      expect(before).toContain(`${SITE}${productPath(inStock.slug!)}`);
      expect(before).not.toContain(`${SITE}${productPath(soldOut.slug!)}`);

      // The admin sells out the first product: the next sitemap no longer lists it.
      const headers = await adminHeaders();
      const detail = (await app.inject({ url: `/api/products/${inStock.id}` })).json() as ProductDetail;
      const update = { ...detail, countInStock: 0 };
      const put = await app.inject({
        method: 'PUT',
        url: `/api/products/${inStock.id}`,
        headers,
        payload: {
          name: update.name,
          price: update.price,
          discount: update.discount,
          image: update.image,
          producer: update.producer,
          category: update.category,
          description: update.description,
          countInStock: 0,
          weight: update.weight,
          cropYear: update.cropYear,
          alphaAcid: update.alphaAcid,
          fermentationTemperature: update.fermentationTemperature,
          fermentationType: update.fermentationType,
        },
      });
      expect(put.statusCode).toBe(200);
      expect(await locs()).not.toContain(`${SITE}${productPath(inStock.slug!)}`);
    });

    test('the Google Merchant feed is valid RSS 2.0 with every product, escaped text and prices in UAH', async () => {
      const { app } = ctx();
      const tricky = await createProduct(app.db, {
        name: `Кег <Corny> & "Ball-lock" 19 л ${Date.now()}`,
        description: "Опис з <b>розміткою</b> & лапками ' \u0001кінець",
        priceMinor: 1305_00,
        discount: 10,
        category: 'Kegs',
        producer: 'AEB & Co',
        countInStock: 2,
      });
      const soldOut = await createProduct(app.db, { countInStock: 0, priceMinor: 99_50 });
      app.catalogCache.invalidate();
      const res = await app.inject({ url: '/feeds/google.xml' });
      expect(res.statusCode).toBe(200);
      const rss = parseXml(res.body).rss;
      expect(rss['@_version']).toBe('2.0');
      expect(rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
      const items = rss.channel.item as Record<string, string | number>[];
      const all = (await app.inject({ url: '/api/products?all=true', headers: await adminHeaders() })).json() as ProductList;
      expect(items.length).toBeGreaterThanOrEqual(all.products.length);

      const [trickyPack] = await variantsOf(app.db, tricky.id);
      const item = items.find((i) => i['g:id'] === trickyPack.sku)!;
      expect(item).toMatchObject({
        'g:title': tricky.name,
        'g:link': `${SITE}${productPath(tricky.slug!)}`,
        // Google takes no SVG: the demo pictures' PNG made at build (docs/seo.md).
        'g:image_link': `${SITE}/images/placeholder.png`,
        'g:identifier_exists': 'no',
        'g:price': '1305.00 UAH',
        'g:sale_price': '1174.50 UAH',
        'g:availability': 'in_stock',
        'g:brand': 'AEB & Co',
        'g:condition': 'new',
      });
      // The control character XML cannot carry is gone; the markup is text.
      expect(item['g:description']).toBe("Опис з <b>розміткою</b> & лапками ' кінець");
      expect(res.body).toContain('Опис з &lt;b&gt;розміткою&lt;/b&gt; &amp; лапками &apos; кінець');
      const [soldOutPack] = await variantsOf(app.db, soldOut.id);
      expect(items.find((i) => i['g:id'] === soldOutPack.sku)).toMatchObject({ 'g:price': '99.50 UAH', 'g:availability': 'out_of_stock' });
      // A product with one pack is no group.
      expect(item['g:item_group_id']).toBeUndefined();
    });

    test('feeds list one item per pack, grouped by product; the sitemap each product once; drafts nowhere', async () => {
      const { app } = ctx();
      const hops = await createProduct(app.db, {
        name: `Хміль Galaxy ${Date.now()}`,
        variants: [pack('50 г', 210_00, 5, 0.05, { gtin: '4820000000029' }), pack('1 кг', 3200_00, 0, 1)],
      });
      const draft = await createProduct(app.db, { name: `Хміль Чернетка ${Date.now()}`, status: 'draft' });
      const [small, kilo] = await variantsOf(app.db, hops.id);
      const [draftPack] = await variantsOf(app.db, draft.id);
      app.catalogCache.invalidate();
      const google = parseXml((await app.inject({ url: '/feeds/google.xml' })).body).rss.channel.item as Record<string, string | number>[];
      const grouped = google.filter((i) => i['g:item_group_id'] === hops.id);
      expect(grouped.map((i) => [i['g:id'], i['g:title'], i['g:price'], i['g:availability']])).toEqual([
        [small.sku, `${hops.name}, 50 г`, '210.00 UAH', 'in_stock'],
        [kilo.sku, `${hops.name}, 1 кг`, '3200.00 UAH', 'out_of_stock'],
      ]);
      expect(String(grouped[0]['g:gtin'])).toBe('4820000000029');
      expect(grouped[0]['g:identifier_exists']).toBeUndefined();
      expect(google.some((i) => i['g:id'] === draftPack.sku)).toBe(false);

      const hotline = parseXml((await app.inject({ url: '/feeds/hotline.xml' })).body).price.items.item as Record<string, string | number>[];
      // Hotline lists what is on offer: the sold-out kilogram is left out.
      expect(hotline.filter((i) => i.code === small.sku || i.code === kilo.sku).map((i) => [i.name, i.stock])).toEqual([[`${hops.name}, 50 г`, 'В наявності']]);
      expect(hotline.some((i) => i.code === draftPack.sku)).toBe(false);

      const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
      expect(sitemap.split(productPath(hops.slug!)).length - 1).toBe(1);
      expect(sitemap).not.toContain(productPath(draft.slug!));
    });

    test('the Hotline price list has the category tree and every product in a category of it', async () => {
      const { app } = ctx();
      const keg = await createProduct(app.db, { category: 'Kegs', producer: 'Kegland', priceMinor: 2400_00, discount: 25 });
      app.catalogCache.invalidate();
      const res = await app.inject({ url: '/feeds/hotline.xml' });
      expect(res.statusCode).toBe(200);
      const price = parseXml(res.body).price;
      expect(price.firmName).toBe('Хмільна крамниця');
      const categories = price.categories.category as { id: number; parentId?: number; name: string }[];
      const ids = new Set(categories.map((c) => c.id));
      for (const c of categories) if (c.parentId) expect(ids.has(c.parentId)).toBe(true);
      const items = price.items.item as Record<string, string | number>[];
      for (const item of items) {
        expect(ids.has(Number(item.categoryId)), String(item.name)).toBe(true);
        for (const field of ['id', 'code', 'name', 'description', 'url', 'image', 'priceRUAH', 'stock']) expect(item[field], field).toBeDefined();
      }
      const [kegPack] = await variantsOf(app.db, keg.id);
      const item = items.find((i) => i.id === kegPack.id)!;
      expect(categories.find((c) => c.id === Number(item.categoryId))?.name).toBe('Кеги');
      expect(item).toMatchObject({ vendor: 'Kegland', name: keg.name, code: kegPack.sku, url: `${SITE}${productPath(keg.slug!)}`, stock: 'В наявності' });
      expect(String(item.priceRUAH)).toBe('1800');
      expect(res.body).toContain('<priceRUAH>1800.00</priceRUAH>');
      // The price before the discount, which Hotline shows struck out.
      expect(res.body).toContain('<priceRUAH>1800.00</priceRUAH><oldprice>2400.00</oldprice>');
      expect(item.image).toBe(`${SITE}/images/placeholder.png`);
    });

    test('catalogue answers are compressed when the client accepts it, and decode to the same JSON', async () => {
      const { app } = ctx();
      for (let i = 0; i < 12; i++) await createProduct(app.db);
      app.catalogCache.invalidate();
      const plain = await app.inject({ url: '/api/products' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toContain('accept-encoding');
      const br = await app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      const gz = await app.inject({ url: '/api/products', headers: { 'accept-encoding': 'gzip, br;q=0' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
      const feed = await app.inject({ url: '/feeds/google.xml', headers: { 'accept-encoding': 'gzip' } });
      expect(feed.headers['content-encoding']).toBe('gzip');
      expect(XMLValidator.validate(gunzipSync(feed.rawPayload).toString())).toBe(true);
      // An answer made per request (not cached) is compressed on the way out too.
      const orders = await app.inject({ url: '/api/orders', headers: { ...(await adminHeaders()), 'accept-encoding': 'br' } });
      expect(orders.statusCode).toBe(200);
    });

    test('hashed assets are sent as compressed at build time, with Vary', async () => {
      const { app } = ctx();
      const br = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.headers['cache-control']).toContain('immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await app.inject({ url: '/assets/app-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    test('the product detail is cached and follows writes: a new review shows at once', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db);
      const first = (await app.inject({ url: `/api/products/${product.id}` })).json() as ProductDetail;
      expect(first.reviews).toHaveLength(0);
      const review = await shop.review(product.id, { rating: 4, comment: 'Добрий хміль' });
      expect(review.status).toBe(201);
      const after = (await app.inject({ url: `/api/products/${product.id}` })).json() as ProductDetail;
      expect(after.reviews).toHaveLength(1);
      expect(after).toMatchObject({ numReviews: 1, rating: 4 });
    });

    test('products live at a slug of their transliterated name; old /product/{id} links answer 301 to it', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db, { name: 'Дріжджі Fermentis SafAle US-05, 500 г' });
      const twin = await createProduct(app.db, { name: 'Дріжджі Fermentis SafAle US-05, 500 г' });
      expect(product.slug).toBe('drizhdzhi-fermentis-safale-us-05-500-h');
      expect(twin.slug).toMatch(/^drizhdzhi-fermentis-safale-us-05-500-h-[0-9a-f]{8}$/);
      const old = await app.inject({ url: `/product/${product.id}?ref=feed` });
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`/product/${product.slug}?ref=feed`);
      expect((await app.inject({ url: `/product/${product.slug}` })).statusCode).toBe(200);
      const detail = (await app.inject({ url: `/api/products/${product.slug}` })).json() as ProductDetail;
      expect(detail).toMatchObject({ _id: product.id, slug: product.slug });
      expect((await app.inject({ url: `/api/products/${product.id}` })).json()).toMatchObject({ slug: product.slug });
    });

    test('every page of the route registry is served: 200, or 404 when the record it shows is missing', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db);
      // An address of each page: its params filled in with something of the right form.
      const example = (name: RouteName, value: string) =>
        ROUTES[name].pattern.replace(/:(\w+)/g, (_, key: string) => ((ROUTES[name] as RouteSpec).numeric?.includes(key) ? '2' : value));
      // A page that shows a record exists while the record does: a real one, then a made-up one.
      // The saved recipe's real page has its own test in the recipes feature.
      const real: Partial<Record<RouteName, string>> = { product: product.slug!, category: 'Hops', offerVersion: '1' };
      for (const name of ROUTE_NAMES) {
        const route: RouteSpec = ROUTES[name];
        if (!route.needsRecord) {
          expect(await resolvePage(app.db, example(name, 'abc123')), name).toEqual({ status: 200 });
          continue;
        }
        if (real[name]) expect(await resolvePage(app.db, route.pattern.replace(/:\w+/g, real[name])), name).toEqual({ status: 200 });
        expect(await resolvePage(app.db, route.pattern.replace(/:\w+/g, '999999')), name).toEqual({ status: 404 });
      }
    });

    test('robots.txt and the sitemap say of each page what the registry does', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db, { countInStock: 2 });
      app.catalogCache.invalidate();
      const robots = (await app.inject({ url: '/robots.txt' })).body;
      const disallowed = [...robots.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]);
      const locs = (parseXml((await app.inject({ url: '/sitemap.xml' })).body).urlset.url as { loc: string }[]).map((u) => u.loc.slice(SITE.length));
      for (const name of ROUTE_NAMES) {
        const route: RouteSpec = ROUTES[name];
        const path = route.pattern.replace(/:\w+/g, '2');
        expect(
          disallowed.some((prefix) => path.startsWith(prefix)),
          name,
        ).toBe(route.indexing === 'closed');
        if (!route.pattern.includes(':')) expect(locs.includes(route.pattern), name).toBe(route.indexing === 'listed');
      }
      // Besides the listed pages of one address, the sitemap lists products, and nothing else.
      const others = locs.filter((loc) => ROUTES[matchRoute(loc)?.name ?? 'cart'].indexing !== 'listed');
      expect(others).toEqual([]);
      expect(locs).toContain(productPath(product.slug!));
      expect(locs.filter((loc) => loc.includes(':'))).toEqual([]);
    });

    test('unknown pages and missing products answer 404 with the web app; real pages 200', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db);
      for (const url of ['/', '/hops', '/search/каскад/page/2', productPath(product.slug!), '/admin/userlist', '/order/abc']) {
        const res = await app.inject({ url: encodeURI(url) });
        expect(res.statusCode, url).toBe(200);
      }
      const missing = [
        '/no-such-page',
        '/product/Bad_Slug',
        '/product/no-such-product',
        '/product/00000000-0000-4000-8000-000000000000',
        '/hops/extra',
        '/assets/missing.js',
      ];
      for (const url of missing) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('<div id="root">');
      }
    });
  },
  { env: { WEB_DIR: webDir, SITE_URL: `${SITE}/` } },
);
