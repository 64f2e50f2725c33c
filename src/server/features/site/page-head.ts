import type { FastifyInstance } from 'fastify';
import { matchRoute, pathTo, productPath, ROUTES, type RouteSpec } from '../../../shared/routes.js';
import { GALLERY_IMAGE_SIZES, imageSrcSet } from '../../../shared/product-images.js';
import { ATTRIBUTE_PARAM_PREFIX } from '../../../shared/attribute-params.js';
import { PRICE_PARAM } from '../../../shared/price-range.js';
import { productPreviewImage, rasterImage, SHOP_CARD, type PreviewImage } from './preview-images.js';
import { cachedRecipeCandidates, hopSubstitutes, getSavedRecipe } from '../recipes/index.js';
import { discountedPrice, formatNumber } from '../../../shared/pricing.js';
import type { CategoryFilter } from '../../../shared/catalog.js';
import type { ProductDetail, ProductList, ProductListQuery, ProductSort, Variant } from '../../../shared/products.js';
import {
  MAX_KEYWORD_LENGTH,
  MAX_PAGE_NUMBER,
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
  TopProductsSchema,
} from '../../../shared/products.js';
import { getProductPage, getTopProducts, requireProductDetail } from '../products/index.js';
import { getPublicSettings } from '../settings/index.js';
import { getPublicCategories } from '../categories/index.js';
import { CategoryListSchema, type CategoryList } from '../../../shared/categories.js';
import { HopSubstitutesSchema } from '../../../shared/recipes/schema.js';
import type { PublicSettings } from '../../../shared/settings.js';
import { feedBrand } from '../../../shared/brand.js';
import { TEST_MODE_QUERY_KEY } from '../../../shared/payment-methods.js';
import { requireLegalPage } from '../legal/index.js';
import { legalPagePath } from '../../../shared/legal.js';
import { legalPageOf } from './pages.js';
import { savedRecipeKey } from '../../../shared/recipes/keys.js';
import { SavedRecipeSchema } from '../../../shared/recipes/saved.js';
import { toWire } from '../../../shared/wire/index.js';
import { splitHoisted, type RenderRoot } from './server-render.js';
import { escapeXml as escapeHtml } from './xml.js';

/**
 * What the first answer of a public page says about it before any script runs (docs/seo.md):
 * title, description, canonical link, Open Graph/Twitter tags, schema.org JSON-LD, and the data the
 * web app's first screen needs, so it starts without asking the API again.
 */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical address; null for pages no search engine should index. */
  canonical: string | null;
  ogType: 'website' | 'product';
  /** The shop's name from its settings (og:site_name, the shop card's alt). */
  siteName: string;
  /** The link preview's picture: the product's for a product, else the shop's card (docs/seo.md). */
  preview?: PreviewImage & { alt: string };
  /** The picture likely to be the largest paint: fetched at once, before any script asks for it. */
  preloadImage?: string;
  /** Its `srcset` and `sizes` when it has several widths, so the preload fetches the width the page shows. */
  preloadSrcSet?: { srcset: string; sizes: string };
  jsonLd: object[];
  /** Query-cache entries of the web app (src/web/features/catalog/api.ts keys). */
  data: { key: unknown[]; value: unknown }[];
}

/** The section pages (src/shared/routes.ts) as search engines are told of them. */
const SECTIONS: Record<SectionName, { title: string; description: string; filter: Partial<ProductListQuery> }> = {
  hops: {
    title: 'Хміль',
    description: 'Гранульований хміль T90 з восьми країн: Cascade, Citra, Saaz, Hallertauer та інші сорти.',
    filter: { category: 'Hops' },
  },
  yeast: { title: 'Сухі пивні дріжджі', description: 'Дріжджі Fermentis і Lallemand для елів та лагерів.', filter: { category: 'Yeast' } },
  malt: { title: 'Солод', description: 'Базовий і спеціальний солод від провідних солодовень.', filter: { category: 'Malt' } },
  equipment: {
    title: 'Обладнання',
    description: 'Кеги, фітинги, охолоджувачі, крани та все для розливу.',
    filter: { category: 'Equipment' as CategoryFilter },
  },
  discount: { title: 'Товари зі знижкою', description: 'Хміль, дріжджі й обладнання зі знижкою.', filter: { discount: true } },
};

