import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { attributeFields, type AttributeFilter } from '../../../shared/categories.js';
import {
  categoriesNamedBy,
  categoryKey,
  categoryWordIndex,
  productSearchColumns,
  queryWordKeys,
  queryWords,
  type CategoryWordIndex,
} from '../../../shared/search-text.js';
import { slugify } from '../../../shared/product-path.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { PriceRange } from '../../../shared/price-range.js';
import { storedWidths, type ProductImage } from '../../../shared/product-images.js';
import type { Product, ProductSort } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { products, productVariants, type ProductRow, type ProductVariantRow } from '../../db/schema.js';
import { findVariantsOf, insertVariants, refreshProductSummaries, toVariant, type NewVariant } from './variants.js';
import { listingOrder, weightedRating, type ListingOrder } from './listing-order.js';
import { loadCategories } from '../categories/index.js';

/** Every column but the search ones and the packs' prices, which are large or only ever read by SQL. */
const { searchText: _searchText, searchKeys: _searchKeys, packPrices: _packPrices, ...productColumns } = getTableColumns(products);
export type ProductRecord = Omit<ProductRow, 'searchText' | 'searchKeys' | 'packPrices'>;

export interface ProductFilter {
  keyword?: string;
  /** Slugs of the chosen category and, for a group, of its categories. */
  categories?: string[];
  /** The category's attribute filters, already checked against its definitions. */
  attributes?: AttributeFilter[];
  producer?: string;
  /** Hryvnia: a product matches when one of its packs costs this after its discount. */
  price?: PriceRange;
  discountedOnly?: boolean;
  /** soldOutLast (shoppers, the default), inStockOnly ("Тільки в наявності"), or mixed (the admin's list). */
  stock?: 'soldOutLast' | 'inStockOnly' | 'mixed';
  sort?: ProductSort;
  /** The admin's list: drafts and hidden products too. */
  includeUnpublished?: boolean;
  /** The categories' words for a keyword, when the caller has them already (else read here). */
  categoryWords?: CategoryWordIndex;
}

/** Shoppers see published products only. */
const published = eq(products.status, 'published');

/**
 * A page of products in the chosen order (listing-order.ts); without one newest first, and with a
 * keyword best matches first. Sold-out products come after the others. Stable: ties break on id.
 */
export async function listProducts(tx: Tx, filter: ProductFilter, page: ListingPage): Promise<{ rows: ProductRecord[]; total: number; search: SQL | null }> {
  const conditions = filterConditions(filter);
  const stock = filter.stock ?? 'soldOutLast';
  const order = { sort: filter.sort, soldOutLast: stock === 'soldOutLast' };
  if (!filter.keyword) {
    // A category's attribute filters and price range are tested on each of its products, in no index's
    // order: the page and the count are then found in one pass over them. Without them the page is
    // read in order from the index of its sort, and the count from the category's index alone.
    const filtersEachProduct = Boolean(filter.categories && (filter.attributes?.length || filter.price));
    return { ...(await selectPage(tx, conditions, null, order, page, filtersEachProduct)), search: null };
  }

  const exactSearch = keywordSearch(filter.keyword, false, filter.categoryWords ?? (await loadCategoryWords(tx)));
  const exact = await selectPage(tx, conditions, exactSearch, order, page, false);
  if (exact.total > 0) return { ...exact, search: exactSearch.where };
  const fuzzySearch = keywordSearch(filter.keyword, true, []);
  return { ...(await selectPage(tx, conditions, fuzzySearch, order, page, false)), search: fuzzySearch.where };
}

