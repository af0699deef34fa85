// The trading side's database: the bot.sqlite file of DATA_DIR (the embedded default) or the `bot`
// schema of the Postgres at DATABASE_URL (several instances share it), with its committed
// migrations (drizzle/bot, drizzle/pg-bot). A front end may keep tables of its own beside the trading
// side's, in the same file and the same migration sequence (the Telegram chat's: src/bot/store.ts
// opens them with these); the trading side itself reads only its own.
import type { PgTable } from 'drizzle-orm/pg-core';
import { openPostgres, sqliteDatabase, type Database } from '../db/engine.js';
import { openSqlite, type Db } from '../db/open.js';
import * as pg from './pg.schema.js';
import * as s from './schema.js';

/** The trading side's database as its stores use it, on either engine. */
export type TradingDatabase = Database<typeof s>;

/** A front end's tables kept beside the trading side's: their SQLite definitions and Postgres twins. */
export interface MoreTables<M extends Record<string, unknown>> {
  sqlite: M;
  pg: Partial<Record<keyof M, PgTable>>;
}

type NoMore = Record<never, never>;

/** The database's SQLite file itself (tests read it with SQL), with a front end's tables if any. */
export function openTradingDb<M extends Record<string, unknown> = NoMore>(
  file: string,
  more?: MoreTables<M>,
): Db<typeof s & M> {
  return openSqlite(file, { ...s, ...(more?.sqlite as M) }, 'bot');
}

/**
 * The trading side's database: a SQLite file (a path, or one open already) or Postgres (a URL:
 * migrated under a lock), with a front end's tables if any.
 */
export async function openTradingDatabase<M extends Record<string, unknown> = NoMore>(
  where: { sqlite: string | Db<typeof s & M> } | { postgres: string },
  more?: MoreTables<M>,
): Promise<Database<typeof s & M>> {
  const schema = { ...s, ...(more?.sqlite as M) };
  if ('sqlite' in where)
    return sqliteDatabase(typeof where.sqlite === 'string' ? openTradingDb(where.sqlite, more) : where.sqlite, schema);
  return openPostgres(where.postgres, schema, { ...pg, ...more?.pg }, { folder: 'pg-bot' });
}
