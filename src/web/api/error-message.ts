import { currentMessages } from '../i18n';
import { ApiError } from './client';

/** What to tell the shopper about a failure: the server's message, else our own words (SPEC.md §8). */
export function errorMessage(error: unknown): string {
  const t = currentMessages().common;
  if (error instanceof ApiError) {
    if (error.status === 'FETCH_ERROR') return t.networkError;
    if (error.status === 'TIMEOUT_ERROR') return t.timeoutError;
    if (error.status === 'PARSING_ERROR') return t.parsingError;
    return error.message || t.genericError;
  }
  return error instanceof Error && error.message ? error.message : t.genericError;
}
