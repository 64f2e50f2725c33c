import { catalog } from './catalog';
import { common } from './common';
import { reviews } from './reviews';

/**
 * The texts every page may show; sections per feature. English mirrors this shape exactly. The
 * account's, checkout's, orders' and admin's texts come with their screens (../feature-texts),
 * the words for errors with the code that words them (api/error-message.ts).
 */
export const uk = { common, catalog, reviews };
export type Messages = typeof uk;
