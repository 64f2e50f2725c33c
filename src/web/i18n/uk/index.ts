import { account } from './account';
import { admin } from './admin';
import { catalog } from './catalog';
import { checkout } from './checkout';
import { common } from './common';
import { errors } from './errors';
import { orders } from './orders';
import { reviews } from './reviews';

/** Every user-facing string; sections per feature. English mirrors this shape exactly. */
export const uk = { common, catalog, account, checkout, orders, reviews, admin, errors };
export type Messages = typeof uk;
