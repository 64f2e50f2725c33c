import type { checkout as uk } from '../uk/checkout';

export const checkout: typeof uk = {};
