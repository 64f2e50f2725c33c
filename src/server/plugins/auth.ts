import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.js';
import type { UserRow } from '../db/schema.js';

/** Session: a signed JWT in an httpOnly, SameSite=Strict cookie (docs/decisions/007-sessions.md). */
export const SESSION_COOKIE = 'jwt';
export const SESSION_DAYS = 30;
const SESSION_SECONDS = SESSION_DAYS * 24 * 60 * 60;

interface SessionClaims {
  sub: string;
  /** The user's token version when signed; a bump (logout, password change) kills the token. */
  ver: number;
}

export function signSessionToken(user: Pick<UserRow, 'id' | 'tokenVersion'>, secret: string): Promise<string> {
  return new SignJWT({ ver: user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(`${SESSION_DAYS}d`)
    .sign(secretKey(secret));
}

export async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
  const { config } = request.server;
  const token = await signSessionToken(user, config.jwtSecret);
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: '/',
    maxAge: SESSION_SECONDS,
  });
}

export function endSession(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: reply.server.config.isProduction });
}

/** The signed-in user, or null when the cookie is missing, forged, expired or revoked. */
export async function getSessionUser(request: FastifyRequest): Promise<UserRow | null> {
  if (request.sessionUser !== undefined) return request.sessionUser;
  request.sessionUser = await readSession(request);
  return request.sessionUser;
}

async function readSession(request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  let claims: SessionClaims;
  try {
    const { payload } = await jwtVerify(token, secretKey(request.server.config.jwtSecret), { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    claims = { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
  const user = await request.server.userById(claims.sub);
  return user && user.tokenVersion === claims.ver ? user : null;
}

export async function requireUser(request: FastifyRequest): Promise<UserRow> {
  const user = await getSessionUser(request);
  if (!user) throw new AppError('NOT_SIGNED_IN');
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new AppError('ADMIN_ONLY');
  return user;
}

/**
 * The one guard idiom (docs/deploy.md): a route that needs a session says so in its options,
 * `{ onRequest: signedIn }` or `{ onRequest: adminOnly }`. onRequest runs before the body is read
 * or validated, so an anonymous caller gets 401 and a customer on an admin route 403 whatever they
 * sent. The handler then takes the user with `await requireUser(request)` (already loaded, no query).
 */
export const signedIn = async (request: FastifyRequest) => {
  await requireUser(request);
};
export const adminOnly = async (request: FastifyRequest) => {
  await requireAdmin(request);
};

const keys = new Map<string, Uint8Array>();
function secretKey(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}
