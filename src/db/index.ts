import { openSqlite, type Db } from './open.js';
import { ensurePlans } from './plans.js';
import * as schema from './schema.js';

export type AppDb = Db<typeof schema>;

/** Opens the app database, applies migrations and makes sure the default plans exist. */
export function openDb(file: string): AppDb {
  const db = openSqlite(file, schema, 'app');
  ensurePlans(db);
  return db;
}
