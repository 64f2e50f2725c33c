import { errorStatus, wordError, type Blank, type ErrorCode, type ErrorParams, type ErrorStatus } from '../shared/errors/index.js';
import { uk } from '../shared/errors/uk.js';

interface AppErrorOptions<C extends ErrorCode> {
  /** One of the code's own statuses (src/shared/errors/codes.ts), when it has several. */
  status?: ErrorStatus<C>;
  /** Field problems of a validation answer, sent as `errors`. */
  details?: unknown;
}

/** A code's blanks (required when its text has any) and the options; not distributed, so a union of codes needs the blanks any of them needs. */
export type AppErrorArgs<C extends ErrorCode> = [ErrorParams<C>] extends [undefined]
  ? [params?: undefined, options?: AppErrorOptions<C>]
  : Record<string, never> extends ErrorParams<C>
    ? [params?: ErrorParams<C>, options?: AppErrorOptions<C>]
    : [params: ErrorParams<C>, options?: AppErrorOptions<C>];

/**
 * The server's one error: services throw a code of the catalogue (src/shared/errors, docs/errors.md)
 * with its blanks; plugins/errors.ts answers `{ message, code, params }` with the code's status.
 * The message is the catalogue's Ukrainian: shoppers read it in toasts.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  /** The blanks of the code's text (a product's name, a weight) for clients that word it themselves. */
  readonly params?: Readonly<Record<string, Blank | undefined>>;
  readonly details?: unknown;

  constructor(
    readonly code: C,
    ...[params, options]: AppErrorArgs<C>
  ) {
    super(wordError(uk, code, params as ErrorParams<C>));
    this.statusCode = (options?.status as number | undefined) ?? errorStatus(code);
    this.params = params as AppError['params'];
    this.details = options?.details;
  }
}

/** 429 with the wait in seconds; the error handler also sends it as Retry-After. */
export class TooManyAttempts extends AppError<'TOO_MANY_ATTEMPTS'> {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS', { seconds: retryAfterSeconds });
  }
}
