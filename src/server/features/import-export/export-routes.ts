import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderExportQuerySchema, ProductExportQuerySchema, type ExportFormat } from '../../../shared/import-export.js';
import { adminOnly } from '../../plugins/auth.js';
import { kyivDateTime, ORDER_EXPORT_HEADER, orderExportPages, PRODUCT_EXPORT_HEADER, productExportPages } from './export.js';
import { csvChunks, xlsxChunks, XLSX_TYPE, type Cell } from './table-writers.js';

/**
 * GET /api/admin/export/products.{csv,xlsx} and /orders.{csv,xlsx} (docs/api.md): streamed as the
 * pages are read, so the answer starts at once and memory stays flat whatever the size.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const send = (reply: FastifyReply, format: ExportFormat, name: string, header: readonly string[], pages: AsyncIterable<Cell[][]>, sep: string) => {
    const today = kyivDateTime(new Date()).slice(0, 10);
    reply
      .header('content-disposition', `attachment; filename="${name}-${today}.${format}"`)
      .header('cache-control', 'no-store')
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE);
    const chunks = format === 'csv' ? csvChunks(header, pages, sep) : xlsxChunks(name, header, pages);
    return reply.send(Readable.from(chunks, { objectMode: false }));
  };

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(`/api/admin/export/products.${format}`, { onRequest: adminOnly, schema: { querystring: ProductExportQuerySchema } }, (request, reply) =>
      send(reply, format, 'products', PRODUCT_EXPORT_HEADER, productExportPages(app.db, app.config.siteUrl), request.query.sep),
    );
    app.get(`/api/admin/export/orders.${format}`, { onRequest: adminOnly, schema: { querystring: OrderExportQuerySchema } }, (request, reply) =>
      send(reply, format, 'orders', ORDER_EXPORT_HEADER, orderExportPages(app.db, request.query), request.query.sep),
    );
  }
};
