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
// Each network (a node and its chain, src/tron/networks.ts) keeps its own blocks in the one journal:
// every entry names the network its block is of, and a fork on one network takes back only that
// network's entries (the networks' rows are disjoint: tokens, trades, holders and cursors are each
// one network's).
//
// openUndoJournal gives the indexer one async journal on either engine: this one on SQLite, the
// trigger-and-JSON one of undo-journal.pg.ts on Postgres.
import type Database from 'better-sqlite3';
import { getTableConfig as pgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Database as AnyDatabase, Queries } from './engine.js';
import { FIRST_NETWORK, pgUndoJournal } from './undo-journal.pg.js';

export { FIRST_NETWORK };

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
    `INSERT INTO ${JOURNAL} (block, network, stmt) SELECT block, network, ${stmt} FROM ${CONTEXT} WHERE id = 1;`;
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
  /** Tags the changes that follow with this block of this network (null: not journaled). */
  setBlock(block: number | null, network?: string): void;
  /** Takes back every journaled change of the network from `block` on, newest first; returns how many. */
  undoFrom(block: number, network?: string): number;
  /** Forgets the network's changes of blocks up to `block` (solid: never taken back). */
  forgetUpTo(block: number, network?: string): void;
}

/** Adds a column to a table made before it (the journal's tables are made here, not by migrations). */
function addColumn(db: Database.Database, table: string, column: string, definition: string): void {
  const cols = db.prepare(`PRAGMA table_info(${ident(table)})`).all() as Array<{ name: string }>;
  if (!cols.some((c) => c.name === column)) db.exec(`ALTER TABLE ${ident(table)} ADD COLUMN ${column} ${definition}`);
}

/** Installs the journal on these tables (its own two tables and the triggers). */
export function undoJournal(db: Database.Database, tables: readonly string[]): SqliteUndoJournal {
  db.exec(`CREATE TABLE IF NOT EXISTS ${JOURNAL} (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, block INTEGER NOT NULL, stmt TEXT NOT NULL)`);
  db.exec(`CREATE INDEX IF NOT EXISTS ${JOURNAL}_block ON ${JOURNAL} (block)`);
  db.exec(`CREATE TABLE IF NOT EXISTS ${CONTEXT} (id INTEGER PRIMARY KEY CHECK (id = 1), block INTEGER)`);
  db.exec(`INSERT OR IGNORE INTO ${CONTEXT} (id, block) VALUES (1, NULL)`);
  const first = lit(FIRST_NETWORK);
  addColumn(db, JOURNAL, 'network', `TEXT NOT NULL DEFAULT ${first}`);
  addColumn(db, CONTEXT, 'network', `TEXT NOT NULL DEFAULT ${first}`);
  // a crash mid-transaction rolls the context back with it; a clean one leaves it unset
  db.exec(`UPDATE ${CONTEXT} SET block = NULL`);
  db.transaction(() => {
    for (const table of tables) for (const sql of triggersFor(db, table)) db.exec(sql);
  })();
  const setBlock = db.prepare<[number | null, string]>(`UPDATE ${CONTEXT} SET block = ?, network = ? WHERE id = 1`);
  // the network's entries from its first one of `block` or later on (other networks' entries between
  // them touch other rows, and stay)
  const suffix = db.prepare<[string, string, number], { seq: number; stmt: string }>(
    `SELECT seq, stmt FROM ${JOURNAL} WHERE network = ? AND seq >= (
       SELECT min(seq) FROM ${JOURNAL} WHERE network = ? AND block >= ?) ORDER BY seq DESC`,
  );
  const dropFrom = db.prepare<[string, number]>(`DELETE FROM ${JOURNAL} WHERE network = ? AND seq >= ?`);
  const forget = db.prepare<[string, number]>(`DELETE FROM ${JOURNAL} WHERE network = ? AND block <= ?`);
  return {
    setBlock: (block, network = FIRST_NETWORK) => void setBlock.run(block, network),
    undoFrom(block, network = FIRST_NETWORK) {
      return db.transaction(() => {
        setBlock.run(null, network);
        const rows = suffix.all(network, network, block);
        for (const r of rows) db.exec(r.stmt);
        if (rows.length) dropFrom.run(network, rows[rows.length - 1]!.seq);
        return rows.length;
      })();
    },
    forgetUpTo: (block, network = FIRST_NETWORK) => void forget.run(network, block),
  };
}

/**
 * One network's journal on either engine; each call runs in the transaction of `q` (the one of
 * database.tx).
 */
export interface UndoJournal {
  /** Tags the changes that follow, in this transaction, with this block of the network (null: not journaled). */
  setBlock(q: Queries<Record<string, unknown>>, block: number | null): Promise<void>;
  /** Takes back every journaled change from `block` on, newest first; returns how many. */
  undoFrom(q: Queries<Record<string, unknown>>, block: number): Promise<number>;
  /** Forgets the changes of blocks up to `block` (solid: never taken back). */
  forgetUpTo(q: Queries<Record<string, unknown>>, block: number): Promise<void>;
}

/**
 * Installs the journal on these tables of `database` (named as in `database.t`), in one transaction,
 * and gives the network's view of it. On SQLite the statements run on the one connection, which is
 * the transaction's; on Postgres on `q`.
 */
export async function openUndoJournal<S extends Record<string, unknown>>(
  database: AnyDatabase<S>,
  tables: ReadonlyArray<keyof S & string>,
  network: string = FIRST_NETWORK,
): Promise<UndoJournal> {
  if (database.engine === 'postgres') {
    const twins = tables.map((k) => database.t[k] as unknown as PgTable);
    const schema = pgTableConfig(twins[0]!).schema ?? 'public';
    const j = await database.tx((q) => pgUndoJournal(q as never, schema, twins));
    return {
      setBlock: (q, block) => j.setBlock(q, block, network),
      undoFrom: (q, block) => j.undoFrom(q, block, network),
      forgetUpTo: (q, block) => j.forgetUpTo(q, block, network),
    };
  }
  const names = tables.map((k) => sqliteTableConfig(database.t[k] as unknown as SQLiteTable).name);
  // on SQLite `q` is the drizzle of the one open file: its client runs in the transaction
  const j = await database.tx(async (q) =>
    undoJournal((q as unknown as { $client: Database.Database }).$client, names),
  );
  return {
    setBlock: async (_q, block) => j.setBlock(block, network),
    undoFrom: async (_q, block) => j.undoFrom(block, network),
    forgetUpTo: async (_q, block) => j.forgetUpTo(block, network),
  };
}