function filterConditions(filter: ProductFilter, options: { leaveOutAttribute?: string } = {}): SQL[] {
  const conditions: SQL[] = [];
  if ((filter.stock ?? 'soldOutLast') === 'inStockOnly') conditions.push(gt(products.countInStock, 0));
  if (!filter.includeUnpublished) conditions.push(published);
  if (filter.categories) conditions.push(inArray(products.category, filter.categories));
  if (filter.producer) conditions.push(eq(products.producer, filter.producer));
  if (filter.discountedOnly) conditions.push(ne(products.discount, 0));
  if (filter.price) conditions.push(priceCondition(filter.price));
  for (const attribute of filter.attributes ?? []) {
    if (attribute.key !== options.leaveOutAttribute) conditions.push(attributeCondition(attribute));
  }
  return conditions;
}

/** A number attribute's value, or null where a product has none (never a failed cast). */
const numberAttribute = (key: string) =>
  sql`(case when jsonb_typeof(${products.attributes} -> ${key}::text) = 'number' then (${products.attributes} ->> ${key}::text)::double precision end)`;
/** Any attribute's value as text: enum and text values as they are, yes/no as 'true'/'false'. */
const textAttribute = (key: string) => sql`(${products.attributes} ->> ${key}::text)`;

/** Keys and values arrive as parameters, never in the SQL text: a filter cannot inject anything. */
function attributeCondition(filter: AttributeFilter): SQL {
  if (filter.type === 'values') return sql`${textAttribute(filter.key)} = any(${textArray(filter.values)})`;
  return numberInRange(filter.key, filter.min, filter.max);
}

/**
 * A number attribute within the range, as one JSON path test: a third of the time that reading the
 * value as text and casting it for each bound took (docs/decisions/039-filtered-page-in-one-pass-and-suggestions-from-the-newest.md).
 * Strict and silent, so a value that is missing or not a number never matches. The key is quoted as a
 * JSON string and the bounds are parsed numbers; the path itself is a parameter. The function, not the
 * `@?` operator: the attributes' GIN index would answer the operator with every product holding the key.
 */
function numberInRange(key: string, min: number | null, max: number | null): SQL {
  const bounds = [min !== null ? `@ >= ${min}` : null, max !== null ? `@ <= ${max}` : null].filter(Boolean).join(' && ');
  return sql`jsonb_path_exists(${products.attributes}, ${`strict $.${JSON.stringify(key)} ? (${bounds})`}::jsonpath, '{}', true)`;
}

/**
 * Some pack on sale costs within the range after its discount. Compared as kopiykas × 100
 * (`price_minor × (100 − discount)`), the form the price sorts use, so no rounding decides a match.
 * The product row keeps those prices (`pack_prices`), so the category's index answers it alone.
 */
function priceCondition(range: PriceRange): SQL {
  const bound = (hryvnia: number | null) => (hryvnia === null ? null : Math.round(hryvnia * 100) * 100);
  return sql`${products.packPrices} && int8range(${bound(range.min)}::bigint, ${bound(range.max)}::bigint, '[]')`;
}

/**
 * Counts for one attribute under every filter but its own (so a shopper sees what else they may
 * tick): per value, or the lowest and highest number.
 */
