import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { chunks } from '../../db/chunks.js';
import type { Tx } from '../../db/client.js';
import { products, productVariants, type ProductVariantRow } from '../../db/schema.js';
import { summaryOf } from './variants.js';

/**
 * Changes to many packs at once (a supplier's price list, docs/import-export.md): reads and writes of
 * thousands of packs in a few statements, a chunk of ids or a JSON batch each, by the same rules as
 * a product's own save (products locked in id order first, summaries by summaryOf).
 */

export type PackWithProduct = ProductVariantRow & { productName: string; productSlug: string | null };

/** The active packs holding these SKUs, with their product's name and slug; `lock` takes their rows for the transaction. */
export async function findPacksBySku(tx: Tx, skus: readonly string[], options: { lock?: boolean } = {}): Promise<PackWithProduct[]> {
  const found: PackWithProduct[] = [];
  for (const part of chunks(skus)) {
    const query = tx
      .select({ pack: productVariants, productName: products.name, productSlug: products.slug })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(inArray(productVariants.sku, part), isNull(productVariants.archivedAt)));
    const rows = options.lock ? await query.for('update', { of: productVariants }) : await query;
    found.push(...rows.map((r) => ({ ...r.pack, productName: r.productName, productSlug: r.productSlug })));
  }
  return found;
}

/** Whether any of these SKUs is held by a pack, archived ones included (their SKU carries a suffix, so only active ones match). */
export async function takenSkus(tx: Tx, skus: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks(skus)) {
    const rows = await tx.select({ sku: productVariants.sku }).from(productVariants).where(inArray(productVariants.sku, part));
    for (const row of rows) taken.add(row.sku);
  }
  return taken;
}

export async function findProductsBySlug(tx: Tx, slugs: readonly string[]): Promise<Map<string, { id: string; name: string; category: string }>> {
  const bySlug = new Map<string, { id: string; name: string; category: string }>();
  for (const part of chunks(slugs)) {
    const rows = await tx
      .select({ id: products.id, slug: products.slug, name: products.name, category: products.category })
      .from(products)
      .where(inArray(products.slug, part));
    for (const row of rows) bySlug.set(row.slug!, row);
  }
  return bySlug;
}

/** Locks the products in id order, as every writer of packs does first, so two writers never deadlock. */
export async function lockProductsInIdOrder(tx: Tx, ids: readonly string[]): Promise<{ id: string; name: string; slug: string | null }[]> {
  const sorted = [...new Set(ids)].sort();
  const locked: { id: string; name: string; slug: string | null }[] = [];
  for (const part of chunks(sorted)) {
    locked.push(
      ...(await tx
        .select({ id: products.id, name: products.name, slug: products.slug })
        .from(products)
        .where(inArray(products.id, part))
        .orderBy(products.id)
        .for('update')),
    );
  }
  return locked;
}

export interface PackUpdate {
  id: string;
  priceMinor: number;
  discount: number;
  countInStock: number;
  label: string;
  weight: number;
  gtin: string | null;
}

/** Writes many packs in one statement per chunk: the whole of each pack's editable values. */
export async function updatePacks(tx: Tx, updates: readonly PackUpdate[], now = new Date()): Promise<void> {
  for (const part of chunks(updates, 2000)) {
    await tx.execute(sql`
      UPDATE ${productVariants} AS v
      SET price_minor = u.price_minor, discount = u.discount, count_in_stock = u.count_in_stock,
          label = u.label, weight = u.weight, gtin = u.gtin, updated_at = ${now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(
        part.map((p) => ({
          id: p.id,
          price_minor: p.priceMinor,
          discount: p.discount,
          count_in_stock: p.countInStock,
          label: p.label,
          weight: p.weight,
          gtin: p.gtin,
        })),
      )}::jsonb) AS u(id uuid, price_minor integer, discount integer, count_in_stock integer, label text, weight double precision, gtin text)
      WHERE v.id = u.id`);
  }
}

/**
 * The products' summary columns from their packs, by the same rule as every other write
 * (summaryOf), written in one statement per chunk instead of one per product.
 */
export async function writeProductSummaries(tx: Tx, packsByProduct: ReadonlyMap<string, ProductVariantRow[]>): Promise<void> {
  const rows = [...packsByProduct.entries()].map(([id, packs]) => {
    const summary = summaryOf(packs);
    return summary ? { id, price_minor: summary.priceMinor, discount: summary.discount, weight: summary.weight, count_in_stock: summary.countInStock } : null;
  });
  for (const part of chunks(
    rows.filter((r) => r !== null).sort((a, b) => (a.id < b.id ? -1 : 1)),
    2000,
  )) {
    await tx.execute(sql`
      UPDATE ${products} AS p
      SET price_minor = s.price_minor, discount = s.discount, weight = s.weight, count_in_stock = s.count_in_stock
      FROM jsonb_to_recordset(${JSON.stringify(part)}::jsonb) AS s(id uuid, price_minor integer, discount integer, weight double precision, count_in_stock integer)
      WHERE p.id = s.id`);
  }
}
