import type { account as uk } from '../uk/account';

export const account: typeof uk = {};
