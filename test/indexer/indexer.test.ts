// The indexer resumes, never double-counts, and equals a fresh re-index.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TronWeb } from 'tronweb';
import { openDb, type AppDb } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { createTronWeb } from '../../src/tron/client.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';
import type { Devnet } from '../../src/devnet/index.js';

let devnet: Devnet;
let families: ReturnType<typeof loadConfig>['families'];

const indexer = (db: AppDb) =>
  new Indexer({ db, tronWeb: createTronWeb({ host: devnet.url }), families, logger: createLogger('silent') });

/** Tables as plain rows, ordered, without autoincrement ids. */
function snapshot(db: AppDb) {
  const q = (sql: string) => db.$client.prepare(sql).all();
  return {
    tokens: q('select * from tokens order by address'),
    trades: q(
      'select txid, event_index, token, type, user, pool, trx_amount, token_amount, fee, router_fee, trx_reserve_after, token_reserve_after, block_number, timestamp from trades order by txid, event_index',
    ),
    holders: q('select * from holders order by token, address'),
  };
}

/** A new wallet (1,000 TRX) buys `sun` of a token through the router with TronWeb, the plan fee `feeBps`. */
async function routerBuy(token: string, sun: number, feeBps: number) {
  const acc = await TronWeb.createAccount();
  await faucet(devnet.url, acc.address.base58, 1_000);
  const tw = tronWebFor(devnet.url, acc.privateKey);
  const built = await tw.transactionBuilder.triggerSmartContract(
    TronWeb.address.fromHex(FAMILIES[0]!.router),
    'buy(address,uint256,uint256)',
    { feeLimit: 150e6, callValue: sun },
    [
      { type: 'address', value: token },
      { type: 'uint256', value: 0 },
      { type: 'uint256', value: feeBps },
    ],
    acc.address.base58,
  );
  await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
  return { acc, tw };
}

beforeAll(async () => {
  devnet = await startTestDevnet({ seed: true });
  families = loadConfig({ DEVNET_PORT: new URL(devnet.url).port }).families;
});
afterAll(async () => devnet?.close());

describe('indexer', () => {
  it('indexes the seeded history once, however often it re-reads', async () => {
    const db = openDb(':memory:');
    const ix = indexer(db);
    const first = await ix.syncOnce();
    expect(first).toBeGreaterThan(100);
    const before = snapshot(db);
    expect(before.tokens).toHaveLength(7);
    expect(await ix.syncOnce()).toBe(0);
    db.$client.prepare('delete from indexer_cursors').run(); // forget where it was: re-read everything
    expect(await ix.syncOnce()).toBe(0);
    expect(snapshot(db)).toEqual(before);
  });

  it('resumes after a restart and equals a fresh re-index', async () => {
    const db = openDb(':memory:');
    await indexer(db).syncOnce();
    // new activity while "down"
    const token = devnet.chain.ledger.getMeta('demo-token:TCAT')!;
    const { acc, tw } = await routerBuy(token, 100e6, 30);
    const transfer = await tw.trx.sign(
      await tw.transactionBuilder
        .triggerSmartContract(
          token,
          'transfer(address,uint256)',
          { feeLimit: 150e6 },
          [
            { type: 'address', value: TronWeb.address.fromHex(FAMILIES[1]!.router) },
            { type: 'uint256', value: '1000' },
          ],
          acc.address.base58,
        )
        .then((r) => r.transaction),
    );
    await tw.trx.sendRawTransaction(transfer);

    const restarted = indexer(db); // a new process on the same database
    expect(await restarted.syncOnce()).toBe(5); // Transfer, TokenPurchased, Transfer, RouterBuy + the wallet transfer
    const fresh = openDb(':memory:');
    await indexer(fresh).syncOnce();
    expect(snapshot(db)).toEqual(snapshot(fresh));
    const mine = db.$client.prepare('select * from trades where user = ?').all(acc.address.base58);
    expect(mine).toHaveLength(1);
  });

  it('once it follows, reads tokens’ and pairs’ events block by block: its requests do not grow with the tokens', async () => {
    const db = openDb(':memory:');
    const tronWeb = createTronWeb({ host: devnet.url });
    const ix = new Indexer({ db, tronWeb, families, logger: createLogger('silent') });
    await ix.syncOnce(); // from the start: contract by contract
    const byContract = vi.spyOn(tronWeb.event, 'getEventsByContractAddress');
    const byBlock = vi.spyOn(tronWeb.event, 'getEventsByBlockNumber');
    const { acc } = await routerBuy(devnet.chain.ledger.getMeta('demo-token:TCAT')!, 50e6, 0);
    expect(await ix.syncOnce()).toBeGreaterThan(0);

    const followed = db.$client.prepare('select address, pair from tokens').all() as Array<{
      address: string;
      pair: string | null;
    }>;
    const tokensAndPairs = new Set(followed.flatMap((r) => (r.pair ? [r.address, r.pair] : [r.address])));
    const asked = byContract.mock.calls.map((c) => c[0]);
    expect(asked.filter((c) => tokensAndPairs.has(c))).toEqual([]);
    expect(byBlock).toHaveBeenCalled();
    expect(db.$client.prepare('select count(*) n from trades where user = ?').get(acc.address.base58)).toEqual({
      n: 1,
    });
    const fresh = openDb(':memory:');
    await indexer(fresh).syncOnce();
    expect(snapshot(db)).toEqual(snapshot(fresh));
  });

  it('follows the head: a new block is indexed without waiting for a poll', async () => {
    const db = openDb(':memory:');
    const ix = indexer(db);
    await ix.syncOnce();
    ix.followHead(50);
    const { acc } = await routerBuy(devnet.chain.ledger.getMeta('demo-token:SDOG')!, 10e6, 0);
    const mine = () =>
      db.$client.prepare('select count(*) n from trades where user = ?').get(acc.address.base58) as { n: number };
    const until = Date.now() + 5_000;
    while (mine().n === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    expect(mine().n).toBe(1);
    await ix.stop();
  });
});
