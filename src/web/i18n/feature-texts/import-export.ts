import { defineFeatureTexts } from '..';
import { importExport } from '../uk/import-export';

export const importExportTexts = defineFeatureTexts({ importExport }, async () => ({ importExport: (await import('../en/import-export')).importExport }));
