/** `npm run db:migrate`: applies the committed migrations (the server also does it at start-up). */
import { loadConfig } from '../config.js';
import { databaseTargetOf, openDatabase } from './client.js';

const database = await openDatabase(databaseTargetOf(loadConfig()));
console.log(`Migrations applied (${database.driver})`);
await database.close();