const SECTION_NAMES = ['hops', 'yeast', 'malt', 'equipment', 'discount'] as const;
type SectionName = (typeof SECTION_NAMES)[number];
const isSection = (name: string): name is SectionName => (SECTION_NAMES as readonly string[]).includes(name);

/** The head of a public page, or null when the path is no public catalogue page (private pages keep the plain shell). */
export async function pageHead(
  app: FastifyInstance,
  path: string,
  search: URLSearchParams,
  status: number,
  shop: PublicSettings['shop'],
): Promise<PageHead | null> {
  const site = app.config.siteUrl;
  // The shop's own name and words, as its settings say them now (docs/settings.md).
  const shopName = shop.name;
  const DEFAULT_DESCRIPTION = shop.description || `${shop.name}: хміль, дріжджі, солод і обладнання для домашнього пивоваріння.`;
  const siteName = shop.name;
  const home = { '@type': 'ListItem', position: 1, name: 'Головна', item: `${site}/` };
  const breadcrumbs = (...items: { name: string; path: string }[]) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [home, ...items.map((item, i) => ({ '@type': 'ListItem', position: i + 2, name: item.name, item: `${site}${item.path}` }))],
  });
  const list = async (query: Partial<ProductListQuery>) => {
    const parsed = ProductListQuerySchema.parse({});
    const full = { ...parsed, ...query };
    const value: ProductList = JSON.parse(
      await app.catalogCache.get(`list:${JSON.stringify(full)}`, ProductListSchema, () => getProductPage(app.db, full, app.config.pageSize, false)),
    );
    return value;
  };

  // A list's order and "in stock only" (`?sort=price_asc&inStock=true`) are rendered too, under the
  // key the web app asks with (src/web/features/catalog/listing-controls.tsx); a value the API
  // refuses leaves the list to the browser.
  const options = listingOptions(search);

  const match = matchRoute(path);
  if (status === 404) {
    // A product the shop does not sell is embedded as null, which the product screen draws as "not found".
    const data = match?.name === 'product' ? [{ key: ['products', 'detail', safeDecode(match.params.id)], value: null }] : [];
    return { title: `Сторінку не знайдено | ${shopName}`, description: DEFAULT_DESCRIPTION, canonical: null, ogType: 'website', siteName, jsonLd: [], data };
  }
  if (!match) return null;
  if (match.name === 'home') {
    const [products, top] = await Promise.all([
      list(options ?? {}),
      app.catalogCache.get('top', TopProductsSchema, () => getTopProducts(app.db)).then(JSON.parse),
    ]);
    return {
      title: `${shopName} — хміль, дріжджі, солод і обладнання для пивоварів`,
      description: DEFAULT_DESCRIPTION,
      canonical: '/',
      ogType: 'website',
      siteName,
      preloadImage: (top as { image: string }[])[0]?.image,
      jsonLd: [shopJsonLd(site, shop)],
      data: [...(options ? [{ key: ['products', 'list', { pageNumber: 1, ...options }], value: products }] : []), { key: ['products', 'top'], value: top }],
    };
  }
  if (isSection(match.name)) {
    const section = SECTIONS[match.name];
    // A section's other parameters (producer, category, keyword, page) are the browser's to apply.
    const filters = listingFilters(search);
    const products = filters && options ? await list({ ...section.filter, ...options, ...filters }).catch(() => null) : null;
    return {
      title: `${section.title} | ${shopName}`,
      description: section.description,
      canonical: path,
      ogType: 'website',
      siteName,
      jsonLd: [breadcrumbs({ name: section.title, path })],
      data: products ? [{ key: ['products', 'list', { pageNumber: 1, ...section.filter, ...options, ...filterKey(filters) }], value: products }] : [],
    };
  }
  if (match.name === 'category') {
    const slug = safeDecode(match.params.slug);
    const { categories } = JSON.parse(await app.catalogCache.get('categories', CategoryListSchema, () => getPublicCategories(app.db))) as CategoryList;
    const category = categories.find((c) => c.slug === slug);
    if (!category) return null;
    const filters = listingFilters(search);
    const filter = { category: category.slug };
    const products = filters && options ? await list({ ...filter, ...options, ...filters }).catch(() => null) : null;
    return {
      title: `${category.name} | ${shopName}`,
      description: category.description || DEFAULT_DESCRIPTION,
      canonical: category.path,
      ogType: 'website',
      siteName,
      jsonLd: [breadcrumbs({ name: category.name, path: category.path })],
      data: products ? [{ key: ['products', 'list', { pageNumber: 1, ...filter, ...options, ...filterKey(filters) }], value: products }] : [],
    };
  }
  if (match.name === 'search' || match.name === 'searchPage') {
    const keyword = safeDecode(match.params.keyword).trim();
    const pageNumber = Number(match.params.pageNumber ?? 1);
    // Embedded under the web app's own key, so only what it would ask for in the same words.
    const embeddable = keyword && keyword.length <= MAX_KEYWORD_LENGTH && pageNumber >= 1 && pageNumber <= MAX_PAGE_NUMBER;
    const found = embeddable && options ? await list({ keyword, pageNumber, ...options }) : null;
    return {
      title: `Пошук «${keyword}» | ${shopName}`,
      description: `Результати пошуку «${keyword}» — ${shopName}.`,
      canonical: null,
      ogType: 'website',
      siteName,
      jsonLd: [],
      data: found ? [{ key: ['products', 'list', { keyword, pageNumber, ...options }], value: found }] : [],
    };
  }
  if (match.name === 'recipe') {
    return {
      title: `Зварити за рецептом | ${shopName}`,
      description: 'Завантажте рецепт BeerXML з BeerSmith, Brewfather чи Brewtarget — і отримайте готовий кошик: хміль, солод і дріжджі в наявності.',
      canonical: path,
      ogType: 'website',
      siteName,
      jsonLd: [breadcrumbs({ name: 'Зварити за рецептом', path })],
      data: [],
    };
  }
  if (match.name === 'savedRecipe') {
    // Unlisted: the link is shared by hand, so no search engine indexes it (noindex, no canonical).
    const saved = await getSavedRecipe(app.db, match.params.id, undefined, cachedRecipeCandidates(app));
    const { recipe } = saved;
    const figures = [
      recipe.style,
      `${formatNumber(saved.batchSizeL)} л`,
      recipe.abv !== null && `${formatNumber(recipe.abv)} % алк.`,
      recipe.ibu !== null && `${Math.round(recipe.ibu)} IBU`,
    ];
    return {
      title: `${saved.name} — рецепт | ${shopName}`,
      description: `${figures.filter(Boolean).join(' · ')}. Хміль, солод і дріжджі за рецептом — в наявності, з перерахунком на альфа-кислоти нашої партії.`,
      canonical: null,
      ogType: 'website',
      siteName,
      jsonLd: [],
      // As the API answers it (GET /api/recipes/{id}), original names included (docs/api.md).
      data: [{ key: [...savedRecipeKey(saved.id)], value: toWire(SavedRecipeSchema, saved) }],
    };
  }
  if (match.name === 'about' || match.name === 'contacts') {
    const title = match.name === 'about' ? 'Про нас' : 'Контакти';
    return {
      title: `${title} | ${shopName}`,
      description: DEFAULT_DESCRIPTION,
      canonical: path,
      ogType: 'website',
      siteName,
      jsonLd: [breadcrumbs({ name: title, path }), shopJsonLd(site, shop)],
      data: [],
    };
  }
  const legal = legalPageOf(path);
  if (legal) {
    const page = await requireLegalPage(app.db, site, legal.key, legal.version);
    const title = legal.version ? `${page.title} (редакція ${page.version})` : page.title;
    return {
      title: `${title} | ${shopName}`,
      description: `${page.title} інтернет-магазину ${shopName}: продавець, умови продажу, доставки, повернення й обробки персональних даних.`,
      // An old version is kept for the orders that point at it; search engines get the one in force.
      canonical: legal.version ? null : legalPagePath(legal.key),
      ogType: 'website',
      siteName,
      jsonLd: legal.version ? [] : [breadcrumbs({ name: page.title, path: legalPagePath(legal.key) })],
      data: [{ key: ['legal', legal.key, legal.version ?? 'current'], value: page }],
    };
  }
  if (match.name === 'product') {
    const ref = match.params.id;
    const product: ProductDetail = JSON.parse(await app.catalogCache.get(`product:${ref}`, ProductDetailSchema, () => requireProductDetail(app.db, ref)));
    const { categories } = JSON.parse(await app.catalogCache.get('categories', CategoryListSchema, () => getPublicCategories(app.db))) as CategoryList;
    const producers = categories.find((c) => c.slug === product.category)?.producers ?? [];
    const brand = feedBrand(
      product,
      producers.find((p) => p.name === product.producer),
    );
    const head = productHead(site, shop, product, ref, breadcrumbs, await productPreviewImage(product.image, app.config.uploadsDir), brand);
    // A hop's page lists its substitutes in stock (src/web/features/recipes/hop-substitutes.tsx): embedded, not asked again.
    if (product.category === 'Hops') {
      const substitutes = await app.catalogCache
        .get(`substitutes:${product.slug}`, HopSubstitutesSchema, () => hopSubstitutes(app.db, product.slug))
        .catch(() => null);
      if (substitutes) head.data.push({ key: ['recipes', 'substitutes', product.slug], value: JSON.parse(substitutes) });
    }
    return head;
  }
  return null;
}

