// A trade done in a head block is followed to its solid block, or, when a fork took it away, sent
// again with the same bytes while they are valid, else undone and told. The node's answers are
// scripted here (txStatus as the API gives it); the devnet's forks are in test/e2e.
import { describe, expect, it } from 'vitest';
import type { LaunchpadClient } from '../../src/client/index.js';
import { createFinality } from '../../src/trading/finality.js';
import type { TradeEvents, TradeOutcome } from '../../src/trading/trade-flow.js';
import { newTradeRow } from '../../src/trading/trade-row.js';
import { addUser, memoryStore } from './helpers.js';

type State = 'pending' | 'included' | 'confirmed' | 'failed' | 'unknown';

async function setup(states: State[], opts: { expiration?: number; now?: number } = {}) {
  const store = memoryStore();
  const { wallet } = await addUser(store, 7);
  const row = newTradeRow({
    id: 't1',
    userId: 7,
    chatId: 7,
    walletId: wallet.id,
    token: 'TToken',
    side: 'buy',
    amount: '10',
    slippagePct: 5,
    quote: { symbol: 'CAT', venue: 'curve', amountIn: '10000000', allowance: null },
    status: 'quoted',
    at: 0,
    expiresAt: 0,
  });
  await store.insertTrade(row);
  const signed = { txID: 'ab'.repeat(32), raw_data: { expiration: opts.expiration ?? 60_000 } };
  const first: TradeOutcome = { state: 'confirmed', final: false, txid: signed.txID, received: 5 };
  await store.updateTrade('t1', {
    status: 'included',
    txid: signed.txID,
    signedTx: JSON.stringify(signed),
    result: JSON.stringify(first),
  });
  const broadcasts: unknown[] = [];
  const client = {
    txStatus: async () => ({ state: states.shift() ?? 'included', reason: 'SLIPPAGE' }),
    broadcast: async (tx: unknown) => {
      broadcasts.push(tx);
      return signed.txID;
    },
  } as unknown as LaunchpadClient;
  const told: Array<[string, TradeOutcome]> = [];
  let finished!: () => void;
  const over = new Promise<void>((r) => (finished = r));
  const events: TradeEvents = {
    pending: () => undefined,
    done: () => undefined,
    final: (_t, o) => void (told.push(['final', o]), finished()),
    undone: (_t, o) => void (told.push(['undone', o]), finished()),
  };
  const finality = createFinality({
    store,
    clientFor: async () => client,
    now: () => opts.now ?? 0,
    sleep: async () => undefined,
  });
  return { store, finality, events, told, broadcasts, over, signed };
}

describe('finality', () => {
  it('marks a trade final once its block is solid, keeping what it got', async () => {
    const s = await setup(['included', 'included', 'confirmed']);
    s.finality.follow((await s.store.trade('t1'))!, s.events);
    await s.over;
    expect(s.told).toEqual([['final', expect.objectContaining({ state: 'confirmed', final: true, received: 5 })]]);
    expect((await s.store.trade('t1'))!.status).toBe('confirmed');
    expect(s.broadcasts).toEqual([]);
  });

  it('sends the same bytes again when a fork dropped the trade, and follows it to final', async () => {
    const s = await setup(['included', 'unknown', 'pending', 'included', 'confirmed']);
    s.finality.follow((await s.store.trade('t1'))!, s.events);
    await s.over;
    expect(s.broadcasts).toEqual([s.signed]);
    expect(s.told.map(([k]) => k)).toEqual(['final']);
  });

  it('undoes and tells when the dropped bytes can no longer land', async () => {
    const s = await setup(['unknown'], { expiration: 1_000, now: 40_000 });
    s.finality.follow((await s.store.trade('t1'))!, s.events);
    await s.over;
    expect(s.broadcasts).toEqual([]);
    expect(s.told).toEqual([['undone', expect.objectContaining({ state: 'failed' })]]);
    expect(s.told[0]![1].reason).toMatch(/nothing was traded/);
    expect((await s.store.trade('t1'))!.status).toBe('failed');
  });

  it('says so when a fork replayed the trade and it failed', async () => {
    const s = await setup(['failed']);
    s.finality.follow((await s.store.trade('t1'))!, s.events);
    await s.over;
    expect(s.told[0]![0]).toBe('undone');
    expect(s.told[0]![1].reason).toMatch(/replayed it and it failed: SLIPPAGE/);
  });

  it('follows a trade once however often it is asked to', async () => {
    const s = await setup(['included', 'confirmed']);
    const t = (await s.store.trade('t1'))!;
    s.finality.follow(t, s.events);
    s.finality.follow(t, s.events);
    await s.over;
    // a second run, had one started, has ended too: the store is in memory and the sleeps resolve at
    // once, so every run is a chain of promises, and none is left once the queue of them is empty
    await new Promise((r) => setImmediate(r));
    expect(s.told).toHaveLength(1);
  });
});
