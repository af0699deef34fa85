// The index knows the chain it was made from: a network's node with another genesis block is another
// chain. On the devnet (a devnet file made anew) that network's rows are dropped and indexed again
// from the new chain, the other network's kept; on a real node the indexer refuses, saying why.
import { afterAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { AppDatabase } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import type { GenesisRule } from '../../src/indexer/genesis.js';
import { createTronWeb } from '../../src/tron/client.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import type { Devnet } from '../../src/devnet/index.js';
import { startTestDevnet } from '../helpers/devnet.js';
import { appEngines } from '../helpers/services.js';

const { engines, dropAll } = await appEngines();
afterAll(dropAll);
const running: Devnet[] = [];
afterAll(async () => {
  while (running.length) await running.pop()!.close();
});

const families = loadConfig({}).families;
const [lp1, lp2] = [families.find((f) => f.family === 'launchpad')!, families.find((f) => f.family === 'launchpad2')!];

async function devnetOf(family: 'launchpad' | 'launchpad2', label?: string) {
  const d = await startTestDevnet({ seed: true, families: [family], ...(label ? { label } : {}) });
  running.push(d);
  return d;
}

const indexerOf = (db: AppDatabase, d: Devnet, family: typeof lp1, genesis?: GenesisRule) =>
  new Indexer({
    db,
    tronWeb: createTronWeb({ host: d.url }),
    families: [{ ...family, network: family.family }],
    network: family.family,
    logger: createLogger('silent'),
    ...(genesis ? { genesis } : {}),
  });

const tokensOf = async (db: AppDatabase, family: string) =>
  (
    await db.q
      .select({ a: db.t.tokens.address })
      .from(db.t.tokens)
      .where(eq(db.t.tokens.family, family))
      .orderBy(asc(db.t.tokens.address))
  ).map((r) => r.a);

/** The txids of a family's indexed trades. */
const tradesOf = async (db: AppDatabase, family: string) =>
  (
    await db.q
      .select({ txid: db.t.trades.txid })
      .from(db.t.trades)
      .innerJoin(db.t.tokens, eq(db.t.tokens.address, db.t.trades.token))
      .where(eq(db.t.tokens.family, family))
  )
    .map((r) => r.txid)
    .sort();

const demo = async (d: Devnet) => {
  const res = (await (await fetch(`${d.url}/devnet/tokens`)).json()) as {
    data: Array<{ contractAddress: string | null }>;
  };
  return res.data
    .map((t) => t.contractAddress)
    .filter((a): a is string => !!a)
    .sort();
};

describe.each(engines)('the chain an index was made from, on $engine', ({ open }) => {
  it('drops a network’s rows when its devnet is a new chain, and keeps the other network’s', async () => {
    const db = await open();
    const one = await devnetOf('launchpad');
    const two = await devnetOf('launchpad2', 'launchpad2');
    await indexerOf(db, one, lp1, 'purge').syncOnce();
    await indexerOf(db, two, lp2, 'purge').syncOnce();
    const firstTokens = await tokensOf(db, 'launchpad');
    expect(firstTokens).toEqual(await demo(one));
    expect(await tokensOf(db, 'launchpad2')).toEqual(await demo(two));

    const before = await tradesOf(db, 'launchpad2');
    expect(before.length).toBeGreaterThan(0);

    // launchpad2's devnet made anew (another genesis; its seed makes the same tokens by other
    // transactions): the old chain's trades go, the new chain's come, once each
    const again = await devnetOf('launchpad2', 'launchpad2-again');
    await indexerOf(db, again, lp2, 'purge').syncOnce();
    const after = await tradesOf(db, 'launchpad2');
    expect(after).toHaveLength(before.length);
    expect(after.filter((txid) => before.includes(txid))).toEqual([]);
    expect(await tokensOf(db, 'launchpad2')).toEqual(await demo(again));
    expect(await tokensOf(db, 'launchpad')).toEqual(firstTokens);
    expect((await tradesOf(db, 'launchpad')).length).toBeGreaterThan(0);
    await db.close();
  });

  it('refuses to index a real node that is another chain than its index’s', async () => {
    const db = await open();
    const one = await devnetOf('launchpad');
    await indexerOf(db, one, lp1, 'refuse').syncOnce();
    const other = await devnetOf('launchpad', 'elsewhere');
    await expect(indexerOf(db, other, lp1, 'refuse').syncOnce()).rejects.toThrow(
      /the index of network launchpad was made from another chain/,
    );
    // nothing of the other chain came in
    expect(await tokensOf(db, 'launchpad')).toEqual(await demo(one));
    await db.close();
  });

  it('takes an index from before genesis ids were kept as another chain on the devnet', async () => {
    const db = await open();
    const one = await devnetOf('launchpad');
    await indexerOf(db, one, lp1).syncOnce(); // no check: as an older version indexed
    const old = await tradesOf(db, 'launchpad');
    const fresh = await devnetOf('launchpad', 'fresh');
    await indexerOf(db, fresh, lp1, 'purge').syncOnce();
    const now = await tradesOf(db, 'launchpad');
    expect(now).toHaveLength(old.length);
    expect(now.filter((txid) => old.includes(txid))).toEqual([]);
    await db.close();
  });
});
