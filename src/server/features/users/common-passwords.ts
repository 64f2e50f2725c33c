import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../errors.js';

/**
 * The most common passwords (docs/accounts.md, "Passwords"): zxcvbn-ts's list of about 30,000
 * (MIT), shipped with the server, so the check needs no network. Compared case-insensitively:
 * "Password1" is as weak as "password1".
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export function commonPasswordCount(): number {
  isCommonPassword('');
  return common!.size;
}

/** New passwords only: signing in with an old common password still works, so its owner can change it. */
export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('PASSWORD_TOO_COMMON');
  }
}
