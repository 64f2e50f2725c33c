import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, TooManyAttempts } from '../../errors.js';
import { normalizeEmail } from './repository.js';

/**
 * Brute-force brakes on sign-in and registration (docs/accounts.md, "Brute force"), in
 * @fastify/rate-limit's store (Redis when REDIS_URL is set, so every instance counts together;
 * each instance's memory while Redis is away):
 * - per client address: every request, counted before the body is even read;
 * - per e-mail and client address: failed attempts only (wrong password, taken e-mail), so a
 *   shopper who signs in often is never stopped;
 * - per account, from every address together: failed sign-ins, slowed in two steps (a short pause
 *   after a burst, then the rest of the hour at the hourly cap, ASVS 2.2.1). A browser that has
 *   signed in to the account before carries a device cookie that skips this brake, so a stranger's
 *   guesses never lock the owner out; a reset link always works too.
 */

export const DEVICE_COOKIE = 'shop_device';
const DEVICE_SECONDS = 180 * 24 * 60 * 60;

export class AccountThrottled extends AppError<'ACCOUNT_THROTTLED'> {
  constructor(readonly retryAfterSeconds: number) {
    super('ACCOUNT_THROTTLED', { seconds: retryAfterSeconds });
  }
}

export interface AuthLimiter {
  /** onRequest hook: counts the request against the caller's IP. */
  perIp: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Refuses before any work when the e-mail has used up its failed attempts from this address. */
  checkEmail: (request: FastifyRequest, reply: FastifyReply, email: string) => Promise<void>;
  recordFailure: (request: FastifyRequest, email: string) => Promise<void>;
  /** Refuses a sign-in when the account's failures from all addresses reached a step, unless this browser is known to it. */
  checkAccount: (request: FastifyRequest, email: string) => Promise<void>;
  recordAccountFailure: (request: FastifyRequest, email: string) => Promise<void>;
  /** After a successful sign-in: this browser skips the account's brake from now on. */
  trustDevice: (reply: FastifyReply, email: string) => void;
}

type Keyed = FastifyRequest & { limitKey: string };

export function createAuthLimiter(app: FastifyInstance): AuthLimiter {
  const { perIp, perEmail, windowMs, perAccountBurst, perAccountHour } = app.config.authRateLimit;
  const keyed = (request: FastifyRequest, limitKey: string) => Object.assign(request, { limitKey }) as Keyed;
  const limiter = (prefix: string, max: number, timeWindow: number) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (req) => `${prefix}:${(req as Keyed).limitKey}` });
  const ipLimit = app.createRateLimit({ max: perIp, timeWindow: windowMs, keyGenerator: (req) => `auth-ip:${req.ip}` });
  const emailLimit = limiter('auth-email', perEmail, windowMs);
  const accountSteps = [limiter('auth-account-burst', perAccountBurst, 60_000), limiter('auth-account-hour', perAccountHour, 60 * 60_000)];

  const refuse = (reply: FastifyReply, ttlMs: number): never => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new TooManyAttempts(seconds);
  };
  const emailKey = (email: string, ip: string) => `${normalizeEmail(email)}:${ip}`;
  const deviceSignature = (email: string, nonce: string) =>
    createHmac('sha256', app.config.jwtSecret)
      .update(`device:${normalizeEmail(email)}:${nonce}`)
      .digest('base64url');
  const knownDevice = (request: FastifyRequest, email: string) => {
    const [nonce, signature] = (request.cookies[DEVICE_COOKIE] ?? '').split('.');
    if (!nonce || !signature) return false;
    const expected = Buffer.from(deviceSignature(email, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return {
    async perIp(request, reply) {
      const result = await ipLimit(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttl);
    },
    async checkEmail(request, reply, email) {
      const result = await emailLimit(keyed(request, emailKey(email, request.ip)), { increment: false });
      if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0) refuse(reply, result.ttl);
    },
    async recordFailure(request, email) {
      await emailLimit(keyed(request, emailKey(email, request.ip)));
    },
    async checkAccount(request, email) {
      if (knownDevice(request, email)) return;
      let waitMs = 0;
      for (const step of accountSteps) {
        const result = await step(keyed(request, normalizeEmail(email)), { increment: false });
        if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0) waitMs = Math.max(waitMs, result.ttl);
      }
      if (waitMs > 0) throw new AccountThrottled(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async recordAccountFailure(request, email) {
      for (const step of accountSteps) await step(keyed(request, normalizeEmail(email)));
    },
    trustDevice(reply, email) {
      const nonce = randomBytes(16).toString('base64url');
      reply.setCookie(DEVICE_COOKIE, `${nonce}.${deviceSignature(email, nonce)}`, {
        httpOnly: true,
        sameSite: 'strict',
        secure: app.config.isProduction,
        path: '/api/users',
        maxAge: DEVICE_SECONDS,
      });
    },
  };
}
