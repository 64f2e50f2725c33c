import { SHOP_TIME_ZONE } from '../../shared/time-zone';
import { useLanguage, type Language } from '../i18n';

/** Money is written by the shared formatters (docs/pricing.md): "1 305 грн", "$36,42", "1 450". */
export { formatAmount, formatRate, formatUah, formatUsd } from '../../shared/pricing';

/**
 * The shop lives in Kyiv: a moment is shown as the Kyiv calendar day and clock, whatever the
 * browser's own zone, so an order placed at 01:30 Kyiv time (22:30 or 23:30 UTC) shows that day.
 */
const locales: Record<Language, string> = { uk: 'uk-UA', en: 'en-GB' };
const day = { timeZone: SHOP_TIME_ZONE, day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const formatters = {
  date: new Map<Language, Intl.DateTimeFormat>(),
  dateTime: new Map<Language, Intl.DateTimeFormat>(),
};

function formatter(kind: keyof typeof formatters, language: Language): Intl.DateTimeFormat {
  let format = formatters[kind].get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], kind === 'date' ? day : { ...day, hour: '2-digit', minute: '2-digit' });
    formatters[kind].set(language, format);
  }
  return format;
}

function format(kind: keyof typeof formatters, iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? '' : formatter(kind, language).format(moment);
}

/** The Kyiv day of an ISO moment: "15.03.2025" in Ukrainian, "15/03/2025" in English. */
export const formatDate = (iso: string | null | undefined, language: Language) => format('date', iso, language);

/** The Kyiv day and time: "15.03.2025, 01:30" in Ukrainian, "15/03/2025, 01:30" in English. */
export const formatDateTime = (iso: string | null | undefined, language: Language) => format('dateTime', iso, language);

/** Both formatters bound to the shopper's chosen language. */
export function useDateFormat() {
  const language = useLanguage((s) => s.language);
  return {
    date: (iso: string | null | undefined) => formatDate(iso, language),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
  };
}
