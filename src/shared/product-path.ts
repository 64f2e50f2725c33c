import { latinForm, searchWords } from './search-text.js';

/** Longest slug kept, cut at a word: enough to tell products apart, short enough to share. */
const SLUG_MAX = 80;

/**
 * The readable part of a product's address: its name transliterated from Ukrainian, words joined
 * by hyphens ("Дріжджі Fermentis SafAle US-05, 500 г" → "drizhdzhi-fermentis-safale-us-05-500-h").
 */
export function slugify(name: string): string {
  let slug = '';
  for (const word of searchWords(name).map(latinForm).filter(Boolean)) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX) break;
    slug = next;
  }
  return slug || 'tovar';
}

/** What a product address may hold: a slug, or (old links) the product's id. */
export const PRODUCT_REF = /^[a-z0-9][a-z0-9-]{0,99}$/;
