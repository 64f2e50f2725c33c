import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.js';
import { sqlStateOf } from '../db/sql-state.js';
import { localizeMessage, parseMessage } from '../../shared/validation-messages.js';
import { wordError, type ErrorCode, type ErrorParams } from '../../shared/errors/index.js';
import { uk } from '../../shared/errors/uk.js';
import { AppError } from '../errors.js';

/** Maps every failure to `{ message, code }` (docs/errors.md), worded by the catalogue (src/shared/errors); never leaks internals on a 5xx. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // Every coded 429 says how long to wait (TOO_MANY_ATTEMPTS, ACCOUNT_THROTTLED).
      if (error.statusCode === 429 && typeof error.params?.seconds === 'number') reply.header('retry-after', String(Math.max(1, error.params.seconds)));
      return reply.status(error.statusCode).send({ message: error.message, code: error.code, params: error.params, errors: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Each field carries the stable key of its message as `code` (with `params` for the blanks),
      // so a client can word it in its own language; `message` is the Ukrainian text.
      const errors = error.validation.map((issue) => {
        const parsed = parseMessage(issue.message ?? '');
        return {
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: localizeMessage(issue.message ?? ''),
          code: parsed?.code ?? 'invalid',
          ...(parsed?.params ? { params: parsed.params } : {}),
        };
      });
      const first = errors[0];
      const where = first?.path ? `${first.path}: ` : '';
      return reply
        .status(400)
        .send({ message: wordError(uk, 'VALIDATION_ERROR', { detail: first && `${where}${first.message}` }), code: 'VALIDATION_ERROR', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send(answer('INTERNAL'));
    }
    // Last line of defence: a constraint the database caught that a service did not check first.
    // drizzle wraps the driver's error; the SQLSTATE is on the cause.
    const sqlState = sqlStateOf(error);
    if (sqlState === '23505' || sqlState === '23503') return reply.status(409).send(answer('CONFLICT'));
    // Text PostgreSQL cannot store (a NUL byte), numbers or strings out of range, an index entry too large.
    if (sqlState && ['22P02', '22003', '22021', '22P05', '22001', '54000'].includes(sqlState)) {
      return reply.status(400).send(answer('BAD_INPUT'));
    }
    // PostgreSQL restarting or unreachable: the request changed nothing (its transaction rolled
    // back with the connection) and may be retried in a moment.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send(answer('DB_UNAVAILABLE'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The log has the details; the body never carries stacks, SQL or parameters.
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(answer('INTERNAL'));
    }
    // Fastify's own 4xx: malformed JSON, too large a body, wrong content type, rate limit...
    return reply
      .status(status)
      .send({ message: uk[clientErrorWords(error, status)], code: error.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST') });
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  const route = `${request.method} ${request.url.split('?')[0]}`;
  return reply.status(404).send({ message: wordError(uk, 'NOT_FOUND', { route }), code: 'NOT_FOUND', params: { route } });
}

/** A code whose words have no blanks. */
type FixedCode = { [C in ErrorCode]: ErrorParams<C> extends undefined ? C : never }[ErrorCode];

/** A body for a code with fixed words. */
function answer(code: FixedCode): { message: string; code: FixedCode } {
  return { message: uk[code], code };
}

/** Fastify's own codes the catalogue words; any other keeps its code and is worded by its status. */
function clientErrorWords(error: FastifyError, status: number): FixedCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return error.code;
  }
  if (status === 413) return 'FST_ERR_CTP_BODY_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return 'BAD_REQUEST';
}
