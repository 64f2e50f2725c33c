import { EQUIPMENT_CATEGORIES, EQUIPMENT_CATEGORY_NAMES_UK, isEquipmentCategory, type ProductCategory } from '../../../shared/catalog.js';
import { discountedPriceMinor } from '../../../shared/pricing.js';
import { productPath } from '../../../shared/product-path.js';
import type { ProductVariantRow } from '../../db/schema.js';
import type { ProductRecord } from '../products/repository.js';
import { LEGAL_PAGE_KEYS, LEGAL_PAGE_PATHS } from '../../../shared/legal-paths.js';
import { rasterImage } from './preview-images.js';
import { element, XML_DECLARATION } from './xml.js';

/**
 * The sitemap and the price-aggregator feeds (docs/seo.md), built from the catalogue as it is now.
 * Every link is absolute on the shop's public address (SITE_URL).
 */

export const SHOP_NAME = 'Хмільна крамниця';
const SHOP_DESCRIPTION = 'Хміль, дріжджі, солод і обладнання для домашнього пивоваріння з доставкою Новою поштою.';

/** Pages a search engine should know besides the products; the lists change with the catalogue. */
export const PUBLIC_PAGES = ['/', '/hops', '/yeast', '/malt', '/equipment', '/discount', '/about', '/contacts'] as const;

