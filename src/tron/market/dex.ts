// SunSwap V2 (Uniswap V2 on Tron) in exact integer maths. The devnet's pairs and router execute
// with these functions and the service layer quotes with them, so both agree to the unit.
//
// Constant product over the pair's real reserves with a 0.3 % fee on the input:
//   out = in*997*R_out / (R_in*1000 + in*997), rounded down
//   in  = R_in*out*1000 / ((R_out - out)*997) + 1
// exactly as UniswapV2Library.getAmountOut / getAmountIn.
import type { Reserves } from './price.js';

/** The pair's fee in thousandths, kept on the input side. */
export const FEE_KEEP = 997n;
export const FEE_BASE = 1000n;
/** LP tokens locked forever by the first mint (UniswapV2Pair.MINIMUM_LIQUIDITY). */
export const MINIMUM_LIQUIDITY = 1000n;

export class DexError extends Error {}

export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_LIQUIDITY');
  const inWithFee = amountIn * FEE_KEEP;
  return (inWithFee * reserveOut) / (reserveIn * FEE_BASE + inWithFee);
}

export function getAmountIn(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountOut <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_OUTPUT_AMOUNT');
  if (reserveIn <= 0n || reserveOut <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_LIQUIDITY');
  // the pool cannot give its whole reserve (Solidity would underflow and revert)
  if (amountOut >= reserveOut) throw new DexError('UniswapV2Library: INSUFFICIENT_LIQUIDITY');
  return (reserveIn * amountOut * FEE_BASE) / ((reserveOut - amountOut) * FEE_KEEP) + 1n;
}

/** Amount of B worth `amountA` at the reserves' ratio (UniswapV2Library.quote). */
export function quoteAmount(amountA: bigint, reserveA: bigint, reserveB: bigint): bigint {
  if (amountA <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_AMOUNT');
  if (reserveA <= 0n || reserveB <= 0n) throw new DexError('UniswapV2Library: INSUFFICIENT_LIQUIDITY');
  return (amountA * reserveB) / reserveA;
}

/** Integer square root, rounded down (Babylonian, as UniswapV2's Math.sqrt). */
export function sqrt(y: bigint): bigint {
  if (y < 0n) throw new DexError('sqrt of a negative number');
  if (y < 4n) return y === 0n ? 0n : 1n;
  let z = y;
  let x = y / 2n + 1n;
  while (x < z) {
    z = x;
    x = (y / x + x) / 2n;
  }
  return z;
}

/** The two tokens of a pair in the factory's order (by address, lowercase 20-byte hex). */
export function sortTokens(a: string, b: string): [string, string] {
  const ha = a.toLowerCase().slice(-40);
  const hb = b.toLowerCase().slice(-40);
  if (ha === hb) throw new DexError('UniswapV2Library: IDENTICAL_ADDRESSES');
  return ha < hb ? [a, b] : [b, a];
}

/** A pair's reserves seen from one token's side: TRX (WTRX, sun) against the token (base units). */
export type PairReserves = Reserves;
