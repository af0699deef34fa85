// The indexer resumes, never double-counts, holds every holder's balance and every curve's reserves as
// the chain does, and equals a fresh re-index: on SQLite, and on Postgres when it answers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TronWeb } from 'tronweb';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { createTronWeb } from '../../src/tron/client.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';
import type { Devnet } from '../../src/devnet/index.js';
import { appEngines } from '../helpers/services.js';

let devnet: Devnet;
let families: ReturnType<typeof loadConfig>['families'];

const { engines, dropAll } = await appEngines();

const indexer = (db: AppDatabase) =>
  new Indexer({ db, tronWeb: createTronWeb({ host: devnet.url }), families, logger: createLogger('silent') });

/** Tables as plain rows, ordered, without autoincrement ids. */
async function snapshot({ q, t }: AppDatabase) {
  const { id: _id, blockId: _block, confirmed: _c, ...tradeCols } = getTableColumns(t.trades);
  return {
    tokens: await q.select().from(t.tokens).orderBy(asc(t.tokens.address)),
    trades: await q.select(tradeCols).from(t.trades).orderBy(asc(t.trades.txid), asc(t.trades.eventIndex)),
    holders: await q.select().from(t.holders).orderBy(asc(t.holders.token), asc(t.holders.address)),
  };
}

/** The tokens' non-zero balances as the devnet keeps them (the chain's own record). */
function chainHolders(tokens: string[]): string[][] {
  const rows = devnet.chain.db.$client
    .prepare<[], { token: string; holder: string; balance: string }>(
      "select token, holder, balance from trc20_balances where balance != '0'",
    )
    .all()
    .map((r) => [TronWeb.address.fromHex(r.token), TronWeb.address.fromHex(r.holder), r.balance]);
  const wanted = new Set(tokens);
  return byKey(rows.filter(([token]) => wanted.has(token!)));
}
/** [token, holder, balance] rows by token, then holder (in code: databases collate text differently). */
const byKey = (rows: string[][]) =>
  rows.sort(([a, b], [c, d]) => (a! < c! ? -1 : a! > c! ? 1 : b! < d! ? -1 : b! > d! ? 1 : 0));

/**
 * Each traded token's reserves and last trade time are those its last trade left, and a token on
 * its curve has the reserves the chain's launchpad holds, to the unit.
 */
async function expectReservesOfLastTrades({ q, t }: AppDatabase) {
  const last = new Map((await q.select().from(t.trades).orderBy(asc(t.trades.id))).map((tr) => [tr.token, tr]));
  const indexed = await q.select().from(t.tokens).orderBy(asc(t.tokens.address));
  const onCurve = devnet.chain.db.$client
    .prepare<[], { token: string; trx: string; tok: string }>(
      'select token, trx_reserve as trx, token_reserve as tok from pools where state = 1',
    )
    .all()
    .map((p) => [TronWeb.address.fromHex(p.token), p.trx, p.tok]);
  expect(onCurve.length).toBeGreaterThan(2);
  expect(
    byKey(indexed.filter((tk) => tk.status === 'CREATED').map((tk) => [tk.address, tk.trxReserve, tk.tokenReserve])),
  ).toEqual(byKey(onCurve));
  const traded = indexed.filter((tk) => last.has(tk.address));
  expect(traded.length).toBeGreaterThan(3);
  expect(traded.map((tk) => [tk.address, tk.trxReserve, tk.tokenReserve, tk.lastTradeAt])).toEqual(
    traded.map((tk) => {
      const tr = last.get(tk.address)!;
      return [tk.address, tr.trxReserveAfter, tr.tokenReserveAfter, tr.timestamp];
    }),
  );
}

/** How many trades the user made, as the index says. */
async function tradesOf({ q, t }: AppDatabase, user: string): Promise<number> {
  const [row] = await q
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.trades)
    .where(eq(t.trades.user, user));
  return row!.n;
}

/** A new wallet (1,000 TRX) and its router buy of `sun` of a token, the plan fee `feeBps`, signed and not sent. */
async function signedRouterBuy(token: string, sun: number, feeBps = 100) {
  const acc = await TronWeb.createAccount();
  await faucet(devnet.url, acc.address.base58, 1_000);
  const tw = tronWebFor(devnet.url, acc.privateKey);
  const built = await tw.transactionBuilder.triggerSmartContract(
    TronWeb.address.fromHex(FAMILIES[0]!.router),
    'buy(address,uint256,uint256,uint256)',
    { feeLimit: 150e6, callValue: sun },
    [
      { type: 'address', value: token },
      { type: 'uint256', value: 0 },
      { type: 'uint256', value: feeBps },
      { type: 'uint256', value: '4102444800' },
    ],
    acc.address.base58,
  );
  return { acc, tw, signed: await tw.trx.sign(built.transaction) };
}

/** A new wallet (1,000 TRX) buys `sun` of a token through the router with TronWeb, the plan fee `feeBps`. */
async function routerBuy(token: string, sun: number, feeBps: number) {
  const { acc, tw, signed } = await signedRouterBuy(token, sun, feeBps);
  await tw.trx.sendRawTransaction(signed);
  return { acc, tw };
}

