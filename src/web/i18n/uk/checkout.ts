/** Texts of the checkout screens. */
export const checkout = {};
