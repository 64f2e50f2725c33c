import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { catalogueImports, supplierImportMappings } from '../../db/schema.js';
import type { ImportMapping } from '../../../shared/import-export.js';

/** The SQL of supplier imports' own tables (docs/import-export.md): previews and suppliers' mappings. The packs are written through the catalogue's face. */

export async function insertImport(tx: Tx, values: typeof catalogueImports.$inferInsert) {
  const [row] = await tx.insert(catalogueImports).values(values).returning({ id: catalogueImports.id });
  return row.id;
}

/** The preview, locked for its apply; null when there is none or it expired. */
export async function lockImport(tx: Tx, id: string, now = new Date()) {
  const [row] = await tx.select().from(catalogueImports).where(eq(catalogueImports.id, id)).for('update');
  return row && (row.appliedAt || row.expiresAt > now) ? row : null;
}

export async function markImportApplied(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(catalogueImports).set({ appliedAt: at }).where(eq(catalogueImports.id, id));
}

/** Previews nobody applied in time: they hold whole price lists, so they do not stay. */
export async function deleteExpiredImports(tx: Tx, now = new Date()): Promise<void> {
  await tx.delete(catalogueImports).where(and(isNull(catalogueImports.appliedAt), lt(catalogueImports.expiresAt, now)));
}

export const supplierKey = (supplier: string) => supplier.trim().toLowerCase();

export async function findSupplierMapping(tx: Tx, supplier: string): Promise<ImportMapping | null> {
  const [row] = await tx
    .select()
    .from(supplierImportMappings)
    .where(eq(supplierImportMappings.supplierKey, supplierKey(supplier)));
  return (row?.mapping as ImportMapping | undefined) ?? null;
}

export async function listSupplierMappings(tx: Tx) {
  return tx.select().from(supplierImportMappings).orderBy(supplierImportMappings.supplier);
}

export async function saveSupplierMapping(tx: Tx, supplier: string, mapping: ImportMapping): Promise<void> {
  await tx
    .insert(supplierImportMappings)
    .values({ supplierKey: supplierKey(supplier), supplier: supplier.trim(), mapping })
    .onConflictDoUpdate({ target: supplierImportMappings.supplierKey, set: { supplier: supplier.trim(), mapping, updatedAt: new Date() } });
}
