import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { RecipeImportResult } from '../../../shared/recipes/schema';
import { savedRecipeKey } from '../../../shared/recipes/keys';
import type { SavedRecipe, SavedRecipeList, SavedRecipeSummary, SaveRecipeBody, UpdateRecipeBody } from '../../../shared/recipes/saved';

export interface ImportRequest {
  /** The file as chosen, dropped or pasted: sent as bytes so its declared encoding is kept. */
  file: Blob;
  batchSizeL?: number;
  recipe?: number;
}

/** POST /api/recipes/import (docs/api.md): nothing is stored, so a mutation, not a query. */
export function importRecipe({ file, batchSizeL, recipe }: ImportRequest): Promise<RecipeImportResult> {
  const form = new FormData();
  form.append('file', file, 'recipe.xml');
  const query = new URLSearchParams();
  if (batchSizeL) query.set('batchSizeL', String(batchSizeL));
  if (recipe) query.set('recipe', String(recipe));
  const suffix = query.size ? `?${query}` : '';
  return api<RecipeImportResult>(`/api/recipes/import${suffix}`, { method: 'POST', body: form });
}

export const useImportRecipe = () => useMutation({ mutationFn: importRecipe });

/** Saved recipes (docs/recipes.md, "Saved recipes"). */
export const savedRecipeQuery = (id: string, batchSizeL?: number) =>
  queryOptions({
    queryKey: savedRecipeKey(id, batchSizeL),
    queryFn: ({ signal }) => api<SavedRecipe>(`/api/recipes/${encodeURIComponent(id)}${batchSizeL ? `?batchSizeL=${batchSizeL}` : ''}`, { signal }),
    // A link kept open for a day re-matches when brewed again, not on every focus.
    staleTime: 60_000,
  });

const MY_RECIPES_KEY = ['recipes', 'mine'] as const;

export const useMyRecipes = (enabled: boolean) =>
  useQuery({ queryKey: MY_RECIPES_KEY, queryFn: ({ signal }) => api<SavedRecipeList>('/api/recipes', { signal }), enabled });

export function useSaveRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRecipeBody) => api<SavedRecipeSummary>('/api/recipes', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_RECIPES_KEY }),
  });
}

export function useUpdateRecipe(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRecipeBody) => api<SavedRecipeSummary>(`/api/recipes/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: MY_RECIPES_KEY }), client.invalidateQueries({ queryKey: ['recipes', 'saved', id] })]),
  });
}

export function useDeleteRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`/api/recipes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: MY_RECIPES_KEY }),
  });
}
