// Prices for automated orders, exact: a token's price is the ratio of its reserves (the curve's virtual
// ones, or its pair's after the launch), and a trigger is a TRX-per-token price as 18-decimal fixed
// point. Comparisons cross-multiply, so nothing is rounded before it is compared.
import { BPS, parseUnits, formatUnits } from '../tron/units.js';

export const E18 = 10n ** 18n;

/** A token's price as its reserves: TRX in sun against the token in base units. */
export interface Reserves {
  trxSun: bigint;
  tokenUnits: bigint;
  decimals: number;
}

/** sign(price - e18): -1 below, 0 at, 1 above the level. */
export function compareToLevel(r: Reserves, levelE18: bigint): -1 | 0 | 1 {
  // price = trxSun / 1e6 / (tokenUnits / 10^decimals)  vs  levelE18 / 1e18
  const left = r.trxSun * 10n ** BigInt(r.decimals) * E18;
  const right = levelE18 * r.tokenUnits * 1_000_000n;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The price as E18 fixed point, rounded down (for storing a high-water mark and for display). */
export function priceE18(r: Reserves): bigint {
  if (r.tokenUnits === 0n) return 0n;
  return (r.trxSun * 10n ** BigInt(r.decimals) * E18) / (r.tokenUnits * 1_000_000n);
}

/** An E18 price moved by a signed number of basis points: +10000 doubles it, -3000 takes 30 % off. */
export const moveBps = (e18: bigint, bps: bigint): bigint => (e18 * (BPS + bps)) / BPS;

/** "0.00005" (TRX per token) -> E18; throws on anything else. */
export const parsePriceE18 = (text: string): bigint => parseUnits(text, 18);

/** An E18 price as a plain decimal with up to `digits` significant digits. */
export function formatPrice(e18: bigint, digits = 6): string {
  const text = formatUnits(e18, 18);
  const [whole, frac = ''] = text.split('.');
  if (whole !== '0') return Number(text).toLocaleString('en-US', { maximumSignificantDigits: digits });
  const lead = /^0*/.exec(frac)![0].length;
  const sig = frac.slice(lead, lead + digits).replace(/0+$/, '');
  return sig ? `0.${'0'.repeat(lead)}${sig}` : '0';
}

/**
 * A market cap in USD as the TRX-per-token price that gives it:
 * price = mcUsd / (supply in whole tokens × TRX price in USD).
 */
export function marketCapToE18(mcUsd: number, totalSupplyUnits: bigint, decimals: number, trxUsd: number): bigint {
  const mcMicro = BigInt(Math.round(mcUsd * 1e6));
  const usdMicro = BigInt(Math.round(trxUsd * 1e6));
  if (usdMicro <= 0n || totalSupplyUnits <= 0n) throw new Error('no TRX price or supply to convert a market cap');
  return (mcMicro * 10n ** BigInt(decimals) * E18) / (totalSupplyUnits * usdMicro);
}

/** "50k", "1.2m", "3b" or a plain number -> USD. */
export function parseUsdAmount(text: string): number | undefined {
  const m = /^\$?(\d+(?:\.\d+)?)([kmb]?)$/i.exec(text.trim());
  if (!m) return undefined;
  const mult = { '': 1, k: 1e3, m: 1e6, b: 1e9 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'b'];
  const v = Number(m[1]) * mult;
  return Number.isFinite(v) && v > 0 ? v : undefined;
}
