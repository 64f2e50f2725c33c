/** What other features may use of recipes; everything else in this folder is its own. */
export { HopSubstitutes } from './hop-substitutes';
export { MyRecipes } from './my-recipes';
