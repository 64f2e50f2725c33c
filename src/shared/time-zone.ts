/**
 * The shop's clock and calendar (docs/domain.md, "The shop's days"): every "day" it speaks of — a promo code's
 * dates, the dashboard's days, the daily Z-report, an export's period, the NBU rate's day, the date
 * on a Nova Poshta waybill, a date shown in the app — is a day in Kyiv, whatever the server's or the
 * browser's own zone. Migration 0033's trigger (the dashboard's day summary) writes the same zone in
 * its SQL; migrations are never edited, so a change here needs a new migration there too.
 */
export const SHOP_TIME_ZONE = 'Europe/Kyiv';

// Made on first use: a browser's first time-zone formatter loads its zone data (tens of ms), which a
// first page that shows no date should not pay (docs/decisions/012-first-load.md).
let day: Intl.DateTimeFormat | undefined;

/** The shop's calendar day of a moment, "2026-11-27" (00:30 in Kyiv is already that day, whatever UTC says). */
export const shopDay = (moment: Date): string =>
  (day ??= new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })).format(moment);
