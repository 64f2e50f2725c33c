import type { Messages } from '../uk';
import { catalog } from './catalog';
import { common } from './common';
import { reviews } from './reviews';

export const en: Messages = { common, catalog, reviews };
