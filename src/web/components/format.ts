const money = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
const money2 = new Intl.NumberFormat('uk-UA', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1450 → "1 450", 12.5 → "12,5". */
export const formatMoney = (amount: number) => money.format(amount);
/** Always two decimals, for sums: 12.5 → "12,50". */
export const formatSum = (amount: number) => money2.format(amount);
/** SPEC.md §9: dates are shown as their first 10 characters. */
export const formatDate = (iso: string | null | undefined) => (iso ? iso.substring(0, 10) : '');
