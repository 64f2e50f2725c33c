import { mkdirSync, writeFileSync } from 'node:fs';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, expect, test } from 'vitest';
import { productPath } from '../../../shared/routes.js';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';

const webDir = `/tmp/shop-feeds-test-web-${process.pid}`;
mkdirSync(webDir, { recursive: true });
writeFileSync(`${webDir}/index.html`, '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>');
const SITE = 'https://shop.example';

const LISTS = [
  'rss.channel.item',
  'price.items.item',
  'price.categories.category',
  'yml_catalog.shop.offers.offer',
  'yml_catalog.shop.categories.category',
  'yml_catalog.shop.offers.offer.param',
];
const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (_name, jpath) => LISTS.includes(String(jpath)),
});

/** Parses a body with a real XML parser, failing the test on anything that is not well-formed. */
function parseXml(body: string) {
  const valid = XMLValidator.validate(body);
  expect(valid, JSON.stringify(valid)).toBe(true);
  return parser.parse(body);
}

type Item = Record<string, string>;
const COUNTRIES = ['USA', 'Germany', 'Czech Republic', 'Slovenia', 'England', 'Australia', 'New Zealand', 'South Africa', 'Україна', 'США'];
/** Google Merchant Center's required attributes for a new product sold online (its product data specification). */
const GOOGLE_REQUIRED = ['g:id', 'g:title', 'g:description', 'g:link', 'g:image_link', 'g:availability', 'g:price', 'g:condition'];
/** Hotline's price list: what every item must carry. */
const HOTLINE_REQUIRED = ['id', 'categoryId', 'name', 'priceRUAH', 'url', 'image'];
/** Rozetka's and Prom's YML: what every offer must carry. */
const YML_REQUIRED = ['url', 'price', 'currencyId', 'categoryId', 'picture', 'name', 'description', 'vendorCode'];
const RASTER = /\.(png|webp|jpe?g)$/;

