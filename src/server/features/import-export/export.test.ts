import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, test } from 'vitest';
import { orders } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createOrder, createProduct, createUser, pack } from '../../test/factories.js';
import { kyivDayStart } from './export.js';
import { columnLetters, csvField, csvLine } from './table-writers.js';

/** Cells of an XLSX's first sheet by reference ("B2" → text or number), read back from the zip. */
function readSheet(bytes: Buffer): Map<string, string | number> {
  const files = unzipSync(new Uint8Array(bytes));
  for (const part of ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels']) expect(files[part]).toBeDefined();
  const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
  const cells = new Map<string, string | number>();
  for (const [, ref, type, body] of xml.matchAll(/<c r="([A-Z]+\d+)"( t="inlineStr")?>(.*?)<\/c>/g)) {
    const decode = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    cells.set(ref, type ? decode(/<t[^>]*>(.*?)<\/t>/.exec(body)![1]) : Number(/<v>(.*?)<\/v>/.exec(body)![1]));
  }
  return cells;
}

/** RFC 4180 records of a CSV answer (quotes, doubled quotes, separators and line breaks inside quotes). */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

describe('table writers', () => {
  test('CSV fields are quoted by RFC 4180 and cells that start like a formula are defused', () => {
    expect(csvField('Хміль "Cascade", 50 г', ',')).toBe('"Хміль ""Cascade"", 50 г"');
    expect(csvField('рядок\nдругий', ',')).toBe('"рядок\nдругий"');
    for (const evil of ['=HYPERLINK("http://x")', '+380671234567', '-2+3', '@SUM(A1)', '\tcmd']) expect(csvField(evil, ',')).toMatch(/^"?'/);
    expect(csvField(-5, ',')).toBe('-5');
    expect(csvField(52.2, ';')).toBe('52,2');
    expect(csvField(null, ',')).toBe('');
    expect(csvLine(['a', 1, null], ';')).toBe('a;1;\r\n');
  });

  test('spreadsheet columns are lettered A…Z, AA…', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  test('a Kyiv day starts at 22:00 UTC in winter and 21:00 UTC in summer', () => {
    expect(kyivDayStart('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(kyivDayStart('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
    expect(kyivDayStart('2026-03-29').toISOString()).toBe('2026-03-28T22:00:00.000Z');
  });
});

describeWithApp('exports API', (ctx) => {
  const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const get = async (url: string) => ctx().app.inject({ url, headers: await admin() });

  test('only an admin exports: 401 without a session, 403 for a customer', async () => {
    const { app } = ctx();
    const customer = { cookie: (await ctx().shop.customer()).cookie };
    for (const url of ['/api/admin/export/products.csv', '/api/admin/export/products.xlsx', '/api/admin/export/orders.csv', '/api/admin/export/orders.xlsx']) {
      expect((await app.inject({ url })).statusCode).toBe(401);
      expect((await app.inject({ url, headers: customer })).statusCode).toBe(403);
    }
  });

  test('the catalogue as CSV: BOM, a row per pack, quoting, formula cells defused, `;` with decimal commas', async () => {
    const { app } = ctx();
    const product = await createProduct(app.db, {
      name: '=cmd|"/c calc"!A1, хміль',
      variants: [pack('50 г', 52_20, 7, 0.05, { sku: 'EXP-CASC-50', gtin: '4820000000017' }), pack('1 кг', 780_00, 0, 1, { sku: 'EXP-CASC-1000' })],
    });
    const res = await get('/api/admin/export/products.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.body.slice(1), ',');
    expect(rows[0]).toEqual([
      'sku',
      'product',
      'name',
      'category',
      'producer',
      'attributes',
      'label',
      'price',
      'discount',
      'countInStock',
      'weight',
      'gtin',
      'status',
      'image',
    ]);
    const small = rows.find((r) => r[0] === 'EXP-CASC-50')!;
    expect(small).toEqual([
      'EXP-CASC-50',
      product.slug!,
      `'=cmd|"/c calc"!A1, хміль`,
      'Хміль',
      'USA',
      'alpha=6.5; cropYear=2025',
      '50 г',
      '52.2',
      '0',
      '7',
      '0.05',
      '4820000000017',
      'published',
      `${app.config.siteUrl}/images/placeholder.svg`,
    ]);
    expect(rows.find((r) => r[0] === 'EXP-CASC-1000')![9]).toBe('0');

    const semicolon = await get('/api/admin/export/products.csv?sep=;');
    const semicolonRows = parseCsv(semicolon.body.slice(1), ';');
    expect(semicolonRows.find((r) => r[0] === 'EXP-CASC-50')!.slice(6, 11)).toEqual(['50 г', '52,2', '0', '7', '0,05']);
    expect((await get('/api/admin/export/products.csv?sep=x')).statusCode).toBe(400);
  });

  test('the catalogue as XLSX opens back cell by cell: strings inline, numbers as numbers', async () => {
    const { app } = ctx();
    await createProduct(app.db, { name: 'Дріжджі <US-05> & Co', category: 'Yeast', variants: [pack('11,5 г', 129_00, 40, 0.012, { sku: 'EXP-US05' })] });
    const res = await get('/api/admin/export/products.xlsx');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cells = readSheet(res.rawPayload);
    expect(cells.get('A1')).toBe('sku');
    expect(cells.get('N1')).toBe('image');
    const row = [...cells.entries()].find(([ref, v]) => ref.startsWith('A') && v === 'EXP-US05')![0].slice(1);
    expect(cells.get(`C${row}`)).toBe('Дріжджі <US-05> & Co');
    expect(cells.get(`G${row}`)).toBe('11,5 г');
    expect(cells.get(`H${row}`)).toBe(129);
    expect(cells.get(`J${row}`)).toBe(40);
    expect(cells.get(`K${row}`)).toBe(0.012);
  });

  test('orders of a period: a row per line with the Kyiv date, customer or guest, delivery and sums', async () => {
    const { app } = ctx();
    const buyer = await createUser(app.db, { name: 'Олена Пивоварка' });
    const hop = await createProduct(app.db, { name: 'Хміль Saaz', variants: [pack('100 г', 150_00, 10, 0.1, { sku: 'EXP-SAAZ-100' })] });
    const malt = await createProduct(app.db, {
      name: 'Солод Pilsner',
      category: 'Malt',
      attributes: {},
      variants: [pack('1 кг', 60_00, 50, 1, { sku: 'EXP-PILS-1' })],
    });
    const inside = await createOrder(app.db, buyer, [
      { product: hop, qty: 2 },
      { product: malt, qty: 5 },
    ]);
    // 21:30 UTC on 10 November is 23:30 in Kyiv, still the 10th; 22:30 UTC is already the 11th there.
    await app.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-10T21:30:00Z'), trackingNumber: '20450000000001', recipientPhone: '+380671234567' })
      .where(eq(orders.id, inside.id));
    const outside = await createOrder(app.db, buyer, [{ product: hop, qty: 1 }]);
    await app.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-10T22:30:00Z') })
      .where(eq(orders.id, outside.id));

    const res = await get('/api/admin/export/orders.csv?from=2026-11-01&to=2026-11-10');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body.slice(1), ',');
    expect(header).toEqual(
      expect.arrayContaining(['order', 'date', 'recipient', 'phone', 'branch', 'sku', 'qty', 'price', 'totalPrice', 'trackingNumber', 'fiscalReceipt']),
    );
    const col = (name: string) => header.indexOf(name);
    const mine = rows.filter((r) => r[col('order')] === String(inside.number));
    expect(mine.map((r) => r[col('sku')]).sort()).toEqual(['EXP-PILS-1', 'EXP-SAAZ-100']);
    expect(mine[0][col('date')]).toBe('2026-11-10 23:30');
    expect(mine[0][col('customer')]).toBe('Олена Пивоварка');
    expect(mine[0][col('phone')]).toBe("'+380671234567");
    expect(mine[0][col('branch')]).toBe('Відділення №1');
    expect(mine[0][col('trackingNumber')]).toBe('20450000000001');
    expect(mine.find((r) => r[col('sku')] === 'EXP-SAAZ-100')![col('qty')]).toBe('2');
    expect(rows.some((r) => r[col('order')] === String(outside.number))).toBe(false);

    const xlsx = readSheet((await get('/api/admin/export/orders.xlsx?from=2026-11-11&to=2026-11-11')).rawPayload);
    expect([...xlsx.entries()].filter(([ref, v]) => ref.startsWith('A') && v === outside.number)).toHaveLength(1);
    expect((await get('/api/admin/export/orders.csv?from=2026-11-10&to=2026-11-01')).statusCode).toBe(400);
    expect((await get('/api/admin/export/orders.csv?from=10.11.2026')).statusCode).toBe(400);
  });

  test('an export longer than a page keeps every row once, in order', async () => {
    const { app } = ctx();
    const { productExportPages } = await import('./export.js');
    await createProduct(app.db, { variants: Array.from({ length: 7 }, (_, i) => pack(`${i + 1} шт`, 100_00, 1, 1, { sku: `EXP-PAGE-${i}` })) });
    const seen: string[] = [];
    for await (const page of productExportPages(app.db, '', 3)) seen.push(...page.map((r) => String(r[0])));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((s) => s.startsWith('EXP-PAGE-'))).toHaveLength(7);
  });
});
