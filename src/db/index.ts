// The API's database: SQLite (DATA_DIR/app.sqlite, the default) or Postgres (DATABASE_URL), with its
// committed migrations applied (they include the default plans).
import { openSqlite, type Db } from './open.js';
import { openPostgres, sqliteDatabase, type Database } from './engine.js';
import * as schema from './schema.js';
import * as pgTables from './pg/app.schema.js';

/** The SQLite file itself, for what is not yet written against AppDatabase (the indexer). */
export type AppDb = Db<typeof schema>;
/** The API's database as the stores use it, on either engine. */
export type AppDatabase = Database<typeof schema>;

/** Opens the app's SQLite file and applies its migrations. */
export function openDb(file: string): AppDb {
  return openSqlite(file, schema, 'app');
}

/** The app's SQLite file as the stores use it. */
export const sqliteAppDatabase = (file: AppDb): AppDatabase => sqliteDatabase(file, schema);

/** The app's database on SQLite (an open file) or Postgres (a URL: migrated under a lock). */
export async function openAppDatabase(where: { sqlite: AppDb } | { postgres: string }): Promise<AppDatabase> {
  if ('sqlite' in where) return sqliteAppDatabase(where.sqlite);
  return openPostgres(where.postgres, schema, pgTables, { folder: 'pg-app' });
}
