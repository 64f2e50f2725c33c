import type { reviews as uk } from '../uk/reviews';

export const reviews: typeof uk = {};
