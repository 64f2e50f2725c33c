import { and, asc, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { promoCodes, promoCodeUses, type PromoCodeRow } from '../../db/schema.js';

export type NewPromoCode = Omit<typeof promoCodes.$inferInsert, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

/** Who uses a code: the account, and the e-mail and phone the order names (any of them matches). */
export interface PromoCustomer {
  userId: string | null;
  email: string | null;
  phone: string | null;
}

const byCode = (code: string) => sql`lower(${promoCodes.code}) = lower(${code})`;

/** What the admin set on a code, under its column names as the audit triggers write them; uses and timestamps left out. */
export function promoCodeColumns(row: PromoCodeRow): Record<string, unknown> {
  const { id: _id, usedCount: _usedCount, createdAt: _createdAt, updatedAt: _updatedAt, ...values } = getTableColumns(promoCodes);
  return Object.fromEntries(Object.entries(values).map(([key, column]) => [column.name, row[key as keyof PromoCodeRow]]));
}

export async function listPromoCodes(tx: Tx): Promise<PromoCodeRow[]> {
  return tx.select().from(promoCodes).orderBy(asc(promoCodes.code));
}

/** The code whatever its case; with `lock`, its row is held until the transaction ends (uses are counted under it). */
export async function findPromoByCode(tx: Tx, code: string, lock = false): Promise<PromoCodeRow | null> {
  const query = tx.select().from(promoCodes).where(byCode(code)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertPromoCode(tx: Tx, values: NewPromoCode): Promise<PromoCodeRow> {
  const [row] = await tx.insert(promoCodes).values(values).returning();
  return row;
}

export async function updatePromoCode(tx: Tx, id: string, values: Partial<NewPromoCode>): Promise<PromoCodeRow | null> {
  const [row] = await tx
    .update(promoCodes)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(promoCodes.id, id))
    .returning();
  return row ?? null;
}

export async function lockPromoCode(tx: Tx, id: string): Promise<PromoCodeRow | null> {
  const [row] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  return row ?? null;
}

export async function deletePromoCode(tx: Tx, id: string): Promise<void> {
  await tx.delete(promoCodes).where(eq(promoCodes.id, id));
}

/** Whether any order ever used the code (given back or not): such a code is only switched off. */
export async function hasUses(tx: Tx, promoCodeId: string): Promise<boolean> {
  const [row] = await tx.select({ id: promoCodeUses.id }).from(promoCodeUses).where(eq(promoCodeUses.promoCodeId, promoCodeId)).limit(1);
  return Boolean(row);
}

/** Uses not given back by this customer: the account, or the same e-mail or phone. */
export async function countCustomerUses(tx: Tx, promoCodeId: string, who: PromoCustomer): Promise<number> {
  const matches: SQL[] = [];
  if (who.userId) matches.push(eq(promoCodeUses.userId, who.userId));
  if (who.email) matches.push(eq(promoCodeUses.email, who.email));
  if (who.phone) matches.push(eq(promoCodeUses.phone, who.phone));
  if (!matches.length) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, promoCodeId), isNull(promoCodeUses.returnedAt), or(...matches)));
  return row.n;
}

/** One more use, under the code's row lock taken by findPromoByCode(…, true). */
export async function recordUse(tx: Tx, promoCodeId: string, orderId: string, who: PromoCustomer): Promise<void> {
  await tx.insert(promoCodeUses).values({ promoCodeId, orderId, userId: who.userId, email: who.email, phone: who.phone });
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
    .where(eq(promoCodes.id, promoCodeId));
}

/** The order's use comes back, once: the `returned_at IS NULL` guard makes a second call change nothing. */
export async function returnUse(tx: Tx, orderId: string, now: Date): Promise<void> {
  const [use] = await tx
    .update(promoCodeUses)
    .set({ returnedAt: now })
    .where(and(eq(promoCodeUses.orderId, orderId), isNull(promoCodeUses.returnedAt)))
    .returning({ promoCodeId: promoCodeUses.promoCodeId });
  if (!use) return;
  await tx
    .update(promoCodes)
    .set({ usedCount: sql`greatest(${promoCodes.usedCount} - 1, 0)` })
    .where(eq(promoCodes.id, use.promoCodeId));
}
