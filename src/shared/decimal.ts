/**
 * The one reader of numbers an admin types (docs/settings.md): a decimal comma or point ("52,20",
 * "52.20"), spaces between thousands ("1 305,50", also no-break spaces), an optional minus. Anything
 * it cannot read exactly ("1,2,3", "1.305,50", "12 кг", "", "1e3") is null, never a guess.
 */
export function parseDecimal(text: string): number | null {
  const compact = text.trim().replace(/(?<=\d)[\s\u00a0\u202f](?=\d{3}(?:\D|$))/g, '');
  if (!/^-?\d+(?:[.,]\d+)?$/.test(compact)) return null;
  const value = Number(compact.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** A number as the admin's form shows it: Ukrainian decimal comma, no thousands separators (so it reads back the same). */
export function formatDecimal(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}
