/**
 * The server's one error vocabulary. Services throw these; plugins/errors.ts turns them into
 * `{ message, code }` with the right status. Messages are Ukrainian: shoppers read them in toasts.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** The blanks of the code's text (a product's name, a weight) for clients that word it themselves. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

export class BadInput extends AppError {
  constructor(message = 'Некоректні дані', code = 'BAD_INPUT', params?: Record<string, string | number>) {
    super(400, code, message, undefined, params);
  }
}
export class Unauthorized extends AppError {
  constructor(message = 'Увійдіть, будь ласка', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}
export class Forbidden extends AppError {
  constructor(message = 'Недостатньо прав', code = 'FORBIDDEN') {
    super(403, code, message);
  }
}
export class NotFound extends AppError {
  constructor(message = 'Не знайдено', code = 'NOT_FOUND') {
    super(404, code, message);
  }
}
export class Conflict extends AppError {
  constructor(message: string, code = 'CONFLICT', params?: Record<string, string | number>) {
    super(409, code, message, undefined, params);
  }
}
/** A third party (Nova Poshta, PayPal) failed or answered nonsense. */
export class UpstreamError extends AppError {
  constructor(message: string, code = 'UPSTREAM_ERROR', statusCode: 502 | 504 = 502) {
    super(statusCode, code, message);
  }
}

/** 429 with the wait in seconds; the error handler also sends it as Retry-After. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'TOO_MANY_ATTEMPTS', `Забагато спроб. Спробуйте знову через ${describeWait(retryAfterSeconds)}`, undefined, {
      seconds: retryAfterSeconds,
    });
  }
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} с`;
  return `${Math.ceil(seconds / 60)} хв`;
}
