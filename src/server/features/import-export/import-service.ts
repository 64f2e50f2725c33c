import { parseDecimal } from '../../../shared/decimal.js';
import {
  IMPORT_FIELDS,
  IMPORT_HEADER_GUESSES,
  REQUIRED_IMPORT_FIELDS,
  type ImportApplied,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
} from '../../../shared/import-export.js';
import { fromMinor, toMinor } from '../../../shared/pricing.js';
import { VariantInputSchema } from '../../../shared/products.js';
import { messageText, parseMessage, type MessageKey } from '../../../shared/validation-messages.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import {
  defaultPackLabel,
  findPacksBySku,
  findProductsBySlug,
  findVariantsOf,
  insertProducts,
  insertVariants,
  lockProductsInIdOrder,
  newProductDefaults,
  takenSkus,
  updatePacks,
  writeProductSummaries,
  type PackUpdate,
  type PackWithProduct,
} from '../products/index.js';
import { productsWithAlerts, queueRestockAlerts } from '../stock-alerts/index.js';
import { deleteExpiredImports, findSupplierMapping, insertImport, lockImport, markImportApplied, saveSupplierMapping } from './import-repository.js';
import { readPriceList, type PriceListTable } from './price-list-reader.js';

/**
 * Supplier price lists (docs/import-export.md): a preview that writes nothing to the catalogue, kept
 * server-side, then applied exactly as previewed in one transaction, or refused when a pack it
 * touches changed in between.
 */

/** How long a preview can be applied. */
export const IMPORT_TTL_MS = 60 * 60 * 1000;

/** A pack's editable values as one string: any difference at apply time means someone changed it. */
type PackValues = Omit<PackUpdate, 'id'>;
const fingerprint = (v: PackValues) => JSON.stringify([v.priceMinor, v.discount, v.countInStock, v.label, v.weight, v.gtin]);

interface PlanRow {
  line: number;
  sku: string;
  action: ImportRow['action'];
  /** update: the pack, its values before (fingerprinted) and after. */
  variantId?: string;
  productId?: string;
  before?: string;
  values?: PackValues;
  /** create: the product to add the pack to, or a new draft's name. */
  newProductName?: string;
}

const FIELD_NAMES: Record<ImportField, string> = {
  sku: 'Артикул',
  price: 'Ціна',
  discount: 'Знижка',
  countInStock: 'Залишок',
  label: 'Фасовка',
  weight: 'Вага',
  gtin: 'Штрихкод',
  product: 'Товар (slug)',
  name: 'Назва',
};

/** The mapping asked for, else the supplier's last one, else guessed from the headers; every named column must exist. */
function resolveMapping(columns: readonly string[], wanted: ImportMapping | null): ImportMapping {
  let mapping: ImportMapping = {};
  if (wanted) mapping = Object.fromEntries(Object.entries(wanted).filter(([, column]) => column));
  else {
    const lower = columns.map((c) => c.toLowerCase());
    for (const field of IMPORT_FIELDS) {
      const index = lower.findIndex((c) => c === field.toLowerCase() || IMPORT_HEADER_GUESSES[field].includes(c));
      if (index >= 0) mapping[field] = columns[index];
    }
  }
  for (const column of Object.values(mapping)) {
    if (!columns.includes(column)) {
      throw new AppError('IMPORT_COLUMN_MISSING', { column });
    }
  }
  const missing = REQUIRED_IMPORT_FIELDS.find((field) => !mapping[field]);
  if (missing) {
    throw new AppError('IMPORT_COLUMN_MISSING', {
      column: FIELD_NAMES[missing],
    });
  }
  return mapping;
}

/** Why a row cannot be imported: a message key and its parameters, which the web words in the admin's language. */
interface RowProblem {
  code: MessageKey;
  params?: Record<string, string | number>;
}

const problem = (code: MessageKey, params?: Record<string, string | number>): RowProblem => ({ code, params });

