import { localizeMessage, msg, isMessageKey, type Locale } from '../../shared/validation-messages';
import { currentMessages, useLanguage, type Messages } from '../i18n';
import { errors as enErrors } from '../i18n/en/errors';
import { errors as ukErrors } from '../i18n/uk/errors';
import { ApiError, type FieldIssue } from './client';
import { connectionMessage } from './connection-message';

// Loaded with the first error to word, in both languages (a few kilobytes, never on a first page).
const ERRORS: Record<Locale, typeof ukErrors> = { uk: ukErrors, en: enErrors };
type Codes = typeof ukErrors.codes;

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
    return texts.validation(first.path ? `${first.path}: ${text}` : text);
  }
  const text = error.code && Object.hasOwn(texts.codes, error.code) ? texts.codes[error.code as keyof Codes] : undefined;
  if (typeof text === 'string') return text;
  if (typeof text === 'function') return text(error.params ?? {});
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
