import {
  attributesFromFields,
  categoryPath,
  checkAttributeValues,
  parseAttributeFilters,
  ATTRIBUTE_PARAM_PREFIX,
  type Facet,
} from '../../../shared/categories.js';
import { fromMinor, toMinor } from '../../../shared/pricing.js';
import { parsePriceRange, PRICE_PARAM } from '../../../shared/price-range.js';
import { PLACEHOLDER_IMAGE, storedWidths, type ProductImage } from '../../../shared/product-images.js';
import {
  SUGGESTED_PRODUCTS,
  type Product,
  type ProductDetail,
  type ProductList,
  type ProductListQuery,
  type ProductUpdate,
  type VariantBulkChange,
  type Suggestions,
  type VariantInput,
} from '../../../shared/products.js';
import { categoriesNamedBy, queryWords } from '../../../shared/search-text.js';
import type { Tx } from '../../db/client.js';
import { findOrderedVariantIds } from '../orders/index.js';
import { AppError } from '../../errors.js';
import { loadCatalogue, loadCategories, type Catalogue } from '../categories/index.js';
import {
  attributeFacet,
  deleteProductById,
  findProductByRef,
  findTopRated,
  galleryOf,
  insertProducts,
  listProducts,
  categoryWordsOf,
  lockProducts,
  toProduct,
  updateProduct,
  withVariants,
  type NewProduct,
} from './repository.js';
import {
  findEditableVariants,
  findVariantsByIds,
  findVariantsBySkus,
  findVariantsOf,
  insertVariants,
  refreshProductSummaries,
  removeVariants,
  updateVariant,
} from './variants.js';
import { findReviews, toReview } from '../reviews/index.js';
import { queueRestockAlerts } from '../stock-alerts/index.js';
import { queueLowStockNotices, type LowStockTargets } from './low-stock.js';

export const TOP_PRODUCTS = 5;

/** A refusal shaped as the schema's own (400 VALIDATION_ERROR with the field's path), for rules that need the database. */
function fieldInvalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { detail: `${path}: ${message}` }, { details: [{ path, message, code: 'invalid' }] });
}

/** The category a listing names, with its group's categories, and the definitions its filters may use. */
function resolveListingCategory(catalogue: Catalogue, slug: string | undefined) {
  if (!slug) return { slugs: undefined, definitions: [] };
  const category = catalogue.bySlug(slug);
  if (!category) throw fieldInvalid('category', 'Невідома категорія');
  const children = catalogue.childrenOf(category.id);
  return {
    slugs: [category.slug, ...children.map((c) => c.slug)],
    // A group's filters are its own attributes and those its categories share a key of.
    definitions: catalogue.attributesOf(category.id),
  };
}

export async function getProductPage(tx: Tx, query: ProductListQuery, pageSize: number, admin: boolean): Promise<ProductList> {
  const catalogue = await loadCatalogue(tx);
  const { slugs, definitions } = resolveListingCategory(catalogue, query.category);
  const params = Object.fromEntries(Object.entries(query).filter(([key]) => key.startsWith(ATTRIBUTE_PARAM_PREFIX)));
  const parsed = parseAttributeFilters(definitions, params);
  if (!parsed.ok) {
    throw parsed.reason === 'unknown' ? new AppError('FILTER_UNKNOWN', { param: parsed.param }) : new AppError('FILTER_INVALID', { param: parsed.param });
  }
  const price = query.price === undefined ? undefined : parsePriceRange(query.price);
  if (price === null) {
    throw new AppError('FILTER_INVALID', { param: PRICE_PARAM });
  }
  const filter = {
    keyword: query.keyword,
    price,
    categories: slugs,
    attributes: parsed.filters,
    producer: query.producer,
    discountedOnly: query.discount,
    // The admin's list (all=true) shows every product in one order, drafts and hidden ones too.
    stock: query.inStock ? ('inStockOnly' as const) : admin ? ('mixed' as const) : ('soldOutLast' as const),
    sort: query.sort,
    includeUnpublished: admin,
  };
  const { rows, total, search } = await listProducts(tx, filter, { number: query.pageNumber, size: pageSize });
  const facets: Facet[] = [];
  for (const definition of definitions.filter((d) => d.filterable)) {
    const counted = await attributeFacet(tx, filter, search, definition);
    facets.push({
      key: definition.key,
      name: definition.name,
      nameEn: definition.nameEn,
      type: definition.type,
      unit: definition.unit,
      values: counted.values.map((v) => {
        const option = definition.options.find((o) => o.value === v.value);
        return { value: v.value, name: option?.name ?? v.value, nameEn: option?.nameEn ?? v.value, count: v.count };
      }),
      min: counted.min,
      max: counted.max,
    });
  }
  return {
    products: await withVariants(tx, rows),
    page: query.pageNumber,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    total,
    ...(query.category ? { facets } : {}),
  };
}

