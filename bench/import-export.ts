/**
 * `npx tsx bench/import-export.ts`: the catalogue's files at scale on PostgreSQL (BENCH_POSTGRES_URL):
 * exporting 100,000 packs as CSV and XLSX over HTTP (time, size, the server's peak memory above
 * its baseline), and a 10,000-line supplier price list previewed and applied.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { adminCookie, benchApp, withScratchDatabase } from './scratch-database.js';
import { multipartBody } from '../src/server/test/multipart.js';

const PACKS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

export interface ImportExportFigures {
  packs: number;
  exports: { name: string; seconds: number; megabytes: number; peakMb: number }[];
  importRows: number;
  previewSeconds: number;
  applySeconds: number;
}

export async function measureImportExport(): Promise<ImportExportFigures | null> {
  return withScratchDatabase('shop_bench_io', async (database) => {
    const db = database.db;
    // Slug and search keys given, so the start-up refresh of derived columns has nothing to do.
    await db.execute(sql`INSERT INTO products (name, slug, image, description, price_minor, category, origin, weight, count_in_stock, search_text, search_keys)
      SELECT 'Хміль Bench ' || g, 'bench-' || g, '/images/placeholder.svg', 'Опис, "з лапками"; і крапкою з комою', 10000 + g % 5000, 'Hops', 'USA', 0.1, g % 7,
        'хміль bench ' || g, ARRAY['bench']
      FROM generate_series(1, ${PACKS}) g`);
    await db.execute(sql`INSERT INTO product_variants (product_id, sku, label, price_minor, count_in_stock, weight)
      SELECT id, 'BENCH-' || substr(slug, 7), '100 г', price_minor, count_in_stock, 0.1 FROM products WHERE slug LIKE 'bench-%'`);
    await db.execute(sql`ANALYZE`);
    const app = await benchApp(database);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const cookie = await adminCookie(app, database);

    const exports: ImportExportFigures['exports'] = [];
    for (const path of ['/api/admin/export/products.csv', '/api/admin/export/products.xlsx']) {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const start = performance.now();
      const res = await fetch(`${origin}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      let bytes = 0;
      for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
      const seconds = (performance.now() - start) / 1000;
      clearInterval(sampler);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      exports.push({ name: path, seconds, megabytes: bytes / 1024 / 1024, peakMb: (peak - baseline) / 1024 / 1024 });
    }

    // A supplier's list: every tenth line a new price, every seventh a restock, a few new SKUs.
    const lines = ['Артикул;Ціна;Залишок'];
    for (let i = 1; i <= IMPORT_ROWS; i++) {
      const sku = i % 50 === 0 ? `BENCH-NEW-${i}` : `BENCH-${i}`;
      lines.push(`${sku};${((10000 + (i % 5000) + (i % 10 === 0 ? 250 : 0)) / 100).toFixed(2).replace('.', ',')};${i % 7 === 0 ? 12 : i % 7}`);
    }
    const body = multipartBody([
      { field: 'supplier', data: 'Bench' },
      { field: 'file', filename: 'bench.csv', type: 'text/csv', data: lines.join('\r\n') },
    ]);
    let start = performance.now();
    const preview = await app.inject({ method: 'POST', url: '/api/admin/import/products', payload: body.payload, headers: { ...body.headers, cookie } });
    const previewSeconds = (performance.now() - start) / 1000;
    if (preview.statusCode !== 200) throw new Error(`preview: ${preview.statusCode} ${preview.body.slice(0, 300)}`);
    const { importId, summary } = preview.json() as { importId: string; summary: Record<string, number> };
    if (summary.error) throw new Error(`preview has ${summary.error} errors`);
    start = performance.now();
    const applied = await app.inject({ method: 'POST', url: `/api/admin/import/products/${importId}/apply`, headers: { cookie } });
    const applySeconds = (performance.now() - start) / 1000;
    if (applied.statusCode !== 200) throw new Error(`apply: ${applied.statusCode} ${applied.body.slice(0, 300)}`);
    await app.close();
    return { packs: PACKS, exports, importRows: IMPORT_ROWS, previewSeconds, applySeconds };
  });
}

export function printImportExport(figures: ImportExportFigures | null) {
  if (!figures) return console.log('Import and export at scale: skipped (PostgreSQL unreachable)');
  console.log(`Catalogue files on PostgreSQL (${figures.packs.toLocaleString('en')} packs)`);
  for (const e of figures.exports) {
    console.log(`  GET ${e.name.padEnd(36)} ${e.seconds.toFixed(1)} s   ${e.megabytes.toFixed(1)} MB   server peak RSS +${e.peakMb.toFixed(0)} MB`);
  }
  const total = figures.previewSeconds + figures.applySeconds;
  console.log(
    `  import of ${figures.importRows.toLocaleString('en')} lines: preview ${figures.previewSeconds.toFixed(1)} s + apply ${figures.applySeconds.toFixed(1)} s = ${total.toFixed(1)} s (aim < 10)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) printImportExport(await measureImportExport());
