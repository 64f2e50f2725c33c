/** What other features may use of the catalogue; everything else in this folder is its own. */
export { productQuery } from './api';
