import { useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { RecipeImportResult } from '../../../shared/recipes/schema';

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
