import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExportFormat, ImportApplied, ImportMapping, ImportPreview } from '../../../shared/import-export';
import type { PackingSlips } from '../../../shared/packing';
import { api, ApiError } from '../../api/client';

/** Exports, supplier imports and packing slips (docs/api.md, docs/import-export.md): admins only. */

export const exportUrl = (what: 'products' | 'orders', format: ExportFormat, query: { from?: string; to?: string; sep?: ',' | ';' } = {}) => {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.sep === ';') params.set('sep', ';');
  const search = params.toString();
  return `/api/admin/export/${what}.${format}${search ? `?${search}` : ''}`;
};

export const suppliersQuery = () =>
  queryOptions({
    queryKey: ['import', 'suppliers'],
    queryFn: ({ signal }) => api<{ suppliers: { supplier: string; mapping: ImportMapping }[] }>('/api/admin/import/suppliers', { signal }),
  });
export const useSuppliers = () => useQuery(suppliersQuery());

/**
 * Sends the price list for a preview. XMLHttpRequest, not fetch: only it reports the upload's
 * progress, which a large file needs on a slow line.
 */
export function uploadPriceList(
  input: { file: File; supplier: string; mapping: ImportMapping | null },
  onProgress: (fraction: number) => void,
): Promise<ImportPreview> {
  const form = new FormData();
  form.set('supplier', input.supplier);
  if (input.mapping) form.set('mapping', JSON.stringify(input.mapping));
  // The file last: the server reads the fields first.
  form.set('file', input.file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/import/products');
    request.withCredentials = true;
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError('FETCH_ERROR', 'FETCH_ERROR'));
    request.onload = () => {
      let data: { message?: string; code?: string; params?: Record<string, string | number> } | undefined;
      try {
        data = JSON.parse(request.responseText);
      } catch {
        return reject(new ApiError(request.status || 'PARSING_ERROR', request.statusText || 'PARSING_ERROR'));
      }
      if (request.status >= 200 && request.status < 300) resolve(data as ImportPreview);
      else reject(new ApiError(request.status, data?.message ?? request.statusText, data?.code, undefined, data?.params));
    };
    request.send(form);
  });
}

export const applyImport = (importId: string) => api<ImportApplied>(`/api/admin/import/products/${encodeURIComponent(importId)}/apply`, { method: 'POST' });

export const packingSlipsQuery = (ids: string[]) =>
  queryOptions({
    queryKey: ['packing-slips', ids],
    queryFn: ({ signal }) => api<PackingSlips>(`/api/admin/packing-slips?ids=${ids.map(encodeURIComponent).join(',')}`, { signal }),
  });
export const usePackingSlips = (ids: string[]) => useQuery({ ...packingSlipsQuery(ids), enabled: ids.length > 0 });

export const waybillLabelsUrl = (ids: string[]) => `/api/admin/waybill-labels?ids=${ids.map(encodeURIComponent).join(',')}`;
