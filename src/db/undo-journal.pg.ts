// The undo journal on Postgres, as src/db/undo-journal.ts keeps it on SQLite: a trigger on each
// journaled table records, for every row a change touches, the row before (`old`) and after
// (`new`) as JSON, tagged with the block the change came from. Undoing runs the journal backwards:
// an insert is deleted, an update put back, a delete inserted again, each row found by its primary
// key. The block and its network are settings of the transaction (`tlb.block`, `tlb.network`), so
// they end with it, and a change made by any other connection is never tagged. Each network's entries
// are undone and forgotten on their own (see undo-journal.ts).
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Queries } from './engine.js';

/** The network of entries journaled before there were several (see undo-journal.ts). */
export const FIRST_NETWORK = 'launchpad';
/** Installs take turns (two networks' indexers may start at once; CREATE OR REPLACE races otherwise). */
const INSTALL_LOCK = 0x756e646f; // 'undo'

type Runner = { execute(query: SQL): Promise<{ rows: Array<Record<string, unknown>> }> };
const run = (q: Queries<Record<string, unknown>>) => q as unknown as Runner;

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

export interface PgUndoJournal {
  setBlock(q: Queries<Record<string, unknown>>, block: number | null, network?: string): Promise<void>;
  undoFrom(q: Queries<Record<string, unknown>>, block: number, network?: string): Promise<number>;
  forgetUpTo(q: Queries<Record<string, unknown>>, block: number, network?: string): Promise<void>;
}

/** Installs the journal (its table, its trigger function, a trigger per table) in the tables' schema. */
export async function pgUndoJournal(
  q: Queries<Record<string, unknown>>,
  schema: string,
  tables: readonly PgTable[],
): Promise<PgUndoJournal> {
  const s = ident(schema);
  const db = run(q);
  await db.execute(sql`SELECT pg_advisory_xact_lock(${INSTALL_LOCK})`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS ${s}.undo_journal (
    seq bigserial PRIMARY KEY, block bigint NOT NULL, tbl text NOT NULL, op text NOT NULL, old jsonb, new jsonb)`);
  await db.execute(
    sql`ALTER TABLE ${s}.undo_journal ADD COLUMN IF NOT EXISTS network text NOT NULL DEFAULT ${sql.raw(`'${FIRST_NETWORK}'`)}`,
  );
  await db.execute(sql`CREATE INDEX IF NOT EXISTS undo_journal_block ON ${s}.undo_journal (block)`);
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION "${schema}".undo_record() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE b text := current_setting('tlb.block', true);
BEGIN
  IF b IS NULL OR b = '' THEN RETURN NULL; END IF;
  INSERT INTO "${schema}".undo_journal (block, network, tbl, op, old, new) VALUES (b::bigint,
    coalesce(nullif(current_setting('tlb.network', true), ''), '${FIRST_NETWORK}'), TG_TABLE_NAME, TG_OP,
    CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END, CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END);
  RETURN NULL;
END $fn$`),
  );
  const keys = new Map<string, { table: SQL; columns: string[]; pk: string[] }>();
  for (const table of tables) {
    const c = getTableConfig(table);
    const pk = c.primaryKeys[0]?.columns.map((x) => x.name) ?? c.columns.filter((x) => x.primary).map((x) => x.name);
    if (!pk.length) throw new Error(`${c.name} has no primary key: its changes cannot be undone`);
    keys.set(c.name, { table: sql`${s}.${ident(c.name)}`, columns: c.columns.map((x) => x.name), pk });
    // made again at each start (one transaction with the rest), so a table's new columns count
    await db.execute(sql`DROP TRIGGER IF EXISTS undo ON ${s}.${ident(c.name)}`);
    await db.execute(
      sql`CREATE TRIGGER undo AFTER INSERT OR UPDATE OR DELETE ON ${s}.${ident(c.name)} FOR EACH ROW EXECUTE FUNCTION ${s}.undo_record()`,
    );
  }
  const list = (names: string[]) =>
    sql.join(
      names.map((n) => ident(n)),
      sql`, `,
    );
  /** The statement that takes one journaled change back. */
  const reverse = (row: { tbl: string; op: string; old: unknown; new: unknown }): SQL => {
    const k = keys.get(row.tbl);
    if (!k) throw new Error(`the journal names an unknown table ${row.tbl}`);
    const record = (json: unknown) => sql`jsonb_populate_record(null::${k.table}, ${JSON.stringify(json)}::jsonb)`;
    const where = (json: unknown) => sql`(${list(k.pk)}) = (SELECT ${list(k.pk)} FROM ${record(json)})`;
    if (row.op === 'INSERT') return sql`DELETE FROM ${k.table} WHERE ${where(row.new)}`;
    if (row.op === 'DELETE') return sql`INSERT INTO ${k.table} SELECT * FROM ${record(row.old)}`;
    return sql`UPDATE ${k.table} SET (${list(k.columns)}) = (SELECT ${list(k.columns)} FROM ${record(row.old)}) WHERE ${where(row.new)}`;
  };
  return {
    async setBlock(tx, block, network = FIRST_NETWORK) {
      await run(tx).execute(
        sql`SELECT set_config('tlb.block', ${block === null ? '' : String(block)}, true), set_config('tlb.network', ${network}, true)`,
      );
    },
    async undoFrom(tx, block, network = FIRST_NETWORK) {
      const r = run(tx);
      await r.execute(sql`SELECT set_config('tlb.block', '', true)`);
      // the network's entries from its first one of `block` on (other networks' entries touch other rows)
      const { rows } = await r.execute(
        sql`SELECT seq, tbl, op, old, new FROM ${s}.undo_journal WHERE network = ${network} AND seq >= (
              SELECT min(seq) FROM ${s}.undo_journal WHERE network = ${network} AND block >= ${block}) ORDER BY seq DESC`,
      );
      for (const row of rows) await r.execute(reverse(row as { tbl: string; op: string; old: unknown; new: unknown }));
      if (rows.length)
        await r.execute(
          sql`DELETE FROM ${s}.undo_journal WHERE network = ${network} AND seq >= ${rows[rows.length - 1]!.seq}`,
        );
      return rows.length;
    },
    async forgetUpTo(tx, block, network = FIRST_NETWORK) {
      await run(tx).execute(sql`DELETE FROM ${s}.undo_journal WHERE network = ${network} AND block <= ${block}`);
    },
  };
}
