// The undo journal takes back exactly what came from the blocks a fork replaced, and nothing else.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { undoJournal } from '../../src/db/undo-journal.js';

function setup() {
  const db = new Database(':memory:');
  db.exec(
    `CREATE TABLE holders (token TEXT NOT NULL, address TEXT NOT NULL, balance TEXT NOT NULL, PRIMARY KEY (token, address))`,
  );
  db.exec(`CREATE TABLE trades (id INTEGER PRIMARY KEY AUTOINCREMENT, txid TEXT NOT NULL, note TEXT)`);
  const j = undoJournal(db, ['holders', 'trades']);
  const rows = () => ({
    holders: db.prepare('SELECT * FROM holders ORDER BY token, address').all(),
    trades: db.prepare('SELECT * FROM trades ORDER BY id').all(),
  });
  const inBlock = (n: number | null, sql: string) => {
    j.setBlock(n);
    db.exec(sql);
    j.setBlock(null);
  };
  return { db, j, rows, inBlock };
}

describe('undo journal', () => {
  it('takes back inserts, updates and deletes of the replaced blocks, newest first', () => {
    const { j, rows, inBlock } = setup();
    inBlock(10, `INSERT INTO holders VALUES ('T', 'a', '100'); INSERT INTO trades (txid) VALUES ('t10')`);
    const at10 = rows();
    inBlock(
      11,
      `UPDATE holders SET balance = '70' WHERE address = 'a'; INSERT INTO holders VALUES ('T', 'b', '30'); INSERT INTO trades (txid, note) VALUES ('t11', 'it''s')`,
    );
    inBlock(
      12,
      `DELETE FROM holders WHERE address = 'b'; UPDATE holders SET balance = '100' WHERE address = 'a'; INSERT INTO trades (txid) VALUES ('t12')`,
    );
    expect(j.undoFrom(11)).toBe(6);
    expect(rows()).toEqual(at10);
    // undone changes are gone from the journal: a second undo changes nothing
    expect(j.undoFrom(11)).toBe(0);
    // the autoincrement counter does not matter: the next row simply follows
    inBlock(11, `INSERT INTO trades (txid) VALUES ('t11b')`);
    expect(rows().trades).toHaveLength(2);
  });

  it('journals nothing outside a block, and forgets solid blocks', () => {
    const { j, rows, inBlock } = setup();
    inBlock(null, `INSERT INTO holders VALUES ('T', 'x', '1')`);
    inBlock(5, `INSERT INTO holders VALUES ('T', 'y', '2')`);
    inBlock(6, `INSERT INTO holders VALUES ('T', 'z', '3')`);
    j.forgetUpTo(5);
    expect(j.undoFrom(5)).toBe(1);
    expect(rows().holders).toEqual([
      { token: 'T', address: 'x', balance: '1' },
      { token: 'T', address: 'y', balance: '2' },
    ]);
  });
});

describe('undo journal made before networks', () => {
  it('takes the entries it already held as the first network’s, and undoes them as such', () => {
    const db = new Database(':memory:');
    db.exec(
      `CREATE TABLE holders (token TEXT NOT NULL, address TEXT NOT NULL, balance TEXT NOT NULL, PRIMARY KEY (token, address))`,
    );
    // the journal's tables as an older version made them (no network column), holding one change
    db.exec(
      `CREATE TABLE undo_journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, block INTEGER NOT NULL, stmt TEXT NOT NULL)`,
    );
    db.exec(`CREATE TABLE undo_context (id INTEGER PRIMARY KEY CHECK (id = 1), block INTEGER)`);
    db.exec(`INSERT INTO holders VALUES ('T', 'a', '1')`);
    db.exec(
      `INSERT INTO undo_journal (block, stmt) VALUES (40, 'DELETE FROM "holders" WHERE "token" = ''T'' AND "address" = ''a''')`,
    );
    const j = undoJournal(db, ['holders']);
    expect(j.undoFrom(40, 'launchpad2')).toBe(0);
    expect(db.prepare('SELECT count(*) AS n FROM holders').get()).toEqual({ n: 1 });
    expect(j.undoFrom(40)).toBe(1);
    expect(db.prepare('SELECT count(*) AS n FROM holders').get()).toEqual({ n: 0 });
  });
});
