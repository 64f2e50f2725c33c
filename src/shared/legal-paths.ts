/**
 * The legal pages and their addresses (docs/domain.md, docs/seo.md). Apart from the schemas in
 * legal.ts so that the first page, whose footer links them, loads no zod.
 */
export const LEGAL_PAGE_KEYS = ['offer', 'privacy', 'delivery', 'returns'] as const;
export type LegalPageKey = (typeof LEGAL_PAGE_KEYS)[number];

/** Each page's readable address (docs/seo.md); a version of it is `{path}/v/{n}`. */
export const LEGAL_PAGE_PATHS: Record<LegalPageKey, string> = {
  offer: '/oferta',
  privacy: '/privacy',
  delivery: '/delivery',
  returns: '/returns',
};
export const legalPagePath = (key: LegalPageKey, version?: number) => (version ? `${LEGAL_PAGE_PATHS[key]}/v/${version}` : LEGAL_PAGE_PATHS[key]);
