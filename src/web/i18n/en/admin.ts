import type { admin as uk } from '../uk/admin';

export const admin: typeof uk = {};