/** A refused row as the preview shows it: the reason in Ukrainian for any client, and its key for the web. */
const errorRow = (line: number, sku: string, { code, params }: RowProblem): ImportRow => ({
  line,
  sku,
  action: 'error',
  changes: {},
  error: messageText(code, params, 'uk'),
  errorCode: code,
  ...(params ? { errorParams: params } : {}),
});

/** A cell read as a number by the admin's rules (decimal comma, spaces between thousands); `%` after a discount is allowed. */
function numberCell(text: string, field: 'price' | 'discount' | 'countInStock' | 'weight'): number | RowProblem {
  const value = parseDecimal(text.replace(/\s*%$/, ''));
  return value ?? problem('importNotANumber', { field, text });
}

/** Validates one row's new pack values by the admin editor's own schema: its first problem. */
function checkPack(values: {
  sku: string;
  label: string;
  price: number;
  discount: number;
  countInStock: number;
  weight: number;
  gtin: string | null;
}): RowProblem | null {
  const parsed = VariantInputSchema.safeParse(values);
  if (parsed.success) return null;
  // The editor's schema names its messages by key (docs/errors.md); anything else is a value out of form.
  return parseMessage(parsed.error.issues[0].message) ?? problem('invalid');
}

/** The numbers a row gave, in hryvnias, percent, pieces and kilograms. */
type ReadNumbers = Partial<Record<'price' | 'discount' | 'countInStock' | 'weight', number>>;

export interface PreviewInput {
  bytes: Uint8Array;
  fileName: string;
  supplier: string;
  mapping: ImportMapping | null;
  adminId: string;
}

