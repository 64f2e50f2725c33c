import { z } from 'zod';

/**
 * The catalogue's and orders' files (docs/import-export.md): what an export may be asked for, the
 * fields a supplier's price list can fill, and the preview an import answers before anything is
 * written.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `,` by default; `;` for Excel set to Ukrainian, where `,` is the decimal mark. */
export const CsvSeparatorSchema = z.enum([',', ';']).default(',');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const ProductExportQuerySchema = z.object({ sep: CsvSeparatorSchema });

/** A period of Kyiv days, both ends included; without it, every order. */
export const OrderExportQuerySchema = z
  .object({
    from: z.string().regex(DAY, 'Дата у форматі РРРР-ММ-ДД').optional(),
    to: z.string().regex(DAY, 'Дата у форматі РРРР-ММ-ДД').optional(),
    sep: CsvSeparatorSchema,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Початок періоду пізніше за кінець', path: ['from'] });

/**
 * What a price list's columns can fill. `sku` and `price` are required; `product` (a product's
 * slug) and `name` place a new SKU: a new pack of that product, or a new hidden draft.
 */
export const IMPORT_FIELDS = ['sku', 'price', 'discount', 'countInStock', 'label', 'weight', 'gtin', 'product', 'name'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['sku', 'price'];

/** A field → the header of the file's column that holds it. */
export const ImportMappingSchema = z.partialRecord(z.enum(IMPORT_FIELDS), z.string().trim().min(1).max(100));
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

/** Headers a supplier's file commonly uses for each field, lower-cased: the mapping guessed when none is remembered. */
export const IMPORT_HEADER_GUESSES: Record<ImportField, readonly string[]> = {
  sku: ['sku', 'артикул', 'код', 'код товару', 'article'],
  price: ['price', 'ціна', 'ціна, грн', 'ціна грн', 'роздрібна ціна', 'цена'],
  discount: ['discount', 'знижка', 'знижка, %', 'скидка'],
  countInStock: ['countinstock', 'stock', 'залишок', 'кількість', 'наявність', 'остаток', 'qty'],
  label: ['label', 'фасовка', 'пакування', 'упаковка'],
  weight: ['weight', 'вага', 'вага, кг', 'вес'],
  gtin: ['gtin', 'ean', 'штрихкод', 'штрих-код', 'barcode'],
  product: ['product', 'slug', 'товар (slug)'],
  name: ['name', 'назва', 'найменування', 'название'],
};

export const IMPORT_ACTIONS = ['create', 'update', 'unchanged', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

const ChangeSchema = z.object({ from: z.union([z.string(), z.number(), z.null()]), to: z.union([z.string(), z.number(), z.null()]) });

export const ImportRowSchema = z.object({
  /** The file's line (the header is line 1). */
  line: z.number(),
  sku: z.string(),
  action: z.enum(IMPORT_ACTIONS),
  /** Field → before and after (price and weight as numbers, hryvnias and kilograms). */
  changes: z.record(z.string(), ChangeSchema),
  /** Why the row cannot be imported, in Ukrainian; `errorCode` and `errorParams` word it in any language (docs/errors.md). */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportPreviewSchema = z.object({
  importId: z.uuid(),
  supplier: z.string(),
  encoding: z.enum(['utf-8', 'windows-1251', 'xlsx']),
  columns: z.array(z.string()),
  mapping: ImportMappingSchema,
  summary: z.object({ create: z.number(), update: z.number(), unchanged: z.number(), error: z.number() }),
  expiresAt: z.string(),
  rows: z.array(ImportRowSchema),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportAppliedSchema = z.object({
  importId: z.uuid(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  appliedAt: z.string(),
});
export type ImportApplied = z.infer<typeof ImportAppliedSchema>;

export const ImportParamsSchema = z.object({ importId: z.uuid({ error: 'Невідомий імпорт' }) });

export const SupplierMappingsSchema = z.object({ suppliers: z.array(z.object({ supplier: z.string(), mapping: ImportMappingSchema })) });

/** 50 MB: a price list of 10,000 lines is well under a megabyte. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;
