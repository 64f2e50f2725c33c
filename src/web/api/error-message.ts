import { localizeMessage, msg, isMessageKey, type Locale } from '../../shared/validation-messages';
import { isErrorCode, wordError, type ErrorParams, type ErrorTexts } from '../../shared/errors';
import { en } from '../../shared/errors/en';
import { uk } from '../../shared/errors/uk';
import { currentMessages, useLanguage, type Messages } from '../i18n';
import { ApiError, type FieldIssue } from './client';
import { connectionMessage } from './connection-message';

// The server's own catalogue (src/shared/errors), loaded with the first error to word, in both
// languages: a few kilobytes, never on a first page (docs/decisions/012-first-load.md).
const ERRORS: Record<Locale, ErrorTexts> = { uk, en };

/**
 * What to tell the shopper about a failure, in the chosen language (docs/errors.md): our own
 * words for the server's `code`, the server's message only for a code we do not know.
 */
export function errorMessage(error: unknown, messages: Messages = currentMessages(), locale: Locale = useLanguage.getState().language): string {
  const connection = connectionMessage(error, messages.common);
  if (connection !== undefined || !(error instanceof ApiError)) return connection ?? messages.common.genericError;
  const texts = ERRORS[locale];
  if (error.code === 'VALIDATION_ERROR' && error.errors?.length) {
    const first = error.errors[0];
    const text = fieldMessage(issueMessage(first), locale);
    return wordError(texts, 'VALIDATION_ERROR', { detail: first.path ? `${first.path}: ${text}` : text });
  }
  // A code whose blanks did not come (an older server) keeps the server's own words.
  if (isErrorCode(error.code) && (typeof texts[error.code] === 'string' || error.params)) {
    return wordError(texts, error.code, error.params as ErrorParams<typeof error.code>);
  }
  return error.message || messages.common.genericError;
}

/** A server's field issue as a form message: its key when we know it, else its text. */
export function issueMessage(issue: FieldIssue): string {
  return issue.code && isMessageKey(issue.code) ? msg(issue.code, issue.params) : issue.message;
}

/** A form field's message (a shared schema's key, or text already in words) in the chosen language. */
export function fieldMessage(message: string | undefined, locale: Locale = useLanguage.getState().language): string {
  return message ? localizeMessage(message, locale) : '';
}

/** The same, re-rendered when the shopper switches the language. */
export function useFieldMessage(): (message: string | undefined) => string {
  const locale = useLanguage((s) => s.language);
  return (message) => fieldMessage(message, locale);
}
