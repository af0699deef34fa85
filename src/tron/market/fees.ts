// The fee router's cut and the slippage floor: the two rules every trade plan applies on top of the
// venue's own amounts (curve.ts, dex.ts). The router takes `feeBps` of the TRX side, rounded down.
import { BPS } from '../units.js';

/** The router's fee on a trade's TRX side (paid in for a buy, received for a sell), rounded down. */
export const routerFeeOf = (trx: bigint, feeBps: bigint): bigint => (trx * feeBps) / BPS;

/**
 * The router's fee on a curve buy that fills the curve (version 2): the fee taken on the payment,
 * less the refunded part's share, rounded down: `fee * (spend - refund) / spend`. The refund
 * (`spend - refund` is what the curve used) takes the rest of the fee back with it.
 */
export const routerFeeOnUsed = (fee: bigint, spend: bigint, refund: bigint): bigint =>
  refund === 0n || spend === 0n ? fee : (fee * (spend - refund)) / spend;

/** The least output a trade accepts for `slippageBps` below the expected one, rounded down. */
export const minOutFor = (expected: bigint, slippageBps: bigint): bigint => (expected * (BPS - slippageBps)) / BPS;
