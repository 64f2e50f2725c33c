import { defineFeatureTexts } from '..';
import { admin } from '../uk/admin';

export const adminTexts = defineFeatureTexts({ admin }, async () => ({ admin: (await import('../en/admin')).admin }));
