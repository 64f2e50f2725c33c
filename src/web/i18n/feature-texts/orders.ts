import { defineFeatureTexts } from '..';
import { orders } from '../uk/orders';

export const orderTexts = defineFeatureTexts({ orders }, async () => ({ orders: (await import('../en/orders')).orders }));