export async function attributeFacet(
  tx: Tx,
  filter: ProductFilter,
  search: SQL | null,
  attribute: { key: string; type: 'number' | 'enum' | 'text' | 'boolean' },
): Promise<{ values: { value: string; count: number }[]; min: number | null; max: number | null }> {
  const where = and(...filterConditions(filter, { leaveOutAttribute: attribute.key }), ...(search ? [search] : []));
  if (attribute.type === 'number') {
    const value = numberAttribute(attribute.key);
    const [range] = await tx
      .select({ min: sql<number | null>`min(${value})`, max: sql<number | null>`max(${value})` })
      .from(products)
      .where(where);
    return { values: [], min: range.min === null ? null : Number(range.min), max: range.max === null ? null : Number(range.max) };
  }
  const value = textAttribute(attribute.key);
  const rows = await tx
    .select({ value: sql<string>`${value}`, count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(where, sql`${value} is not null`))
    // By position: the key is a parameter, so a repeated expression would not match the select's.
    .groupBy(sql`1`)
    .orderBy(sql`count(*) desc`, sql`1`)
    .limit(50);
  return { values: rows, min: null, max: null };
}

/**
 * Ranking reads and sorts every match; past this many, newest first serves a shopper as well and the
 * listing index finds the page at once (bench/search-scale.ts: p95 26 → 12 ms at 100,000 products).
 */
const RANKED_RESULTS_MAX = 1000;

/** A page of a list; `total: false` when the caller needs the first page only and no total (suggestions): then it is counted up to what ranking needs. */
export type ListingPage = { number: number; size: number; total?: true } | { number: 1; size: number; total: false };

/**
 * A keyword's condition and how well a product matches it. `rankTerms`: the search keys whose presence,
 * weighted, sums to the rank (a word found whole, a word naming the product's category); null for a
 * trigram search, whose rank is a similarity.
 */
interface KeywordSearch {
  where: SQL;
  rank: SQL | null;
  rankTerms: string[][] | null;
  /** Categories all of whose products match (a one-word query naming them), or none. */
  matchedWhole: string[];
}

/** The product has one of these search keys: one look-up of the keys' index. */
const hasAnyKey = (keys: string[]) => sql`(${products.searchKeys} && ${textArray(keys)})`;

async function selectPage(tx: Tx, conditions: SQL[], search: KeywordSearch | null, order: Omit<ListingOrder, 'rank'>, page: ListingPage, onePass: boolean) {
  if (page.total === false) return firstPage(tx, conditions, search, order, page);
  const where = and(...conditions, ...(search ? [search.where] : []));
  if (onePass) return rowsInOrder(tx, await pageIds(tx, where, order, page));
  const total = await countProducts(tx, where);
  if (total === 0 || (page.number - 1) * page.size >= total) return { rows: [], total };
  const orderBy = listingOrder({ ...order, rank: total <= RANKED_RESULTS_MAX ? (search?.rank ?? null) : null });
  return { rows: await pageRows(tx, where, orderBy, page), total };
}

/**
 * A page's rows in this order. The page's ids first: filters and orders that read indexed columns
 * alone need no table row (products_category_listing_idx, docs/decisions/038-category-page-from-one-index.md).
 */
async function pageRows(tx: Tx, where: SQL | undefined, orderBy: SQL[], page: ListingPage): Promise<ProductRecord[]> {
  const ids = tx
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return tx
    .select(productColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...orderBy);
}

/** The rows of these ids, in their order: only the rows shown are read whole. */
async function rowsInOrder(tx: Tx, { ids, total }: { ids: string[]; total: number }) {
  if (ids.length === 0) return { rows: [], total };
  const rows = await tx.select(productColumns).from(products).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { rows: ids.map((id) => byId.get(id)!), total };
}

/**
 * A page's ids and the number of all matches, from one pass over the matches: `count(*) over ()` is
 * taken before the limit. The matches are found first on their own (`offset 0` keeps the planner from
 * walking an index in the page's order, which would read every product to count them): a category's
 * from its own index alone (docs/decisions/038-category-page-from-one-index.md).
 */
async function pageIds(tx: Tx, where: SQL | undefined, order: Omit<ListingOrder, 'rank'>, page: ListingPage) {
  const { id, countInStock, createdAt, numReviews, priceMinor, discount, rating, attributes } = products;
  // What the orders read, and nothing more: the category's index holds it all.
  const matching = tx.select({ id, countInStock, createdAt, numReviews, priceMinor, discount, rating, attributes }).from(products).where(where);
  // Named as the table, so the order's columns (listing-order.ts) read the matches.
  const matches = sql`(${matching} offset 0) as ${products}`;
  const found = await tx
    .select({ id: sql<string>`${id}`, total: sql<number>`(count(*) over ())::int` })
    .from(matches)
    .orderBy(...listingOrder(order))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  if (found.length) return { ids: found.map((row) => row.id), total: found[0].total };
  // A page past the last: the total still tells the shopper how many there are.
  return { ids: [], total: page.number === 1 ? 0 : await countProducts(tx, where) };
}

/**
 * The first page of a list that needs no total (suggestions): ranked when there are few enough matches
 * to rank, else newest first. `total` says only whether there are any: it counts up to the ranking
 * limit plus one, or is the number of rows when the newest matches answer without counting.
 */
async function firstPage(tx: Tx, conditions: SQL[], search: KeywordSearch | null, order: Omit<ListingOrder, 'rank'>, page: ListingPage) {
  const where = and(...conditions, ...(search ? [search.where] : []));
  const newest = search?.rankTerms ? await newestIfRankingAgrees(tx, where, search.rankTerms, order, page.size) : null;
  if (newest) return { rows: newest, total: newest.length };
  // Counted first, up to the ranking limit: a sparse match never walks the whole listing index
  // (docs/decisions/001-search.md). A word naming categories matches all their products, which the
  // category's index counts alone: past the limit, no match needs to be read to know it.
  const wholeCategories = search?.matchedWhole.length
    ? await countProducts(tx, and(...conditions, inArray(products.category, search.matchedWhole)), RANKED_RESULTS_MAX + 1)
    : 0;
  const total = wholeCategories > RANKED_RESULTS_MAX ? wholeCategories : await countProducts(tx, where, RANKED_RESULTS_MAX + 1);
  if (total === 0) return { rows: [], total };
  const orderBy = listingOrder({ ...order, rank: total <= RANKED_RESULTS_MAX ? (search?.rank ?? null) : null });
  return { rows: await pageRows(tx, where, orderBy, page), total };
}

/** How many of the newest listed products suggestions look through before they count the matches. */
const NEWEST_LOOKED_THROUGH = 200;

/**
 * The newest matches among the newest listed products, when ranking could not put anything before
 * them: each rank term holds for all of them or for no product at all, so no match ranks above them
 * and, ranked or not, they come first in the order they are listed. Null when there are fewer than
 * `size` of them, or when ranking might reorder: then the matches are counted. A prefix that matches
 * thousands of products ("хм", "каск") is answered from a few hundred rows instead of a thousand.
 */
async function newestIfRankingAgrees(
  tx: Tx,
  where: SQL | undefined,
  rankTerms: string[][],
  order: Omit<ListingOrder, 'rank'>,
  size: number,
): Promise<ProductRecord[] | null> {
  // Named as the table, so the columns, the conditions and the order read the listed rows (listing-order.ts).
  const listed = tx
    .select()
    .from(products)
    .orderBy(...listingOrder(order))
    .limit(NEWEST_LOOKED_THROUGH)
    .as('products');
  const rows = await tx
    .select({
      ...productColumns,
      holds: sql<boolean[]>`array[${sql.join(rankTerms.map(hasAnyKey), sql`, `)}]`,
      // Whether any product at all has the term's keys: a look-up of the keys' index a key, once a
      // statement. One key at a time: for several, the planner expects more matches and reads the
      // table from its start instead, all of it when nobody has them (~200 ms at 100,000 products).
      anyHas: sql<boolean[]>`array[${sql.join(
        rankTerms.map((keys) =>
          sql.join(
            keys.map((key) => sql`exists (select 1 from ${products} where ${hasAnyKey([key])})`),
            sql` or `,
          ),
        ),
        sql`, `,
      )}]`,
    })
    .from(listed)
    .where(where)
    .orderBy(...listingOrder(order))
    .limit(size);
  if (rows.length < size || rankTerms.some((_, term) => rows[0].anyHas[term] && !rows.every((row) => row.holds[term]))) return null;
  return rows.map(({ holds: _holds, anyHas: _anyHas, ...row }) => row);
}

/** How many products match; with `upTo`, no more than that many are read (a search of half the catalogue stops early). */
async function countProducts(tx: Tx, where: SQL | undefined, upTo: number | null = null): Promise<number> {
  const count = sql<number>`count(*)::int`;
  if (upTo === null) {
    const [row] = await tx.select({ count }).from(products).where(where);
    return row.count;
  }
  const matches = tx.select({ id: products.id }).from(products).where(where).limit(upTo).as('matches');
  const [row] = await tx.select({ count }).from(matches);
  return row.count;
}

/**
 * Every word of the keyword must match a word of the name or producer by the start of its Latin
 * form or of its consonant skeleton (another alphabet, dropped vowels): one GIN lookup a word.
 * Whole-word matches rank first. When that finds nothing, trigram similarity catches typos.
 */
function keywordSearch(keyword: string, fuzzy: boolean, categoryWords: CategoryWordIndex): KeywordSearch {
  const words = queryWords(keyword)
    .slice(0, 8)
    .map((word) => ({ word, ...queryWordKeys(word) }));
  const usable = words.filter((w) => (fuzzy ? w.latin.length >= 3 : w.any.length > 0));
  // Only punctuation, or words too short to mean anything: nothing is named like that.
  if (usable.length === 0 || (!fuzzy && usable.length < words.length)) return { where: sql`false`, rank: null, rankTerms: null, matchedWhole: [] };
  if (fuzzy) {
    const phrase = usable.map((w) => w.latin).join(' ');
    return {
      where: sql.join(
        usable.map((w) => sql`${w.latin} <% ${products.searchText}`),
        sql` and `,
      ),
      rank: sql`word_similarity(${phrase}, ${products.searchText})`,
      rankTerms: null,
      matchedWhole: [],
    };
  }
  // A word naming a category also finds that category's products, by the category's key.
  const matching = usable.map((w) => {
    const slugs = categoriesNamedBy(w.word, categoryWords).flatMap((c) => c.productSlugs);
    const named = slugs.map(categoryKey);
    return { ...w, any: [...w.any, ...named], named, slugs };
  });
  return {
    // One array condition a word: the index answers them all in one scan (bench/search-scale.ts).
    where: sql.join(
      matching.map((w) => hasAnyKey(w.any)),
      sql` and `,
    ),
    // A word naming the product's category counts most: "кеги" lists kegs before anything else.
    rank: sql.join(
      matching.map((w) => sql`${w.named.length ? sql`${hasAnyKey(w.named)}::int * 4 + ` : sql``}${hasAnyKey(w.exact)}::int`),
      sql` + `,
    ),
    rankTerms: matching.flatMap((w) => [...(w.named.length ? [w.named] : []), w.exact]),
    matchedWhole: matching.length === 1 ? matching[0].slugs : [],
  };
}

/**
 * The categories' words as they are now: read at each search (a dozen rows), so a category the owner
 * adds or renames is found by its name at once, while products keep the key of its fixed slug.
 */
export async function loadCategoryWords(tx: Tx): Promise<CategoryWordIndex> {
  return categoryWordsOf(await loadCategories(tx));
}

/** The categories' words from their rows, when the caller has read them already. */
export function categoryWordsOf(rows: { id: string; slug: string; name: string; nameEn: string; parentId: string | null }[]): CategoryWordIndex {
  const slugOf = new Map(rows.map((row) => [row.id, row.slug]));
  return categoryWordIndex(rows.map((row) => ({ ...row, parent: row.parentId ? (slugOf.get(row.parentId) ?? null) : null })));
}

const textArray = (values: string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The whole catalogue, newest first: the sitemap and the price feeds list it. */
export async function listAllProducts(tx: Tx, options: { inStockOnly: boolean }): Promise<ProductRecord[]> {
  return tx
    .select(productColumns)
    .from(products)
    .where(and(published, options.inStockOnly ? gt(products.countInStock, 0) : undefined))
    .orderBy(desc(products.createdAt), desc(products.id));
}

/** Products locked for a write, in id order (as orders lock them, so two writers never deadlock). */
export async function lockProducts(tx: Tx, ids: string[]): Promise<ProductRecord[]> {
  if (ids.length === 0) return [];
  return tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
}

/** A product by its slug, or by its id (old `/product/{id}` links). */
export async function findProductByRef(tx: Tx, ref: string): Promise<ProductRow | null> {
  const byId = z.uuid().safeParse(ref).success;
  const [row] = await tx
    .select()
    .from(products)
    .where(byId ? eq(products.id, ref) : eq(products.slug, ref))
    .limit(1);
  return row ?? null;
}

export async function findTopRated(tx: Tx, limit: number): Promise<ProductRecord[]> {
  return (
    tx
      .select(productColumns)
      .from(products)
      .where(and(published, gt(products.countInStock, 0), gt(products.numReviews, 0)))
      // The rating pulled toward 3.5 by two imaginary reviews (a Bayesian average), as sort=rating.
      .orderBy(desc(weightedRating), asc(products.id))
      .limit(limit)
  );
}

export type NewProduct = Omit<typeof products.$inferInsert, 'searchText' | 'searchKeys' | 'slug'>;
export type NewProductVariant = Omit<NewVariant, 'productId' | 'position'>;

/** The pack a product of this category was sold in before variants (and the migration's label). */
export function defaultPackLabel(category: string): string {
  if (category === 'Hops') return '1 кг';
  if (category === 'Yeast') return '500 г';
  return '1 шт';
}

/**
 * Inserts products with their packs, deriving search columns, slugs and the summary columns.
 * A product given without packs gets one from its own price, discount, stock and weight, its SKU
 * from its slug.
 */
export async function insertProducts(tx: Tx, values: (NewProduct & { variants?: NewProductVariant[] })[]): Promise<ProductRow[]> {
  if (values.length === 0) return [];
  const withIds = values.map((v) => ({ ...v, id: v.id ?? randomUUID() }));
  const slugs = await uniqueSlugs(tx, withIds);
  await tx.insert(products).values(
    withIds.map(({ variants: _variants, ...v }) => ({
      ...v,
      images: v.images ?? [galleryOf(v.image, v.name)],
      slug: slugs.get(v.id),
      ...productSearchColumns(v),
    })),
  );
  // A one-pack product's SKU is its slug; a slug freed by a rename may still be another pack's SKU.
  const slugSkus = withIds.filter((v) => !v.variants).map((v) => slugs.get(v.id)!.toUpperCase());
  const takenSkus = new Set(
    slugSkus.length
      ? (await tx.select({ sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, slugSkus))).map((r) => r.sku)
      : [],
  );
  const defaultSku = (id: string) => {
    const sku = slugs.get(id)!.toUpperCase();
    return takenSkus.has(sku) ? `${sku}-${id.slice(0, 8).toUpperCase()}` : sku;
  };
  await insertVariants(
    tx,
    withIds.flatMap((v) =>
      (
        v.variants ?? [
          {
            sku: defaultSku(v.id),
            label: defaultPackLabel(v.category),
            priceMinor: v.priceMinor,
            discount: v.discount ?? 0,
            countInStock: v.countInStock ?? 0,
            weight: v.weight,
          },
        ]
      ).map((variant, position) => ({ ...variant, productId: v.id, position })),
    ),
  );
  await refreshProductSummaries(
    tx,
    withIds.map((v) => v.id),
  );
  const rows = await tx
    .select()
    .from(products)
    .where(
      inArray(
        products.id,
        withIds.map((v) => v.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withIds.map((v) => byId.get(v.id)!);
}

/** A one-picture gallery: the picture with the product's name as its alt text. */
export const galleryOf = (url: string, name: string): ProductImage => ({ url, alt: name, altEn: '', widths: storedWidths(url) });

/**
 * Each product's slug from its name; a name another product already has gets the first eight
 * digits of the product's id appended, so every slug stays unique and readable.
 */
async function uniqueSlugs(tx: Tx, items: { id: string; name: string }[]): Promise<Map<string, string>> {
  const bases = items.map((item) => ({ id: item.id, base: slugify(item.name) }));
  const taken = await tx
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...new Set(bases.map((b) => b.base))]));
  const takenBy = new Map(taken.map((row) => [row.slug!, row.id]));
  const slugs = new Map<string, string>();
  for (const { id, base } of bases) {
    const owner = takenBy.get(base);
    const slug = owner === undefined || owner === id ? base : `${base}-${id.replaceAll('-', '').slice(0, 8)}`;
    takenBy.set(slug, id);
    slugs.set(id, slug);
  }
  return slugs;
}

/**
 * Derives the slugs and search keys that rows lack: rows from before slugs existed, or whose
 * search keys a migration emptied because their rules changed (docs/decisions/001-search.md).
 * Runs at start-up; does nothing when every row is complete.
 */
export async function refreshDerivedColumns(tx: Tx): Promise<number> {
  let refreshed = 0;
  for (;;) {
    const stale = await tx
      .select({ id: products.id, name: products.name, producer: products.producer, category: products.category, slug: products.slug })
      .from(products)
      .where(or(isNull(products.slug), sql`cardinality(${products.searchKeys}) = 0`))
      .limit(500);
    if (stale.length === 0) return refreshed;
    const slugs = await uniqueSlugs(
      tx,
      stale.filter((row) => row.slug === null),
    );
    for (const row of stale) {
      await tx
        .update(products)
        .set({ slug: row.slug ?? slugs.get(row.id), ...productSearchColumns(row) })
        .where(eq(products.id, row.id));
    }
    refreshed += stale.length;
  }
}

/** Updates a product; its slug and search columns follow its name, producer and category. */
export async function updateProduct(
  tx: Tx,
  id: string,
  values: Partial<NewProduct> & { name: string; producer: string; category: string },
): Promise<ProductRow | null> {
  const slug = (await uniqueSlugs(tx, [{ id, name: values.name }])).get(id);
  const [row] = await tx
    .update(products)
    .set({ ...values, slug, ...productSearchColumns(values), updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning();
  return row ?? null;
}

/** Products with their packs (archived ones left out), for the API. */
export async function withVariants(tx: Tx, rows: ProductRecord[]): Promise<Product[]> {
  const variants = await findVariantsOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toProduct(row, variants.get(row.id) ?? []));
}

/**
 * The product as the API sends it; the attributes every client reads as fields are derived here
 * (docs/decisions/017-categories-and-attributes.md).
 */
export function toProduct(row: ProductRecord, variants: readonly ProductVariantRow[]): Product {
  return {
    id: row.id,
    slug: row.slug ?? row.id,
    name: row.name,
    image: row.image,
    images: row.images.length ? row.images : [galleryOf(row.image, row.name)],
    description: row.description,
    price: fromMinor(row.priceMinor),
    discount: row.discount,
    category: row.category as Product['category'],
    producer: row.producer,
    brand: row.brand,
    weight: row.weight,
    countInStock: row.countInStock,
    ...attributeFields(row.attributes),
    attributes: row.attributes,
    rating: row.rating,
    numReviews: row.numReviews,
    user: row.userId,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    variants: variants.filter((v) => !v.archivedAt).map(toVariant),
  };
}

/** Deletes a product; its reviews go with it, order lines keep their snapshot (product_id → null). */
export async function deleteProductById(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return deleted.length > 0;
}

/** The published products among these ids, with what a promo code's targets name (id and category). */
export async function findPublishedProducts(tx: Tx, ids: string[]): Promise<{ id: string; category: string }[]> {
  if (!ids.length) return [];
  return tx
    .select({ id: products.id, category: products.category })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.status, 'published')));
}
