/**
 * A listing's attribute filters are query parameters `attr.{key}` (docs/api.md). Apart from
 * categories.ts, which needs zod: a visitor's category page loads no zod (docs/decisions/012-first-load.md).
 */
export const ATTRIBUTE_PARAM_PREFIX = 'attr.';
