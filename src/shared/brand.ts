/**
 * The brand a price feed names for a product (docs/seo.md): its own `brand` when the owner set one,
 * else its producer, unless that producer is a country (a hop's "USA" is where it grew, not who made
 * or packed it). Null: the feed leaves the brand out rather than print a country.
 */
export function feedBrand(product: { brand: string | null; producer: string }, producer: { name: string; country: string } | undefined): string | null {
  const own = product.brand?.trim();
  if (own) return own;
  const name = product.producer.trim();
  if (!name) return null;
  const isCountry = producer ? producer.country.trim().toLowerCase() === producer.name.trim().toLowerCase() : false;
  return isCountry ? null : name;
}
