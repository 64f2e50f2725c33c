import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryFilter } from '../../../shared/catalog';
import type { BulkChangeResult, Product, ProductDetail, ProductList, ProductUpdate, UploadResult, VariantBulkChange } from '../../../shared/products';
import { api } from '../../api/client';

/** The admin list: every product, out of stock too (`all=true`, admins only on the server). */
export function adminProductListQuery(params: { pageNumber: number; category?: CategoryFilter }) {
  const search = new URLSearchParams({ all: 'true', pageNumber: String(params.pageNumber) });
  if (params.category) search.set('category', params.category);
  return queryOptions({
    // Under 'products', so every product write (here or in the shop) refreshes it.
    queryKey: ['products', 'admin-list', params],
    queryFn: ({ signal }) => api<ProductList>(`/api/products?${search}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export const adminProductQuery = (id: string) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api<ProductDetail>(`/api/products/${encodeURIComponent(id)}`, { signal }),
  });

export const useAdminProductList = (params: { pageNumber: number; category?: CategoryFilter }) => useQuery(adminProductListQuery(params));
export const useAdminProduct = (id: string) => useQuery(adminProductQuery(id));

/** Every mutation below changes what the shop shows: the whole 'products' cache refetches. */
function useProductMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

export const useCreateProduct = () => useProductMutation(() => api<Product>('/api/products', { method: 'POST' }));

export const useUpdateProduct = (id: string) =>
  useProductMutation((product: ProductUpdate) => api<Product>(`/api/products/${encodeURIComponent(id)}`, { method: 'PUT', body: product }));

/** Several packs' price, discount or stock in one request (PATCH /api/admin/variants, docs/api.md). */
export const useChangeVariants = () =>
  useProductMutation((changes: VariantBulkChange[]) => api<BulkChangeResult>('/api/admin/variants', { method: 'PATCH', body: changes }));

export const useDeleteProduct = () =>
  useProductMutation((id: string) => api<{ message: string }>(`/api/products/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** One file in the multipart field `image` (POST /api/upload, docs/api.md). */
export const useUploadImage = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api<UploadResult>('/api/upload', { method: 'POST', body: form });
    },
  });
