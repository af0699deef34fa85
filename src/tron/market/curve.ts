// The launchpad's bonding curve and its fees in exact integer maths. The devnet executes trades with these
// functions and the service layer quotes with them, so both agree to the sun.
//
// Constant product over virtual reserves: k = trxReserve * tokenReserve. Rounding always favours
// the curve: a buyer's tokens are rounded down, a seller's TRX is rounded down, so k never shrinks;
// fees round up.
import { BPS, ONE_TOKEN, SUN_PER_TRX } from '../units.js';
import type { Reserves } from './price.js';

export const TOTAL_SUPPLY = 1_000_000_000n * ONE_TOKEN;
/** Tokens sold on the curve; the rest (200M) goes to the DEX pool at launch. */
export const TOTAL_SALE = 800_000_000n * ONE_TOKEN;
export const VIRTUAL_TRX_START = 35_000n * SUN_PER_TRX;
export const VIRTUAL_TOKEN_START = 1_070_000_000n * ONE_TOKEN;
/** Virtual token reserve when the curve is full. */
export const VIRTUAL_TOKEN_END = VIRTUAL_TOKEN_START - TOTAL_SALE;

export interface FeeParams {
  /** Buy fee in basis points of the TRX paid. */
  purchaseFeeBps: bigint;
  /** Sell fee in basis points of the TRX out of the curve. */
  saleFeeBps: bigint;
  /** Smallest fee on a trade, in sun. */
  minTxFee: bigint;
}

export const DEFAULT_FEES: FeeParams = { purchaseFeeBps: 100n, saleFeeBps: 100n, minTxFee: 0n };
/** Creating a token costs this much TRX on top of any first buy. */
export const DEFAULT_MINT_FEE = 20n * SUN_PER_TRX;

/** A token's curve: virtual reserves, sun and token base units. */
export type Pool = Reserves;

export const initialPool = (): Pool => ({ trxReserve: VIRTUAL_TRX_START, tokenReserve: VIRTUAL_TOKEN_START });

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const maxBig = (a: bigint, b: bigint): bigint => (a > b ? a : b);

export class CurveError extends Error {}

export const soldOf = (pool: Pool): bigint => VIRTUAL_TOKEN_START - pool.tokenReserve;
/** Tokens still for sale on the curve. */
export const remainingOf = (pool: Pool): bigint => pool.tokenReserve - VIRTUAL_TOKEN_END;
/** Real TRX held by the curve (sun). */
export const realTrxOf = (pool: Pool): bigint => pool.trxReserve - VIRTUAL_TRX_START;
/** Real TRX (sun) the curve holds when it is full: about 103,704 TRX. */
export const TRX_TO_FILL = ceilDiv(VIRTUAL_TRX_START * VIRTUAL_TOKEN_START, VIRTUAL_TOKEN_END) - VIRTUAL_TRX_START;

export interface BuyQuote {
  /** Tokens the buyer receives (base units). */
  tokenOut: bigint;
  /** Fee taken by the launchpad (sun). */
  fee: bigint;
  /** TRX that enters the curve (sun). */
  trxIn: bigint;
  /** TRX sent back because the curve filled (sun). */
  refund: bigint;
  /** True when this buy sells the last token of the curve. */
  fills: boolean;
  after: Pool;
}

/** The launchpad's fee on a buy of `trxPaid` (fee included); fees round up, so no trade is too small to pay one. */
export function buyFee(trxPaid: bigint, fees: FeeParams): bigint {
  return maxBig(ceilDiv(trxPaid * fees.purchaseFeeBps, BPS), fees.minTxFee);
}

/** The launchpad's fee on a sale whose `gross` TRX leaves the curve, rounded up. */
export function saleFee(gross: bigint, fees: FeeParams): bigint {
  return maxBig(ceilDiv(gross * fees.saleFeeBps, BPS), fees.minTxFee);
}

/** The fee on a buy that fills the curve with `trxIn`: the fee of the payment that leaves exactly trxIn. */
function fillFee(trxIn: bigint, fees: FeeParams): bigint {
  return maxBig(ceilDiv(trxIn * fees.purchaseFeeBps, BPS - fees.purchaseFeeBps), fees.minTxFee);
}

/** The smallest payment (fee included) whose buy fee leaves at least `trxIn` sun for the curve. */
export function paymentForCurveIn(trxIn: bigint, fees: FeeParams): bigint {
  let paid = ceilDiv(trxIn * BPS, BPS - fees.purchaseFeeBps);
  while (paid - buyFee(paid, fees) < trxIn) paid += 1n;
  return paid;
}

/** The smallest gross a sale must take from the curve for the seller to get `net` after the sale fee. */
export function grossForSaleNet(net: bigint, fees: FeeParams): bigint {
  let gross = ceilDiv(net * BPS, BPS - fees.saleFeeBps);
  while (gross - saleFee(gross, fees) < net) gross += 1n;
  return gross;
}

