import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.js';
import { sqlStateOf } from '../db/sql-state.js';
import { localizeMessage, parseMessage } from '../../shared/validation-messages.js';
import { AppError } from '../errors.js';

/** Maps every failure to `{ message, code }` (docs/errors.md); never leaks internals on a 5xx. */
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
      return reply.status(400).send({
        message: `Некоректні дані (${where}${first?.message ?? 'невідома помилка'})`,
        code: 'VALIDATION_ERROR',
        errors,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.status(500).send({ message: 'Внутрішня помилка сервера', code: 'INTERNAL' });
    }
    // Last line of defence: a constraint the database caught that a service did not check first.
    // drizzle wraps the driver's error; the SQLSTATE is on the cause.
    const sqlState = sqlStateOf(error);
    if (sqlState === '23505') return reply.status(409).send({ message: 'Такий запис уже існує', code: 'CONFLICT' });
    if (sqlState === '23503') return reply.status(409).send({ message: 'Запис пов’язаний з іншими даними', code: 'CONFLICT' });
    // Text PostgreSQL cannot store (a NUL byte), numbers or strings out of range, an index entry too large.
    if (sqlState && ['22P02', '22003', '22021', '22P05', '22001', '54000'].includes(sqlState)) {
      return reply.status(400).send({ message: 'Некоректні дані', code: 'BAD_INPUT' });
    }
    // PostgreSQL restarting or unreachable: the request changed nothing (its transaction rolled
    // back with the connection) and may be retried in a moment.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '2').send({ message: 'Сервіс тимчасово недоступний. Спробуйте за кілька секунд', code: 'DB_UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // The log has the details; the body never carries stacks, SQL or parameters.
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ message: 'Внутрішня помилка сервера', code: 'INTERNAL' });
    }
    // Fastify's own 4xx: malformed JSON, too large a body, wrong content type, rate limit...
    return reply
      .status(status)
      .send({ message: clientErrorMessage(error, status), code: error.code ?? (status === 429 ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST') });
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ message: `Маршрут ${request.method} ${request.url.split('?')[0]} не знайдено`, code: 'NOT_FOUND' });
}

function clientErrorMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Тіло запиту не є коректним JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Запит завеликий';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Непідтримуваний тип вмісту';
  }
  if (status === 413) return 'Запит завеликий';
  if (status === 429) return 'Забагато спроб. Спробуйте пізніше';
  return error.message || 'Некоректний запит';
}
