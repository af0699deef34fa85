// `cli db copy-to-postgres`: moves an install from its SQLite files (DATA_DIR/app.sqlite and
// bot.sqlite) to the Postgres of DATABASE_URL. Every table is copied row by row through the same
// definitions the stores use (so amounts, flags and JSON arrive as they left), in one transaction
// per database: a copy that fails leaves Postgres as it was. The target must hold no data yet (only
// what its migrations put there: the default plans, which the copy replaces). Id sequences go on
// after the copied ids. Run it with the instance stopped.
import fs from 'node:fs';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { openPostgres, type Queries } from '../db/engine.js';
import { openSqlite } from '../db/open.js';
import * as appSchema from '../db/schema.js';
import * as appPg from '../db/pg/app.schema.js';
import * as chatSchema from '../bot/schema.js';
import * as chatPg from '../bot/pg.schema.js';
import * as tradingSchema from '../trading/schema.js';
import * as tradingPg from '../trading/pg.schema.js';

/** The bot.sqlite file's tables: the trading side's and the Telegram chat's beside them. */
const botSchema = { ...tradingSchema, ...chatSchema };
const botPg = { ...tradingPg, ...chatPg };

/** Tables the migrations fill, which a fresh target may hold and the copy replaces. */
const SEEDED = new Set(['plans', 'app_meta']);
const BATCH = 500;

export interface CopyReport {
  database: 'app' | 'bot';
  tables: number;
  rows: number;
}

/** Tables in an order where each comes after those its foreign keys point at. */
function ordered(schema: Record<string, unknown>): Array<[string, SQLiteTable]> {
  const tables = Object.entries(schema).filter((e): e is [string, SQLiteTable] => is(e[1], SQLiteTable));
  const out: Array<[string, SQLiteTable]> = [];
  const placed = new Set<SQLiteTable>();
  const place = (entry: [string, SQLiteTable]) => {
    if (placed.has(entry[1])) return;
    placed.add(entry[1]);
    for (const fk of sqliteConfig(entry[1]).foreignKeys) {
      const target = tables.find(([, t]) => t === fk.reference().foreignTable);
      if (target) place(target);
    }
    out.push(entry);
  };
  tables.forEach(place);
  return out;
}

export class CopyRefused extends Error {}

async function copyOne(
  which: 'app' | 'bot',
  file: string,
  url: string,
  schema: Record<string, unknown>,
  pgTables: Record<string, unknown>,
): Promise<CopyReport> {
  const source = openSqlite(file, schema, which);
  const target = await openPostgres(url, schema, pgTables, { folder: which === 'app' ? 'pg-app' : 'pg-bot' });
  try {
    const tables = ordered(schema);
    let rows = 0;
    await target.tx(async (q) => {
      const exec = (query: ReturnType<typeof sql>) =>
        (q as unknown as { execute(s: typeof query): Promise<{ rows: Array<Record<string, unknown>> }> }).execute(
          query,
        );
      for (const [key, table] of tables) {
        const name = sqliteConfig(table).name;
        if (SEEDED.has(name)) continue;
        const twin = pgTables[key] as PgTable;
        const [held] = (await (q as unknown as Queries<Record<string, PgTable>>)
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(twin as never)) as Array<{ n: number }>;
        if (held!.n > 0)
          throw new CopyRefused(
            `the ${which} database at DATABASE_URL already holds data (table ${name}): copy into an empty one`,
          );
      }
      for (const [key] of [...tables].reverse()) await q.delete(pgTables[key] as never);
      for (const [key, table] of tables) {
        const all = source.select().from(table).all();
        for (let i = 0; i < all.length; i += BATCH)
          await q.insert(pgTables[key] as never).values(all.slice(i, i + BATCH));
        rows += all.length;
        // ids made on Postgres from now on go on after the copied ones
        const c = pgConfig(pgTables[key] as PgTable);
        for (const col of c.columns.filter((x) => x.primary && x.columnType === 'PgBigSerial53')) {
          const qualified = `"${c.schema}"."${c.name}"`;
          await exec(
            sql.raw(
              `SELECT setval(pg_get_serial_sequence('${qualified}', '${col.name}'), coalesce((SELECT max("${col.name}") FROM ${qualified}), 0) + 1, false)`,
            ),
          );
        }
      }
    });
    return { database: which, tables: tables.length, rows };
  } finally {
    source.$client.close();
    await target.close();
  }
}

/** Copies the app's and the bot's SQLite files (those that exist) into Postgres. */
export async function copyToPostgres(files: { app: string; bot: string }, url: string): Promise<CopyReport[]> {
  const out: CopyReport[] = [];
  if (fs.existsSync(files.app)) out.push(await copyOne('app', files.app, url, appSchema, appPg));
  if (fs.existsSync(files.bot)) out.push(await copyOne('bot', files.bot, url, botSchema, botPg));
  if (!out.length) throw new CopyRefused(`no SQLite files to copy: neither ${files.app} nor ${files.bot} exists`);
  return out;
}