const absolute = (siteUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`);
const uah = (minor: number) => (minor / 100).toFixed(2);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function buildSitemap(siteUrl: string, inStock: ProductRecord[]): string {
  const newest = inStock.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const url = (path: string, lastmod: Date | null) => `<url>${element('loc', absolute(siteUrl, path))}${lastmod ? element('lastmod', day(lastmod)) : ''}</url>`;
  return (
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    PUBLIC_PAGES.map((path) => url(path, path === '/about' || path === '/contacts' ? null : newest)).join('\n') +
    '\n' +
    // The legal pages in force (docs/seo.md); their old versions are not for search engines.
    LEGAL_PAGE_KEYS.map((key) => url(LEGAL_PAGE_PATHS[key], null)).join('\n') +
    '\n' +
    inStock.map((p) => url(productPath(p.slug ?? p.id), p.updatedAt)).join('\n') +
    '\n</urlset>\n'
  );
}

export function buildRobots(siteUrl: string): string {
  const closed = [
    '/admin',
    '/cart',
    '/shipping',
    '/payment',
    '/placeorder',
    '/order/',
    '/profile',
    '/login',
    '/register',
    '/forgot-password',
    '/reset-password',
    '/api/',
  ];
  return ['User-agent: *', ...closed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** A product's packs, each with its product: the feeds list one item per pack (docs/seo.md). */
export type PacksOf = ReadonlyMap<string, readonly ProductVariantRow[]>;

/** The pack's own title: the product's name with the pack size when it has several ("…, 50 г"). */
const packTitle = (p: ProductRecord, packs: readonly ProductVariantRow[], pack: ProductVariantRow) => (packs.length > 1 ? `${p.name}, ${pack.label}` : p.name);

/**
 * Google Merchant Center product data as RSS 2.0 with the g: namespace: one item per pack, the packs
 * of one product joined by item_group_id.
 */
export function buildGoogleFeed(siteUrl: string, all: ProductRecord[], packsOf: PacksOf): string {
  const items = all.flatMap((p) => {
    const packs = packsOf.get(p.id) ?? [];
    return packs.map((v) => {
      const onSale = v.discount > 0;
      return [
        '<item>',
        element('g:id', v.sku),
        packs.length > 1 ? element('g:item_group_id', p.id) : '',
        element('g:title', packTitle(p, packs, v)),
        element('g:description', p.description),
        element('g:link', absolute(siteUrl, productPath(p.slug ?? p.id))),
        element('g:image_link', absolute(siteUrl, rasterImage(p.image))),
        element('g:price', `${uah(v.priceMinor)} UAH`),
        onSale ? element('g:sale_price', `${uah(discountedPriceMinor(v.priceMinor, v.discount))} UAH`) : '',
        element('g:availability', v.countInStock > 0 ? 'in_stock' : 'out_of_stock'),
        element('g:brand', p.origin),
        // Without a GTIN Google asks to be told there is none rather than guess (docs/seo.md).
        v.gtin ? element('g:gtin', v.gtin) : element('g:identifier_exists', 'no'),
        element('g:condition', 'new'),
        element('g:product_type', categoryPath(p.category)),
        '</item>',
      ].join('');
    });
  });
  return (
    XML_DECLARATION +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>' +
    element('title', SHOP_NAME) +
    element('link', `${siteUrl}/`) +
    element('description', SHOP_DESCRIPTION) +
    '\n' +
    items.join('\n') +
    '\n</channel>\n</rss>\n'
  );
}

/**
 * Hotline's price list: the shop, its category tree and every pack on offer (in stock) with its price
 * in UAH, and the price before the discount as `oldprice`.
 */
export function buildHotlineFeed(siteUrl: string, all: ProductRecord[], packsOf: PacksOf, now = new Date()): string {
  const categories = HOTLINE_CATEGORIES.map((c) => `<category>${element('id', c.id)}${element('parentId', c.parentId)}${element('name', c.name)}</category>`);
  const items = all.flatMap((p) => {
    const packs = packsOf.get(p.id) ?? [];
    return packs
      .filter((v) => v.countInStock > 0)
      .map((v) =>
        [
          '<item>',
          element('id', v.id),
          element('categoryId', hotlineCategoryId(p.category)),
          element('code', v.sku),
          element('vendor', p.origin),
          element('name', packTitle(p, packs, v)),
          element('description', p.description),
          element('url', absolute(siteUrl, productPath(p.slug ?? p.id))),
          element('image', absolute(siteUrl, rasterImage(p.image))),
          element('priceRUAH', uah(discountedPriceMinor(v.priceMinor, v.discount))),
          v.discount > 0 ? element('oldprice', uah(v.priceMinor)) : '',
          element('stock', 'В наявності'),
          '</item>',
        ].join(''),
      );
  });
  const date = now.toISOString().slice(0, 16).replace('T', ' ');
  return (
    XML_DECLARATION +
    '<price>' +
    element('date', date) +
    element('firmName', SHOP_NAME) +
    '\n<categories>\n' +
    categories.join('\n') +
    '\n</categories>\n<items>\n' +
    items.join('\n') +
    '\n</items>\n</price>\n'
  );
}

// Feed category names are Ukrainian by definition: the aggregators show them as they are.
const GROUP_NAMES = { Hops: 'Хміль', Yeast: 'Дріжджі', Malt: 'Солод', Equipment: 'Обладнання' } as const;
const GROUP_IDS = { Hops: 1, Yeast: 2, Malt: 3, Equipment: 4 } as const;
const HOTLINE_CATEGORIES: { id: number; parentId?: number; name: string }[] = [
  ...(Object.keys(GROUP_IDS) as (keyof typeof GROUP_IDS)[]).map((group) => ({ id: GROUP_IDS[group], name: GROUP_NAMES[group] })),
  ...EQUIPMENT_CATEGORIES.map((c, i) => ({ id: 10 + i, parentId: GROUP_IDS.Equipment, name: EQUIPMENT_CATEGORY_NAMES_UK[c] })),
];

function hotlineCategoryId(category: string): number {
  const equipment = (EQUIPMENT_CATEGORIES as readonly string[]).indexOf(category);
  return equipment >= 0 ? 10 + equipment : GROUP_IDS[category as keyof typeof GROUP_IDS];
}

function categoryPath(category: string): string {
  if (isEquipmentCategory(category)) return `${GROUP_NAMES.Equipment} > ${EQUIPMENT_CATEGORY_NAMES_UK[category]}`;
  return GROUP_NAMES[category as ProductCategory & keyof typeof GROUP_NAMES] ?? category;
}
