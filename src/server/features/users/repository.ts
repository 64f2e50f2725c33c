import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { passwordResetTokens, users, type UserRow } from '../../db/schema.js';
import { findProductIdsReviewedBy } from '../reviews/index.js';

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const [row] = await tx
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/** Whether another account than `exceptId` already uses the e-mail. */
export async function isEmailTaken(tx: Tx, email: string, exceptId?: string): Promise<boolean> {
  const address = eq(users.email, normalizeEmail(email));
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(address, ne(users.id, exceptId)) : address)
    .limit(1);
  return row !== undefined;
}

export async function insertUser(tx: Tx, values: { name: string; email: string; passwordHash: string; isAdmin?: boolean }): Promise<UserRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  return row;
}

export async function listUsers(tx: Tx): Promise<UserRow[]> {
  return tx.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
}

export interface UserChanges {
  name?: string;
  email?: string;
  isAdmin?: boolean;
  phone?: string | null;
  passwordHash?: string;
  /** Ends every session signed with an older version. */
  bumpTokenVersion?: boolean;
}

export async function updateUser(tx: Tx, id: string, changes: UserChanges): Promise<UserRow | null> {
  const { bumpTokenVersion, email, ...rest } = changes;
  const [row] = await tx
    .update(users)
    .set({
      ...rest,
      ...(email !== undefined ? { email: normalizeEmail(email) } : {}),
      ...(bumpTokenVersion ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/**
 * Deletes the account. The database keeps their orders (user_id becomes null) and drops their
 * reviews. Returns the ids of the products they had reviewed, or null when there was no such user.
 */
export async function deleteUser(tx: Tx, id: string): Promise<string[] | null> {
  const reviewed = await findProductIdsReviewedBy(tx, id);
  const [deleted] = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  if (!deleted) return null;
  return reviewed;
}

/** E-mails are unique regardless of case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Stores a reset link's token by its digest (docs/accounts.md). */
export async function insertResetToken(tx: Tx, token: { tokenHash: string; userId: string; expiresAt: Date }): Promise<void> {
  await tx.insert(passwordResetTokens).values(token);
}

/** Uses up the reset token if it is known, unused and fresh: its user's id, or null. */
export async function claimResetToken(tx: Tx, tokenHash: string, now: Date): Promise<string | null> {
  const [claimed] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return claimed?.userId ?? null;
}

/**
 * Ends every unused reset link of the user: on a new link, and whenever the password or the e-mail
 * changes (a link sent to the old address must not take the account back).
 */
export async function revokeResetLinks(tx: Tx, userId: string, now = new Date()): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
