import type { FastifyInstance } from 'fastify';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { ProductDetail } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';
import { renderPage } from './page-head.js';
import { TEST_MODE_QUERY_KEY } from '../../../shared/payment-methods.js';

const webDir = `/tmp/shop-page-head-test-web-${process.pid}`;
mkdirSync(webDir, { recursive: true });
writeFileSync(
  `${webDir}/index.html`,
  '<!doctype html>\n<html lang="uk">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="shell" />\n    <title>Хмільна крамниця</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);
const SITE = 'https://shop.example';

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&amp;': '&' };
const decode = (text: string | undefined) => text?.replace(/&(lt|gt|quot|apos|amp);/g, (entity) => ENTITIES[entity]);

/** What the page says to a client that runs no script: its head, parsed. */
/** What every page embeds for its header, footer and banner, as the API answers it. */
async function everyPageData(app: FastifyInstance) {
  return [
    { key: ['settings', 'public'], value: (await app.inject({ url: '/api/settings' })).json() },
    // The menus' categories (docs/domain.md).
    { key: ['categories'], value: (await app.inject({ url: '/api/categories' })).json() },
    // Test mode for the banner of every page (docs/payments.md).
    { key: TEST_MODE_QUERY_KEY, value: app.config.paymentsTestMode },
  ];
}

function readHead(html: string) {
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]));
  const meta = (attr: 'name' | 'property', key: string) => decode(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1]);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const data = /<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(html);
  return {
    titles,
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    robots: meta('name', 'robots'),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    jsonLd,
    data: data ? (JSON.parse(data[1]) as { key: unknown[]; value: unknown }[]) : [],
  };
}

/** The schema.org properties a search engine needs of each type the shop uses. */
function checkSchema(item: Record<string, unknown>) {
  const required: Record<string, string[]> = {
    Product: ['name', 'image', 'offers', 'sku'],
    ProductGroup: ['name', 'image', 'description', 'productGroupID', 'hasVariant', 'variesBy'],
    QuantitativeValue: ['value', 'unitCode'],
    Offer: ['price', 'priceCurrency', 'availability', 'url'],
    AggregateRating: ['ratingValue', 'reviewCount'],
    BreadcrumbList: ['itemListElement'],
    ListItem: ['position', 'name', 'item'],
    Brand: ['name'],
    OnlineStore: ['name', 'url'],
  };
  const type = String(item['@type']);
  expect(Object.keys(required), `unknown type ${type}`).toContain(type);
  for (const key of required[type]) expect(item[key], `${type}.${key}`).toBeDefined();
  for (const value of Object.values(item)) {
    for (const nested of Array.isArray(value) ? value : [value]) {
      if (nested && typeof nested === 'object' && '@type' in nested) checkSchema(nested as Record<string, unknown>);
    }
  }
}

