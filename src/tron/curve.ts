// The launchpad's bonding curve in exact integer maths. The devnet executes trades with these
// functions and the service layer quotes with them, so both agree to the sun.
//
// Constant product over virtual reserves: k = trxReserve * tokenReserve. Rounding always favours
// the curve: a buyer's tokens are rounded down, a seller's TRX is rounded down, so k never shrinks;
// fees round up.
import { BPS, ONE_TOKEN, SUN_PER_TRX } from './units.js';

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
export interface Pool {
  trxReserve: bigint;
  tokenReserve: bigint;
}

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

/** Fees round up, so no trade is too small to pay one. */
export function buyFee(trxPaid: bigint, fees: FeeParams): bigint {
  return maxBig(ceilDiv(trxPaid * fees.purchaseFeeBps, BPS), fees.minTxFee);
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
    fee = maxBig(ceilDiv(trxIn * fees.purchaseFeeBps, BPS - fees.purchaseFeeBps), fees.minTxFee);
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
  const fee = maxBig(ceilDiv(gross * fees.saleFeeBps, BPS), fees.minTxFee);
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

/** Price of one whole token in sun, 18-decimal fixed point (what the launchpad's getPrice returns). */
export const priceSunE18 = (pool: Pool): bigint => (pool.trxReserve * ONE_TOKEN * 10n ** 18n) / pool.tokenReserve;

/** Price of one whole token in TRX as a JS number, for display and JSON only. */
export const priceTrx = (pool: Pool): number => Number((pool.trxReserve * 10n ** 30n) / pool.tokenReserve) / 1e18;

/** Curve progress in basis points of TRX raised over TRX needed to fill (0..10000). */
export const progressBps = (pool: Pool): bigint => {
  const raised = realTrxOf(pool);
  if (raised <= 0n) return 0n;
  const bps = (raised * BPS) / TRX_TO_FILL;
  return bps > BPS ? BPS : bps;
};
