/** `npm run db:seed`: replaces the catalogue with the demo one and makes sure an admin exists. */
import { loadConfig } from '../config.js';
import { databaseTargetOf, openDatabase } from '../db/client.js';
import { ensureAdmin, seedDemoCatalog } from './index.js';

const config = loadConfig();
const database = await openDatabase(databaseTargetOf(config));
await ensureAdmin(database.db, config.admin);
const n = await seedDemoCatalog(database.db);
console.log(`Demo catalogue seeded: ${n} products`);
await database.close();
