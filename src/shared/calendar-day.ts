/** A calendar day as the shop writes it: "2026-11-27" → "27.11.2026" (promo codes' Kyiv days). */
export const formatCalendarDay = (day: string | number | null | undefined): string =>
  String(day ?? '')
    .split('-')
    .reverse()
    .join('.');
