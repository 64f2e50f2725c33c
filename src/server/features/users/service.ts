import { hash, verify } from '@node-rs/argon2';
import type { AdminUserUpdateInput, LoginInput, ProfileUpdateInput, RegisterInput, UserInfo } from '../../../shared/users.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/sql-state.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { recomputeRatings } from '../reviews/index.js';
import { assertUncommonPassword } from './common-passwords.js';
import * as repo from './repository.js';

export const EMAIL_TAKEN = 'Користувач з такою електронною поштою вже існує';
export const BAD_CREDENTIALS = 'Невірна електронна пошта або пароль';

/** The only shape in which a user leaves the server: no hash, no token version. */
export function toUserInfo(user: UserRow): UserInfo {
  return { id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, phone: user.phone };
}

const emailTaken = () => new AppError('EMAIL_TAKEN');

/** Two requests racing for one e-mail: the unique index decides, the loser gets the same 409. */
async function uniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function registerUser(db: Db, input: RegisterInput): Promise<UserRow> {
  assertUncommonPassword(input.password);
  if (await repo.isEmailTaken(db, input.email)) throw emailTaken();
  const passwordHash = await hash(input.password);
  return uniqueEmail(() => repo.insertUser(db, { name: input.name, email: input.email, passwordHash }));
}

// Verifying against a real hash when the e-mail is unknown keeps both answers equally slow,
// so response times do not tell which e-mails have accounts.
let dummyHash: Promise<string> | undefined;

export async function authenticate(db: Db, input: LoginInput): Promise<UserRow> {
  const user = await repo.findUserByEmail(db, input.email);
  dummyHash ??= hash('not-a-real-password-at-all');
  const ok = await verify(user?.passwordHash ?? (await dummyHash), input.password).catch(() => false);
  if (!user || !ok) throw new AppError('BAD_CREDENTIALS');
  return user;
}

/** Logout everywhere: every token signed before this moment stops working. */
export async function revokeSessions(db: Db, userId: string): Promise<void> {
  await repo.updateUser(db, userId, { bumpTokenVersion: true });
}

export async function updateProfile(db: Db, user: UserRow, input: ProfileUpdateInput): Promise<UserRow> {
  const emailChanges = repo.normalizeEmail(input.email) !== user.email;
  if (emailChanges || input.password) {
    if (!input.currentPassword) {
      throw new AppError('CURRENT_PASSWORD_REQUIRED');
    }
    if (!(await verify(user.passwordHash, input.currentPassword).catch(() => false))) {
      // 403, not 401: the session is fine, and a 401 would sign the browser out.
      throw new AppError('WRONG_CURRENT_PASSWORD');
    }
  }
  if (emailChanges && (await repo.isEmailTaken(db, input.email, user.id))) throw emailTaken();
  const changes: repo.UserChanges = { name: input.name, email: input.email };
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.password) {
    assertUncommonPassword(input.password);
    changes.passwordHash = await hash(input.password);
    // A new password ends every other session (a thief's included); the caller re-issues this one.
    changes.bumpTokenVersion = true;
  }
  const updated = await uniqueEmail(() =>
    db.transaction(async (tx) => {
      const row = await repo.updateUser(tx, user.id, changes);
      if (row && (emailChanges || input.password)) await repo.revokeResetLinks(tx, user.id);
      return row;
    }),
  );
  // Deleted between the session check and now.
  if (!updated) throw new AppError('UNAUTHORIZED');
  return updated;
}

export async function listUsers(db: Db): Promise<UserInfo[]> {
  return (await repo.listUsers(db)).map(toUserInfo);
}

export async function requireUserById(db: Db, id: string): Promise<UserRow> {
  const user = await repo.findUserById(db, id);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/** Admin accounts are not managed through the user list (docs/domain.md, roles). */
function assertManageable(target: UserRow) {
  if (target.isAdmin) throw new AppError('ADMIN_PROTECTED');
}

export async function updateUserByAdmin(db: Db, id: string, input: AdminUserUpdateInput): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, id);
    if (!target) throw new AppError('USER_NOT_FOUND');
    assertManageable(target);
    if (await repo.isEmailTaken(tx, input.email, id)) throw emailTaken();
    const updated = await uniqueEmail(() => repo.updateUser(tx, id, { name: input.name, email: input.email, isAdmin: input.isAdmin }));
    if (repo.normalizeEmail(input.email) !== target.email) await repo.revokeResetLinks(tx, id);
    return updated!;
  });
}

/** Returns the ids of products whose rating changed (the user's reviews went with them). */
export async function deleteUserByAdmin(db: Db, actor: UserRow, id: string): Promise<string[]> {
  if (actor.id === id) throw new AppError('CANNOT_DELETE_SELF');
  return db.transaction(async (tx) => {
    const target = await repo.findUserById(tx, id);
    if (!target) throw new AppError('USER_NOT_FOUND');
    assertManageable(target);
    const reviewed = (await repo.deleteUser(tx, id)) ?? [];
    await recomputeRatings(tx, reviewed);
    return reviewed;
  });
}
