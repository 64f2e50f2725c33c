/** A page number from the URL; anything odd ("abc", "0", "-3") reads as the first page. */
export function pageFromParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}
