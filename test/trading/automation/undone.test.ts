// A snipe or a copy done by a trade that a fork then took away for good did not happen: its user is
// told it failed (through the events the automation gives the trade flow, as finality.ts reports the
// undone trade), the rule's (or the follow's) daily budget no longer counts it, and it is never made
// again as a new trade. (On the devnet, with a real fork: sniper-fork.test.ts.)
import { describe, expect, it } from 'vitest';
import type { LaunchpadClient } from '../../../src/client/index.js';
import { createFinality } from '../../../src/trading/finality.js';
import type { TradeEvents, TradeOutcome } from '../../../src/trading/trade-flow.js';
import { addUser, memoryStore } from '../helpers.js';
import { automationOver, created, SOURCE, sourceBuy, until } from './helpers.js';

const NOW = 1_700_000_000_000;
const REASON = 'a chain reorganisation removed it and it could not be sent again in time: nothing was traded';
type Store = ReturnType<typeof memoryStore>;

/** What the trade flow does with a trade the automation handed it: sent, and in a head block. */
async function land(store: Store, id: string, events: TradeEvents): Promise<void> {
  const outcome: TradeOutcome = { state: 'confirmed', txid: `tx-${id}`, received: 1000 };
  const signed = { raw_data: { expiration: NOW + 60_000 } };
  const moved = await store.transition(id, 'claimed', 'included', {
    txid: `tx-${id}`,
    signedTx: JSON.stringify(signed),
    result: JSON.stringify(outcome),
  });
  expect(moved).toBe(true);
  await events.done((await store.trade(id))!, outcome);
}

/** A fork takes the trade away; the node no longer knows it, and its bytes are past their expiration. */
function fork(store: Store, id: string, events: TradeEvents): void {
  const client = {
    txStatus: async () => ({ state: 'unknown' }),
    broadcast: async () => Promise.reject(new Error('TaPoS: the block it names is gone')),
  } as unknown as LaunchpadClient;
  const finality = createFinality({
    store,
    clientFor: async () => client,
    now: () => NOW + 120_000,
    sleep: async () => undefined,
  });
  void store.trade(id).then((t) => finality.follow(t!, events));
}

describe('a snipe or a copy whose trade a fork undid', () => {
  it('a snipe: told failed, the rule’s budget is free again, and the token is not bought again', async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 5);
    const { automation, told, executed } = automationOver(store, wallet, () => NOW);
    // a budget of one snipe
    const rule = await automation.addRule(5, { trx: '50', word: 'cat', budgetTrx: '50' });
    await automation.onEvent(created('TCat', 'Super Cat', 'CAT', NOW));
    const id = `s:${rule.id}:TCat`;
    const events = executed.get(id)!;
    expect(events).toBeDefined();
    await land(store, id, events);
    expect(await automation.spent(rule.id)).toBe(50_000_000n);

    fork(store, id, events);
    await until(() => told.length === 2);
    const what = { kind: 'snipe', userId: 5, side: 'buy', token: 'TCat', symbol: 'CAT', amount: '50' };
    expect(told).toEqual([
      expect.objectContaining({ ...what, state: 'filled' }),
      expect.objectContaining({ ...what, state: 'failed', reason: REASON }),
    ]);
    expect(await store.trade(id)).toMatchObject({ status: 'failed' });
    // nothing was traded: nothing of the budget is spent
    expect(await automation.spent(rule.id)).toBe(0n);

    // the same creation again (a repeated event) finds its trade: it is not made again as a new one
    await automation.onEvent(created('TCat', 'Super Cat', 'CAT', NOW));
    expect([...executed.keys()]).toEqual([id]);
    // the next token is bought: the budget has room for it
    await automation.onEvent(created('TCat2', 'Cat Two', 'CAT2', NOW));
    expect([...executed.keys()]).toEqual([id, `s:${rule.id}:TCat2`]);
    expect(told).toHaveLength(2);
  });

  it('a copy: told failed, the follow’s budget and per-token cap are free again', async () => {
    const store = memoryStore();
    const { wallet } = await addUser(store, 6);
    const { automation, told, executed } = automationOver(store, wallet, () => NOW);
    // 10 TRX a copy, at most one copy into a token a day
    const follow = await automation.addFollow(6, { source: SOURCE, trx: '10' });
    await automation.onEvent(sourceBuy('TCat', 'CAT', 20_000_000n, 'source-1', NOW));
    const id = `c:${follow.id}:source-1`;
    const events = executed.get(id)!;
    expect(events).toBeDefined();
    await land(store, id, events);
    expect(await automation.spent(follow.id)).toBe(10_000_000n);
    // while it stands, the source's next buy of the token is past the per-token cap: not copied
    await automation.onEvent(sourceBuy('TCat', 'CAT', 20_000_000n, 'source-2', NOW));
    expect([...executed.keys()]).toEqual([id]);

    fork(store, id, events);
    await until(() => told.length === 2);
    const what = { kind: 'copy', userId: 6, side: 'buy', token: 'TCat', symbol: 'CAT', amount: '10', source: SOURCE };
    expect(told).toEqual([
      expect.objectContaining({ ...what, state: 'filled' }),
      expect.objectContaining({ ...what, state: 'failed', reason: REASON }),
    ]);
    expect(await store.trade(id)).toMatchObject({ status: 'failed' });
    expect(await automation.spent(follow.id)).toBe(0n);

    // the same source trade again is not copied again; the source's next buy of the token is
    await automation.onEvent(sourceBuy('TCat', 'CAT', 20_000_000n, 'source-1', NOW));
    expect([...executed.keys()]).toEqual([id]);
    await automation.onEvent(sourceBuy('TCat', 'CAT', 20_000_000n, 'source-3', NOW));
    expect([...executed.keys()]).toEqual([id, `c:${follow.id}:source-3`]);
    expect(told).toHaveLength(2);
  });
});
