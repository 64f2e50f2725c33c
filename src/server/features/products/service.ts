import type { ProductDetail, ProductList, ProductListQuery } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { NotFound } from '../../errors.js';
import { findProductById, findReviews, findTopRated, listProducts, toProduct, toReview } from './repository.js';

export const TOP_PRODUCTS = 5;

export async function getProductPage(
  tx: Tx,
  query: ProductListQuery,
  pageSize: number,
  includeOutOfStock: boolean,
): Promise<ProductList> {
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

export async function requireProductDetail(tx: Tx, id: string): Promise<ProductDetail> {
  const row = await findProductById(tx, id);
  if (!row) throw new NotFound('Товар не знайдено', 'PRODUCT_NOT_FOUND');
  const reviews = await findReviews(tx, id);
  return { ...toProduct(row), reviews: reviews.map(toReview) };
}

export async function getTopProducts(tx: Tx) {
  return (await findTopRated(tx, TOP_PRODUCTS)).map(toProduct);
}
