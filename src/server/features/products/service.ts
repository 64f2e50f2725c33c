import { EQUIPMENT_CATEGORY_NAMES_UK, isEquipmentCategory, type ProductCategory } from '../../../shared/catalog.js';
import { fromMinor, toMinor } from '../../../shared/pricing.js';
import {
  SUGGESTED_PRODUCTS,
  type Product,
  type ProductDetail,
  type ProductList,
  type ProductListQuery,
  type ProductUpdate,
  type Suggestions,
} from '../../../shared/products.js';
import { categoriesNamedBy, queryWords } from '../../../shared/search-text.js';
import type { Tx } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import { deleteProductById, findProductByRef, findTopRated, insertProducts, listProducts, toProduct, updateProduct, type NewProduct } from './repository.js';
import { findReviews, toReview } from '../reviews/repository.js';

export const TOP_PRODUCTS = 5;

export async function getProductPage(tx: Tx, query: ProductListQuery, pageSize: number, includeOutOfStock: boolean): Promise<ProductList> {
  const { rows, total } = await listProducts(
    tx,
    {
      keyword: query.keyword,
      category: query.category,
      producer: query.producer,
      discountedOnly: query.discount,
      // The admin's list (all=true) shows every product in one order, as it always has.
      stock: query.inStock ? 'inStockOnly' : includeOutOfStock ? 'mixed' : 'soldOutLast',
      sort: query.sort,
    },
    { number: query.pageNumber, size: pageSize },
  );
  return {
    products: rows.map(toProduct),
    page: query.pageNumber,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  };
}

const GROUP_NAMES_UK: Record<'Hops' | 'Yeast' | 'Malt', { name: string; path: string }> = {
  Hops: { name: 'Хміль', path: '/hops' },
  Yeast: { name: 'Дріжджі', path: '/yeast' },
  Malt: { name: 'Солод', path: '/malt' },
};

/** A category's Ukrainian name and the catalogue page that lists it (docs/screens.md). */
function categoryLink(category: ProductCategory): Suggestions['categories'][number] {
  if (isEquipmentCategory(category)) {
    return { key: category, name: EQUIPMENT_CATEGORY_NAMES_UK[category], path: `/equipment?category=${category}` };
  }
  return { key: category, ...GROUP_NAMES_UK[category] };
}

/**
 * What the header suggests for a half-typed query: the categories its words name and the first
 * products a search would list (docs/api.md). An empty query suggests nothing.
 */
export async function getSuggestions(tx: Tx, q: string): Promise<Suggestions> {
  if (!q) return { categories: [], products: [] };
  const named = new Set(queryWords(q).flatMap(categoriesNamedBy));
  // The first products the search page would list: the count first keeps a sparse match from
  // walking the whole listing index (docs/decisions/001-search.md).
  const { rows } = await listProducts(tx, { keyword: q }, { number: 1, size: SUGGESTED_PRODUCTS });
  return {
    categories: [...named].map(categoryLink),
    products: rows.map((row) => ({
      _id: row.id,
      slug: row.slug ?? row.id,
      name: row.name,
      image: row.image,
      price: fromMinor(row.priceMinor),
      discount: row.discount,
      category: row.category as ProductCategory,
      countInStock: row.countInStock,
    })),
  };
}

/** A product with its reviews, by slug or id. */
export async function requireProductDetail(tx: Tx, ref: string): Promise<ProductDetail> {
  const row = await findProductByRef(tx, ref);
  if (!row) throw productNotFound();
  const reviews = await findReviews(tx, row.id);
  return { ...toProduct(row), reviews: reviews.map(toReview) };
}

export async function getTopProducts(tx: Tx) {
  return (await findTopRated(tx, TOP_PRODUCTS)).map(toProduct);
}

/** A new product starts with stock 2 and no discount; the admin fills in the rest (docs/domain.md). */
export function newProductDefaults(now = new Date()): Omit<NewProduct, 'userId'> {
  return {
    name: 'Новий товар',
    image: '/images/placeholder.svg',
    description: 'Опис товару',
    priceMinor: 0,
    discount: 0,
    category: 'Hops',
    origin: 'USA',
    weight: 1,
    countInStock: 2,
    cropYear: now.getFullYear(),
    alfa: null,
    fermentTemp: null,
    fermentType: null,
    createdAt: now,
  };
}

export async function createProduct(tx: Tx, adminId: string): Promise<Product> {
  const [row] = await insertProducts(tx, [{ ...newProductDefaults(), userId: adminId }]);
  return toProduct(row);
}

/** Replaces every editable field; the input is already valid by ProductUpdateSchema. */
export async function updateProductDetails(tx: Tx, id: string, input: ProductUpdate): Promise<Product> {
  const row = await updateProduct(tx, id, {
    name: input.name,
    image: input.image,
    description: input.description,
    priceMinor: toMinor(input.price),
    discount: input.discount,
    category: input.category,
    origin: input.origin,
    weight: input.weight,
    countInStock: input.countInStock,
    cropYear: input.cropYear,
    alfa: input.alfa,
    fermentTemp: input.ferment_temp,
    fermentType: input.ferment_type,
  });
  if (!row) throw productNotFound();
  return toProduct(row);
}

/**
 * Orders keep their own snapshot of each line, so deleting a product never changes an order.
 * Uploaded images stay on disk for the same reason: an order line may still show them.
 */
export async function deleteProduct(tx: Tx, id: string): Promise<void> {
  if (!(await deleteProductById(tx, id))) throw productNotFound();
}

const productNotFound = () => new NotFound('Товар не знайдено', 'PRODUCT_NOT_FOUND');
