// A trade as its venue fills it, with the fee router's cut on the TRX side: what the service quotes
// and the trading side checks a quote against, from the same reserves, to the unit. Pure: the
// reserves, the launchpad's fees and the router's fee (bps) come in; CurveError or DexError out.
import { quoteBuy, quoteSell, type FeeParams, type Pool } from './curve.js';
import { DexError, getAmountOut } from './dex.js';
import { routerFeeOf, routerFeeOnUsed } from './fees.js';
import { curveImpactBps, dexImpactBps } from './impact.js';
import type { Side } from './index.js';
import type { Reserves } from './price.js';

export interface TradeFill {
  /** sun paid in for a buy (router fee included), token base units sold for a sell */
  amountIn: bigint;
  /** token base units for a buy, sun for a sell: what reaches the trader after every fee */
  expectedOut: bigint;
  /** the launchpad's fee (sun; 0 on the DEX, whose 0.3 % is inside the amounts) */
  launchpadFee: bigint;
  /** the fee router's cut (sun) */
  routerFee: bigint;
  /** sun sent back when a buy fills the curve: what the curve did not use, with its share of the router's fee */
  refund: bigint;
  /** the buy sells the last token of the curve */
  fills: boolean;
  /** how far the trade's own price is from the price before it, against the trader (bps) */
  impactBps: bigint;
  /** the reserves after the trade */
  after: Reserves;
}

/**
 * A trade on the launchpad's curve: the router takes its cut of a buy's payment or a sale's TRX; a
 * buy that fills the curve pays it only on what the curve used.
 */
export function fillCurve(side: Side, amountIn: bigint, pool: Pool, fees: FeeParams, feeBps: bigint): TradeFill {
  if (side === 'buy') {
    const taken = routerFeeOf(amountIn, feeBps);
    const spend = amountIn - taken;
    const q = quoteBuy(pool, spend, fees);
    const routerFee = routerFeeOnUsed(taken, spend, q.refund);
    return {
      amountIn,
      expectedOut: q.tokenOut,
      launchpadFee: q.fee,
      routerFee,
      refund: q.refund + (taken - routerFee),
      fills: q.fills,
      impactBps: curveImpactBps('buy', pool, q.trxIn, q.tokenOut),
      after: q.after,
    };
  }
  const q = quoteSell(pool, amountIn, fees);
  const routerFee = routerFeeOf(q.trxOut, feeBps);
  return {
    amountIn,
    expectedOut: q.trxOut - routerFee,
    launchpadFee: q.fee,
    routerFee,
    refund: 0n,
    fills: false,
    impactBps: curveImpactBps('sell', pool, q.gross, amountIn),
    after: q.after,
  };
}

/** A trade on the token's SunSwap V2 pair (TRX side and token side), the router's cut on the TRX side. */
export function fillDex(side: Side, amountIn: bigint, r: Reserves, feeBps: bigint): TradeFill {
  const onPair = { launchpadFee: 0n, refund: 0n, fills: false };
  const tooSmall = () => new DexError('amount too small');
  if (side === 'buy') {
    const routerFee = routerFeeOf(amountIn, feeBps);
    const trxIn = amountIn - routerFee;
    const tokenOut = getAmountOut(trxIn, r.trxReserve, r.tokenReserve);
    if (tokenOut <= 0n) throw tooSmall();
    return {
      ...onPair,
      amountIn,
      expectedOut: tokenOut,
      routerFee,
      impactBps: dexImpactBps('buy', r, trxIn, tokenOut),
      after: { trxReserve: r.trxReserve + trxIn, tokenReserve: r.tokenReserve - tokenOut },
    };
  }
  const gross = getAmountOut(amountIn, r.tokenReserve, r.trxReserve);
  const routerFee = routerFeeOf(gross, feeBps);
  if (gross - routerFee <= 0n) throw tooSmall();
  return {
    ...onPair,
    amountIn,
    expectedOut: gross - routerFee,
    routerFee,
    impactBps: dexImpactBps('sell', r, gross, amountIn),
    after: { trxReserve: r.trxReserve - gross, tokenReserve: r.tokenReserve + amountIn },
  };
}