export async function previewImport(tx: Tx, input: PreviewInput, now = new Date()): Promise<ImportPreview> {
  const table: PriceListTable = readPriceList(input.bytes);
  const remembered = input.mapping ?? (input.supplier ? await findSupplierMapping(tx, input.supplier) : null);
  let mapping: ImportMapping;
  try {
    mapping = resolveMapping(table.columns, remembered);
  } catch (err) {
    // A remembered mapping that no longer fits this supplier's file: guess from its headers instead.
    if (input.mapping || !remembered) throw err;
    mapping = resolveMapping(table.columns, null);
  }
  const at = (field: ImportField) => (mapping[field] ? table.columns.indexOf(mapping[field]) : -1);
  const cell = (cells: string[], field: ImportField) => (at(field) >= 0 ? (cells[at(field)] ?? '').trim() : null);

  const skus = table.rows.map((row) => (cell(row.cells, 'sku') ?? '').toUpperCase());
  const existing = new Map((await findPacksBySku(tx, [...new Set(skus.filter(Boolean))])).map((p) => [p.sku, p]));
  const slugs = [...new Set(table.rows.map((row) => cell(row.cells, 'product')).filter((s): s is string => !!s))];
  const productsBySlug = await findProductsBySlug(tx, slugs);
  const firstLine = new Map<string, number>();

  const plan: PlanRow[] = [];
  const rows: ImportRow[] = [];
  table.rows.forEach((row, i) => {
    const sku = skus[i];
    const fail = (reason: RowProblem) => {
      rows.push(errorRow(row.line, sku, reason));
      plan.push({ line: row.line, sku, action: 'error' });
    };
    if (!sku) return fail(problem('importSkuEmpty'));
    const seen = firstLine.get(sku);
    if (seen !== undefined) return fail(problem('importSkuRepeated', { line: seen }));
    firstLine.set(sku, row.line);

    const read: ReadNumbers = {};
    for (const field of ['price', 'discount', 'countInStock', 'weight'] as const) {
      const text = cell(row.cells, field);
      if (text === null || (text === '' && field !== 'price')) continue;
      if (text === '') return fail(problem('importPriceEmpty'));
      const value = numberCell(text, field);
      if (typeof value !== 'number') return fail(value);
      read[field] = value;
    }
    const label = cell(row.cells, 'label') || null;
    const gtin = cell(row.cells, 'gtin') || null;
    const pack = existing.get(sku);
    if (pack) return planUpdate(row.line, sku, pack, read, label, gtin);
    planCreate(row.line, sku, row.cells, read, label, gtin);
  });

  function planUpdate(line: number, sku: string, pack: PackWithProduct, read: ReadNumbers, label: string | null, gtin: string | null) {
    const before: PackValues = {
      priceMinor: pack.priceMinor,
      discount: pack.discount,
      countInStock: pack.countInStock,
      label: pack.label,
      weight: pack.weight,
      gtin: pack.gtin,
    };
    const after: PackValues = {
      priceMinor: read.price !== undefined ? toMinor(read.price) : before.priceMinor,
      discount: read.discount ?? before.discount,
      countInStock: read.countInStock ?? before.countInStock,
      label: label ?? before.label,
      weight: read.weight ?? before.weight,
      gtin: gtin ?? before.gtin,
    };
    const refused = checkPack({ sku, ...after, price: fromMinor(after.priceMinor) });
    if (refused) {
      rows.push(errorRow(line, sku, refused));
      plan.push({ line, sku, action: 'error' });
      return;
    }
    const changes: ImportRow['changes'] = {};
    const shown = { price: [fromMinor(before.priceMinor), fromMinor(after.priceMinor)], discount: [before.discount, after.discount] } as const;
    for (const [field, [from, to]] of Object.entries(shown)) if (from !== to) changes[field] = { from, to };
    for (const field of ['countInStock', 'label', 'weight', 'gtin'] as const) {
      if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
    }
    const action = Object.keys(changes).length ? 'update' : 'unchanged';
    rows.push({ line, sku, action, changes, error: null, errorCode: null });
    plan.push({ line, sku, action, variantId: pack.id, productId: pack.productId, before: fingerprint(before), values: after });
  }

  function planCreate(line: number, sku: string, cells: string[], read: ReadNumbers, label: string | null, gtin: string | null) {
    const slug = cell(cells, 'product');
    const target = slug ? productsBySlug.get(slug) : undefined;
    if (slug && !target) {
      rows.push(errorRow(line, sku, problem('importProductUnknown', { slug })));
      plan.push({ line, sku, action: 'error' });
      return;
    }
    const name = target ? null : cell(cells, 'name') || `Новий товар ${sku}`;
    const values: PackValues = {
      priceMinor: toMinor(read.price ?? 0),
      discount: read.discount ?? 0,
      countInStock: read.countInStock ?? 0,
      label: label ?? defaultPackLabel(target?.category ?? newProductDefaults(now).category),
      weight: read.weight ?? 1,
      gtin,
    };
    const refused = checkPack({ sku, ...values, price: fromMinor(values.priceMinor) });
    if (refused) {
      rows.push(errorRow(line, sku, refused));
      plan.push({ line, sku, action: 'error' });
      return;
    }
    const changes: ImportRow['changes'] = {
      // `product`: a new pack of that product; `name`: a new draft product.
      ...(target ? { product: { from: null, to: slug } } : { name: { from: null, to: name } }),
      price: { from: null, to: fromMinor(values.priceMinor) },
      label: { from: null, to: values.label },
      countInStock: { from: null, to: values.countInStock },
    };
    rows.push({ line, sku, action: 'create', changes, error: null, errorCode: null });
    plan.push({ line, sku, action: 'create', productId: target?.id, newProductName: name ?? undefined, values });
  }

  const summary = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) summary[row.action]++;
  await deleteExpiredImports(tx, now);
  if (input.supplier) await saveSupplierMapping(tx, input.supplier, mapping);
  const expiresAt = new Date(now.getTime() + IMPORT_TTL_MS);
  const preview = { supplier: input.supplier, encoding: table.encoding, columns: table.columns, mapping, summary, expiresAt: expiresAt.toISOString(), rows };
  const importId = await insertImport(tx, {
    adminId: input.adminId,
    supplier: input.supplier,
    fileName: input.fileName.slice(0, 200),
    preview,
    plan,
    createdAt: now,
    expiresAt,
  });
  return { importId, ...preview };
}

/**
 * Applies a preview exactly: in one transaction, the products locked first (in id order, as every
 * writer), then the packs, each checked against what the preview saw. Restocks from 0 wake the stock
 * alerts as the admin's editor does (docs/domain.md, "Stock alerts").
 */
