// The JSON edge: exact integers become the numbers the spec's shapes require, here and nowhere else.
import { formatUnits } from '../tron/units.js';

/** sun -> TRX as a number (the closest double to the exact decimal). */
export const trxNumber = (sun: bigint): number => Number(formatUnits(sun, 6));
/** base units -> whole tokens as a number. */
export const tokenNumber = (units: bigint, decimals: number): number => Number(formatUnits(units, decimals));
/** A ratio of two bigints as a number with ~15 significant digits. */
export function ratio(num: bigint, den: bigint): number {
  if (den === 0n) return 0;
  const scale = 10n ** 30n;
  return Number((num * scale) / den) / 1e30;
}
