/** Texts of the admin screens. */
export const admin = {};
