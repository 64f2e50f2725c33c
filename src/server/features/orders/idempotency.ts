import { createHash, createHmac } from 'node:crypto';
import { AppError } from '../../errors.js';
import { isDatabaseUnavailable } from '../../db/client.js';

/**
 * Idempotent checkout (docs/orders.md, "Idempotency"): a key names one order, placed with one body.
 * The same key with the same body answers with that order; with another body it is refused
 * (422 IDEMPOTENCY_KEY_REUSED) instead of silently answering with the first order.
 */

/** A guest's key is also the secret that finds the order again (GET /api/orders/by-key): 128 bits at least. */
export const GUEST_IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{32,100}$/;

/** SHA-256 of the body with its keys sorted: the same order, however the client spelled the JSON. */
export function bodyHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function assertSameBody(storedHash: string | null, hash: string): void {
  // Orders from before the hash was kept: the key alone decides, as it did then.
  if (storedHash && storedHash !== hash) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
}

/**
 * The secret of a guest order's link, when it was placed under a key: derived from the key, so a
 * repeated submit, or the client asking by key after a lost answer, gets the same link back.
 */
export const guestAccessTokenFor = (key: string, secret: string) => createHmac('sha256', secret).update(`guest-order-link:${key}`).digest('base64url');

export function checkGuestIdempotencyKey(key: string | string[] | undefined): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !GUEST_IDEMPOTENCY_KEY.test(key)) throw new AppError('BAD_IDEMPOTENCY_KEY');
  return key;
}

/**
 * The database went away while the order's transaction was committing: it may or may not have
 * committed, so "nothing changed" would be a lie. 503 ORDER_OUTCOME_UNKNOWN tells the client to ask
 * by its key (GET /api/orders/by-key/{key}) before placing it again.
 */
export class OrderOutcomeUnknown extends AppError<'ORDER_OUTCOME_UNKNOWN'> {
  constructor() {
    super('ORDER_OUTCOME_UNKNOWN');
  }
}

/** Runs the transaction; a lost connection once its work is done (at COMMIT) is an unknown outcome. */
export async function withKnownOutcome<T>(run: (markDone: () => void) => Promise<T>): Promise<T> {
  let done = false;
  try {
    return await run(() => {
      done = true;
    });
  } catch (error) {
    if (done && isDatabaseUnavailable(error)) throw new OrderOutcomeUnknown();
    throw error;
  }
}
