// openUndoJournal gives the indexer one journal on either engine (SQLite, and Postgres when it
// answers): what a transaction changed in a block is taken back from that block on, nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../src/db/index.js';
import { openUndoJournal } from '../../src/db/undo-journal.js';
import { appEngines } from '../helpers/services.js';

const { engines, dropAll } = await appEngines();
afterAll(dropAll);

describe.each(engines)('the undo journal on $engine', ({ open }) => {
  let db: AppDatabase;
  const holders = () =>
    db.q
      .select({ address: db.t.holders.address, balance: db.t.holders.balance })
      .from(db.t.holders)
      .orderBy(asc(db.t.holders.address));
  const holder = (address: string, balance: string) => ({ token: 'T', address, balance, sortKey: balance });

  it('takes back the changes of the blocks from the given one on, in a later transaction', async () => {
    db = await open();
    const journal = await openUndoJournal(db, ['holders']);
    await db.tx(async (q) => {
      await journal.setBlock(q, null);
      await q.insert(db.t.holders).values(holder('a', '1'));
      await journal.setBlock(q, 10);
      await q.insert(db.t.holders).values(holder('b', '2'));
      await journal.setBlock(q, 11);
      await q.update(db.t.holders).set({ balance: '9' }).where(eq(db.t.holders.address, 'a'));
      await q.delete(db.t.holders).where(eq(db.t.holders.address, 'b'));
      await journal.setBlock(q, null);
    });
    // written after the block was unset: nobody's
    await db.tx((q) => q.insert(db.t.holders).values(holder('c', '3')));
    expect(await holders()).toEqual([
      { address: 'a', balance: '9' },
      { address: 'c', balance: '3' },
    ]);
    expect(await db.tx((q) => journal.undoFrom(q, 11))).toBe(2);
    expect(await holders()).toEqual([
      { address: 'a', balance: '1' },
      { address: 'b', balance: '2' },
      { address: 'c', balance: '3' },
    ]);
    await db.tx((q) => journal.forgetUpTo(q, 10));
    expect(await db.tx((q) => journal.undoFrom(q, 10))).toBe(0);
    expect(await holders()).toHaveLength(3);
  });

  it('installs again on the same database (a restart) and keeps what it journaled', async () => {
    await db.tx(async (q) => {
      const journal = await openUndoJournal(db, ['holders']);
      await journal.setBlock(q, 20);
      await q.insert(db.t.holders).values(holder('d', '4'));
    });
    const again = await openUndoJournal(db, ['holders']);
    expect(await db.tx((q) => again.undoFrom(q, 20))).toBe(1);
    expect((await holders()).map((h) => h.address)).toEqual(['a', 'b', 'c']);
  });

  it('keeps each network’s blocks apart: a fork on one takes back only its own changes', async () => {
    // two networks at once, their block numbers interleaved (each chain counts its own)
    const [one, two] = await Promise.all([
      openUndoJournal(db, ['holders'], 'launchpad'),
      openUndoJournal(db, ['holders'], 'launchpad2'),
    ]);
    const write = (journal: typeof one, block: number, address: string, balance: string) =>
      db.tx(async (q) => {
        await journal.setBlock(q, block);
        await q.insert(db.t.holders).values(holder(address, balance));
        await journal.setBlock(q, null);
      });
    await write(one, 30, 'n1-30', '1');
    await write(two, 5, 'n2-5', '2');
    await write(one, 31, 'n1-31', '3');
    await write(two, 6, 'n2-6', '4');
    await write(one, 32, 'n1-32', '5');
    // network 2 forks from its block 5; network 1's blocks 30..32 (all "from 5 on" by number) stay
    expect(await db.tx((q) => two.undoFrom(q, 5))).toBe(2);
    expect((await holders()).map((h) => h.address)).toEqual(['a', 'b', 'c', 'n1-30', 'n1-31', 'n1-32']);
    // network 2's solid blocks are forgotten without touching network 1's journal
    await write(two, 7, 'n2-7', '6');
    await db.tx((q) => two.forgetUpTo(q, 100));
    expect(await db.tx((q) => two.undoFrom(q, 7))).toBe(0);
    expect(await db.tx((q) => one.undoFrom(q, 31))).toBe(2);
    expect((await holders()).map((h) => h.address)).toEqual(['a', 'b', 'c', 'n1-30', 'n2-7']);
    await db.close();
  });
});
