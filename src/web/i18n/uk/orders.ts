/** Texts of the orders screens. */
export const orders = {};
