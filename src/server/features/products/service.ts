import { toMinor } from '../../../shared/pricing.js';
import type { Product, ProductDetail, ProductList, ProductListQuery, ProductUpdate } from '../../../shared/products.js';
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
      includeOutOfStock,
    },
    { number: query.pageNumber, size: pageSize },
  );
  return {
    products: rows.map(toProduct),
    page: query.pageNumber,
    pages: Math.max(1, Math.ceil(total / pageSize)),
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