function productHead(
  site: string,
  shop: PublicSettings['shop'],
  product: ProductDetail,
  ref: string,
  breadcrumbs: (...items: { name: string; path: string }[]) => object,
  preview: PreviewImage,
  brand: string | null,
): PageHead {
  const url = `${site}${productPath(product.slug)}`;
  // The main picture as previews take it, then the rest of the gallery (raster forms: search engines take no SVG).
  const image = [absoluteOn(site, preview.path), ...product.images.slice(1).map((i) => absoluteOn(site, rasterImage(i.url)))];
  const price = discountedPrice(product.price, product.discount);
  const description = product.description.replace(/\s+/g, ' ').slice(0, 160);
  const mainSrcSet = product.images[0] ? imageSrcSet(product.images[0]) : undefined;
  // A category the owner added under equipment is filed under the equipment section.
  const sectionName = SECTION_NAMES.find((name) => (ROUTES[name] as RouteSpec).category === product.category) ?? 'equipment';
  const category = SECTIONS[sectionName];
  const categoryPath = pathTo(sectionName);
  return {
    title: `${product.name} — ${price.toFixed(2)} грн | ${shop.name}`,
    description,
    canonical: productPath(product.slug),
    ogType: 'product',
    siteName: shop.name,
    preview: { ...preview, alt: product.name },
    preloadImage: product.image,
    ...(mainSrcSet ? { preloadSrcSet: { srcset: mainSrcSet, sizes: GALLERY_IMAGE_SIZES } } : {}),
    jsonLd: [
      productJsonLd(product, { url, image, category: category.title, brand }),
      breadcrumbs({ name: category.title, path: categoryPath }, { name: product.name, path: productPath(product.slug) }),
    ],
    data: [{ key: ['products', 'detail', ref], value: product }],
  };
}

