// After a trade lands in a head block, until its block is solid (19 blocks, about a minute, on
// mainnet). The user is told at once that it went through; this follows it to the end:
// - its block becomes solid: the trade is final (status included -> confirmed) and the user is told;
// - a fork took it away (the node no longer has it in a block): the same signed bytes are sent again
//   while they are valid (they may land in a new block, which is followed the same way); when they
//   can no longer land, the trade is undone (status -> failed) and the user is told plainly.
// It never builds or signs anything: a fork can never make a trade happen twice, only once or not at
// all. Included trades are followed again after a restart.
import type { LaunchpadClient } from '../client/index.js';
import { why } from './reasons.js';
import type { TradingStore, TradeRow } from './store.js';
import type { TradeEvents, TradeOutcome } from './trade-flow.js';

/** How often an included trade's state is read (a solid block comes every 3 s on mainnet). */
export const FINALITY_POLL_MS = 3000;

export interface FinalityDeps {
  store: TradingStore;
  clientFor: (t: TradeRow) => Promise<LaunchpadClient>;
  /** the chain's time: a transaction's expiration is a block time */
  now: () => number;
  sleep: (ms: number) => Promise<unknown>;
  pollMs?: number;
  onError?: (t: TradeRow, err: unknown) => void;
}

export function createFinality(deps: FinalityDeps) {
  const { store, now, sleep } = deps;
  const following = new Set<string>();
  const poll = deps.pollMs ?? FINALITY_POLL_MS;

  async function run(id: string, events: TradeEvents): Promise<void> {
    const first = await store.trade(id);
    if (!first?.signedTx || !first.txid) return;
    const client = await deps.clientFor(first);
    const signed = JSON.parse(first.signedTx) as { raw_data: { expiration: number } };
    // bytes past their expiration can never land again (the node refuses them)
    const lastChance = Number(signed.raw_data.expiration) + 30_000;
    for (;;) {
      await sleep(poll);
      const t = await store.trade(id);
      if (!t || t.status !== 'included') return;
      const s = await client.txStatus(t.txid!).catch(() => undefined);
      if (!s) continue;
      const before = JSON.parse(t.result ?? '{}') as TradeOutcome;
      if (s.state === 'confirmed') {
        const outcome: TradeOutcome = { ...before, final: true };
        if (await store.transition(id, 'included', 'confirmed', { result: JSON.stringify(outcome) }))
          await events.final?.((await store.trade(id))!, outcome);
        return;
      }
      if (s.state === 'failed') {
        // re-included by a fork on another state, where it failed
        const outcome: TradeOutcome = {
          state: 'failed',
          txid: t.txid!,
          reason: `a chain reorganisation replayed it and it failed${s.reason ? `: ${s.reason}` : ''}`,
          why: s.reason ? why('err-trade-reorg-failed-why', { detail: s.reason }) : why('err-trade-reorg-failed'),
          ...(s.failureCode ? { failureCode: s.failureCode } : {}),
        };
        if (await store.transition(id, 'included', 'failed', { result: JSON.stringify(outcome) }))
          await events.undone?.((await store.trade(id))!, outcome);
        return;
      }
      if (s.state === 'pending' || s.state === 'included') continue;
      // unknown: a fork dropped it
      if (now() <= lastChance) {
        await client.broadcast(signed).catch(() => undefined);
        continue;
      }
      const outcome: TradeOutcome = {
        state: 'failed',
        txid: t.txid!,
        reason: 'a chain reorganisation removed it and it could not be sent again in time: nothing was traded',
        why: why('err-trade-reorg-removed'),
        offChain: true,
      };
      if (await store.transition(id, 'included', 'failed', { result: JSON.stringify(outcome) }))
        await events.undone?.((await store.trade(id))!, outcome);
      return;
    }
  }

  return {
    /** Follows an included trade to final (or undone), in the background; once per trade. */
    follow(t: TradeRow, events: TradeEvents): void {
      if (following.has(t.id)) return;
      following.add(t.id);
      run(t.id, events)
        .catch((err: unknown) => deps.onError?.(t, err))
        .finally(() => following.delete(t.id));
    },
  };
}

export type Finality = ReturnType<typeof createFinality>;
