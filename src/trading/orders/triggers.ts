// When an order fires, as pure functions of the order and the token's reserves: a limit, take-profit
// or stop-loss level, a trailing stop's level under its high-water mark, a DCA round's price cap and
// the order after a round, and whether a stop-loss that must hold for N blocks has held. No store, no
// clock, no I/O: the engine passes them in and stores the result. A trigger is a level, not a
// crossing: an order whose condition holds fires (a stop-loss with a hold, once it has held).
import { compareToLevel, moveBps, priceE18, type Reserves } from '../../tron/market/index.js';
import type { OrderRow } from '../store.js';
import type { OrderKind } from './spec.js';

/** A token's reserves with its decimals: what its price is read from. */
export type Priced = Reserves & { decimals: number };

/** A take-profit `bps` above the entry, or a stop-loss `bps` below it (E18). */
export function levelFromEntry(entryE18: bigint, kind: 'tp' | 'sl', bps: bigint): bigint {
  return moveBps(entryE18, kind === 'tp' ? bps : -bps);
}

/** The level a trailing stop fires at: its drop below the highest price seen. */
export function trailLevel(o: Pick<OrderRow, 'highE18' | 'trailBps'>): bigint {
  return moveBps(BigInt(o.highE18 ?? '0'), -BigInt(o.trailBps ?? 0));
}

/** A trailing stop's new high-water mark at this price; undefined when the price is not above the old one. */
export function raisedHigh(o: Pick<OrderRow, 'highE18'>, r: Priced): bigint | undefined {
  const p = priceE18(r, r.decimals);
  return p > BigInt(o.highE18 ?? '0') ? p : undefined;
}

/**
 * Whether the order's condition holds at this price: a limit buy, a stop-loss and a trailing stop at or
 * below their level, a limit sell and a take-profit at or above. A trailing stop's high must be raised
 * to this price first (raisedHigh). A DCA round goes by the clock, never by the price.
 */
export function holds(o: Pick<OrderRow, 'kind' | 'side' | 'triggerE18' | 'highE18' | 'trailBps'>, r: Priced): boolean {
  // (written out per case: this runs for every order of a token on every trade, and a closure over
  // the reserves here made it twice as slow)
  switch (o.kind as OrderKind) {
    case 'limit':
      return o.side === 'buy'
        ? compareToLevel(r, BigInt(o.triggerE18!), r.decimals) <= 0
        : compareToLevel(r, BigInt(o.triggerE18!), r.decimals) >= 0;
    case 'tp':
      return compareToLevel(r, BigInt(o.triggerE18!), r.decimals) >= 0;
    case 'sl':
      return compareToLevel(r, BigInt(o.triggerE18!), r.decimals) <= 0;
    case 'trail':
      return compareToLevel(r, trailLevel(o), r.decimals) <= 0;
    case 'dca':
      return false;
  }
}

/** Tron makes a block every 3 s: a stop-loss's hold, counted in blocks, is timed with it when no trade comes. */
export const TRON_BLOCK_MS = 3_000;

/** The blocks a stop-loss may be asked to hold for. */
export const MAX_HOLD_BLOCKS = 100;

/**
 * Where a stop-loss's breach began: the block of the first look that found the price at or below its
 * level (undefined when that look had no block) and that block's time (ms).
 */
export interface Breach {
  block: number | undefined;
  at: number;
}

/**
 * One look at the price: a trade's (its block and the block's time) or one without a block (the price
 * read when an order is set or the engine starts, or the clock with the last price seen: now).
 */
export interface Look {
  block?: number | undefined;
  at: number;
}

/** Whether an order waits for its price to hold before it fires: a stop-loss of more than 1 block. */
export function mustHold(o: Pick<OrderRow, 'kind' | 'holdBlocks'>): boolean {
  return o.kind === 'sl' && o.holdBlocks > 1;
}

/**
 * Whether a stop-loss that must hold for N blocks (holdBlocks) fires at this look, and its breach
 * after it. It fires once the price has been at or below its level in N consecutive blocks counting
 * from the first block where it was seen there: a trade at block B that leaves it at or below starts
 * the breach at B; any later look that finds it above clears the breach; it fires when a look at a
 * block ≥ B + N − 1 still finds it at or below. A look without a block (or a breach begun without
 * one) goes by time instead: it fires once (N − 1) × TRON_BLOCK_MS have passed since the breach's
 * time, so the clock fires it when the price simply stays down and no trade comes. The engine asks
 * this only of an order that mustHold; every other fires on holds() alone, as before (with N = 1
 * this would fire at once too).
 */
export function afterLook(
  o: Pick<OrderRow, 'kind' | 'side' | 'triggerE18' | 'highE18' | 'trailBps' | 'holdBlocks'>,
  r: Priced,
  breach: Breach | undefined,
  look: Look,
): { fires: boolean; breach: Breach | undefined } {
  if (!holds(o, r)) return { fires: false, breach: undefined };
  const from = breach ?? { block: look.block, at: look.at };
  const more = Math.max(0, o.holdBlocks - 1);
  const fires =
    look.block !== undefined && from.block !== undefined
      ? look.block >= from.block + more
      : look.at >= from.at + more * TRON_BLOCK_MS;
  return { fires, breach: from };
}

/** The level an order fires at now (E18), for display; undefined for a DCA without a cap. */
export function levelNow(o: Pick<OrderRow, 'kind' | 'triggerE18' | 'highE18' | 'trailBps'>): bigint | undefined {
  if (o.kind === 'trail') return trailLevel(o);
  return o.triggerE18 ? BigInt(o.triggerE18) : undefined;
}

/** Whether a DCA round is skipped at this price: its cap is set and the price is above it. */
export function aboveCap(o: Pick<OrderRow, 'triggerE18'>, r: Priced): boolean {
  return !!o.triggerE18 && compareToLevel(r, BigInt(o.triggerE18), r.decimals) > 0;
}

/**
 * A DCA order after a round (filled, failed or skipped: each counts): active until the next is due
 * an interval from `now`, or `last` after the final one.
 */
export function nextRound(
  o: Pick<OrderRow, 'done' | 'rounds' | 'intervalMs'>,
  how: string,
  last: 'filled' | 'failed',
  now: number,
): { to: 'active' | 'filled' | 'failed'; fields: Pick<OrderRow, 'done' | 'nextAt' | 'note'> } {
  const done = o.done + 1;
  const more = done < o.rounds;
  return {
    to: more ? 'active' : last,
    fields: { done, nextAt: more ? now + (o.intervalMs ?? 0) : null, note: `round ${done} of ${o.rounds} ${how}` },
  };
}
