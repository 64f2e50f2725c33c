import type { Messages } from '../i18n';
import { ApiError } from './client';

/**
 * The words for a failure the server did not word (docs/errors.md): no connection, no answer in
 * time, an unreadable answer, or no answer at all. Undefined for an answer of the server's own,
 * which api/error-message.ts words, loaded only then.
 */
export function connectionMessage(error: unknown, t: Messages['common']): string | undefined {
  if (!(error instanceof ApiError)) return t.genericError;
  if (error.status === 'FETCH_ERROR') return t.networkError;
  if (error.status === 'TIMEOUT_ERROR') return t.timeoutError;
  if (error.status === 'PARSING_ERROR') return t.parsingError;
  return undefined;
}