/**
 * What the header suggests for a half-typed query: the categories its words name (by their names as
 * the owner wrote them) and the first products a search would list (docs/api.md). An empty query
 * suggests nothing.
 */
export async function getSuggestions(tx: Tx, q: string): Promise<Suggestions> {
  if (!q) return { categories: [], products: [] };
  const categories = await loadCategories(tx);
  const categoryWords = categoryWordsOf(categories);
  const named = new Set(queryWords(q).flatMap((word) => categoriesNamedBy(word, categoryWords).map((c) => c.slug)));
  // The first products the search page would list: counting first (up to the ranking limit) keeps a
  // sparse match from walking the whole listing index (docs/decisions/001-search.md).
  const { rows } = await listProducts(tx, { keyword: q, categoryWords }, { number: 1, size: SUGGESTED_PRODUCTS, total: false });
  return {
    categories: categories
      .filter((c) => named.has(c.slug) && c.visible)
      .map((c) => {
        const parent = c.parentId ? categories.find((p) => p.id === c.parentId) : undefined;
        return { key: c.slug, name: c.name, path: categoryPath(c.slug, parent?.slug ?? null) };
      }),
    products: rows.map((row) => ({
      id: row.id,
      slug: row.slug ?? row.id,
      name: row.name,
      image: row.image,
      price: fromMinor(row.priceMinor),
      discount: row.discount,
      category: row.category,
      countInStock: row.countInStock,
    })),
  };
}

/** A product with its reviews, by slug or id. A draft or hidden product exists for the admin only. */
export async function requireProductDetail(tx: Tx, ref: string, options: { admin: boolean } = { admin: false }): Promise<ProductDetail> {
  const row = await findProductByRef(tx, ref);
  if (!row || (row.status !== 'published' && !options.admin)) throw productNotFound();
  const [product] = await withVariants(tx, [row]);
  const reviews = await findReviews(tx, row.id);
  return { ...product, reviews: reviews.map(toReview) };
}

export async function getTopProducts(tx: Tx) {
  return withVariants(tx, await findTopRated(tx, TOP_PRODUCTS));
}

/**
 * A new product is a hidden draft with one pack at 0 грн and no stock: nobody can see or buy it
 * until the admin prices it and publishes it (docs/domain.md).
 */
export function newProductDefaults(now = new Date()): Omit<NewProduct, 'userId'> {
  return {
    name: 'Новий товар',
    image: PLACEHOLDER_IMAGE,
    description: 'Опис товару',
    priceMinor: 0,
    discount: 0,
    category: 'Hops',
    producer: 'USA',
    weight: 1,
    countInStock: 0,
    status: 'draft',
    attributes: { cropYear: now.getFullYear() },
    createdAt: now,
  };
}

export async function createProduct(tx: Tx, adminId: string): Promise<Product> {
  return tx.transaction(async (t) => {
    const [row] = await insertProducts(t, [{ ...newProductDefaults(), userId: adminId }]);
    return (await withVariants(t, [row]))[0];
  });
}

/**
 * Replaces every editable field and the packs, in one transaction; the input is already valid by
 * ProductUpdateSchema. Packs keep their ids; one left out of the list is deleted, or archived when
 * an order names it. Publishing needs a price on every pack.
 */
