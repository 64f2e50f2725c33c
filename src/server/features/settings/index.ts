/** The shop's settings (docs/settings.md): every feature reads its rules from here; admins change them through the routes. */
export { getPublicSettings, getSettings, saveSettings } from './repository.js';
export { settingsRoutes } from './routes.js';
