// An undo journal kept by SQLite itself: triggers on the journaled tables write, for every row a
// change touches, the statement that reverses it, tagged with the block the change came from. What
// came from blocks a fork replaced is then taken back exactly by running the journal backwards from
// the first replaced block, whatever code made the change; nothing needs to remember how to undo it.
//
// Changes are tagged only while a block is set (setBlock), so writes from elsewhere (the facade's
// pending fees, metadata) are never journaled. The journal is kept for blocks that can still be
// replaced and dropped once they are solid. Changes must be made in block order (the journal's
// order is then the blocks' order, and undoing a suffix of it is undoing whole blocks).
//
// openUndoJournal gives the indexer one async journal on either engine: this one on SQLite, the
// trigger-and-JSON one of undo-journal.pg.ts on Postgres.
import type Database from 'better-sqlite3';
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database as AnyDatabase, Queries } from './engine.js';
import { pgUndoJournal } from './undo-journal.pg.js';

const JOURNAL = 'undo_journal';
const CONTEXT = 'undo_context';

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
/** A literal of a SQL string made inside SQL (the trigger builds statements from OLD and NEW). */
const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;

function columnsOf(db: Database.Database, table: string): { cols: string[]; pk: string[] } {
  const info = db.prepare(`PRAGMA table_info(${ident(table)})`).all() as Array<{ name: string; pk: number }>;
  if (!info.length) throw new Error(`no table ${table}`);
  const pk = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  if (!pk.length) throw new Error(`${table} has no primary key: its changes cannot be undone`);
  return { cols: info.map((c) => c.name), pk };
}

/**
 * The triggers of one table, made again at each start (so columns added by a migration count). A row
 * is found again by its primary key, not its rowid: SQLite gives a deleted row's rowid to the next
 * row inserted, which may be a write that is not journaled (a pending fee the facade adds).
 */
function triggersFor(db: Database.Database, table: string): string[] {
  const { cols, pk } = columnsOf(db, table);
  const t = ident(table);
  const when = `WHEN (SELECT block FROM ${CONTEXT} WHERE id = 1) IS NOT NULL`;
  const record = (stmt: string) =>
    `INSERT INTO ${JOURNAL} (block, stmt) VALUES ((SELECT block FROM ${CONTEXT} WHERE id = 1), ${stmt});`;
  const sets = cols.map((c) => `${lit(`${ident(c)} = `)} || quote(OLD.${ident(c)})`).join(` || ', ' || `);
  const values = cols.map((c) => `quote(OLD.${ident(c)})`).join(` || ', ' || `);
  const where = (row: 'NEW' | 'OLD') =>
    pk.map((c) => `${lit(`${ident(c)} = `)} || quote(${row}.${ident(c)})`).join(` || ' AND ' || `);
  const colList = cols.map(ident).join(', ');
  const name = (op: string) => ident(`undo_${table}_${op}`);
  return [
    `DROP TRIGGER IF EXISTS ${name('insert')}`,
    `DROP TRIGGER IF EXISTS ${name('update')}`,
    `DROP TRIGGER IF EXISTS ${name('delete')}`,
    `CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${t} ${when} BEGIN ${record(
      `${lit(`DELETE FROM ${t} WHERE `)} || ${where('NEW')}`,
    )} END`,
    `CREATE TRIGGER ${name('update')} AFTER UPDATE ON ${t} ${when} BEGIN ${record(
      `${lit(`UPDATE ${t} SET `)} || ${sets} || ${lit(' WHERE ')} || ${where('NEW')}`,
    )} END`,
    `CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${t} ${when} BEGIN ${record(
      `${lit(`INSERT INTO ${t} (${colList}) VALUES (`)} || ${values} || ')'`,
    )} END`,
  ];
}

export interface SqliteUndoJournal {
  /** Tags the changes that follow with this block (null: not journaled). */
  setBlock(block: number | null): void;
  /** Takes back every journaled change from `block` on, newest first; returns how many. */
  undoFrom(block: number): number;
  /** Forgets the changes of blocks up to `block` (solid: never taken back). */
  forgetUpTo(block: number): void;
}

