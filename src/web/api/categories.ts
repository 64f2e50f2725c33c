import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryFormInput, CategoryList, Producer, ProducerInput } from '../../shared/categories';
import { api } from './client';

/** The catalogue's tree (GET /api/categories): menus, category pages and the product editor read it. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => api<CategoryList>('/api/categories', { signal }),
    staleTime: 60_000,
  });

export const useCategories = () => useQuery(categoriesQuery());

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['categories', 'admin'],
    queryFn: ({ signal }) => api<CategoryList>('/api/admin/categories', { signal }),
  });

export const useAdminCategories = () => useQuery(adminCategoriesQuery());

/** Every category write changes menus, listings and the editor: all of them are asked again. */
function useCatalogueMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['categories'] }), queryClient.invalidateQueries({ queryKey: ['products'] })]),
  });
}

export const useSaveCategory = () =>
  useCatalogueMutation(({ id, input }: { id: string | null; input: CategoryFormInput }) =>
    id ? api<Category>(`/api/admin/categories/${id}`, { method: 'PUT', body: input }) : api<Category>('/api/admin/categories', { method: 'POST', body: input }),
  );

export const useDeleteCategory = () => useCatalogueMutation((id: string) => api(`/api/admin/categories/${id}`, { method: 'DELETE' }));

export const useSaveProducer = () =>
  useCatalogueMutation(({ id, input }: { id: string | null; input: Partial<ProducerInput> & { name: string } }) =>
    id ? api<Producer>(`/api/admin/producers/${id}`, { method: 'PUT', body: input }) : api<Producer>('/api/admin/producers', { method: 'POST', body: input }),
  );

export const useDeleteProducer = () => useCatalogueMutation((id: string) => api(`/api/admin/producers/${id}`, { method: 'DELETE' }));

/** A category's name in the interface's language. */
export const categoryName = (category: Pick<Category, 'name' | 'nameEn'>, locale: string) => (locale === 'en' ? category.nameEn : category.name);