/** schema.org's OnlineStore (an Organization) as the shop's settings describe it. */
export function shopJsonLd(site: string, shop: PublicSettings['shop']): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: shop.name,
    url: `${site}/`,
    logo: `${site}/logo.svg`,
    ...(shop.description ? { description: shop.description } : {}),
    ...(shop.email ? { email: shop.email } : {}),
    ...(shop.phone ? { telephone: shop.phone } : {}),
    ...(shop.address ? { address: { '@type': 'PostalAddress', streetAddress: shop.address, addressCountry: 'UA' } } : {}),
    ...(shop.legalName ? { legalName: shop.legalName } : {}),
  };
}

const availability = (stock: number) => (stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock');

/**
 * schema.org data of a product page: a Product with its Offer, or, for several packs, a ProductGroup
 * whose hasVariant lists each pack as a Product with its own Offer (Google's product-variant
 * structured data; docs/seo.md).
 */
export function productJsonLd(product: ProductDetail, page: { url: string; image: string[]; category: string; brand: string | null }): object {
  const rating =
    product.numReviews > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating, reviewCount: product.numReviews, bestRating: 5, worstRating: 1 } }
      : {};
  // The maker or packer, never a hop's country (docs/seo.md): none rather than a wrong one.
  const brand = page.brand ? { brand: { '@type': 'Brand', name: page.brand } } : {};
  const offer = (v: Pick<Variant, 'price' | 'discount' | 'countInStock'>) => ({
    '@type': 'Offer',
    url: page.url,
    price: discountedPrice(v.price, v.discount).toFixed(2),
    priceCurrency: 'UAH',
    availability: availability(v.countInStock),
    itemCondition: 'https://schema.org/NewCondition',
  });
  const packFacts = (v: Variant) => ({ sku: v.sku, ...(v.gtin ? { gtin: v.gtin } : {}) });
  if (product.variants.length <= 1) {
    const only = product.variants[0];
    return {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: page.image,
      ...(only ? packFacts(only) : { sku: product.id }),
      category: page.category,
      ...brand,
      offers: offer(only ?? product),
      ...rating,
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    description: product.description,
    image: page.image,
    url: page.url,
    productGroupID: product.id,
    category: page.category,
    ...brand,
    // The pack is what tells the variants apart; schema.org has no property for it but size.
    variesBy: 'https://schema.org/size',
    hasVariant: product.variants.map((v) => ({
      '@type': 'Product',
      name: `${product.name}, ${v.label}`,
      image: page.image[0],
      size: v.label,
      ...packFacts(v),
      weight: { '@type': 'QuantitativeValue', value: v.weight, unitCode: 'KGM' },
      offers: offer(v),
    })),
    ...rating,
  };
}

