import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TooManyAttempts } from '../../errors.js';

export { TooManyAttempts };
import { normalizeEmail } from './repository.js';

/**
 * Brute-force brakes on sign-in and registration, in @fastify/rate-limit's store (Redis when
 * REDIS_URL is set, so every instance counts together):
 * - per client address: every request, counted before the body is even read;
 * - per e-mail and client address: failed attempts only (wrong password, taken e-mail), so a
 *   shopper who signs in often is never stopped, guessing one account's password from one address
 *   is, and an attacker's failures never lock the owner out from the owner's own address.
 */
export interface AuthLimiter {
  /** onRequest hook: counts the request against the caller's IP. */
  perIp: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** Refuses before any work when the e-mail has used up its failed attempts from this address. */
  checkEmail: (request: FastifyRequest, reply: FastifyReply, email: string) => Promise<void>;
  recordFailure: (request: FastifyRequest, email: string) => Promise<void>;
}

export function createAuthLimiter(app: FastifyInstance): AuthLimiter {
  const { perIp, perEmail, windowMs } = app.config.authRateLimit;
  // skipOnError: a Redis outage must not lock everybody out of their accounts.
  const ipLimit = app.createRateLimit({ max: perIp, timeWindow: windowMs, skipOnError: true, keyGenerator: (req) => `auth-ip:${req.ip}` });
  const emailKey = (email: string, ip: string) => `auth-email:${normalizeEmail(email)}:${ip}`;
  const emailLimit = app.createRateLimit({
    max: perEmail,
    timeWindow: windowMs,
    skipOnError: true,
    keyGenerator: (req) => emailKey((req as FastifyRequest & { authEmail: string }).authEmail, req.ip),
  });

  const refuse = (reply: FastifyReply, ttlMs: number) => {
    const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new TooManyAttempts(seconds);
  };

  const withEmail = (request: FastifyRequest, email: string) => Object.assign(request, { authEmail: email });

  return {
    async perIp(request, reply) {
      const result = await ipLimit(request);
      if (!result.isAllowed && result.isExceeded) refuse(reply, result.ttl);
    },
    async checkEmail(request, reply, email) {
      const result = await emailLimit(withEmail(request, email), { increment: false });
      if (!result.isAllowed && result.remaining <= 0 && result.ttl > 0) refuse(reply, result.ttl);
    },
    async recordFailure(request, email) {
      await emailLimit(withEmail(request, email));
    },
  };
}
