import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { escapeHtml } from '../../html.js';
import { secretDigest } from '../../secret-digest.js';
import { queueMessages, mayMail, type RecipientCap } from '../notifications/index.js';
import { paths } from '../../../shared/routes.js';
import { assertUncommonPassword } from './common-passwords.js';
import { claimResetToken, findUserByEmail, insertResetToken, revokeResetLinks, updateUser } from './repository.js';

/**
 * Password reset (docs/accounts.md): a single-use link valid one hour, mailed through the outbox.
 * Only the token's SHA-256 is stored, so a copy of the database cannot be used to reset anyone.
 */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

/** Queues the reset letter when the e-mail has an account; says nothing either way. */
export async function requestPasswordReset(db: Db, email: string, siteUrl: string, cap: RecipientCap, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    // Anybody can ask for a reset to any account: at most the daily cap of letters reach one mailbox.
    if (!(await mayMail(tx, cap, user.email, 'password-reset', now))) return;
    const token = randomBytes(32).toString('base64url');
    // Only the newest link works: a letter lying in an old mailbox or an old tab is dead.
    await revokeResetLinks(tx, user.id, now);
    await insertResetToken(tx, { tokenHash: secretDigest(token), userId: user.id, expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS) });
    await queueMessages(tx, [resetLetter(user.email, user.name, `${siteUrl}${paths.resetPassword(token)}`)]);
  });
}

/**
 * Sets the new password if the token is known, unused and fresh; marks every reset link of the
 * user used and bumps the token version, so every session (on every device) ends.
 */
export async function confirmPasswordReset(db: Db, token: string, password: string, now = new Date()): Promise<void> {
  assertUncommonPassword(password);
  const passwordHash = await hash(password);
  await db.transaction(async (tx: Tx) => {
    const userId = await claimResetToken(tx, secretDigest(token), now);
    if (!userId) throw new AppError('RESET_TOKEN_INVALID');
    await updateUser(tx, userId, { passwordHash, bumpTokenVersion: true });
    await revokeResetLinks(tx, userId, now);
  });
}

function resetLetter(email: string, name: string, link: string) {
  const lines = [
    `Вітаємо, ${name}!`,
    'Хтось (сподіваємося, ви) попросив змінити пароль до вашого облікового запису в Хмільній крамниці.',
    'Посилання діє одну годину і лише один раз. Якщо ви нічого не просили, просто проігноруйте цей лист: пароль залишиться тим самим.',
  ];
  return {
    channel: 'email' as const,
    recipient: email,
    // The link is the secret: blanked once sent (docs/notifications.md).
    holdsSecret: true,
    subject: 'Зміна пароля — Хмільна крамниця',
    textBody: [...lines, '', `Змінити пароль: ${link}`].join('\n'),
    htmlBody: `<!doctype html><html lang="uk"><body style="font-family:Arial,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">Змінити пароль</a></p></body></html>`,
    orderId: null,
  };
}