beforeAll(async () => {
  devnet = await startTestDevnet({ seed: true });
  families = loadConfig({ DEVNET_PORT: new URL(devnet.url).port }).families;
});
afterAll(async () => {
  await devnet?.close();
  await dropAll();
});

describe.each(engines)('indexer on $engine', ({ open }) => {
  it('indexes the seeded history once, however often it re-reads', async () => {
    const db = await open();
    const ix = indexer(db);
    const first = await ix.syncOnce();
    expect(first).toBeGreaterThan(100);
    const before = await snapshot(db);
    expect(before.tokens).toHaveLength(7);
    // every holder as the chain has it, to the unit: the router's and the pools' rows move many times a block
    expect(byKey(before.holders.map((h) => [h.token, h.address, h.balance]))).toEqual(
      chainHolders(before.tokens.map((tk) => tk.address)),
    );
    await expectReservesOfLastTrades(db);
    // the feed tells the trades in the order they were made
    const { q, t } = db;
    const told = await q
      .select({ txid: t.feedEvents.txid })
      .from(t.feedEvents)
      .where(inArray(t.feedEvents.kind, ['buy', 'sell']))
      .orderBy(asc(t.feedEvents.seq));
    const made = await q.select({ txid: t.trades.txid }).from(t.trades).orderBy(asc(t.trades.id));
    expect(told.length).toBeGreaterThan(100);
    expect(told).toEqual(made);
    expect(await ix.syncOnce()).toBe(0);
    await db.tx((q) => q.delete(db.t.indexerCursors)); // forget where it was: re-read everything
    expect(await ix.syncOnce()).toBe(0);
    expect(await snapshot(db)).toEqual(before);
    await db.close();
  });

  it('resumes after a restart and equals a fresh re-index', async () => {
    const db = await open();
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
    const fresh = await open();
    await indexer(fresh).syncOnce();
    expect(await snapshot(db)).toEqual(await snapshot(fresh));
    expect(await tradesOf(db, acc.address.base58)).toBe(1);

    // three buys of the token in one block: the index keeps the last one's reserves, and every
    // holder's balance as the chain has it
    const buyers = await Promise.all([1, 2, 3].map(() => signedRouterBuy(token, 20e6)));
    for (const { signed } of buyers) await devnet.chain.broadcast(signed);
    const block = await devnet.chain.produceBlock();
    expect(block.txCount).toBe(3);
    expect(await restarted.syncOnce()).toBe(12);
    const inBlock = await db.q.select().from(db.t.trades).where(eq(db.t.trades.blockNumber, block.number));
    expect(inBlock).toHaveLength(3);
    await expectReservesOfLastTrades(db);
    const { holders, tokens } = await snapshot(db);
    expect(byKey(holders.map((h) => [h.token, h.address, h.balance]))).toEqual(
      chainHolders(tokens.map((tk) => tk.address)),
    );
    await Promise.all([db.close(), fresh.close()]);
  });

  it('once it follows, reads tokens’ and pairs’ events block by block: its requests do not grow with the tokens', async () => {
    const db = await open();
    const tronWeb = createTronWeb({ host: devnet.url });
    const ix = new Indexer({ db, tronWeb, families, logger: createLogger('silent') });
    await ix.syncOnce(); // from the start: contract by contract
    const byContract = vi.spyOn(tronWeb.event, 'getEventsByContractAddress');
    const byBlock = vi.spyOn(tronWeb.event, 'getEventsByBlockNumber');
    const { acc } = await routerBuy(devnet.chain.ledger.getMeta('demo-token:TCAT')!, 50e6, 0);
    expect(await ix.syncOnce()).toBeGreaterThan(0);

    const followed = await db.q.select({ address: db.t.tokens.address, pair: db.t.tokens.pair }).from(db.t.tokens);
    const tokensAndPairs = new Set(followed.flatMap((r) => (r.pair ? [r.address, r.pair] : [r.address])));
    const asked = byContract.mock.calls.map((c) => c[0]);
    expect(asked.filter((c) => tokensAndPairs.has(c))).toEqual([]);
    expect(byBlock).toHaveBeenCalled();
    expect(await tradesOf(db, acc.address.base58)).toBe(1);
    const fresh = await open();
    await indexer(fresh).syncOnce();
    expect(await snapshot(db)).toEqual(await snapshot(fresh));
    await Promise.all([db.close(), fresh.close()]);
  });

  it('follows the head: a new block is indexed without waiting for a poll', async () => {
    const db = await open();
    const ix = indexer(db);
    await ix.syncOnce();
    ix.followHead(50);
    const { acc } = await routerBuy(devnet.chain.ledger.getMeta('demo-token:SDOG')!, 10e6, 0);
    const until = Date.now() + 5_000;
    while ((await tradesOf(db, acc.address.base58)) === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 25));
    expect(await tradesOf(db, acc.address.base58)).toBe(1);
    await ix.stop();
    await db.close();
  });
});
