import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, ProductDetail, ProductList } from '../../../shared/products';
import type { ProductSort } from '../../../shared/product-sorts';
import { api, ApiError } from '../../api/client';

export interface ProductListParams {
  keyword?: string;
  pageNumber?: number;
  /** A category's slug (docs/domain.md). */
  category?: string;
  producer?: string;
  discount?: boolean;
  all?: boolean;
  sort?: ProductSort;
  /** Only products in stock; without it sold-out ones come last. Undefined rather than false: it is part of the cache key. */
  inStock?: true;
  /** `attr.{key}` filters as the address holds them (docs/api.md). */
  attributes?: Record<string, string>;
}

export function productListQuery(params: ProductListParams) {
  const search = new URLSearchParams();
  const { attributes, ...rest } = params;
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined && value !== '' && value !== false) search.set(key, String(value));
  }
  for (const [key, value] of Object.entries(attributes ?? {})) search.set(key, value);
  return queryOptions({
    queryKey: ['products', 'list', params],
    queryFn: ({ signal }) => api<ProductList>(`/api/products?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    // A product the shop does not sell (deleted, hidden, a mistyped address) is null, not a failure:
    // the rendered 404 page embeds that null, so the browser draws the same "not found" (docs/seo.md).
    queryFn: async ({ signal }): Promise<ProductDetail | null> => {
      try {
        return await api<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });

export const topProductsQuery = () =>
  queryOptions({
    queryKey: ['products', 'top'],
    queryFn: ({ signal }) => api<Product[]>('/api/products/top', { signal }),
  });

export const useProductList = (params: ProductListParams) => useQuery(productListQuery(params));
export const useProduct = (id: string) => useQuery(productQuery(id));
export const useTopProducts = () => useQuery(topProductsQuery());
