import { defineFeatureTexts } from '..';
import { recipes } from '../uk/recipes';

export const recipeTexts = defineFeatureTexts({ recipes }, async () => ({ recipes: (await import('../en/recipes')).recipes }));
