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
const options = {
  date: day,
  dateTime: { ...day, hour: '2-digit', minute: '2-digit' },
  dayMonth: { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: keyof typeof options, language: Language): Intl.DateTimeFormat {
  let format = formatters.get(`${kind} ${language}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], options[kind]);
    formatters.set(`${kind} ${language}`, format);
  }
  return format;
}

function format(kind: keyof typeof options, iso: string | null | undefined, language: Language): string {
  if (!iso) return '';
  const moment = new Date(iso);
  return Number.isNaN(moment.getTime()) ? '' : formatter(kind, language).format(moment);
}

/** The Kyiv day of an ISO moment: "15.03.2025" in Ukrainian, "15/03/2025" in English. */
export const formatDate = (iso: string | null | undefined, language: Language) => format('date', iso, language);

/** The Kyiv day and time: "15.03.2025, 01:30" in Ukrainian, "15/03/2025, 01:30" in English. */
export const formatDateTime = (iso: string | null | undefined, language: Language) => format('dateTime', iso, language);

/** The Kyiv day without its year, as a chart's axis reads: "28 лист." in Ukrainian, "28 Nov" in English. */
export const formatDayMonth = (moment: Date, language: Language) => formatter('dayMonth', language).format(moment);

/** Both formatters bound to the shopper's chosen language. */
export function useDateFormat() {
  const language = useLanguage((s) => s.language);
  return {
    date: (iso: string | null | undefined) => formatDate(iso, language),
    dateTime: (iso: string | null | undefined) => formatDateTime(iso, language),
  };
}
