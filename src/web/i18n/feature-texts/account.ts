import { defineFeatureTexts } from '..';
import { account } from '../uk/account';

export const accountTexts = defineFeatureTexts({ account }, async () => ({ account: (await import('../en/account')).account }));
