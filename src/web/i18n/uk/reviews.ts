/** Texts of product reviews. */
export const reviews = {};
