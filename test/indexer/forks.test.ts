// The product on a mainnet-like devnet (a block is solid 19 blocks later, forks on demand): a trade is
// in txStatus, the index and the feed as soon as it is in a block (not final), final 19 blocks later;
// a fork that drops its block takes it back from everything the API shows (details, holders,
// candles, the user's trades, the fee ledger) and the feed says `removed`; a fork that runs it again
// brings it back in its new block. A fork that drops a token's creation and another token's launch
// takes them back too, and the live stream follows each event of the dropped blocks (create, buy,
// progress, launch) with its `removed`. On SQLite, and on Postgres when it answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { TronWeb, utils } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { loadConfig } from '../../src/config.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { createLogger } from '../../src/log.js';
import { createTronWeb } from '../../src/tron/client.js';
import type { FeedEvent } from '../../src/service/feed.service.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';
import { appEngines } from '../helpers/services.js';
import { readStream } from '../helpers/sse.js';

const SOLID_AFTER = 19;
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const sign = (tx: unknown, key: string) => utils.crypto.signTransaction(key, tx) as object;
/** What a removal says was removed. */
const ofWhat = (e: { data: Record<string, unknown> }) => (e.data.data as { of?: string }).of;
const { engines, dropAll } = await appEngines();
afterAll(dropAll);

