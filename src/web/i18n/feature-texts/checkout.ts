import { defineFeatureTexts } from '..';
import { checkout } from '../uk/checkout';

export const checkoutTexts = defineFeatureTexts({ checkout }, async () => ({ checkout: (await import('../en/checkout')).checkout }));
