import { discountedPriceMinor } from '../../../shared/pricing.js';
import { productPath, ROUTE_NAMES, ROUTES, type RouteSpec } from '../../../shared/routes.js';
import type { ProductVariantRow } from '../../db/schema.js';
import type { ProductRecord } from '../products/index.js';
import { rasterImage } from './preview-images.js';
import { element, escapeXml, XML_DECLARATION } from './xml.js';
import type { AttributeValue } from '../../../shared/categories.js';

/**
 * The sitemap and the price-aggregator feeds (docs/seo.md), built from the catalogue as it is now.
 * Every link is absolute on the shop's public address (SITE_URL).
 */

/**
 * The pages of one address a search engine should know (src/shared/routes.ts), each with whether
 * it lists the catalogue; the products are listed besides, as the catalogue has them.
 */
export const SITEMAP_PAGES = ROUTE_NAMES.map((name): RouteSpec => ROUTES[name]).filter((route) => route.indexing === 'listed' && !route.pattern.includes(':'));

const absolute = (siteUrl: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`);
const uah = (minor: number) => (minor / 100).toFixed(2);
const day = (date: Date) => date.toISOString().slice(0, 10);

export function buildSitemap(siteUrl: string, inStock: ProductRecord[]): string {
  const newest = inStock.reduce<Date | null>((max, p) => (!max || p.updatedAt > max ? p.updatedAt : max), null);
  const url = (path: string, lastmod: Date | null) => `<url>${element('loc', absolute(siteUrl, path))}${lastmod ? element('lastmod', day(lastmod)) : ''}</url>`;
  return (
    XML_DECLARATION +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    // The legal pages in force are listed, undated (docs/seo.md); their old versions are not for search engines.
    SITEMAP_PAGES.map((route) => url(route.pattern, route.catalogue ? newest : null)).join('\n') +
    '\n' +
    inStock.map((p) => url(productPath(p.slug ?? p.id), p.updatedAt)).join('\n') +
    '\n</urlset>\n'
  );
}

/**
 * Where crawlers may not go: the closed pages (src/shared/routes.ts), each by its address up to
 * its first param, none under another, and the API.
 */
export function buildRobots(siteUrl: string): string {
  const prefixes = ROUTE_NAMES.map((name): RouteSpec => ROUTES[name])
    .filter((route) => route.indexing === 'closed')
    .map((route) => route.pattern.split(':')[0]);
  const closed = [...new Set(prefixes.filter((path) => !prefixes.some((other) => other !== path && path.startsWith(other)))), '/api/'];
  return ['User-agent: *', ...closed.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}

/** A product's packs, each with its product: the feeds list one item per pack (docs/seo.md). */
export type PacksOf = ReadonlyMap<string, readonly ProductVariantRow[]>;

/** A category as the feeds name it: by its name, numbered for the aggregators that want integer ids. */
export interface FeedCategory {
  slug: string;
  name: string;
  feedId: number;
  parentFeedId: number | null;
  parentName: string | null;
  /** Google's taxonomy id or path; '' when neither it nor its group has one. */
  googleProductCategory: string;
}

/** An attribute a category defines, for the YML `param`s. */
export interface FeedAttribute {
  key: string;
  name: string;
  unit: string;
  type: 'number' | 'enum' | 'text' | 'boolean';
  options: { value: string; name: string }[];
}

/** What every feed is built from: the shop as its settings describe it and the catalogue as it is now. */
export interface FeedSource {
  siteUrl: string;
  shop: { name: string; legalName: string; description: string };
  products: ProductRecord[];
  packsOf: PacksOf;
  /** By slug; a product of a category missing here is left out (it cannot be filed). */
  categories: ReadonlyMap<string, FeedCategory>;
  brandOf: (product: ProductRecord) => string | null;
  attributesOf: (categorySlug: string) => readonly FeedAttribute[];
}

/** The pack's own title: the product's name with the pack size when it has several ("…, 50 г"). */
const packTitle = (p: ProductRecord, packs: readonly ProductVariantRow[], pack: ProductVariantRow) => (packs.length > 1 ? `${p.name}, ${pack.label}` : p.name);

/** Every pack with its product and category, in the catalogue's order. */
function packsOfFeed(source: FeedSource) {
  return source.products.flatMap((product) => {
    const category = source.categories.get(product.category);
    const packs = source.packsOf.get(product.id) ?? [];
    if (!category) return [];
    return packs.map((pack) => ({ product, packs, pack, category, title: packTitle(product, packs, pack), brand: source.brandOf(product) }));
  });
}

const categoryPathOf = (c: FeedCategory) => (c.parentName ? `${c.parentName} > ${c.name}` : c.name);
const productUrl = (siteUrl: string, p: ProductRecord) => absolute(siteUrl, productPath(p.slug ?? p.id));
const pictureUrl = (siteUrl: string, p: ProductRecord) => absolute(siteUrl, rasterImage(p.image));

/**
 * Google Merchant Center product data as RSS 2.0 with the g: namespace: one item per pack, the packs
 * of one product joined by item_group_id.
 */
export function buildGoogleFeed(source: FeedSource): string {
  const { siteUrl } = source;
  const items = packsOfFeed(source).map(({ product: p, packs, pack: v, category, title, brand }) => {
    const onSale = v.discount > 0;
    return [
      '<item>',
      element('g:id', v.sku),
      packs.length > 1 ? element('g:item_group_id', p.id) : '',
      element('g:title', title),
      element('g:description', p.description),
      element('g:link', productUrl(siteUrl, p)),
      element('g:image_link', pictureUrl(siteUrl, p)),
      element('g:price', `${uah(v.priceMinor)} UAH`),
      onSale ? element('g:sale_price', `${uah(discountedPriceMinor(v.priceMinor, v.discount))} UAH`) : '',
      element('g:availability', v.countInStock > 0 ? 'in_stock' : 'out_of_stock'),
      // A country is no brand: without a maker's name the attribute is left out (docs/seo.md).
      element('g:brand', brand),
      // Without a GTIN Google asks to be told there is none rather than guess (docs/seo.md).
      v.gtin ? element('g:gtin', v.gtin) : element('g:identifier_exists', 'no'),
      element('g:condition', 'new'),
      element('g:google_product_category', category.googleProductCategory),
      element('g:product_type', categoryPathOf(category)),
      '</item>',
    ].join('');
  });
  return (
    XML_DECLARATION +
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>' +
    element('title', source.shop.name) +
    element('link', `${siteUrl}/`) +
    element('description', source.shop.description || source.shop.name) +
    '\n' +
    items.join('\n') +
    '\n</channel>\n</rss>\n'
  );
}

/** The categories the listed packs are filed under, with their groups, parents first. */
function usedCategories(source: FeedSource, used: Iterable<FeedCategory>): FeedCategory[] {
  const byFeedId = new Map([...source.categories.values()].map((c) => [c.feedId, c]));
  const wanted = new Map<number, FeedCategory>();
  for (const c of used) {
    wanted.set(c.feedId, c);
    const parent = c.parentFeedId === null ? undefined : byFeedId.get(c.parentFeedId);
    if (parent) wanted.set(parent.feedId, parent);
  }
  return [...wanted.values()].sort((a, b) => Number(a.parentFeedId !== null) - Number(b.parentFeedId !== null) || a.feedId - b.feedId);
}

/**
 * Hotline's price list: the shop (its name and Hotline's number of it, `firmId`), its category tree
 * and every pack on offer (in stock) with its price in UAH, and the price before the discount as `oldprice`.
 */
export function buildHotlineFeed(source: FeedSource, firmId: string, now = new Date()): string {
  const { siteUrl } = source;
  const onOffer = packsOfFeed(source).filter(({ pack }) => pack.countInStock > 0);
  const categories = usedCategories(
    source,
    onOffer.map((item) => item.category),
  ).map((c) => `<category>${element('id', c.feedId)}${element('parentId', c.parentFeedId)}${element('name', c.name)}</category>`);
  const items = onOffer.map(({ product: p, pack: v, category, title, brand }) =>
    [
      '<item>',
      element('id', v.id),
      element('categoryId', category.feedId),
      element('code', v.sku),
      element('vendor', brand),
      element('name', title),
      element('description', p.description),
      element('url', productUrl(siteUrl, p)),
      element('image', pictureUrl(siteUrl, p)),
      element('priceRUAH', uah(discountedPriceMinor(v.priceMinor, v.discount))),
      v.discount > 0 ? element('oldprice', uah(v.priceMinor)) : '',
      element('stock', 'В наявності'),
      '</item>',
    ].join(''),
  );
  return (
    XML_DECLARATION +
    '<price>' +
    element('date', feedDate(now)) +
    element('firmName', source.shop.name) +
    element('firmId', firmId) +
    '\n<categories>\n' +
    categories.join('\n') +
    '\n</categories>\n<items>\n' +
    items.join('\n') +
    '\n</items>\n</price>\n'
  );
}

/** "YYYY-MM-DD hh:mm", as Hotline and YML date their files (UTC). */
const feedDate = (now: Date) => now.toISOString().slice(0, 16).replace('T', ' ');
const attr = (name: string, value: string | number) => ` ${name}="${escapeXml(String(value))}"`;

/** An attribute's value as a shopper reads it: an option's name, yes/no, the number or text. */
function paramValue(definition: FeedAttribute, value: AttributeValue): string {
  if (definition.type === 'enum') return definition.options.find((o) => o.value === value)?.name ?? String(value);
  if (definition.type === 'boolean') return value === true ? 'так' : 'ні';
  return String(value);
}

/**
 * The YML catalogue Rozetka and Prom read (docs/seo.md): the shop, its currency, the category tree
 * and one offer per pack, sold out or not (`available`), with its attributes as `param`s.
 */
export function buildYmlFeed(source: FeedSource, now = new Date()): string {
  const { siteUrl } = source;
  const all = packsOfFeed(source);
  const categories = usedCategories(
    source,
    all.map((item) => item.category),
  ).map((c) => `<category${attr('id', c.feedId)}${c.parentFeedId === null ? '' : attr('parentId', c.parentFeedId)}>${escapeXml(c.name)}</category>`);
  const offers = all.map(({ product: p, packs, pack: v, category, title, brand }) => {
    const definitions = source.attributesOf(category.slug);
    const params = definitions.flatMap((d) => {
      const value = p.attributes[d.key];
      if (value === undefined || value === '') return [];
      return [`<param${attr('name', d.name)}${d.unit ? attr('unit', d.unit) : ''}>${escapeXml(paramValue(d, value))}</param>`];
    });
    if (packs.length > 1) params.push(`<param${attr('name', 'Фасування')}>${escapeXml(v.label)}</param>`);
    return [
      `<offer${attr('id', v.id)}${attr('available', v.countInStock > 0 ? 'true' : 'false')}${packs.length > 1 ? attr('group_id', p.id) : ''}>`,
      element('url', productUrl(siteUrl, p)),
      element('price', uah(discountedPriceMinor(v.priceMinor, v.discount))),
      v.discount > 0 ? element('oldprice', uah(v.priceMinor)) : '',
      element('currencyId', 'UAH'),
      element('categoryId', category.feedId),
      element('picture', pictureUrl(siteUrl, p)),
      element('vendor', brand),
      element('vendorCode', v.sku),
      element('stock_quantity', Math.max(0, v.countInStock)),
      element('name', title),
      element('description', p.description),
      ...params,
      '</offer>',
    ].join('');
  });
  return (
    XML_DECLARATION +
    `<yml_catalog${attr('date', feedDate(now))}>\n<shop>` +
    element('name', source.shop.name) +
    element('company', source.shop.legalName || source.shop.name) +
    element('url', `${siteUrl}/`) +
    '\n<currencies><currency id="UAH" rate="1"/></currencies>\n<categories>\n' +
    categories.join('\n') +
    '\n</categories>\n<offers>\n' +
    offers.join('\n') +
    '\n</offers>\n</shop>\n</yml_catalog>\n'
  );
}
