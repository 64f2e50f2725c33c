/** Recipes (docs/recipes.md): the hop substitutes and saved recipes the site renders. */
export { cachedRecipeCandidates } from './catalog.js';
export { findSavedRecipe, getSavedRecipe } from './saved.js';
export { hopSubstitutes } from './service.js';
export { recipeRoutes } from './routes.js';
