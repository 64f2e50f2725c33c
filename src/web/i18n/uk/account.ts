/** Texts of the account screens. */
export const account = {};
