// A token's price, exactly: the ratio of its reserves (the curve's virtual ones, or its SunSwap V2
// pair's after the launch), TRX in sun against the token in base units. Every part that shows,
// stores or compares a price calls these; a level to compare against is TRX per whole token as
// 18-decimal fixed point (E18), and comparisons cross-multiply, so nothing is rounded first.
import { BPS, SUN_PER_TRX, TOKEN_DECIMALS, ratioNumber } from '../units.js';

/** Fixed-point scale of a price level (TRX per whole token). */
export const E18 = 10n ** 18n;

/** Reserves that make a price: TRX in sun, the token in base units (`decimals`, 18 unless said). */
export interface Reserves {
  trxReserve: bigint;
  tokenReserve: bigint;
}

const unit = (decimals: number): bigint => 10n ** BigInt(decimals);

/** TRX per whole token as a JS number (closest double to ~30 significant digits): for JSON and display. */
export const priceTrx = (r: Reserves, decimals = TOKEN_DECIMALS): number =>
  ratioNumber(r.trxReserve * unit(decimals), r.tokenReserve * SUN_PER_TRX);

/** TRX per whole token as E18 fixed point, rounded down (0 for an empty pool). */
export function priceE18(r: Reserves, decimals = TOKEN_DECIMALS): bigint {
  if (r.tokenReserve === 0n) return 0n;
  return (r.trxReserve * unit(decimals) * E18) / (r.tokenReserve * SUN_PER_TRX);
}

/** Sun per whole token as E18 fixed point, rounded down: what the launchpad's `getPrice` returns. */
export const priceSunE18 = (r: Reserves, decimals = TOKEN_DECIMALS): bigint =>
  (r.trxReserve * unit(decimals) * E18) / r.tokenReserve;

/** sign(price - level) for a level in E18: -1 below, 0 at, 1 above. */
export function compareToLevel(r: Reserves, levelE18: bigint, decimals = TOKEN_DECIMALS): -1 | 0 | 1 {
  // trxReserve / 1e6 / (tokenReserve / 10^decimals)  vs  levelE18 / 1e18
  const left = r.trxReserve * unit(decimals) * E18;
  const right = levelE18 * r.tokenReserve * SUN_PER_TRX;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * The fewest tokens (base units) a buy of `sun` must get for what it pays a token to be at most
 * `levelE18` (rounded up): a minimum out that holds a price cap.
 */
export function minOutAtLevel(sun: bigint, levelE18: bigint, decimals = TOKEN_DECIMALS): bigint {
  if (levelE18 <= 0n) throw new Error('a price level must be above 0');
  const per = SUN_PER_TRX * levelE18;
  return (sun * unit(decimals) * E18 + per - 1n) / per;
}

/** An E18 price moved by signed basis points (rounded down): +10000 doubles it, -3000 takes 30 % off. */
export const moveBps = (e18: bigint, bps: bigint): bigint => (e18 * (BPS + bps)) / BPS;

/**
 * A market cap in USD as the E18 price that gives it: mcUsd / (supply in whole tokens × USD per TRX),
 * both USD figures taken to the micro-dollar.
 */
export function marketCapToE18(mcUsd: number, totalSupplyUnits: bigint, decimals: number, trxUsd: number): bigint {
  const mcMicro = BigInt(Math.round(mcUsd * 1e6));
  const usdMicro = BigInt(Math.round(trxUsd * 1e6));
  if (usdMicro <= 0n || totalSupplyUnits <= 0n) throw new Error('no TRX price or supply to convert a market cap');
  return (mcMicro * unit(decimals) * E18) / (totalSupplyUnits * usdMicro);
}
