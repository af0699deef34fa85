// The undo journal: what the blocks not yet solid changed in the state, so that a fork can put the
// state back as it was and a read at the solid block can see it as it was. SQLite triggers record,
// for every row a block inserts, updates (the first time in the block) or deletes in a state table,
// the row as it was before, tagged with the block being made. The triggers are TEMP (each
// connection makes its own, nothing is stored in the file) and record only while a block is open,
// so the work outside blocks (views, genesis, undoing itself) is never journaled.
import type { Database } from 'better-sqlite3';

/** Tables that record the chain rather than its state; every other table is journaled. */
const CHAIN_RECORDS = new Set(['meta', 'blocks', 'transactions', 'events', 'journal']);

interface JournalRow {
  tbl: string;
  rid: number;
  op: 'i' | 'u' | 'd';
  old: string | null;
}

/** The inverse of each kind of change to a table, given the row's rowid and its old values (JSON). */
type TableUndo = Record<JournalRow['op'], (rid: number, old: string | null) => void>;

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Records are written in block order (blocks are made in order, and a fork first forgets the records
 * of the blocks it replaces), so ids grow with blocks: a block's records are an id range, found by
 * a binary search instead of an index on the block that every record would pay for.
 */
export class Journal {
  private readonly tables = new Map<string, TableUndo>();
  private readonly q;

  /** With `record` false no trigger is made: nothing is journaled (every block is solid at once). */
  constructor(
    private readonly db: Database,
    readonly record: boolean,
  ) {
    // the block being made, while one is (TEMP: per connection, never in the file)
    db.exec('create temp table if not exists journal_block (block integer not null)');
    // the rows the open block has journaled already: a row's first change in a block is enough to
    // undo the block (undoing goes newest first, so the oldest record of a row is undone last)
    db.exec(
      'create temp table if not exists journal_rows (tbl text not null, rid integer not null, primary key (tbl, rid)) without rowid',
    );
    this.q = {
      lastId: db.prepare<[], number>('select max(id) from journal').pluck(),
      blockFrom: db.prepare<[number], number>('select block from journal where id >= ? order by id limit 1').pluck(),
      since: db.prepare<[number], JournalRow>('select tbl, rid, op, old from journal where id >= ? order by id desc'),
      accountSince: db.prepare<[string, number], JournalRow>(
        `select tbl, rid, op, old from journal
         where tbl = 'accounts' and rid = (select rowid from accounts where address = ?) and block > ? order by id desc`,
      ),
      forget: db.prepare<[number]>('delete from journal where id >= ?'),
      prune: db.prepare<[number]>('delete from journal where id < ?'),
      open: db.prepare<[number]>('insert into journal_block (block) values (?)'),
      close: db.prepare('delete from journal_block'),
      forgetRows: db.prepare('delete from journal_rows'),
    };
    for (const table of stateTables(db)) {
      this.tables.set(table.name, undoStatements(db, table));
      if (record) db.exec(triggersOf(table));
    }
  }

  /** Records the changes that follow as made by block `number`, until `close`. In the block's transaction. */
  open(number: number): void {
    if (!this.record) return;
    this.close();
    this.q.open.run(number);
  }

  close(): void {
    if (!this.record) return;
    this.q.close.run();
    this.q.forgetRows.run();
  }

  /** Whether a block after `number` changed any state (or this account, `41…` hex). */
  changedSince(number: number, account?: string): boolean {
    if (account !== undefined) return this.q.accountSince.get(account, number) !== undefined;
    return this.q.blockFrom.get(this.firstAfter(number)) !== undefined;
  }

  /**
   * Puts the state back as it was at the end of block `number`, newest change first, and forgets
   * those records; or only an account's row (which is never deleted, so its rowid names it), then
   * the caller rolls back. Runs inside the caller's transaction.
   */
  rewind(number: number, account?: string): void {
    if (account !== undefined) return this.undo(this.q.accountSince.all(account, number));
    const first = this.firstAfter(number);
    this.undo(this.q.since.all(first));
    this.q.forget.run(first);
  }

