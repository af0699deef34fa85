// A database as the stores see it, whichever engine holds it: SQLite files (the default) or
// Postgres (DATABASE_URL). Store code is written once, against drizzle's SQLite types; on Postgres
// the same calls run on node-postgres with the twin tables of src/db/postgres.ts.
//
// Rules for store code, so that it runs on both:
// - await every query; take rows from the array (no .get/.all/.run: only SQLite has them);
// - count changed rows with .returning(), and cast aggregates of raw SQL with .mapWith(Number)
//   (Postgres hands bigint sums and counts back as text);
// - write only inside db.tx: one transaction; on SQLite transactions take turns (there is one
//   connection), so nothing else writes in the middle of one; a tx inside a tx joins it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Db } from './open.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Engine = 'sqlite' | 'postgres';

/** A sum of integer text (sun) as text: bigint on both engines, whatever the total. */
export const sumOf = (col: SQL | SQLWrapper) => sql<string>`coalesce(sum(cast(${col} as bigint)), 0)`.mapWith(String);

/** drizzle, typed as SQLite (what the store code is written against), whichever engine runs it. */
export type Queries<S extends Record<string, unknown>> = BetterSQLite3Database<S>;

export interface Database<S extends Record<string, unknown>> {
  readonly engine: Engine;
  /** The tables, as the store code names them (on Postgres their twins). */
  readonly t: S;
  /** Reads: outside a transaction on their own, inside one in it. */
  readonly q: Queries<S>;
  /** Runs `fn` in one transaction (a tx inside a tx joins the outer one); rolls back if it throws. */
  tx<T>(fn: (q: Queries<S>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The transaction that code runs in, if it is still open: work a transaction left behind (a promise
 * it started and did not await) that begins one later takes its own turn instead of joining another.
 * The store is switched on only while a transaction runs: on Node 20 an enabled AsyncLocalStorage
 * makes every promise of the process pay a hook (about 0.1 µs each, where an await costs 0.06; the
 * devnet's EVM makes some 2,500 promises a router trade, in the same process).
 */
function txContext<T extends object>() {
  const als = new AsyncLocalStorage<T>();
  const open = new Set<T>();
  return {
    get(): T | undefined {
      const tx = open.size > 0 ? als.getStore() : undefined;
      return tx && open.has(tx) ? tx : undefined;
    },
    async run<R>(tx: T, fn: () => Promise<R>): Promise<R> {
      open.add(tx);
      try {
        return await als.run(tx, fn);
      } finally {
        open.delete(tx);
        if (open.size === 0) als.disable();
      }
    },
  };
}

/** An open SQLite file (openSqlite) as a Database: its transactions take turns on the one connection. */
export function sqliteDatabase<S extends Record<string, unknown>>(db: Db<S>, tables: S): Database<S> {
  const inside = txContext<object>();
  let turn: Promise<unknown> = Promise.resolve();
  return {
    engine: 'sqlite',
    t: tables,
    q: db,
    tx<T>(fn: (q: Queries<S>) => Promise<T>): Promise<T> {
      if (inside.get()) return fn(db);
      const run = () =>
        inside.run({}, async () => {
          db.$client.exec('BEGIN IMMEDIATE');
          try {
            const out = await fn(db);
            db.$client.exec('COMMIT');
            return out;
          } catch (e) {
            if (db.$client.inTransaction) db.$client.exec('ROLLBACK');
            throw e;
          }
        });
      const mine = turn.then(run, run);
      turn = mine.catch(() => undefined);
      return mine;
    },
    close: async () => void db.$client.close(),
  };
}

/** Postgres's migrations of one database ('pg-app' or 'pg-bot'), and the table that records them. */
export interface PgMigrations {
  folder: 'pg-app' | 'pg-bot';
}

/** Any instance may be first on an empty database: migrations run under this advisory lock. */
const MIGRATION_LOCK = 0x746c62; // 'tlb'

/**
 * Opens a Postgres database (DATABASE_URL) with the twin tables `pgTables` of `tables`, after
 * applying the committed migrations under a lock.
 */
export async function openPostgres<S extends Record<string, unknown>>(
  url: string,
  tables: S,
  pgTables: Record<string, unknown>,
  migrations: PgMigrations,
): Promise<Database<S>> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined); // an idle connection dropped: the pool makes a new one
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg({ client }), {
      migrationsFolder: path.join(ROOT, 'drizzle', migrations.folder),
      migrationsTable: `__drizzle_migrations_${migrations.folder.slice(3)}`,
    });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  const base = drizzlePg({ client: pool, schema: pgTables });
  const current = txContext<Queries<S>>();
  return {
    engine: 'postgres',
    t: pgTables as unknown as S,
    get q() {
      return current.get() ?? (base as unknown as Queries<S>);
    },
    tx<T>(fn: (q: Queries<S>) => Promise<T>): Promise<T> {
      const outer = current.get();
      if (outer) return fn(outer);
      return base.transaction((tx) => current.run(tx as unknown as Queries<S>, () => fn(tx as unknown as Queries<S>)));
    },
    close: () => pool.end(),
  };
}