export async function applyImport(tx: Tx, importId: string, site: { url: string; secret: string }, now = new Date()): Promise<ImportApplied> {
  return tx.transaction(async (t) => {
    const record = await lockImport(t, importId, now);
    if (!record) throw new AppError('IMPORT_NOT_FOUND');
    if (record.appliedAt) throw new AppError('IMPORT_ALREADY_APPLIED');
    const plan = record.plan as PlanRow[];
    const errors = plan.filter((row) => row.action === 'error');
    if (errors.length) {
      throw new AppError('IMPORT_HAS_ERRORS', { lines: errors.map((e) => e.line).join(', ') });
    }
    const updates = plan.filter((row) => row.action === 'update');
    const creates = plan.filter((row) => row.action === 'create');
    const productIds = [...updates, ...creates].flatMap((row) => (row.productId ? [row.productId] : []));
    const locked = await lockProductsInIdOrder(t, productIds);
    const lockedIds = new Set(locked.map((p) => p.id));
    const gone = [...updates, ...creates].find((row) => row.productId && !lockedIds.has(row.productId));
    if (gone) throw stale(gone.sku);

    const current = new Map(
      (
        await findPacksBySku(
          t,
          updates.map((row) => row.sku),
          { lock: true },
        )
      ).map((p) => [p.sku, p]),
    );
    for (const row of updates) {
      const pack = current.get(row.sku);
      if (!pack || pack.id !== row.variantId || fingerprint(pack) !== row.before) throw stale(row.sku);
    }
    const taken = await takenSkus(
      t,
      creates.map((row) => row.sku),
    );
    const clash = creates.find((row) => taken.has(row.sku));
    if (clash) throw stale(clash.sku);

    const before = await findVariantsOf(t, [...lockedIds]);
    await updatePacks(
      t,
      updates.map((row) => ({ id: row.variantId!, ...row.values! })),
      now,
    );
    const toExisting = creates.filter((row) => row.productId);
    const nextPosition = new Map([...before.entries()].map(([id, packs]) => [id, packs.reduce((max, p) => Math.max(max, p.position + 1), 0)]));
    const newPacks = toExisting.map((row) => {
      const position = nextPosition.get(row.productId!) ?? 0;
      nextPosition.set(row.productId!, position + 1);
      return { ...row.values!, sku: row.sku, productId: row.productId!, position };
    });
    for (let i = 0; i < newPacks.length; i += 2000) await insertVariants(t, newPacks.slice(i, i + 2000));
    const drafts = creates.filter((row) => !row.productId);
    for (let i = 0; i < drafts.length; i += 500) {
      await insertProducts(
        t,
        drafts.slice(i, i + 500).map((row) => ({
          ...newProductDefaults(now),
          name: row.newProductName!,
          priceMinor: row.values!.priceMinor,
          weight: row.values!.weight,
          userId: record.adminId,
          variants: [{ ...row.values!, sku: row.sku }],
        })),
      );
    }

    const after = await findVariantsOf(t, [...lockedIds]);
    await writeProductSummaries(t, after);
    const waited = await productsWithAlerts(t, [...lockedIds]);
    for (const product of locked.filter((p) => waited.has(p.id))) {
      await queueRestockAlerts(t, product, before.get(product.id) ?? [], after.get(product.id) ?? [], site);
    }
    await markImportApplied(t, importId, now);
    const counts = { created: creates.length, updated: updates.length, unchanged: plan.filter((row) => row.action === 'unchanged').length };
    // The packs' and drafts' own entries come from the triggers; this one says which file made them.
    await recordAudit(t, {
      entity: 'import',
      entityId: importId,
      action: 'apply',
      subject: record.fileName || null,
      after: { supplier: record.supplier, file_name: record.fileName, ...counts },
    });
    return { importId, ...counts, appliedAt: now.toISOString() };
  });
}

const stale = (sku: string): AppError => new AppError('IMPORT_STALE', { sku });