describeWithApp(
  'page heads for search engines and link previews',
  (ctx) => {
    test('a product page names the product, its price and stock in the head and in JSON-LD', async () => {
      const { app, shop } = ctx();
      const product = await createProduct(app.db, {
        name: 'Хміль Citra </script><script>alert(1)</script> "США"',
        description: 'Цитрусовий, тропічний аромат & гіркота.',
        priceMinor: 1450_00,
        discount: 10,
        countInStock: 4,
      });
      await shop.review(product.id, { rating: 5, comment: 'Чудовий' });

      const res = await app.inject({ url: `/product/${product.slug}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)</script>');
      const head = readHead(res.body);
      expect(head.titles).toEqual([`${product.name} — 1305.00 грн | Хмільна крамниця`]);
      expect(head.description).toBe('Цитрусовий, тропічний аромат & гіркота.');
      expect(head.canonical).toBe(`${SITE}/product/${product.slug}`);
      expect(head.og('type')).toBe('product');
      // Link previews take no SVG: the PNG the build makes beside the demo picture, with its size.
      expect(head.og('image')).toBe(`${SITE}/images/placeholder.png`);
      expect([head.og('image:width'), head.og('image:height'), head.og('image:alt')]).toEqual(['800', '800', product.name]);
      expect(head.twitter('card')).toBe('summary_large_image');
      expect(head.twitter('image')).toBe(`${SITE}/images/placeholder.png`);
      expect(res.body).toContain('<link rel="preload" as="image" href="/images/placeholder.svg" fetchpriority="high" />');
      for (const item of head.jsonLd) checkSchema(item);
      const ld = head.jsonLd.find((item) => item['@type'] === 'Product');
      expect(ld).toMatchObject({
        name: product.name,
        offers: { price: '1305.00', priceCurrency: 'UAH', availability: 'https://schema.org/InStock', url: `${SITE}/product/${product.slug}` },
        aggregateRating: { ratingValue: 5, reviewCount: 1 },
      });
      const crumbs = head.jsonLd.find((item) => item['@type'] === 'BreadcrumbList');
      expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Головна', 'Хміль', product.name]);

      // The web app starts from the embedded answer: the same the API gives.
      const api = (await app.inject({ url: `/api/products/${product.slug}` })).json() as ProductDetail;
      // The product, and the shop's settings the header and footer show, as the API answers them.
      expect(head.data).toEqual([
        { key: ['products', 'detail', product.slug], value: api },
        // A hop's substitutes in stock (src/web/features/recipes/hop-substitutes.tsx), as the API answers them.
        { key: ['recipes', 'substitutes', product.slug], value: (await app.inject({ url: `/api/recipes/substitutes/${product.slug}` })).json() },
        ...(await everyPageData(app)),
      ]);
    });

    test('a product of several packs is a ProductGroup whose variants each have their own offer; a draft has no page', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db, {
        name: 'Хміль Nelson Sauvin',
        variants: [pack('50 г', 210_00, 5, 0.05, { gtin: '4820000000036' }), pack('1 кг', 3400_00, 0, 1)],
      });
      const [small, kilo] = await variantsOf(app.db, product.id);
      const head = readHead((await app.inject({ url: `/product/${product.slug}` })).body);
      for (const item of head.jsonLd) checkSchema(item);
      const group = head.jsonLd.find((item) => item['@type'] === 'ProductGroup');
      expect(group).toMatchObject({ name: 'Хміль Nelson Sauvin', productGroupID: product.id, variesBy: 'https://schema.org/size' });
      expect(group.hasVariant).toEqual([
        expect.objectContaining({
          '@type': 'Product',
          name: 'Хміль Nelson Sauvin, 50 г',
          sku: small.sku,
          gtin: '4820000000036',
          size: '50 г',
          offers: expect.objectContaining({ price: '210.00', priceCurrency: 'UAH', availability: 'https://schema.org/InStock' }),
        }),
        expect.objectContaining({ sku: kilo.sku, offers: expect.objectContaining({ price: '3400.00', availability: 'https://schema.org/OutOfStock' }) }),
      ]);
      expect(head.jsonLd.some((item) => item['@type'] === 'Product')).toBe(false);

      const draft = await createProduct(app.db, { status: 'draft' });
      expect((await app.inject({ url: `/product/${draft.slug}` })).statusCode).toBe(404);
    });

    test('an unrated, sold-out product says so, without a rating', async () => {
      const { app } = ctx();
      const product = await createProduct(app.db, { countInStock: 0 });
      const head = readHead((await app.inject({ url: `/product/${product.slug}` })).body);
      const ld = head.jsonLd.find((item) => item['@type'] === 'Product');
      expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
      expect(ld.aggregateRating).toBeUndefined();
    });

    test('home and catalogue sections have their titles, canonical links and first page of products', async () => {
      const { app } = ctx();
      await createProduct(app.db, { category: 'Hops' });
      app.catalogCache.invalidate();
      const home = readHead((await app.inject({ url: '/' })).body);
      expect(home.titles[0]).toContain('Хмільна крамниця');
      expect(home.canonical).toBe(`${SITE}/`);
      for (const item of home.jsonLd) checkSchema(item);
      expect(home.data.find((d) => d.key[1] === 'list')?.value).toEqual((await app.inject({ url: '/api/products' })).json());
      expect(home.data.find((d) => d.key[1] === 'top')?.value).toEqual((await app.inject({ url: '/api/products/top' })).json());

      const hops = readHead((await app.inject({ url: '/hops' })).body);
      expect(hops.titles).toEqual(['Хміль | Хмільна крамниця']);
      expect(hops.canonical).toBe(`${SITE}/hops`);
      for (const item of hops.jsonLd) checkSchema(item);
      expect(hops.data).toEqual([
        { key: ['products', 'list', { pageNumber: 1, category: 'Hops' }], value: (await app.inject({ url: '/api/products?category=Hops' })).json() },
        ...(await everyPageData(app)),
      ]);
      for (const url of ['/about', '/contacts', '/yeast', '/malt', '/equipment', '/discount']) {
        const head = readHead((await app.inject({ url })).body);
        expect(head.titles, url).toHaveLength(1);
        expect(head.canonical, url).toBe(`${SITE}${url}`);
      }
    });

    test("pages other than a product's preview the shop's own card, 1200×630, with its alt text", async () => {
      const { app } = ctx();
      for (const url of ['/', '/hops', '/about', '/no-such-page']) {
        const head = readHead((await app.inject({ url })).body);
        expect(head.og('image'), url).toBe(`${SITE}/images/shop-card.png`);
        expect([head.og('image:width'), head.og('image:height'), head.og('image:alt')], url).toEqual(['1200', '630', 'Хмільна крамниця']);
        expect(head.twitter('image'), url).toBe(`${SITE}/images/shop-card.png`);
      }
    });

    test('search results and the 404 page are not for indexing', async () => {
      const { app } = ctx();
      const search = readHead((await app.inject({ url: encodeURI('/search/каскад') })).body);
      expect(search.titles).toEqual(['Пошук «каскад» | Хмільна крамниця']);
      expect(search.robots).toBe('noindex');
      // The results come embedded under the web app's key for the same search.
      expect(search.data[0]).toEqual({
        key: ['products', 'list', { keyword: 'каскад', pageNumber: 1 }],
        value: (await app.inject({ url: `/api/products?keyword=${encodeURIComponent('каскад')}&pageNumber=1` })).json(),
      });
      const missing = await app.inject({ url: '/no-such-page' });
      expect(missing.statusCode).toBe(404);
      const head = readHead(missing.body);
      expect(head.titles).toEqual(['Сторінку не знайдено | Хмільна крамниця']);
      expect(head.robots).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    });

    test("the server render fills #root with the page's markup and its preloads go to the head; a failing render still answers", async () => {
      const { app } = ctx();
      const shell = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
      const seen: unknown[] = [];
      const html = await renderPage(app, shell, '/about', '', 200, async (path, data) => {
        seen.push(path, data);
        return '<link rel="preload" as="image" href="/logo.svg"/><main><h1>Про крамницю</h1><p>$& $1 ціна</p></main>';
      });
      expect(seen[0]).toBe('/about');
      expect(seen[1]).toEqual([
        { key: ['settings', 'public'], value: (await app.inject({ url: '/api/settings' })).json() },
        // The menus' categories (docs/domain.md), as the API answers them.
        { key: ['categories'], value: (await app.inject({ url: '/api/categories' })).json() },
        { key: TEST_MODE_QUERY_KEY, value: app.config.paymentsTestMode },
      ]);
      expect(html).toContain('<div id="root"><main><h1>Про крамницю</h1><p>$& $1 ціна</p></main></div>');
      expect(html.indexOf('<link rel="preload" as="image" href="/logo.svg"/>')).toBeLessThan(html.indexOf('</head>'));
      expect(readHead(html).titles).toEqual(['Про нас | Хмільна крамниця']);

      const failed = await renderPage(app, shell, '/about', '', 200, async () => {
        throw new Error('render failed');
      });
      expect(failed).toContain('<div id="root"></div>');
      expect(readHead(failed).titles).toEqual(['Про нас | Хмільна крамниця']);
      // Private pages are never rendered on the server.
      let calls = 0;
      expect(await renderPage(app, shell, '/cart', '', 200, async () => `${++calls}`)).toBe(shell);
      expect(calls).toBe(0);
    });
  },
  { env: { WEB_DIR: webDir, SITE_URL: SITE } },
);
