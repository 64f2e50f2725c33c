import type { Messages } from '../uk';
import { account } from './account';
import { admin } from './admin';
import { catalog } from './catalog';
import { checkout } from './checkout';
import { common } from './common';
import { errors } from './errors';
import { orders } from './orders';
import { reviews } from './reviews';

export const en: Messages = { common, catalog, account, checkout, orders, reviews, admin, errors };
