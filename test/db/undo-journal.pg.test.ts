// The undo journal on Postgres (when it answers) takes back exactly what came from the blocks a fork
// replaced, and nothing else: the same cases as on SQLite (test/db/undo-journal.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { bigserial, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { pgUndoJournal } from '../../src/db/undo-journal.pg.js';
import type { Queries } from '../../src/db/engine.js';
import { NEEDS_POSTGRES, testPostgres } from '../helpers/services.js';

const postgres = await testPostgres();
const pool = postgres ? new pg.Pool({ connectionString: postgres.url }) : undefined;
afterAll(async () => {
  await pool?.end();
  await postgres?.drop();
});

const s = pgSchema('j');
const holders = s.table(
  'holders',
  { token: text('token').notNull(), address: text('address').notNull(), balance: text('balance').notNull() },
  (t) => [primaryKey({ columns: [t.token, t.address] })],
);
const trades = s.table('trades', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txid: text('txid').notNull(),
  note: text('note'),
});

async function setup() {
  const db = drizzle({ client: pool! });
  await db.execute(sql`DROP SCHEMA IF EXISTS j CASCADE`);
  await db.execute(sql`CREATE SCHEMA j`);
  await db.execute(
    sql`CREATE TABLE j.holders (token text NOT NULL, address text NOT NULL, balance text NOT NULL, PRIMARY KEY (token, address))`,
  );
  await db.execute(sql`CREATE TABLE j.trades (id bigserial PRIMARY KEY, txid text NOT NULL, note text)`);
  const q = db as unknown as Queries<Record<string, unknown>>;
  const j = await pgUndoJournal(q, 'j', [holders, trades]);
  const rows = async () => ({
    holders: (await db.execute(sql`SELECT * FROM j.holders ORDER BY token, address`)).rows,
    trades: (await db.execute(sql`SELECT txid, note FROM j.trades ORDER BY id`)).rows,
  });
  const inBlock = (n: number | null, statements: string[]) =>
    db.transaction(async (tx) => {
      const tq = tx as unknown as Queries<Record<string, unknown>>;
      await j.setBlock(tq, n);
      for (const st of statements) await tx.execute(sql.raw(st));
    });
  const undo = (from: number) =>
    db.transaction((tx) => j.undoFrom(tx as unknown as Queries<Record<string, unknown>>, from));
  return { db, j, q, rows, inBlock, undo };
}

describe.skipIf(!postgres)(`undo journal on Postgres ${postgres ? '' : NEEDS_POSTGRES}`, () => {
  it('takes back inserts, updates and deletes of the replaced blocks, newest first', async () => {
    const { rows, inBlock, undo } = await setup();
    await inBlock(10, [`INSERT INTO j.holders VALUES ('T', 'a', '100')`, `INSERT INTO j.trades (txid) VALUES ('t10')`]);
    const at10 = await rows();
    await inBlock(11, [
      `UPDATE j.holders SET balance = '70' WHERE address = 'a'`,
      `INSERT INTO j.holders VALUES ('T', 'b', '30')`,
      `INSERT INTO j.trades (txid, note) VALUES ('t11', 'it''s')`,
    ]);
    await inBlock(12, [
      `DELETE FROM j.holders WHERE address = 'b'`,
      `UPDATE j.holders SET balance = '100' WHERE address = 'a'`,
      `INSERT INTO j.trades (txid) VALUES ('t12')`,
    ]);
    expect(await undo(11)).toBe(6);
    expect(await rows()).toEqual(at10);
    expect(await undo(11)).toBe(0);
    await inBlock(11, [`INSERT INTO j.trades (txid) VALUES ('t11b')`]);
    expect((await rows()).trades).toHaveLength(2);
  });

  it('journals nothing outside a block or after its transaction, and forgets solid blocks', async () => {
    const { db, j, q, rows, inBlock, undo } = await setup();
    await inBlock(null, [`INSERT INTO j.holders VALUES ('T', 'x', '1')`]);
    await inBlock(5, [`INSERT INTO j.holders VALUES ('T', 'y', '2')`]);
    await inBlock(6, [`INSERT INTO j.holders VALUES ('T', 'z', '3')`]);
    // the block was a setting of that transaction: a change made after it is nobody's
    await db.execute(sql`INSERT INTO j.holders VALUES ('T', 'w', '4')`);
    await j.forgetUpTo(q, 5);
    expect(await undo(5)).toBe(1);
    expect((await rows()).holders).toEqual([
      { token: 'T', address: 'w', balance: '4' },
      { token: 'T', address: 'x', balance: '1' },
      { token: 'T', address: 'y', balance: '2' },
    ]);
  });
});