/** Buy with `trxPaid` sun (fee included). Throws CurveError when nothing can be bought. */
export function quoteBuy(pool: Pool, trxPaid: bigint, fees: FeeParams): BuyQuote {
  const remaining = remainingOf(pool);
  if (remaining <= 0n) throw new CurveError('curve is full');
  let fee = buyFee(trxPaid, fees);
  if (trxPaid <= fee) throw new CurveError('amount too small');
  let trxIn = trxPaid - fee;
  const k = pool.trxReserve * pool.tokenReserve;
  let newTokenReserve = ceilDiv(k, pool.trxReserve + trxIn);
  let tokenOut = pool.tokenReserve - newTokenReserve;
  let refund = 0n;
  let fills = false;
  if (tokenOut >= remaining) {
    // Sell exactly what is left; charge only the TRX that takes, fee on that, refund the rest.
    fills = true;
    tokenOut = remaining;
    newTokenReserve = VIRTUAL_TOKEN_END;
    trxIn = ceilDiv(k, VIRTUAL_TOKEN_END) - pool.trxReserve;
    fee = fillFee(trxIn, fees);
    if (trxIn + fee > trxPaid) fee = trxPaid - trxIn; // never charge more than was paid
    refund = trxPaid - trxIn - fee;
  }
  if (tokenOut <= 0n) throw new CurveError('amount too small');
  return {
    tokenOut,
    fee,
    trxIn,
    refund,
    fills,
    after: { trxReserve: pool.trxReserve + trxIn, tokenReserve: newTokenReserve },
  };
}

export interface SellQuote {
  /** TRX the seller receives (sun, after the fee). */
  trxOut: bigint;
  fee: bigint;
  /** TRX that leaves the curve (sun): trxOut + fee. */
  gross: bigint;
  after: Pool;
}

/** Sell `tokenIn` base units. Throws CurveError when the sale is impossible. */
export function quoteSell(pool: Pool, tokenIn: bigint, fees: FeeParams): SellQuote {
  if (tokenIn <= 0n) throw new CurveError('amount too small');
  if (tokenIn > soldOf(pool)) throw new CurveError('amount exceeds tokens sold on the curve');
  const k = pool.trxReserve * pool.tokenReserve;
  const newTrxReserve = ceilDiv(k, pool.tokenReserve + tokenIn);
  const gross = pool.trxReserve - newTrxReserve;
  const fee = saleFee(gross, fees);
  if (gross <= fee) throw new CurveError('amount too small');
  return {
    trxOut: gross - fee,
    fee,
    gross,
    after: { trxReserve: newTrxReserve, tokenReserve: pool.tokenReserve + tokenIn },
  };
}

/** Tokens out for `trxIn` sun entering the curve (no fee, no fill cap): getTokenAmountByPurchase. */
export function curveOut(pool: Pool, trxIn: bigint): bigint {
  if (trxIn <= 0n) throw new CurveError('amount too small');
  const k = pool.trxReserve * pool.tokenReserve;
  return pool.tokenReserve - ceilDiv(k, pool.trxReserve + trxIn);
}

/** TRX (sun) leaving the curve for `tokenIn` sold, before the fee: getTrxAmountBySale. */
export function curveIn(pool: Pool, tokenIn: bigint): bigint {
  if (tokenIn <= 0n) throw new CurveError('amount too small');
  if (tokenIn > soldOf(pool)) throw new CurveError('amount exceeds tokens sold on the curve');
  const k = pool.trxReserve * pool.tokenReserve;
  return pool.trxReserve - ceilDiv(k, pool.tokenReserve + tokenIn);
}

/** The smallest TRX (sun, into the curve) that buys at least `tokenOut`. */
export function trxForTokensOut(pool: Pool, tokenOut: bigint): bigint {
  if (tokenOut <= 0n) throw new CurveError('amount too small');
  if (tokenOut > remainingOf(pool)) throw new CurveError('amount exceeds tokens left on the curve');
  const k = pool.trxReserve * pool.tokenReserve;
  // tokens out are T - ceil(k / (R + x)), so ceil(k / (R + x)) <= T - tokenOut, i.e. R + x >= k / (T - tokenOut)
  return ceilDiv(k, pool.tokenReserve - tokenOut) - pool.trxReserve;
}

/** The fewest tokens to sell for at least `trxOut` sun leaving the curve (before the fee). */
export function tokensForTrxOut(pool: Pool, trxOut: bigint): bigint {
  if (trxOut <= 0n) throw new CurveError('amount too small');
  if (trxOut >= realTrxOf(pool)) throw new CurveError('amount exceeds the TRX in the curve');
  const k = pool.trxReserve * pool.tokenReserve;
  // TRX out is R - ceil(k / (T + t)), so ceil(k / (T + t)) <= R - trxOut, i.e. T + t >= k / (R - trxOut)
  return ceilDiv(k, pool.trxReserve - trxOut) - pool.tokenReserve;
}

/** Curve progress in basis points of TRX raised over TRX needed to fill, rounded down (0..10000). */
export const progressBps = (pool: Pool): bigint => {
  const raised = realTrxOf(pool);
  if (raised <= 0n) return 0n;
  const bps = (raised * BPS) / TRX_TO_FILL;
  return bps > BPS ? BPS : bps;
};

/** Curve progress in whole percent, rounded down (0..100): what the feed's progress events count. */
export const progressPct = (pool: Pool): number => Number(progressBps(pool) / 100n);
