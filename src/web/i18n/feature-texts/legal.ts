import { defineFeatureTexts } from '..';
import { legal } from '../uk/legal';

export const legalTexts = defineFeatureTexts({ legal }, async () => ({ legal: (await import('../en/legal')).legal }));
