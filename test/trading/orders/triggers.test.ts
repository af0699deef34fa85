// When an order fires, worked by hand. The pool: 30,000 TRX against 1,000,000,000 tokens, so the
// price is 30,000 / 1e9 = 0.00003 TRX per token: 3e13 as E18.
import { describe, expect, it } from 'vitest';
import {
  aboveCap,
  holds,
  levelFromEntry,
  levelNow,
  nextRound,
  raisedHigh,
  trailLevel,
  type Priced,
} from '../../../src/trading/orders/triggers.js';

const POOL: Priced = { trxReserve: 30_000_000_000n, tokenReserve: 10n ** 27n, decimals: 18 };
const AT = 30_000_000_000_000n; // 0.00003 TRX per token
/** The same price for a 6-decimal token: 1e9 tokens are 1e15 base units. */
const POOL6: Priced = { trxReserve: 30_000_000_000n, tokenReserve: 10n ** 15n, decimals: 6 };

const order = (o: { kind: string; side?: string; triggerE18?: bigint; highE18?: bigint; trailBps?: number }) => ({
  kind: o.kind,
  side: o.side ?? 'sell',
  triggerE18: o.triggerE18?.toString() ?? null,
  highE18: o.highE18?.toString() ?? null,
  trailBps: o.trailBps ?? null,
});

describe('holds', () => {
  it('a limit buy holds at or below its level, a limit sell at or above', () => {
    expect(holds(order({ kind: 'limit', side: 'buy', triggerE18: AT }), POOL)).toBe(true);
    expect(holds(order({ kind: 'limit', side: 'buy', triggerE18: AT - 1n }), POOL)).toBe(false);
    expect(holds(order({ kind: 'limit', side: 'sell', triggerE18: AT }), POOL)).toBe(true);
    expect(holds(order({ kind: 'limit', side: 'sell', triggerE18: AT + 1n }), POOL)).toBe(false);
  });

  it('a take-profit holds at or above, a stop-loss at or below; the decimals count', () => {
    expect(holds(order({ kind: 'tp', triggerE18: AT }), POOL)).toBe(true);
    expect(holds(order({ kind: 'tp', triggerE18: 31_000_000_000_000n }), POOL)).toBe(false);
    expect(holds(order({ kind: 'sl', triggerE18: AT }), POOL6)).toBe(true);
    expect(holds(order({ kind: 'sl', triggerE18: 29_900_000_000_000n }), POOL6)).toBe(false);
  });

  it('a trailing stop holds at or below its drop under the high; a DCA never by price', () => {
    // high 0.00004: a 25 % drop is 0.00003 (holds), 20 % is 0.000032 (holds), 30 % is 0.000028 (not yet)
    const high = 40_000_000_000_000n;
    expect(holds(order({ kind: 'trail', highE18: high, trailBps: 2500 }), POOL)).toBe(true);
    expect(holds(order({ kind: 'trail', highE18: high, trailBps: 2000 }), POOL)).toBe(true);
    expect(holds(order({ kind: 'trail', highE18: high, trailBps: 3000 }), POOL)).toBe(false);
    expect(holds(order({ kind: 'dca', side: 'buy', triggerE18: AT * 2n }), POOL)).toBe(false);
  });
});

describe('a trailing stop', () => {
  it('fires at its drop below the high: 0.00004 less 25 % is 0.00003', () => {
    expect(trailLevel({ highE18: '40000000000000', trailBps: 2500 })).toBe(AT);
    // 7 less 50 %: 3.5 rounds down to 3
    expect(trailLevel({ highE18: '7', trailBps: 5000 })).toBe(3n);
  });

  it('raises its high to a higher price only', () => {
    expect(raisedHigh({ highE18: '20000000000000' }, POOL)).toBe(AT);
    expect(raisedHigh({ highE18: AT.toString() }, POOL)).toBeUndefined();
    expect(raisedHigh({ highE18: null }, POOL6)).toBe(AT);
  });
});

describe('levels', () => {
  it('a TP 15 % above an entry of 0.00002 is 0.000023; an SL 20 % below is 0.000016', () => {
    expect(levelFromEntry(20_000_000_000_000n, 'tp', 1500n)).toBe(23_000_000_000_000n);
    expect(levelFromEntry(20_000_000_000_000n, 'sl', 2000n)).toBe(16_000_000_000_000n);
    expect(levelFromEntry(3n, 'sl', 5000n)).toBe(1n); // 1.5 rounds down
  });

  it('shows a trailing stop’s level under its high, another order’s trigger, none for an uncapped DCA', () => {
    expect(levelNow({ kind: 'trail', triggerE18: null, highE18: '40000000000000', trailBps: 2500 })).toBe(AT);
    expect(levelNow({ kind: 'tp', triggerE18: '123', highE18: null, trailBps: null })).toBe(123n);
    expect(levelNow({ kind: 'dca', triggerE18: null, highE18: null, trailBps: null })).toBeUndefined();
  });
});

describe('DCA', () => {
  it('skips a round only when the price is above its cap', () => {
    expect(aboveCap({ triggerE18: null }, POOL)).toBe(false);
    expect(aboveCap({ triggerE18: (AT - 1n).toString() }, POOL)).toBe(true);
    expect(aboveCap({ triggerE18: AT.toString() }, POOL)).toBe(false);
  });

  it('counts a round and is due an interval later, or ends after the last', () => {
    const o = { done: 0, rounds: 3, intervalMs: 3_600_000 };
    expect(nextRound(o, 'filled', 'filled', 1_000)).toEqual({
      to: 'active',
      fields: { done: 1, nextAt: 3_601_000, note: 'round 1 of 3 filled' },
    });
    expect(nextRound({ ...o, done: 2 }, 'failed: no', 'failed', 1_000)).toEqual({
      to: 'failed',
      fields: { done: 3, nextAt: null, note: 'round 3 of 3 failed: no' },
    });
  });
});
