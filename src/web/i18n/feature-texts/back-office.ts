import { defineFeatureTexts } from '..';
import { backOffice } from '../uk/back-office';

export const backOfficeTexts = defineFeatureTexts({ backOffice }, async () => ({ backOffice: (await import('../en/back-office')).backOffice }));
