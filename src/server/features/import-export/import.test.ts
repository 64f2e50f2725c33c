import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { expect, test } from 'vitest';
import type { AuditList } from '../../../shared/back-office.js';
import type { ImportApplied, ImportPreview } from '../../../shared/import-export.js';
import { messageText, type MessageKey } from '../../../shared/validation-messages.js';
import { outboxMessages, products, productVariants, stockAlerts } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack, variantsOf } from '../../test/factories.js';
import { multipartBody } from '../../test/multipart.js';

/** A minimal XLSX as Excel writes it: shared strings, a number cell, cell references. */
function xlsxFile(rows: (string | number)[][]): Buffer {
  const strings: string[] = [];
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          strings.push(value);
          return `<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8('<Types/>'),
      'xl/workbook.xml': strToU8(`<workbook ${ns} xmlns:r="r"><sheets><sheet name="Прайс" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      'xl/_rels/workbook.xml.rels': strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      'xl/sharedStrings.xml': strToU8(`<sst ${ns}>${strings.map((s) => `<si><t>${s.replaceAll('&', '&amp;')}</t></si>`).join('')}</sst>`),
      'xl/worksheets/sheet1.xml': strToU8(`<worksheet ${ns}><sheetData>${sheetRows}</sheetData></worksheet>`),
    }),
  );
}

