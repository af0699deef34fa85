// Price impact: how far a trade's own price is from the pool's price before it, in basis points
// against the trader (a buy pays more per token, a sell gets less). Written once for each venue.
import { BPS } from '../units.js';
import { FEE_BASE, FEE_KEEP } from './dex.js';
import type { Side } from './index.js';
import type { Reserves } from './price.js';

/**
 * (trxNum / trxDen) TRX for `tokens`, against the reserves' price, exactly (floor) as a bps ratio;
 * the fraction lets the DEX scale the TRX side by its pool fee without rounding first.
 */
function impact(side: Side, before: Reserves, trxNum: bigint, trxDen: bigint, tokens: bigint): bigint {
  const ratio = (trxNum * before.tokenReserve * BPS) / (trxDen * tokens * before.trxReserve);
  return side === 'buy' ? ratio - BPS : BPS - ratio;
}

/**
 * On the curve: `trx` is what reaches the curve (a buy's TRX after the fees, a sell's gross TRX),
 * `tokens` what it gives or takes.
 */
export const curveImpactBps = (side: Side, pool: Reserves, trx: bigint, tokens: bigint): bigint =>
  impact(side, pool, trx, 1n, tokens);

/**
 * On a SunSwap V2 pair: the same, with the pair's 0.3 % fee set aside (it is a fee, not a move of the
 * price): a buy counts the TRX that stays in the pool, a sell the TRX before the fee was kept.
 */
export const dexImpactBps = (side: Side, pair: Reserves, trx: bigint, tokens: bigint): bigint =>
  side === 'buy'
    ? impact(side, pair, trx * FEE_KEEP, FEE_BASE, tokens)
    : impact(side, pair, trx * FEE_BASE, FEE_KEEP, tokens);