/** The page shell with the head filled in, the data embedded and, when rendered, the markup of #root. */
export function renderShell(template: string, site: string, head: PageHead, root?: { head: string[]; body: string }): string {
  const preview = head.preview ?? { ...SHOP_CARD, alt: head.siteName };
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    head.canonical ? `<link rel="canonical" href="${escapeHtml(site + head.canonical)}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:locale" content="uk_UA" />`,
    head.canonical ? `<meta property="og:url" content="${escapeHtml(site + head.canonical)}" />` : '',
    `<meta property="og:image" content="${escapeHtml(absoluteOn(site, preview.path))}" />`,
    preview.width ? `<meta property="og:image:width" content="${preview.width}" />` : '',
    preview.height ? `<meta property="og:image:height" content="${preview.height}" />` : '',
    `<meta property="og:image:alt" content="${escapeHtml(preview.alt)}" />`,
    // A rendered page preloads what it shows first itself (root.head).
    head.preloadImage && !root
      ? `<link rel="preload" as="image" href="${escapeHtml(head.preloadImage)}"${
          head.preloadSrcSet ? ` imagesrcset="${escapeHtml(head.preloadSrcSet.srcset)}" imagesizes="${escapeHtml(head.preloadSrcSet.sizes)}"` : ''
        } fetchpriority="high" />`
      : '',
    ...(root?.head ?? []),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(absoluteOn(site, preview.path))}" />`,
    `<meta name="twitter:image:alt" content="${escapeHtml(preview.alt)}" />`,
    ...head.jsonLd.map((item) => `<script type="application/ld+json">${safeJson(item)}</script>`),
    head.data.length ? `<script type="application/json" id="page-data">${safeJson(head.data)}</script>` : '',
  ].filter(Boolean);
  const page = template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
  if (!root) return page;
  // The page shows without the app, which leaves the bandwidth to the style sheet and the pictures:
  // it is fetched once the page has loaded (public/start-app.js, docs/seo.md).
  // Functions, so that no "$" in the markup is read as a replacement pattern.
  return page
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(
      /<script type="module" crossorigin src="([^"]+)"><\/script>/,
      (_tag, app: string) => `<script src="/start-app.js" data-app="${app}" defer></script>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${root.body}</div>`);
}

