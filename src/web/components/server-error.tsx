import { errorMessage } from '../api/error-message';
import { useLanguage, useT } from '../i18n';

/** The words for a server's answer, in the shopper's language (message.tsx loads it when needed). */
export default function ServerError({ error }: { error: unknown }) {
  return errorMessage(
    error,
    useT(),
    useLanguage((s) => s.language),
  );
}