describeWithApp('supplier price-list import API', (ctx) => {
  const adminHeaders = async () => ({ cookie: (await ctx().shop.admin()).cookie });
  const upload = async (file: Buffer | string, fields: Record<string, string> = {}, headers?: Record<string, string>) => {
    const body = multipartBody([
      ...Object.entries(fields).map(([field, data]) => ({ field, data })),
      { field: 'file', filename: 'price.csv', type: 'text/csv', data: file },
    ]);
    return ctx().app.inject({
      method: 'POST',
      url: '/api/admin/import/products',
      payload: body.payload,
      headers: { ...body.headers, ...(headers ?? (await adminHeaders())) },
    });
  };
  const apply = async (importId: string) =>
    ctx().app.inject({ method: 'POST', url: `/api/admin/import/products/${importId}/apply`, headers: await adminHeaders() });
  /** Everything an import could write, to show a refused one wrote nothing. */
  const catalogueState = async () =>
    JSON.stringify(
      await ctx().app.db.execute(
        sql`select (select json_agg(v order by v.sku) from (select sku, price_minor, discount, count_in_stock, label, weight, gtin from product_variants) v) as v, (select count(*) from products) as p`,
      ),
    );

  test('only an admin imports: 401 without a session, 403 for a customer', async () => {
    const { app } = ctx();
    const customer = { cookie: (await ctx().shop.customer()).cookie };
    expect((await upload('sku,price\nA,1\n', {}, {})).statusCode).toBe(401);
    expect((await upload('sku,price\nA,1\n', {}, customer)).statusCode).toBe(403);
    const someId = '00000000-0000-4000-8000-000000000000';
    expect((await app.inject({ method: 'POST', url: `/api/admin/import/products/${someId}/apply` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `/api/admin/import/products/${someId}/apply`, headers: customer })).statusCode).toBe(403);
  });

  test('the preview lists new, changed, unchanged and wrong rows with their lines, and writes nothing to the catalogue', async () => {
    const { app } = ctx();
    const hop = await createProduct(app.db, {
      name: 'Хміль Citra',
      variants: [pack('50 г', 150_00, 5, 0.05, { sku: 'IMP-CITRA-50' }), pack('100 г', 280_00, 0, 0.1, { sku: 'IMP-CITRA-100' })],
    });
    const before = await catalogueState();
    const csv = [
      'Артикул;Ціна;Залишок;Знижка',
      'imp-citra-50;162,50;5;0',
      'IMP-CITRA-100;280;12;0',
      'IMP-NEW-1;99,9;3;',
      'IMP-BAD-PRICE;дорого;1;0',
      'IMP-NEG;-5;1;0',
      'IMP-CITRA-50;170;1;0',
      'IMP-STOCK;10;-1;0',
    ].join('\r\n');
    const res = await upload(csv, { supplier: 'Хмелярі Житомира' });
    expect(res.statusCode).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview.encoding).toBe('utf-8');
    expect(preview.mapping).toEqual({ sku: 'Артикул', price: 'Ціна', countInStock: 'Залишок', discount: 'Знижка' });
    expect(preview.summary).toEqual({ create: 1, update: 2, unchanged: 0, error: 4 });
    const byLine = new Map(preview.rows.map((r) => [r.line, r]));
    expect(byLine.get(2)).toMatchObject({ sku: 'IMP-CITRA-50', action: 'update', changes: { price: { from: 150, to: 162.5 } } });
    expect(byLine.get(3)).toMatchObject({ action: 'update', changes: { countInStock: { from: 0, to: 12 } } });
    expect(byLine.get(4)).toMatchObject({ sku: 'IMP-NEW-1', action: 'create' });
    expect(byLine.get(5)).toMatchObject({
      action: 'error',
      error: 'Ціна: «дорого» не число',
      errorCode: 'importNotANumber',
      errorParams: { field: 'price', text: 'дорого' },
    });
    expect(byLine.get(6)).toMatchObject({ action: 'error', error: 'Ціна не може бути від’ємною' });
    expect(byLine.get(6)!.errorCode).toBe('priceNegative');
    expect(byLine.get(7)).toMatchObject({
      action: 'error',
      error: 'Артикул повторюється: він уже є в рядку 2',
      errorCode: 'importSkuRepeated',
      errorParams: { line: 2 },
    });
    // The keys word the reasons in English as well (docs/errors.md).
    expect(messageText(byLine.get(5)!.errorCode as MessageKey, byLine.get(5)!.errorParams, 'en')).toBe('Price: "дорого" is not a number');
    expect(messageText('priceNegative', {}, 'en')).toBe('The price cannot be negative');
    expect(byLine.get(2)).toMatchObject({ error: null, errorCode: null });
    expect(byLine.get(8)).toMatchObject({ action: 'error', error: 'Кількість на складі не може бути від’ємною' });
    expect(await catalogueState()).toBe(before);

    // A preview with errors is never applied: the owner fixes the file and sends it again.
    const refused = await apply(preview.importId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'IMPORT_HAS_ERRORS' });
    expect(await catalogueState()).toBe(before);
    expect((await variantsOf(app.db, hop.id)).map((v) => v.priceMinor)).toEqual([150_00, 280_00]);
  });

  test('applying a preview writes exactly it in one go; a restock from 0 wakes the stock alert; a second apply is refused', async () => {
    const { app } = ctx();
    const hop = await createProduct(app.db, {
      name: 'Хміль Mosaic',
      variants: [pack('50 г', 150_00, 5, 0.05, { sku: 'APL-MOS-50' }), pack('100 г', 280_00, 0, 0.1, { sku: 'APL-MOS-100' })],
    });
    const [, big] = await variantsOf(app.db, hop.id);
    await app.db.insert(stockAlerts).values({ productId: hop.id, variantId: big.id, email: 'brewer@example.com' });
    const csv = [
      'sku,price,countInStock,product,name,label',
      'APL-MOS-50,"162,50",5,,,',
      'APL-MOS-100,280,12,,,',
      `APL-MOS-1000,2400,2,${hop.slug},,1 кг`,
      'APL-FRESH-1,99.9,3,,Солод Vienna,1 кг',
    ].join('\n');
    const preview = (await upload(csv, { supplier: 'Солодовня' })).json() as ImportPreview;
    expect(preview.summary).toEqual({ create: 2, update: 2, unchanged: 0, error: 0 });

    const res = await apply(preview.importId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 2, unchanged: 0 } satisfies Partial<ImportApplied>);
    const packs = await variantsOf(app.db, hop.id);
    expect(packs.map((v) => [v.sku, v.priceMinor, v.countInStock, v.label])).toEqual([
      ['APL-MOS-50', 162_50, 5, '50 г'],
      ['APL-MOS-100', 280_00, 12, '100 г'],
      ['APL-MOS-1000', 2400_00, 2, '1 кг'],
    ]);
    const [summary] = await app.db.select().from(products).where(eq(products.id, hop.id));
    expect(summary.countInStock).toBe(19);
    const [fresh] = await app.db
      .select({ status: products.status, name: products.name })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(eq(productVariants.sku, 'APL-FRESH-1'));
    expect(fresh).toEqual({ status: 'draft', name: 'Солод Vienna' });
    const letters = await app.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'brewer@example.com'));
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toContain('Хміль Mosaic, 100 г');

    const again = await apply(preview.importId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IMPORT_ALREADY_APPLIED' });
  });

  test('an applied import is in the audit trail: the file by the admin who applied it, and each pack it changed', async () => {
    const { app } = ctx();
    const { user: admin, cookie } = await ctx().shop.admin({ name: 'Оксана Адмін' });
    const hop = await createProduct(app.db, { name: 'Хміль Saaz', variants: [pack('50 г', 120_00, 4, 0.05, { sku: 'AUD-SAAZ-50' })] });
    const preview = (await upload('sku,price,countInStock\nAUD-SAAZ-50,130,4\nAUD-NEW-1,99,1\n', { supplier: 'Жатець' })).json() as ImportPreview;
    const trail = async (query: string) => ((await app.inject({ url: `/api/admin/audit?${query}`, headers: { cookie } })).json() as AuditList).entries;
    expect(await trail(`entity=import&id=${preview.importId}`)).toEqual([]);

    const res = await app.inject({ method: 'POST', url: `/api/admin/import/products/${preview.importId}/apply`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [entry, ...more] = await trail(`entity=import&id=${preview.importId}`);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor: { _id: admin.id, name: 'Оксана Адмін' },
      action: 'apply',
      subject: 'price.csv',
      before: {},
      after: { supplier: 'Жатець', file_name: 'price.csv', created: 1, updated: 1, unchanged: 0 },
    });
    const [priced] = await trail(`entity=product&id=${hop.id}`);
    expect(priced).toMatchObject({
      actor: { _id: admin.id },
      action: 'pack.update',
      subject: 'AUD-SAAZ-50',
      before: { price_minor: 120_00 },
      after: { price_minor: 130_00 },
    });
    expect((await trail(`actor=${admin.id}&entity=product`)).map((e) => e.action)).toContain('create');
  });

  test('a preview made stale by another change is refused with 409, nothing written', async () => {
    const { app } = ctx();
    const hop = await createProduct(app.db, {
      variants: [pack('50 г', 150_00, 5, 0.05, { sku: 'STALE-50' }), pack('1 кг', 900_00, 5, 1, { sku: 'STALE-1000' })],
    });
    const preview = (await upload('sku,price\nSTALE-50,170\nSTALE-1000,950\n')).json() as ImportPreview;
    // The admin's editor sells or edits a pack meanwhile.
    await app.db.update(productVariants).set({ countInStock: 4 }).where(eq(productVariants.sku, 'STALE-1000'));
    const res = await apply(preview.importId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IMPORT_STALE', params: { sku: 'STALE-1000' } });
    expect((await variantsOf(app.db, hop.id)).map((v) => v.priceMinor)).toEqual([150_00, 900_00]);
    // A new SKU someone created meanwhile makes a "create" stale too.
    const second = (await upload('sku,price\nSTALE-NEW,10\n')).json() as ImportPreview;
    await createProduct(app.db, { variants: [pack('1 шт', 5_00, 1, 1, { sku: 'STALE-NEW' })] });
    expect((await apply(second.importId)).json()).toMatchObject({ code: 'IMPORT_STALE' });
    expect((await apply('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  test('the mapping is remembered per supplier and used for its next file', async () => {
    const { app } = ctx();
    await createProduct(app.db, { variants: [pack('50 г', 150_00, 5, 0.05, { sku: 'MAP-50' })] });
    const mapping = JSON.stringify({ sku: 'Код', price: 'Гурт', countInStock: 'Склад' });
    const first = (await upload('Код;Гурт;Склад;Роздріб\nMAP-50;160;5;200\n', { supplier: 'ФОП Хмелевий', mapping })).json() as ImportPreview;
    expect(first.rows[0]).toMatchObject({ action: 'update', changes: { price: { from: 150, to: 160 } } });
    const next = (await upload('Код;Гурт;Склад;Роздріб\nMAP-50;150;5;210\n', { supplier: 'фоп хмелевий' })).json() as ImportPreview;
    expect(next.mapping).toEqual({ sku: 'Код', price: 'Гурт', countInStock: 'Склад' });
    expect(next.rows[0].action).toBe('unchanged');
    const suppliers = (await app.inject({ url: '/api/admin/import/suppliers', headers: await adminHeaders() })).json();
    expect(suppliers.suppliers).toContainEqual({ supplier: 'фоп хмелевий', mapping: { sku: 'Код', price: 'Гурт', countInStock: 'Склад' } });
  });

  test('Windows-1251 files are read; XLSX price lists too', async () => {
    const { app } = ctx();
    await createProduct(app.db, { variants: [pack('50 г', 150_00, 5, 0.05, { sku: 'ENC-50' })] });
    const cp1251 = Buffer.from(
      // "Артикул;Ціна\r\nENC-50;155,5\r\n" in Windows-1251.
      [...[0xc0, 0xf0, 0xf2, 0xe8, 0xea, 0xf3, 0xeb, 0x3b, 0xd6, 0xb3, 0xed, 0xe0, 0x0d, 0x0a], ...Buffer.from('ENC-50;155,5\r\n')],
    );
    const preview = (await upload(cp1251)).json() as ImportPreview;
    expect(preview).toMatchObject({ encoding: 'windows-1251', columns: ['Артикул', 'Ціна'] });
    expect(preview.rows[0]).toMatchObject({ action: 'update', changes: { price: { from: 150, to: 155.5 } } });

    const xlsx = (
      await upload(
        xlsxFile([
          ['SKU', 'Ціна', 'Залишок'],
          ['ENC-50', 149.99, 7],
        ]),
      )
    ).json() as ImportPreview;
    expect(xlsx).toMatchObject({ encoding: 'xlsx' });
    expect(xlsx.rows[0]).toMatchObject({ line: 2, action: 'update', changes: { price: { from: 150, to: 149.99 }, countInStock: { from: 5, to: 7 } } });
  });

  test('bad files are refused with a clear code and nothing written', async () => {
    const before = await catalogueState();
    const refusals: [Buffer | string, Record<string, string>, number, string][] = [
      ['sku;stock\nA;1\n', {}, 400, 'IMPORT_COLUMN_MISSING'],
      ['sku;price\nA;1\n', { mapping: JSON.stringify({ sku: 'sku', price: 'Ціна' }) }, 400, 'IMPORT_COLUMN_MISSING'],
      ['sku;price\nA;1\n', { mapping: '{not json' }, 400, 'IMPORT_MAPPING_INVALID'],
      [Buffer.from([0x73, 0x6b, 0x75, 0x3b, 0x70, 0x0a, 0x81, 0x8d, 0x90, 0x0a]), {}, 400, 'IMPORT_ENCODING'],
      [Buffer.from('\ufeffsku;price\n', 'utf16le'), {}, 400, 'IMPORT_UNREADABLE'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]), {}, 400, 'IMPORT_UNREADABLE'],
      ['', {}, 400, 'IMPORT_UNREADABLE'],
      ['sku;sku\nA;1\n', {}, 400, 'IMPORT_COLUMN_REPEATED'],
      ['sku,price\n"A,1\n', {}, 400, 'IMPORT_UNREADABLE'],
      [Buffer.alloc(50 * 1024 * 1024 + 1, 0x41), {}, 413, 'IMPORT_TOO_LARGE'],
    ];
    for (const [file, fields, status, code] of refusals) {
      const res = await upload(file, fields);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(res.json().message).toMatch(/[а-яіїє]/i);
    }
    const noFile = multipartBody([{ field: 'supplier', data: 'X' }]);
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/admin/import/products',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...(await adminHeaders()) },
    });
    expect(res.json().code).toBe('NO_FILE');
    expect(await catalogueState()).toBe(before);
  });
});