/** Installs the journal on these tables (its own two tables and the triggers). */
export function undoJournal(db: Database.Database, tables: readonly string[]): SqliteUndoJournal {
  db.exec(`CREATE TABLE IF NOT EXISTS ${JOURNAL} (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, block INTEGER NOT NULL, stmt TEXT NOT NULL)`);
  db.exec(`CREATE INDEX IF NOT EXISTS ${JOURNAL}_block ON ${JOURNAL} (block)`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${CONTEXT} (id INTEGER PRIMARY KEY CHECK (id = 1), block INTEGER)`);
  db.exec(`INSERT OR IGNORE INTO ${CONTEXT} (id, block) VALUES (1, NULL)`);
  // a crash mid-transaction rolls the context back with it; a clean one leaves it unset
  db.exec(`UPDATE ${CONTEXT} SET block = NULL`);
  db.transaction(() => {
    for (const table of tables) for (const sql of triggersFor(db, table)) db.exec(sql);
  })();
  const setBlock = db.prepare<[number | null]>(`UPDATE ${CONTEXT} SET block = ? WHERE id = 1`);
  const suffix = db.prepare<[number], { seq: number; stmt: string }>(
    `SELECT seq, stmt FROM ${JOURNAL} WHERE seq >= (SELECT min(seq) FROM ${JOURNAL} WHERE block >= ?) ORDER BY seq DESC`,
  );
  const dropFrom = db.prepare<[number]>(`DELETE FROM ${JOURNAL} WHERE seq >= ?`);
  const forget = db.prepare<[number]>(`DELETE FROM ${JOURNAL} WHERE block <= ?`);
  return {
    setBlock: (block) => void setBlock.run(block),
    undoFrom(block) {
      return db.transaction(() => {
        setBlock.run(null);
        const rows = suffix.all(block);
        for (const r of rows) db.exec(r.stmt);
        if (rows.length) dropFrom.run(rows[rows.length - 1]!.seq);
        return rows.length;
      })();
    },
    forgetUpTo: (block) => void forget.run(block),
  };
}

/** The journal on either engine; each call runs in the transaction of `q` (the one of database.tx). */
export interface UndoJournal {
  /** Tags the changes that follow, in this transaction, with this block (null: not journaled). */
  setBlock(q: Queries<Record<string, unknown>>, block: number | null): Promise<void>;
  /** Takes back every journaled change from `block` on, newest first; returns how many. */
  undoFrom(q: Queries<Record<string, unknown>>, block: number): Promise<number>;
  /** Forgets the changes of blocks up to `block` (solid: never taken back). */
  forgetUpTo(q: Queries<Record<string, unknown>>, block: number): Promise<void>;
}

/**
 * Installs the journal on these tables of `database` (named as in `database.t`), in one transaction.
 * On SQLite the statements run on the one connection, which is the transaction's; on Postgres on `q`.
 */
export async function openUndoJournal<S extends Record<string, unknown>>(
  database: AnyDatabase<S>,
  tables: ReadonlyArray<keyof S & string>,
): Promise<UndoJournal> {
  if (database.engine === 'postgres') {
    const twins = tables.map((k) => database.t[k] as unknown as PgTable);
    const schema = pgTableConfig(twins[0]!).schema ?? 'public';
    const j = await database.tx((q) => pgUndoJournal(q as never, schema, twins));
    return j;
  }
  const names = tables.map((k) => sqliteTableConfig(database.t[k] as unknown as SQLiteTable).name);
  // on SQLite `q` is the drizzle of the one open file: its client runs in the transaction
  const j = await database.tx(async (q) =>
    undoJournal((q as unknown as { $client: Database.Database }).$client, names),
  );
  return {
    setBlock: async (_q, block) => j.setBlock(block),
    undoFrom: async (_q, block) => j.undoFrom(block),
    forgetUpTo: async (_q, block) => j.forgetUpTo(block),
  };
}
