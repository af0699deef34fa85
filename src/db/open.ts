// Opens a SQLite file (or ':memory:') with the house pragmas and applies committed migrations.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Db<S extends Record<string, unknown>> = BetterSQLite3Database<S> & { $client: Database.Database };

/** `migrations` is a folder under drizzle/: 'app', 'devnet' or 'bot'. */
export function openSqlite<S extends Record<string, unknown>>(
  file: string,
  schema: S,
  migrations: 'app' | 'devnet' | 'bot',
): Db<S> {
  if (file !== ':memory:') {
    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    // owner-only: the files hold sealed keys, API key hashes and what users traded (SQLite gives its
    // -wal and -shm files the database file's mode)
    fs.closeSync(fs.openSync(file, 'a', 0o600));
    fs.chmodSync(file, 0o600);
  }
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: path.join(ROOT, 'drizzle', migrations) });
  return db;
}
