// When an order fires, worked by hand. The pool: 30,000 TRX against 1,000,000,000 tokens, so the
// price is 30,000 / 1e9 = 0.00003 TRX per token: 3e13 as E18.
import { describe, expect, it } from 'vitest';
import {
  aboveCap,
  afterLook,
  holds,
  levelFromEntry,
  levelNow,
  mustHold,
  nextRound,
  raisedHigh,
  trailLevel,
  type Breach,
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

describe('a stop-loss that must hold for N blocks', () => {
  // the level is the pool's price (0.00003): DOWN is at it, UP is 1 % above it
  const DOWN = POOL;
  const UP: Priced = { ...POOL, trxReserve: 30_300_000_000n };
  const sl = (holdBlocks: number) => ({ ...order({ kind: 'sl', triggerE18: AT }), holdBlocks });
  /** Feeds looks one after the other, as the engine does: [price, block, time]; what fired at each. */
  const run = (holdBlocks: number, looks: Array<[Priced, number | undefined, number]>) => {
    let breach: Breach | undefined;
    return looks.map(([r, block, at]) => {
      const next = afterLook(sl(holdBlocks), r, breach, { block, at });
      breach = next.breach;
      return next.fires;
    });
  };

  it('only a stop-loss of more than 1 block waits; with 1 it would fire at the first look at or below', () => {
    expect(mustHold(sl(3))).toBe(true);
    expect(mustHold(sl(1))).toBe(false);
    // a take-profit never waits, whatever its column says
    expect(mustHold({ kind: 'tp', holdBlocks: 3 })).toBe(false);
    expect(afterLook(sl(1), DOWN, undefined, { block: 10, at: 0 }).fires).toBe(true);
    expect(afterLook(sl(1), UP, undefined, { block: 10, at: 0 })).toEqual({ fires: false, breach: undefined });
  });

  it('with hold 3 starts the breach at the first block below and fires two blocks later', () => {
    const first = afterLook(sl(3), DOWN, undefined, { block: 100, at: 300_000 });
    expect(first).toEqual({ fires: false, breach: { block: 100, at: 300_000 } });
    // block 101 is too early; the breach stays where it began
    expect(afterLook(sl(3), DOWN, first.breach, { block: 101, at: 303_000 })).toEqual({
      fires: false,
      breach: { block: 100, at: 300_000 },
    });
    expect(afterLook(sl(3), DOWN, first.breach, { block: 102, at: 306_000 }).fires).toBe(true);
    // a later block with no trade in between counts as well: the price stayed down in block 101
    expect(afterLook(sl(3), DOWN, first.breach, { block: 105, at: 315_000 }).fires).toBe(true);
  });

  it('a one-block wick bought back clears the breach, and the count starts again', () => {
    // down in 100, back up in 101, down again in 102 and 103: not three blocks in a row yet
    expect(
      run(3, [
        [DOWN, 100, 300_000],
        [UP, 101, 303_000],
        [DOWN, 102, 306_000],
        [DOWN, 103, 309_000],
      ]),
    ).toEqual([false, false, false, false]);
    // ... and fires in 104, the third block of the new breach
    expect(
      run(3, [
        [DOWN, 100, 300_000],
        [UP, 101, 303_000],
        [DOWN, 102, 306_000],
        [DOWN, 104, 312_000],
      ]),
    ).toEqual([false, false, false, true]);
    // two trades in one block: the second, back above, clears it within the block
    expect(
      run(2, [
        [DOWN, 100, 300_000],
        [UP, 100, 300_000],
        [DOWN, 101, 303_000],
      ]),
    ).toEqual([false, false, false]);
  });

  it('a look without a block (the clock) fires once (N − 1) × 3 s have passed since the breach began', () => {
    const b: Breach = { block: 100, at: 300_000 };
    expect(afterLook(sl(3), DOWN, b, { at: 305_999 }).fires).toBe(false);
    expect(afterLook(sl(3), DOWN, b, { at: 306_000 }).fires).toBe(true);
    expect(afterLook(sl(100), DOWN, b, { at: 300_000 + 99 * 3_000 - 1 }).fires).toBe(false);
    expect(afterLook(sl(100), DOWN, b, { at: 300_000 + 99 * 3_000 }).fires).toBe(true);
    // the clock at a price back above clears the breach
    expect(afterLook(sl(3), UP, b, { at: 400_000 })).toEqual({ fires: false, breach: undefined });
  });

  it('a breach begun without a block (a price read when set) counts by time, trades included', () => {
    const set = afterLook(sl(2), DOWN, undefined, { at: 1_000 });
    expect(set).toEqual({ fires: false, breach: { block: undefined, at: 1_000 } });
    expect(afterLook(sl(2), DOWN, set.breach, { block: 7, at: 3_999 }).fires).toBe(false);
    expect(afterLook(sl(2), DOWN, set.breach, { block: 8, at: 4_000 }).fires).toBe(true);
  });
});