describe.each(engines)('following the head on $engine', ({ open }) => {
  let stack: Stack;
  let client: LaunchpadClient;
  let token: string;
  let buyer: { publicKey: string; privateKey: string };

  beforeAll(async () => {
    stack = await startStack({ solidAfter: SOLID_AFTER, database: await open() });
    client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('trader') });
    token = (await demoTokens(stack.devnet.url)).SDOG!;
    [buyer] = (await client.createWallet(1)) as [{ publicKey: string; privateKey: string }];
    await faucet(stack.devnet.url, buyer.publicKey, 1000);
    await stack.facade.indexer.syncOnce();
  });
  afterAll(() => stack?.close());

  const blocks = async (n: number) => {
    for (let i = 0; i < n; i++) await stack.devnet.chain.produceBlock();
  };
  const sync = () => stack.facade.indexer.syncOnce();
  const buy = (trx: number) =>
    client.trade({ action: 'buy', tokenAddress: token, amount: trx, privateKey: buyer.privateKey });
  const TRADE_KINDS = ['buy', 'sell', 'confirmed', 'removed'];
  /** The feed's trade events after `seq` (progress and the like aside). */
  const feedAfter = async (seq: number): Promise<FeedEvent[]> =>
    (await stack.facade.feed.since(seq, {}, 1000)).filter((e) => TRADE_KINDS.includes(e.kind));
  const fork = async (body: unknown) => {
    const res = await fetch(`${stack.devnet.url}/devnet/fork`, { method: 'POST', body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as { blocks: Array<{ number: number; blockId: string }> };
  };
  const ledger = () => {
    const { q, t } = stack.database;
    return q
      .select({ txid: t.feeLedger.txid, fee: t.feeLedger.feeSun })
      .from(t.feeLedger)
      .orderBy(asc(t.feeLedger.txid));
  };

  /** Everything the API says of the token and the buyer, and the fee ledger. */
  async function snapshot() {
    const d = await client.getTokenDetails(token);
    return {
      market: {
        priceInTrx: d.data.priceInTrx,
        trxReserve: d.data.trxReserve,
        tokenReserve: d.data.tokenReserve,
        currentSold: d.data.currentSold,
        marketCap: d.data.marketCap,
        volume24Hr: d.data.volume24Hr,
      },
      holders: await client.getTokenHolders(token, { limit: 100 }),
      candles: await client.getCandles(token, '1m', { limit: 10 }),
      mine: await client.getUserTrades(buyer.publicKey),
      recent: await client.getRecentTrades(token),
      ledger: await ledger(),
    };
  }

  it('shows a trade as soon as it is in a block, and final once that block is solid', async () => {
    const seq = await stack.facade.feed.latestSeq();
    const sig = await buy(10);
    const included = await client.txStatus(sig);
    expect(included).toMatchObject({ state: 'included', confirmations: 0, trade: { type: 'buy', confirmed: false } });
    await sync();
    const [recent] = await client.getRecentTrades(token);
    expect(recent).toMatchObject({ signature: sig, confirmed: false, blockNumber: included.blockNumber });
    expect((await client.getUserTrades(buyer.publicKey))[0]).toMatchObject({ signature: sig, confirmed: false });
    expect((await feedAfter(seq)).filter((e) => e.txid === sig).map((e) => [e.kind, e.data.confirmed])).toEqual([
      ['buy', false],
    ]);
    // the router's fee, as its event says, is booked for the key that built the trade, once
    const events = (await (await fetch(`${stack.devnet.url}/v1/transactions/${sig}/events`)).json()) as {
      data: Array<{ event_name: string; result: { fee: string } }>;
    };
    const fee = events.data.find((e) => e.event_name === 'RouterBuy')!.result.fee;
    expect(BigInt(fee)).toBeGreaterThan(0n);
    expect((await ledger()).filter((r) => r.txid === sig)).toEqual([{ txid: sig, fee }]);

    await blocks(SOLID_AFTER - 1);
    expect((await client.txStatus(sig)).state).toBe('included');
    await blocks(1);
    expect(await client.txStatus(sig)).toMatchObject({
      state: 'confirmed',
      confirmations: SOLID_AFTER,
      trade: { confirmed: true },
    });
    await sync();
    expect((await client.getRecentTrades(token))[0]).toMatchObject({ signature: sig, confirmed: true });
    const confirmed = (await feedAfter(seq)).filter((e) => e.kind === 'confirmed');
    expect(confirmed).toEqual([expect.objectContaining({ txid: sig, data: expect.objectContaining({ of: 'buy' }) })]);
  });

  it('takes back everything a dropped block brought, and the feed says removed', async () => {
    await blocks(SOLID_AFTER); // what came before is solid
    await sync();
    const before = await snapshot();
    const seq = await stack.facade.feed.latestSeq();
    const sig = await buy(25);
    await sync();
    const during = await snapshot();
    expect(during.recent[0]!.signature).toBe(sig);
    expect(during.ledger.length).toBe(before.ledger.length + 1);
    expect(during.market.tokenReserve).toBeLessThan(before.market.tokenReserve);

    await fork({ blocks: 1, drop: true });
    await sync();
    expect(await snapshot()).toEqual(before);
    expect((await client.txStatus(sig)).state).toBe('unknown');
    expect((await feedAfter(seq)).map((e) => [e.kind, e.txid])).toEqual([
      ['buy', sig],
      ['removed', sig],
    ]);
  });

  it('keeps a trade a fork runs again, in its new block', async () => {
    const sig = await buy(5);
    await sync();
    const seq = await stack.facade.feed.latestSeq();
    const old = (await client.getRecentTrades(token))[0]!;
    const answer = await fork({ blocks: 2, drop: false });
    await sync();
    const now = (await client.getRecentTrades(token)).filter((t) => t.signature === sig);
    expect(now).toHaveLength(1);
    const status = await client.txStatus(sig);
    expect(status.state).toBe('included');
    expect(now[0]).toMatchObject({ confirmed: false, blockNumber: status.blockNumber });
    const { q, t } = stack.database;
    const [row] = await q.select({ id: t.trades.blockId }).from(t.trades).where(eq(t.trades.txid, sig));
    expect(answer.blocks.map((b) => b.blockId)).toContain(row!.id);
    expect(old.blockNumber).toBeLessThanOrEqual(status.blockNumber!);
    expect((await ledger()).filter((l) => l.txid === sig)).toHaveLength(1);
    expect((await feedAfter(seq)).map((e) => [e.kind, e.txid])).toEqual([
      ['removed', sig],
      ['buy', sig],
    ]);
  });

  it('takes back a dropped creation and launch, and the stream follows each of their events with removed', async () => {
    await blocks(SOLID_AFTER); // what came before is solid
    await sync();
    const seq = await stack.facade.feed.latestSeq();
    const moon = (await demoTokens(stack.devnet.url)).MOON!;
    // a subscriber of every kind, from here on, until the launch's removal
    const reading = readStream(
      `${stack.url}/launchpad/stream`,
      await stack.key('trader'),
      (ev) => ev.some((e) => e.event === 'removed' && ofWhat(e) === 'launch'),
      { 'last-event-id': String(seq) },
      60_000,
    );
    const [dev, whale] = (await client.createWallet(2)) as Array<{ publicKey: string; privateKey: string }>;
    await faucet(stack.devnet.url, dev!.publicKey, 2_000);
    await faucet(stack.devnet.url, whale!.publicKey, 40_000);
    const first = stack.devnet.chain.head().number + 1;
    // a new token with a first buy of 1,000 TRX (a few percent of its curve: progress too)
    const createTx = await client.createToken({
      userAddress: dev!.publicKey,
      name: 'Gone Soon',
      symbol: 'GONE',
      initialBuy: 1_000,
    });
    const created = await client.broadcast(sign(createTx, dev!.privateKey));
    // MOON's curve filled (the excess is refunded), and launched to the DEX
    await client.trade({
      action: 'buy',
      tokenAddress: moon,
      amount: 30_000,
      privateKey: whale!.privateKey,
      slippage: 100,
    });
    const tw = tronWebFor(stack.devnet.url, whale!.privateKey);
    const built = await tw.transactionBuilder.triggerSmartContract(
      LP,
      'launchToDEX(address)',
      { feeLimit: 500e6 },
      [{ type: 'address', value: moon }],
      whale!.publicKey,
    );
    const launch = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
    expect(launch.result).toBe(true);
    await sync();
    const token = (await client.listTokens({ sort: 'new' }))[0]!.address;
    expect((await client.getTokenDetails(token)).data.createTxHash).toBe(created);
    expect((await client.getTokenDetails(moon)).data.currentStatus).toBe('LAUNCHED');

    await fork({ blocks: stack.devnet.chain.head().number - first + 1, drop: true });
    await sync();
    await expect(client.getTokenDetails(token)).rejects.toThrow(/No token with this address/);
    expect((await client.getTokenDetails(moon)).data.currentStatus).not.toBe('LAUNCHED');

    const { status, events } = await reading;
    expect(status).toBe(200);
    const ours = events.filter((e) => e.data.token === token || e.data.token === moon);
    const told = ours.filter((e) => e.event !== 'removed' && e.event !== 'confirmed');
    const removed = ours.filter((e) => e.event === 'removed');
    expect(new Set(told.map((e) => e.event))).toEqual(new Set(['create', 'buy', 'progress', 'launch']));
    // every event of the dropped blocks, then its removal, in the same order
    expect(Math.min(...removed.map((e) => e.id))).toBeGreaterThan(Math.max(...told.map((e) => e.id)));
    expect(removed.map((e) => [ofWhat(e), e.data.txid])).toEqual(told.map((e) => [e.event, e.data.txid]));
    // a removal carries the facts of what it removes
    const [create, launched] = ['create', 'launch'].map((of) => removed.find((e) => ofWhat(e) === of)!.data);
    expect(create).toMatchObject({
      kind: 'removed',
      token,
      txid: created,
      data: { of: 'create', token, symbol: 'GONE', name: 'Gone Soon', creator: dev!.publicKey, blockNumber: first },
    });
    expect(launched).toMatchObject({
      kind: 'removed',
      token: moon,
      txid: launch.txid,
      data: { of: 'launch', symbol: 'MOON' },
    });
    const progress = told.filter((e) => e.event === 'progress').map((e) => e.data.data);
    expect(removed.filter((e) => ofWhat(e) === 'progress').map((e) => e.data.data)).toEqual(
      progress.map((d) => ({ ...(d as object), of: 'progress' })),
    );

    // another fork over the same heights: what was removed is not removed again
    const after = await stack.facade.feed.latestSeq();
    await fork({ from: first, drop: true });
    await sync();
    expect(await stack.facade.feed.since(after, { tokens: [token, moon] })).toEqual([]);
  });

  it('finds a fork that reaches below the first head an indexer ever read', async () => {
    await blocks(SOLID_AFTER);
    const sig = await buy(3);
    await blocks(2);
    // a new indexer, started now: its first cycle reads the trade's block and the two above it
    const db = await open();
    const families = loadConfig({ DEVNET_PORT: new URL(stack.devnet.url).port }).families;
    const ix = new Indexer({
      db,
      tronWeb: createTronWeb({ host: stack.devnet.url }),
      families,
      logger: createLogger('silent'),
    });
    const trades = async () => {
      const [row] = await db.q
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(db.t.trades)
        .where(eq(db.t.trades.txid, sig));
      return row!.n;
    };
    try {
      await ix.syncOnce();
      expect(await trades()).toBe(1);
      await fork({ blocks: 3, drop: true });
      await ix.syncOnce();
      expect(await trades()).toBe(0);
    } finally {
      await ix.stop();
      await db.close();
    }
  });

  it('never reaches into solid blocks', async () => {
    await blocks(SOLID_AFTER + 1);
    await sync();
    const res = await fetch(`${stack.devnet.url}/devnet/fork`, {
      method: 'POST',
      body: JSON.stringify({ blocks: SOLID_AFTER + 1, drop: true }),
    });
    expect(res.status).toBe(400);
    const recent = await client.getRecentTrades(token);
    expect(recent.every((t) => t.confirmed)).toBe(true);
  });
});
