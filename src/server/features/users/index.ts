/** Accounts (docs/accounts.md): the session plugin and the seed look users up here. */
export { findUserByEmail, findUserById } from './repository.js';
export { passwordResetRoutes } from './password-reset-routes.js';
export { userRoutes } from './routes.js';