/** JSON that can sit inside a <script> element: nothing in it can close the element. */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The attribute and price filters of a list page's address (`attr.alpha=12..14&price=100-500`), as the
 * web app passes them (src/web/features/catalog/attribute-filters.tsx); null when the address holds
 * anything else besides the order, which the browser applies.
 */
function listingFilters(search: URLSearchParams): Record<string, string> | null {
  const filters: Record<string, string> = {};
  for (const key of new Set(search.keys())) {
    if (key === 'sort' || key === 'inStock') continue;
    const values = search.getAll(key);
    if (!(key.startsWith(ATTRIBUTE_PARAM_PREFIX) || key === PRICE_PARAM) || values.length > 1) return null;
    if (values[0].trim()) filters[key] = values[0];
  }
  return filters;
}

const filterKey = (filters: Record<string, string> | null) => (filters && Object.keys(filters).length ? { attributes: filters } : {});

/** The order and "in stock only" of a list page's address, or null when the API would refuse them. */
function listingOptions(search: URLSearchParams): { sort?: ProductSort; inStock?: true } | null {
  const parsed = ProductListQuerySchema.pick({ sort: true, inStock: true }).safeParse(Object.fromEntries(search));
  if (!parsed.success || search.getAll('sort').length > 1 || search.getAll('inStock').length > 1) return null;
  return { ...(parsed.data.sort && { sort: parsed.data.sort }), ...(parsed.data.inStock && { inStock: true as const }) };
}

const absoluteOn = (site: string, pathOrUrl: string) => (/^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site}${pathOrUrl}`);

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * The page for this address: for a public page its head, its data and, with the server render, its
 * markup; any other page gets the plain shell the browser renders.
 */
export async function renderPage(
  app: FastifyInstance,
  template: string,
  path: string,
  query: string,
  status: number,
  renderRoot: RenderRoot | null,
): Promise<string> {
  let head: PageHead | null;
  try {
    const settings = await getPublicSettings(app.db);
    head = await pageHead(app, path, new URLSearchParams(query), status, settings.shop);
    if (!head) return template;
    // The header and footer show the shop's name and contacts: embedded with the page's own data.
    head.data.push({ key: ['settings', 'public'], value: settings });
    // The menus are drawn from the catalogue's categories (docs/domain.md): embedded with every page.
    head.data.push({ key: ['categories'], value: JSON.parse(await app.catalogCache.get('categories', CategoryListSchema, () => getPublicCategories(app.db))) });
    // The test-mode banner of every page (docs/payments.md): known here, so no page asks for it.
    head.data.push({ key: TEST_MODE_QUERY_KEY, value: app.config.paymentsTestMode });
  } catch (err) {
    // The plain shell still works: the web app asks the API itself.
    app.log.warn({ err, path }, 'page head not rendered');
    return template;
  }
  if (!renderRoot) return renderShell(template, app.config.siteUrl, head);
  try {
    const root = splitHoisted(await renderRoot(query ? `${path}?${query}` : path, head.data));
    return renderShell(template, app.config.siteUrl, head, root);
  } catch (err) {
    app.log.warn({ err, path }, 'page markup not rendered');
    return renderShell(template, app.config.siteUrl, head);
  }
}
