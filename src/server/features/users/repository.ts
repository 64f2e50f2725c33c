import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.email, normalizeEmail(email))).limit(1);
  return row ?? null;
}

export async function insertUser(
  tx: Tx,
  values: { name: string; email: string; passwordHash: string; isAdmin?: boolean },
): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  return row;
}

/** E-mails are unique regardless of case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
