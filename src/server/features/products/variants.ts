import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { discountedPriceMinor, fromMinor } from '../../../shared/pricing.js';
import type { Variant } from '../../../shared/products.js';
import type { Tx } from '../../db/client.js';
import { productVariants, products, type ProductVariantRow } from '../../db/schema.js';

/**
 * Pack sizes (docs/decisions/013-product-variants.md). The product row keeps a summary of its packs
 * (price, discount, stock, weight) for the listing and search queries; every change of a pack goes
 * through refreshProductSummaries in the same transaction.
 */

export type NewVariant = Omit<typeof productVariants.$inferInsert, 'id' | 'createdAt' | 'updatedAt'> & { id?: string };

/** The packs of these products, cheapest first (ties by the editor's order); archived ones only when asked. */
export async function findVariantsOf(tx: Tx, productIds: string[], options: { includeArchived?: boolean } = {}): Promise<Map<string, ProductVariantRow[]>> {
  const byProduct = new Map<string, ProductVariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await tx
    .select()
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), options.includeArchived ? undefined : isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  for (const list of byProduct.values()) list.sort(cheapestFirst);
  return byProduct;
}

/** The packs in the editor's order, archived ones left out. */
export async function findEditableVariants(tx: Tx, productId: string): Promise<ProductVariantRow[]> {
  return tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

export async function findVariantsByIds(tx: Tx, ids: string[]): Promise<ProductVariantRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(productVariants).where(inArray(productVariants.id, ids));
}

export async function findVariantsBySkus(tx: Tx, skus: string[]): Promise<ProductVariantRow[]> {
  if (skus.length === 0) return [];
  return tx.select().from(productVariants).where(inArray(productVariants.sku, skus));
}

const shelfPrice = (v: Pick<ProductVariantRow, 'priceMinor' | 'discount'>) => discountedPriceMinor(v.priceMinor, v.discount);

function cheapestFirst(a: ProductVariantRow, b: ProductVariantRow): number {
  return shelfPrice(a) - shelfPrice(b) || a.position - b.position || a.id.localeCompare(b.id);
}

/** What the product row shows of its packs: the cheapest in stock (else the cheapest), and the total stock. */
export function summaryOf(variants: readonly ProductVariantRow[]) {
  const active = variants.filter((v) => !v.archivedAt).sort(cheapestFirst);
  if (active.length === 0) return null;
  const shown = active.find((v) => v.countInStock > 0) ?? active[0];
  return {
    priceMinor: shown.priceMinor,
    discount: shown.discount,
    weight: shown.weight,
    countInStock: active.reduce((sum, v) => sum + v.countInStock, 0),
  };
}

/**
 * Recomputes the products' summary columns from their packs: called in the transaction of every
 * write that changes a pack or its stock (orders, cancellations, the admin's edits). A product
 * without an active pack keeps its last price and has no stock.
 */
export async function refreshProductSummaries(tx: Tx, productIds: Iterable<string>): Promise<void> {
  // One order of products, as orders lock them, so two writers never deadlock.
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  const variants = await findVariantsOf(tx, ids);
  for (const id of ids) {
    const summary = summaryOf(variants.get(id) ?? []);
    await tx
      .update(products)
      .set({ ...(summary ?? { countInStock: 0 }), packPrices: packPricesOf(id) })
      .where(eq(products.id, id));
  }
}

/** The prices of the product's packs on sale, as the price filter compares them (repository.ts priceCondition). */
const packPricesOf = (productId: string) => {
  const price = sql`${productVariants.priceMinor}::bigint * (100 - ${productVariants.discount})`;
  return sql`(select coalesce(range_agg(int8range(${price}, ${price}, '[]')), '{}') from ${productVariants} where ${productVariants.productId} = ${productId} and ${productVariants.archivedAt} is null)`;
};

/**
 * Takes `qty` units of a pack only if that many are left; the row lock makes concurrent orders wait
 * and re-check, so the last unit is never sold twice. Returns the updated pack, or null.
 */
export async function takeVariantStock(tx: Tx, variantId: string, qty: number): Promise<ProductVariantRow | null> {
  const [row] = await tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} - ${qty}` })
    .where(and(eq(productVariants.id, variantId), sql`${productVariants.countInStock} >= ${qty}`))
    .returning();
  return row ?? null;
}

/** Puts units back on a pack's shelf (a cancelled order); an archived pack gets them too. */
export async function returnVariantStock(tx: Tx, variantId: string, qty: number): Promise<void> {
  await tx
    .update(productVariants)
    .set({ countInStock: sql`${productVariants.countInStock} + ${qty}` })
    .where(eq(productVariants.id, variantId));
}

export async function insertVariants(tx: Tx, values: NewVariant[]): Promise<ProductVariantRow[]> {
  if (values.length === 0) return [];
  return tx.insert(productVariants).values(values).returning();
}

export async function updateVariant(tx: Tx, id: string, values: Partial<NewVariant>): Promise<void> {
  await tx
    .update(productVariants)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(productVariants.id, id));
}

/** Deletes packs nobody ordered; archives the rest, which old orders still name. */
export async function removeVariants(tx: Tx, ids: string[], orderedIds: ReadonlySet<string>, now = new Date()): Promise<void> {
  const archive = ids.filter((id) => orderedIds.has(id));
  const remove = ids.filter((id) => !orderedIds.has(id));
  if (archive.length) {
    // The SKU is freed for a new pack: an archived one keeps it with a suffix of its own id.
    await tx
      .update(productVariants)
      .set({ archivedAt: now, updatedAt: now, sku: sql`${productVariants.sku} || '~' || left(${productVariants.id}::text, 8)` })
      .where(inArray(productVariants.id, archive));
  }
  if (remove.length) await tx.delete(productVariants).where(inArray(productVariants.id, remove));
}

export function toVariant(row: ProductVariantRow): Variant {
  return {
    id: row.id,
    sku: row.sku,
    label: row.label,
    price: fromMinor(row.priceMinor),
    discount: row.discount,
    countInStock: row.countInStock,
    weight: row.weight,
    gtin: row.gtin,
    position: row.position,
    lowStockThreshold: row.lowStockThreshold,
  };
}