/** `site` signs and links the letters of the stock alerts a restock wakes; `lowStock` hears of packs that run low. */
export async function updateProductDetails(
  tx: Tx,
  id: string,
  input: ProductUpdate,
  site: { url: string; secret: string },
  lowStock?: LowStockTargets,
): Promise<Product> {
  return tx.transaction(async (t) => {
    const before = await findProductByRef(t, id);
    if (!before) throw productNotFound();
    const attributes = checkProductFields(await loadCatalogue(t), input, before.category === input.category ? before.attributes : {});
    // The product row first: every writer locks the product before its packs.
    const images = galleryEdit(before, input);
    const row = await updateProduct(t, id, {
      name: input.name,
      image: images[0]?.url ?? PLACEHOLDER_IMAGE,
      images,
      description: input.description,
      category: input.category,
      producer: input.producer,
      ...(input.brand !== undefined ? { brand: input.brand } : {}),
      attributes,
      ...(input.status ? { status: input.status } : {}),
    });
    if (!row) throw productNotFound();
    const current = await findEditableVariants(t, id);
    await saveVariants(t, id, current, input.variants ?? singleVariantEdit(current, input));
    await refreshProductSummaries(t, [id]);
    const variants = (await findVariantsOf(t, [id])).get(id) ?? [];
    await queueRestockAlerts(t, row, current, variants, site);
    if (lowStock)
      await queueLowStockNotices(
        t,
        variants.map((v) => v.id),
        lowStock,
      );
    const status = input.status ?? row.status;
    if (status === 'published' && variants.some((v) => v.priceMinor === 0)) {
      throw new AppError('PRICE_REQUIRED_TO_PUBLISH');
    }
    return toProduct((await findProductByRef(t, id))!, variants);
  });
}

/**
 * The gallery an edit leaves: the list it sends (an empty alt text reads the product's name; the
 * widths come from the stored files, never from the client), or, from a client before galleries,
 * the current one with `image` as its main picture.
 */
function galleryEdit(before: { images: ProductImage[]; image: string; name: string }, input: ProductUpdate): ProductImage[] {
  if (input.images) return input.images.map((i) => ({ url: i.url, alt: i.alt || input.name, altEn: i.altEn, widths: storedWidths(i.url) }));
  const current = before.images.length ? before.images : [galleryOf(before.image, before.name)];
  if (current[0]?.url === input.image) return current;
  return [galleryOf(input.image, input.name), ...current.slice(1)];
}

/**
 * The category must be one products are filed under (not a group), the producer one of the
 * category's when it has a list, and the attributes those the category defines (docs/domain.md).
 * An edit without `attributes` (a client from before them) changes only the old fields it sends.
 */
function checkProductFields(catalogue: Catalogue, input: ProductUpdate, current: Record<string, unknown>) {
  const category = catalogue.bySlug(input.category);
  if (!category) throw fieldInvalid('category', 'Оберіть категорію зі списку');
  if (catalogue.childrenOf(category.id).length > 0) throw fieldInvalid('category', 'Це група категорій: оберіть категорію в ній');
  const producers = [...catalogue.producersOf(category.id), ...catalogue.producersOf(null)];
  if (catalogue.producersOf(category.id).length > 0 && !producers.some((p) => p.name === input.producer)) {
    throw fieldInvalid('producer', `Виробник не підходить до категорії: оберіть ${producers.map((p) => p.name).join(', ')}`);
  }
  const definitions = catalogue.attributesOf(category.id);
  let wanted: Record<string, unknown>;
  if (input.attributes) wanted = input.attributes;
  else {
    const defined = new Set(definitions.map((d) => d.key));
    const legacy = Object.entries(attributesFromFields(input)).filter(([key]) => defined.has(key));
    wanted = { ...Object.fromEntries(Object.entries(current).filter(([key]) => defined.has(key))), ...Object.fromEntries(legacy) };
  }
  const checked = checkAttributeValues(definitions, wanted);
  if (!checked.ok) {
    const reason = {
      unknown: 'у категорії немає такого атрибута',
      type: 'значення не того типу',
      option: 'такого значення немає в списку',
      length: 'задовге значення',
    }[checked.reason];
    throw fieldInvalid(`attributes.${checked.key}`, reason);
  }
  return checked.values;
}

/** An edit without `variants` (clients from before pack sizes): the product-level fields edit its only pack. */
function singleVariantEdit(current: Awaited<ReturnType<typeof findEditableVariants>>, input: ProductUpdate): VariantInput[] {
  if (current.length !== 1) throw new AppError('VARIANTS_REQUIRED');
  const [only] = current;
  return [
    {
      id: only.id,
      sku: only.sku,
      label: only.label,
      gtin: only.gtin,
      price: input.price ?? only.priceMinor / 100,
      discount: input.discount ?? only.discount,
      countInStock: input.countInStock ?? only.countInStock,
      weight: input.weight ?? only.weight,
    },
  ];
}