  private undo(changes: JournalRow[]): void {
    for (const c of changes) {
      const undo = this.tables.get(c.tbl);
      if (!undo) throw new Error(`the journal names a table the devnet does not have: ${c.tbl}`);
      undo[c.op](c.rid, c.old);
    }
  }

  /** Forgets the records of blocks up to `number`: they are solid and never change again. */
  prune(number: number): void {
    this.q.prune.run(this.firstAfter(number));
  }

  /** The id of the first record of a block after `number` (one past the last record if none). */
  private firstAfter(number: number): number {
    // every record below `lo` is of a block ≤ number; the first record at or above `hi` (if any) is of a later one
    let lo = 0;
    let hi = (this.q.lastId.get() ?? 0) + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const block = this.q.blockFrom.get(mid);
      if (block === undefined || block > number) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

interface TableInfo {
  name: string;
  columns: string[];
}

/** The state tables and their columns, as the database has them now. */
function stateTables(db: Database): TableInfo[] {
  const names = db
    .prepare<[], { name: string; wr: number }>(
      "select name, wr from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
    )
    .all()
    .filter((t) => !CHAIN_RECORDS.has(t.name));
  return names.map((t) => {
    if (t.wr) throw new Error(`state table ${t.name} has no rowid: the journal keys rows by rowid`);
    const cols = db.prepare<[string], string>('select name from pragma_table_info(?) order by cid').pluck().all(t.name);
    return { name: t.name, columns: cols };
  });
}

/**
 * The three triggers that journal a table: the old row of an update or a delete, the rowid of an
 * insert. An update is journaled only when it is the row's first change in the block: undoing the
 * block's records newest first ends with the row's oldest record, which puts back the row as it was
 * before the block, so later updates in the same block need no record (a block of router trades
 * changes the router's, the launchpad's and the pool's rows thousands of times). Inserts and deletes
 * are always journaled: putting back an old row's values cannot bring back a row deleted after it
 * changed, nor remove one inserted again under the same rowid.
 */
function triggersOf(t: TableInfo): string {
  const old = `json_object(${t.columns.map((c) => `'${c}', old.${ident(c)}`).join(', ')})`;
  const name = `'${t.name}'`;
  const seen = (rid: string) =>
    `insert or ignore into journal_rows (tbl, rid) select ${name}, ${rid} from journal_block;`;
  const record = (op: string, rid: string, before: string) =>
    `insert into journal (block, tbl, rid, op, old) select block, ${name}, ${rid}, '${op}', ${before} from journal_block;`;
  const trigger = (event: string, op: string, when: string, body: string) =>
    `create temp trigger if not exists ${ident(`journal_${t.name}_${op}`)} after ${event} on main.${ident(t.name)}${when}
     begin ${body} end;`;
  return [
    trigger('insert', 'i', '', record('i', 'new.rowid', 'null') + seen('new.rowid')),
    trigger(
      'update',
      'u',
      ` when not exists (select 1 from journal_rows where tbl = ${name} and rid = old.rowid)`,
      record('u', 'old.rowid', old) + seen('old.rowid'),
    ),
    trigger('delete', 'd', '', record('d', 'old.rowid', old) + seen('old.rowid')),
  ].join('\n');
}

/** Undoing one change: delete what was inserted, write back the old values of an update, re-insert what was deleted. */
function undoStatements(db: Database, t: TableInfo): TableUndo {
  const value = (c: string) => `json_extract(@old, '$.${ident(c)}')`;
  const table = ident(t.name);
  const remove = db.prepare<{ rid: number }>(`delete from ${table} where rowid = @rid`);
  const restore = db.prepare<{ rid: number; old: string | null }>(
    `update ${table} set ${t.columns.map((c) => `${ident(c)} = ${value(c)}`).join(', ')} where rowid = @rid`,
  );
  const reinsert = db.prepare<{ rid: number; old: string | null }>(
    `insert into ${table} (rowid, ${t.columns.map(ident).join(', ')}) values (@rid, ${t.columns.map(value).join(', ')})`,
  );
  return {
    i: (rid) => remove.run({ rid }),
    u: (rid, old) => restore.run({ rid, old }),
    d: (rid, old) => reinsert.run({ rid, old }),
  };
}