describeWithApp(
  'price feeds checked against the providers',
  (ctx) => {
    const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
    const saveSettings = async (change: (s: typeof DEFAULT_SETTINGS) => typeof DEFAULT_SETTINGS) => {
      const { app } = ctx();
      const headers = await admin();
      const current = (await app.inject({ url: '/api/settings/admin', headers })).json();
      const res = await app.inject({ method: 'PUT', url: '/api/settings', headers, payload: change(current) });
      expect(res.statusCode, res.body).toBe(200);
    };
    const feed = async (path: string) => {
      const res = await ctx().app.inject({ url: path });
      expect(res.statusCode, res.body).toBe(200);
      return parseXml(res.body);
    };

    let hop: Awaited<ReturnType<typeof createProduct>>;
    let packedHop: Awaited<ReturnType<typeof createProduct>>;
    let yeast: Awaited<ReturnType<typeof createProduct>>;
    let keg: Awaited<ReturnType<typeof createProduct>>;
    beforeAll(async () => {
      const { app } = ctx();
      hop = await createProduct(app.db, { name: `Хміль Citra ${Date.now()}`, producer: 'USA', attributes: { alpha: 12.5, purpose: 'aroma' } });
      packedHop = await createProduct(app.db, {
        name: `Хміль Saaz ${Date.now()}`,
        producer: 'Czech Republic',
        brand: 'Bohemia Hop',
        variants: [pack('50 г', 150_00, 4, 0.05), pack('1 кг', 2400_00, 0, 1)],
      });
      yeast = await createProduct(app.db, {
        name: `Дріжджі US-05 ${Date.now()}`,
        category: 'Yeast',
        producer: 'Fermentis',
        attributes: { fermentation: 'top' },
      });
      keg = await createProduct(app.db, { name: `Кег ${Date.now()}`, category: 'Kegs', producer: 'Kegland', priceMinor: 2400_00, discount: 25 });
    });

    test('Google: every required attribute on every item, the taxonomy per category, and never a country as the brand', async () => {
      const items = (await feed('/feeds/google.xml')).rss.channel.item as Item[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        for (const field of GOOGLE_REQUIRED) expect(item[field], `${item['g:id']} ${field}`).toBeTruthy();
        expect(item['g:gtin'] ?? item['g:identifier_exists'], item['g:id']).toBeTruthy();
        expect(item['g:image_link']).toMatch(RASTER);
        expect(item['g:price']).toMatch(/^\d+\.\d{2} UAH$/);
        expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
        expect(COUNTRIES).not.toContain(item['g:brand']);
        expect(item['g:google_product_category']).toMatch(/^\d+$/);
      }
      const bySku = async (productId: string) => {
        const [first] = await variantsOf(ctx().app.db, productId);
        return items.find((i) => i['g:id'] === first.sku)!;
      };
      // A hop grown in the USA, with no packer named: no brand rather than "USA".
      expect((await bySku(hop.id))['g:brand']).toBeUndefined();
      expect((await bySku(packedHop.id))['g:brand']).toBe('Bohemia Hop');
      // A yeast without a brand of its own: its maker, the producer.
      expect(await bySku(yeast.id)).toMatchObject({ 'g:brand': 'Fermentis', 'g:google_product_category': '3577', 'g:product_type': 'Дріжджі' });
      // Equipment is no beverage: Homebrewing & Winemaking Supplies, filed under its group's name.
      expect(await bySku(keg.id)).toMatchObject({ 'g:brand': 'Kegland', 'g:google_product_category': '3577', 'g:product_type': 'Обладнання > Кеги' });
    });

    test('Hotline: refused clearly without the shop’s firmId; with it, firmId, the tree by name and every required field', async () => {
      const { app } = ctx();
      const refused = await app.inject({ url: '/feeds/hotline.xml' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'HOTLINE_FIRM_ID_MISSING' });

      await saveSettings((s) => ({ ...s, feeds: { hotlineFirmId: '31415' } }));
      const price = (await feed('/feeds/hotline.xml')).price;
      expect(price.firmId).toBe('31415');
      expect(price.firmName).toBe(DEFAULT_SETTINGS.shop.name);
      expect(price.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      const categories = price.categories.category as { id: string; parentId?: string; name: string }[];
      const byId = new Map(categories.map((c) => [c.id, c]));
      for (const c of categories) {
        expect(c.id).toMatch(/^\d+$/);
        if (c.parentId) expect(byId.has(c.parentId)).toBe(true);
        // Names, never slugs.
        expect(c.name).not.toMatch(/^[A-Z][A-Za-z]+$/);
      }
      const items = price.items.item as Item[];
      for (const item of items) {
        for (const field of HOTLINE_REQUIRED) expect(item[field], `${item.id} ${field}`).toBeTruthy();
        expect(byId.has(item.categoryId)).toBe(true);
        expect(item.image).toMatch(RASTER);
        expect(COUNTRIES).not.toContain(item.vendor);
        expect(item.stock).toBe('В наявності');
      }
      const [kegPack] = await variantsOf(app.db, keg.id);
      const item = items.find((i) => i.id === kegPack.id)!;
      expect(item).toMatchObject({ vendor: 'Kegland', code: kegPack.sku, priceRUAH: '1800.00', oldprice: '2400.00' });
      expect(byId.get(item.categoryId)).toMatchObject({ name: 'Кеги' });
      expect(byId.get(byId.get(item.categoryId)!.parentId!)).toMatchObject({ name: 'Обладнання' });
      // The sold-out kilogram of the Saaz is not on offer.
      const [small, kilo] = await variantsOf(app.db, packedHop.id);
      expect(items.some((i) => i.id === small.id)).toBe(true);
      expect(items.some((i) => i.id === kilo.id)).toBe(false);
    });

    test('YML for Rozetka and Prom: the shop, UAH, the category tree and an offer per pack with its params', async () => {
      const { app } = ctx();
      const yml = (await feed('/feeds/yml.xml')).yml_catalog;
      expect(yml['@_date']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      expect(yml.shop).toMatchObject({ name: DEFAULT_SETTINGS.shop.name, url: `${SITE}/` });
      expect(yml.shop.company).toBeTruthy();
      expect(yml.shop.currencies.currency).toMatchObject({ '@_id': 'UAH', '@_rate': '1' });
      const categories = yml.shop.categories.category as Record<string, string>[];
      const ids = new Set(categories.map((c) => c['@_id']));
      for (const c of categories) {
        expect(c['@_id']).toMatch(/^\d+$/);
        if (c['@_parentId']) expect(ids.has(c['@_parentId'])).toBe(true);
      }
      const offers = yml.shop.offers.offer as (Item & { param?: Record<string, string>[] })[];
      for (const offer of offers) {
        expect(offer['@_id']).toBeTruthy();
        expect(['true', 'false']).toContain(offer['@_available']);
        for (const field of YML_REQUIRED) expect(offer[field], `${offer['@_id']} ${field}`).toBeTruthy();
        expect(offer.currencyId).toBe('UAH');
        expect(ids.has(offer.categoryId)).toBe(true);
        expect(offer.picture).toMatch(RASTER);
        expect(COUNTRIES).not.toContain(offer.vendor);
      }
      const [kegPack] = await variantsOf(app.db, keg.id);
      expect(offers.find((o) => o['@_id'] === kegPack.id)).toMatchObject({
        '@_available': 'true',
        price: '1800.00',
        oldprice: '2400.00',
        vendor: 'Kegland',
        vendorCode: kegPack.sku,
        url: `${SITE}${productPath(keg.slug!)}`,
        name: keg.name,
      });
      const [, kilo] = await variantsOf(app.db, packedHop.id);
      const kiloOffer = offers.find((o) => o['@_id'] === kilo.id)!;
      expect(kiloOffer).toMatchObject({ '@_available': 'false', '@_group_id': packedHop.id, vendor: 'Bohemia Hop', name: `${packedHop.name}, 1 кг` });
      expect(kiloOffer.param).toContainEqual({ '@_name': 'Фасування', '#text': '1 кг' });
      const [hopPack] = await variantsOf(app.db, hop.id);
      const hopOffer = offers.find((o) => o['@_id'] === hopPack.id)!;
      expect(hopOffer.vendor).toBeUndefined();
      expect(hopOffer.param).toEqual(
        expect.arrayContaining([
          { '@_name': 'Альфа-кислоти', '@_unit': '%', '#text': '12.5' },
          { '@_name': 'Призначення', '#text': 'Ароматичний' },
        ]),
      );
    });

    test('a category the owner adds appears in every feed by its name, with its Google category, without a restart', async () => {
      const { app } = ctx();
      const headers = await admin();
      const created = await app.inject({
        method: 'POST',
        url: '/api/admin/categories',
        headers,
        payload: { slug: 'MaltExtract', name: 'Екстракт солоду', nameEn: 'Malt extract', googleProductCategory: '3014' },
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ googleProductCategory: '3014', feedId: expect.any(Number) });
      const feedId = String(created.json().feedId);
      const extract = await createProduct(app.db, { name: `Екстракт ${Date.now()}`, category: 'MaltExtract', producer: 'Muntons', attributes: {} });
      app.catalogCache.invalidate();
      const [extractPack] = await variantsOf(app.db, extract.id);

      const google = (await feed('/feeds/google.xml')).rss.channel.item as Item[];
      expect(google.find((i) => i['g:id'] === extractPack.sku)).toMatchObject({
        'g:product_type': 'Екстракт солоду',
        'g:google_product_category': '3014',
        'g:brand': 'Muntons',
      });
      const hotline = (await feed('/feeds/hotline.xml')).price;
      expect(hotline.categories.category).toContainEqual({ id: feedId, name: 'Екстракт солоду' });
      expect((hotline.items.item as Item[]).find((i) => i.id === extractPack.id)).toMatchObject({ categoryId: feedId });
      const yml = (await feed('/feeds/yml.xml')).yml_catalog.shop;
      expect(yml.categories.category).toContainEqual({ '@_id': feedId, '#text': 'Екстракт солоду' });
      expect((yml.offers.offer as Item[]).find((o) => o['@_id'] === extractPack.id)).toMatchObject({ categoryId: feedId });

      const bad = await app.inject({
        method: 'PUT',
        url: `/api/admin/categories/${created.json()._id}`,
        headers,
        payload: { slug: 'MaltExtract', name: 'Екстракт солоду', nameEn: 'Malt extract', googleProductCategory: '<script>' },
      });
      expect(bad.statusCode).toBe(400);
    });

    test('a product’s brand is a true field of its JSON, edited in the product editor', async () => {
      const { app } = ctx();
      const headers = await admin();
      const before = (await app.inject({ url: `/api/products/${hop.id}` })).json();
      expect(before).toMatchObject({ brand: null, producer: 'USA', origin: 'USA' });
      const { _id, user, rating, numReviews, createdAt, reviews, slug, variants, producer, ...editable } = before;
      void [_id, user, rating, numReviews, createdAt, reviews, slug, producer];
      const saved = await app.inject({
        method: 'PUT',
        url: `/api/products/${hop.id}`,
        headers,
        payload: { ...editable, variants: variants.map(({ _id: id, ...v }: Record<string, unknown>) => ({ id, ...v })), brand: '  Yakima Chief Hops ' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().brand).toBe('Yakima Chief Hops');
      const tooLong = await app.inject({ method: 'PUT', url: `/api/products/${hop.id}`, headers, payload: { ...editable, brand: 'x'.repeat(101) } });
      expect(tooLong.statusCode).toBe(400);
      const [hopPack] = await variantsOf(app.db, hop.id);
      const google = (await feed('/feeds/google.xml')).rss.channel.item as Item[];
      expect(google.find((i) => i['g:id'] === hopPack.sku)?.['g:brand']).toBe('Yakima Chief Hops');
    });

    test('renaming the shop renames it at once in the feeds, titles, og:site_name, JSON-LD and the About page', async () => {
      const { app } = ctx();
      // Filled before the rename, so a stale cache would show.
      await feed('/feeds/yml.xml');
      await app.inject({ url: '/about' });
      await saveSettings((s) => ({
        ...s,
        shop: { ...s.shop, name: 'Пивоварня «Дніпро»', description: 'Усе для пива вдома.', about: 'Перший абзац.\n\nДругий абзац.', hours: 'щодня 10–18' },
      }));
      expect((await feed('/feeds/yml.xml')).yml_catalog.shop.name).toBe('Пивоварня «Дніпро»');
      expect((await feed('/feeds/google.xml')).rss.channel.title).toBe('Пивоварня «Дніпро»');
      expect((await feed('/feeds/hotline.xml')).price.firmName).toBe('Пивоварня «Дніпро»');

      for (const path of ['/', '/about', '/contacts', '/hops']) {
        const html = (await app.inject({ url: path })).body;
        expect(html, path).toContain('<meta property="og:site_name" content="Пивоварня «Дніпро»" />');
        expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], path).toContain('Пивоварня «Дніпро»');
        expect(html, path).not.toContain('Хмільна крамниця');
      }
      const home = (await app.inject({ url: '/' })).body;
      const jsonLd = [...home.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
      expect(jsonLd).toContainEqual(expect.objectContaining({ '@type': 'OnlineStore', name: 'Пивоварня «Дніпро»', description: 'Усе для пива вдома.' }));
      expect(home).toContain('<meta name="description" content="Усе для пива вдома." />');
      // The About page's own text comes with the settings it embeds.
      expect((await app.inject({ url: '/about' })).body).toContain('Другий абзац.');
    });
  },
  { env: { WEB_DIR: webDir, SITE_URL: `${SITE}/` } },
);