async function saveVariants(tx: Tx, productId: string, current: Awaited<ReturnType<typeof findEditableVariants>>, wanted: VariantInput[]) {
  const currentIds = new Set(current.map((v) => v.id));
  const unknown = wanted.find((v) => v.id && !currentIds.has(v.id));
  if (unknown) throw new AppError('VARIANT_UNKNOWN', { variant: unknown.id! });
  const keptIds = new Set(wanted.flatMap((v) => (v.id ? [v.id] : [])));
  if (keptIds.size !== wanted.filter((v) => v.id).length) throw new AppError('VARIANT_REPEATED');

  const skus = wanted.map((v) => v.sku);
  const repeated = skus.find((sku, i) => skus.indexOf(sku) !== i);
  if (repeated) throw skuTaken(repeated);
  const holders = await findVariantsBySkus(
    tx,
    wanted.map((v) => v.sku),
  );
  // Another product's pack, or an archived one, holds it; this product's own packs may swap theirs.
  const foreign = holders.find((holder) => !currentIds.has(holder.id));
  if (foreign) throw skuTaken(foreign.sku);

  const removed = current.filter((v) => !keptIds.has(v.id)).map((v) => v.id);
  const ordered = removed.length ? await findOrderedVariantIds(tx, removed) : new Set<string>();
  await removeVariants(tx, removed, ordered);
  // A SKU may move between the packs of one product: free every kept one first.
  for (const v of wanted) if (v.id) await updateVariant(tx, v.id, { sku: `~${v.id}` });
  for (const [position, v] of wanted.entries()) {
    const values = {
      sku: v.sku,
      label: v.label,
      priceMinor: toMinor(v.price),
      discount: v.discount,
      countInStock: v.countInStock,
      weight: v.weight,
      gtin: v.gtin ?? null,
      position,
      ...(v.lowStockThreshold === undefined ? {} : { lowStockThreshold: v.lowStockThreshold }),
    };
    if (v.id) await updateVariant(tx, v.id, values);
    else await insertVariants(tx, [{ ...values, productId }]);
  }
}

/**
 * The admin list's bulk edit: prices, discounts and stock of several packs in one transaction. An
 * unknown or archived pack refuses the whole change. Products are locked in id order first, as
 * orders and the editor lock them, and a pack back from 0 wakes its stock alerts.
 */
export async function changeVariantsInBulk(tx: Tx, changes: VariantBulkChange[], site: { url: string; secret: string }): Promise<Product[]> {
  const ids = changes.map((c) => c.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new AppError('VARIANT_REPEATED', { variant: repeated });
  return tx.transaction(async (t) => {
    const found = new Map((await findVariantsByIds(t, ids)).filter((v) => !v.archivedAt).map((v) => [v.id, v]));
    const unknown = ids.find((id) => !found.has(id));
    if (unknown) throw new AppError('VARIANT_UNKNOWN', { variant: unknown });
    const productIds = [...new Set([...found.values()].map((v) => v.productId))];
    const rows = await lockProducts(t, productIds);
    const before = await findVariantsOf(t, productIds);
    for (const change of changes) {
      await updateVariant(t, change.id, {
        ...(change.price !== undefined ? { priceMinor: toMinor(change.price) } : {}),
        ...(change.discount !== undefined ? { discount: change.discount } : {}),
        ...(change.countInStock !== undefined ? { countInStock: change.countInStock } : {}),
      });
    }
    await refreshProductSummaries(t, productIds);
    const after = await findVariantsOf(t, productIds);
    for (const row of rows) {
      const variants = after.get(row.id) ?? [];
      if (row.status === 'published' && variants.some((v) => v.priceMinor === 0)) {
        throw new AppError('PRICE_REQUIRED_TO_PUBLISH');
      }
      await queueRestockAlerts(t, row, before.get(row.id) ?? [], variants, site);
    }
    return withVariants(t, await lockProducts(t, productIds));
  });
}

const skuTaken = (sku: string) => new AppError('SKU_DUPLICATE', { sku });

/**
 * Orders keep their own snapshot of each line, so deleting a product never changes an order.
 * Uploaded images stay on disk for the same reason: an order line may still show them.
 */
export async function deleteProduct(tx: Tx, id: string): Promise<void> {
  if (!(await deleteProductById(tx, id))) throw productNotFound();
}

const productNotFound = () => new AppError('PRODUCT_NOT_FOUND');
