import { createHash } from 'node:crypto';

/**
 * What the database keeps of a secret handed out in a link (a guest order's access token, a
 * password-reset token): its SHA-256 in hex, never the secret itself, so a copy of the database
 * opens nothing. The tokens are 256 random bits, so a fast hash without salt is enough.
 */
export const secretDigest = (secret: string): string => createHash('sha256').update(secret).digest('hex');
