// The two engines: Postgres's tables are the twins of the SQLite definitions (same names, same
// columns), its committed migrations match them, any number of instances may migrate an empty
// database at once, and a transaction behaves the same on both (all or nothing; a transaction inside
// one joins it; a claim made by a conditional update is won once; on SQLite they take turns).
import { and, eq } from 'drizzle-orm';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { getTableColumns, is } from 'drizzle-orm';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import * as appTables from '../../src/db/schema.js';
import * as chatTables from '../../src/bot/schema.js';
import * as tradingTables from '../../src/trading/schema.js';
import * as pgApp from '../../src/db/pg/app.schema.js';
import * as pgChat from '../../src/bot/pg.schema.js';
import * as pgTrading from '../../src/trading/pg.schema.js';
import { openPostgres, sqliteDatabase, type Database } from '../../src/db/engine.js';
import { openSqlite } from '../../src/db/open.js';
import { NEEDS_POSTGRES, testPostgres } from '../helpers/services.js';

const postgres = await testPostgres();
afterAll(() => postgres?.drop());

const pairs = [
  ['app', appTables, pgApp],
  ['trading', tradingTables, pgTrading],
  ['chat', chatTables, pgChat],
] as const;

describe('the Postgres twins of the tables', () => {
  it.each(pairs)('has every %s table, with the same columns', (_name, sqlite, twins) => {
    for (const [key, table] of Object.entries(sqlite)) {
      if (!is(table, SQLiteTable)) continue;
      const twin = (twins as Record<string, unknown>)[key] as PgTable | undefined;
      expect(twin, `${key} has no twin in its pg.schema.ts`).toBeDefined();
      expect(pgConfig(twin!).name).toBe(sqliteConfig(table).name);
      const cols = (t: Record<string, { name: string; notNull: boolean; primary: boolean }>) =>
        Object.entries(t).map(([k, c]) => [k, c.name, c.notNull || c.primary]);
      expect(cols(getTableColumns(twin!) as never)).toEqual(cols(getTableColumns(table) as never));
    }
  });

  it.each(['pg-app', 'pg-bot'] as const)('has committed migrations (%s) that match them', async (folder) => {
    const dir = `drizzle/${folder}/meta`;
    const last = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort()
      .at(-1)!;
    const text = fs.readFileSync(`${dir}/${last}`, 'utf8');
    const now = generateDrizzleJson(
      folder === 'pg-app' ? pgApp : { ...pgTrading, ...pgChat },
      (JSON.parse(text) as { id: string }).id,
    );
    // a change of the definitions without `npm run db:generate` leaves statements here
    expect(await generateMigration(JSON.parse(text) as typeof now, now)).toEqual([]);
  });
});

const probe = {
  ...appTables,
};

/** The same transaction checks on each engine. */
function transactions(open: () => Promise<Database<typeof probe>>) {
  it('commits all of a transaction or none of it, and joins a transaction inside one', async () => {
    const db = await open();
    const { appMeta } = db.t;
    await db.tx(async (q) => {
      await q.insert(appMeta).values({ key: 'a', value: '1' });
      await db.tx(async (inner) => inner.insert(appMeta).values({ key: 'b', value: '2' }));
    });
    await expect(
      db.tx(async (q) => {
        await q.insert(appMeta).values({ key: 'c', value: '3' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const keys = (await db.q.select().from(appMeta)).map((r) => r.key).sort();
    expect(keys).toEqual(['a', 'b']);
    await db.close();
  });

  it('gives a claim (a conditional update) to exactly one of many at once', async () => {
    const db = await open();
    const { appMeta } = db.t;
    await db.tx(async (q) => q.insert(appMeta).values({ key: 'claim', value: 'free' }));
    const claim = (who: string) =>
      db.tx(async (q) => {
        const won = await q
          .update(appMeta)
          .set({ value: who })
          .where(and(eq(appMeta.key, 'claim'), eq(appMeta.value, 'free')))
          .returning({ key: appMeta.key });
        await new Promise((r) => setTimeout(r, 10));
        return won.length === 1;
      });
    const won = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(claim));
    expect(won.filter(Boolean)).toHaveLength(1);
    await db.close();
  });
}

describe('transactions on SQLite', () => {
  transactions(async () => sqliteDatabase(openSqlite(':memory:', probe, 'app'), probe));

  it('take turns: one begins when the one before it has committed', async () => {
    const db = sqliteDatabase(openSqlite(':memory:', probe, 'app'), probe);
    const seen: string[] = [];
    const slow = (name: string) =>
      db.tx(async (q) => {
        seen.push(`${name} begins`);
        await new Promise((r) => setTimeout(r, 10));
        await q.insert(db.t.appMeta).values({ key: name, value: '1' });
        seen.push(`${name} ends`);
      });
    await Promise.all([slow('one'), slow('two')]);
    expect(seen).toEqual(['one begins', 'one ends', 'two begins', 'two ends']);
    await db.close();
  });

  it('give work that a committed one left behind a turn of its own, not a place in the next one', async () => {
    const db = sqliteDatabase(openSqlite(':memory:', probe, 'app'), probe);
    const seen: string[] = [];
    const write = (name: string, ms: number) =>
      db.tx(async (q) => {
        seen.push(`${name} begins`);
        await new Promise((r) => setTimeout(r, ms));
        await q.insert(db.t.appMeta).values({ key: name, value: '1' });
        seen.push(`${name} ends`);
      });
    let late: Promise<void> | undefined;
    await db.tx(async () => {
      // started here, not awaited: it begins its transaction once this one has committed
      late = new Promise((r) => setTimeout(r, 5)).then(() => write('late', 0));
    });
    await Promise.all([write('next', 30), late]);
    expect(seen).toEqual(['next begins', 'next ends', 'late begins', 'late ends']);
    // and a transaction inside one still joins it
    await db.tx(async () => write('inner', 0));
    expect((await db.q.select().from(db.t.appMeta)).map((r) => r.key).sort()).toEqual(['inner', 'late', 'next']);
    await db.close();
  });
});

describe.skipIf(!postgres)(`Postgres ${postgres ? '' : NEEDS_POSTGRES}`, () => {
  it('migrates an empty database from three instances starting at once', async () => {
    const dbs = await Promise.all([0, 1, 2].map(() => openPostgres(postgres!.url, probe, pgApp, { folder: 'pg-app' })));
    const [{ n }] = (
      await (dbs[0]!.q as unknown as { execute(s: string): Promise<{ rows: Array<{ n: string }> }> }).execute(
        "select count(*) n from information_schema.tables where table_schema = 'app'",
      )
    ).rows as [{ n: string }];
    expect(Number(n)).toBe(18);
    await Promise.all(dbs.map((d) => d.close()));
  });

  transactions(async () => {
    const db = await openPostgres(postgres!.url, probe, pgApp, { folder: 'pg-app' });
    await db.tx(async (q) => q.delete(db.t.appMeta));
    return db;
  });
});
