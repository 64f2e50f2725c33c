import { and, desc, eq, sql } from 'drizzle-orm';
import type { LegalPageKey } from '../../../shared/legal.js';
import type { Tx } from '../../db/client.js';
import { legalPageVersions, type LegalPageVersionRow } from '../../db/schema.js';

export type NewLegalPageVersion = Omit<typeof legalPageVersions.$inferInsert, 'version' | 'createdAt'>;

export async function findNewestVersion(tx: Tx, key: LegalPageKey): Promise<LegalPageVersionRow | null> {
  const [row] = await tx.select().from(legalPageVersions).where(eq(legalPageVersions.pageKey, key)).orderBy(desc(legalPageVersions.version)).limit(1);
  return row ?? null;
}

export async function findVersion(tx: Tx, key: LegalPageKey, version: number): Promise<LegalPageVersionRow | null> {
  const [row] = await tx
    .select()
    .from(legalPageVersions)
    .where(and(eq(legalPageVersions.pageKey, key), eq(legalPageVersions.version, version)))
    .limit(1);
  return row ?? null;
}

/** Every version of every page without the texts, newest first within a page. */
export async function listVersions(tx: Tx) {
  return tx
    .select({
      pageKey: legalPageVersions.pageKey,
      version: legalPageVersions.version,
      title: legalPageVersions.title,
      createdAt: legalPageVersions.createdAt,
      createdByName: legalPageVersions.createdByName,
    })
    .from(legalPageVersions)
    .orderBy(legalPageVersions.pageKey, desc(legalPageVersions.version));
}

/** The newest version of each page, texts included. */
export async function findNewestVersions(tx: Tx): Promise<LegalPageVersionRow[]> {
  return tx.selectDistinctOn([legalPageVersions.pageKey]).from(legalPageVersions).orderBy(legalPageVersions.pageKey, desc(legalPageVersions.version));
}

/**
 * The page's next version, numbered one past the newest in the same statement. Two saves at once
 * compute the same number; the primary key lets one of them in and the other fails (a unique
 * violation the service reports as a conflict).
 */
export async function insertNextVersion(tx: Tx, values: NewLegalPageVersion): Promise<LegalPageVersionRow> {
  const next = sql<number>`(SELECT COALESCE(MAX(${legalPageVersions.version}), 0) + 1 FROM ${legalPageVersions} WHERE ${legalPageVersions.pageKey} = ${values.pageKey})`;
  const [row] = await tx
    .insert(legalPageVersions)
    .values({ ...values, version: next })
    .returning();
  return row;
}

/** Version 1 of a page, unless the page has it already (start-up, docs/domain.md). */
export async function insertFirstVersion(tx: Tx, values: NewLegalPageVersion): Promise<void> {
  await tx
    .insert(legalPageVersions)
    .values({ ...values, version: 1 })
    .onConflictDoNothing({ target: [legalPageVersions.pageKey, legalPageVersions.version] });
}
