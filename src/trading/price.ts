// Prices as a trader types and reads them: "0.00005" TRX per token or "50k" USD in, an E18 level
// (the market's fixed point, src/tron/market/price.ts) out, and back to a short decimal for display.
import { formatUnits, parseUnits } from '../tron/units.js';

export const PRICE_DECIMALS = 18; // an E18 level is TRX per token with 18 decimals

/** "0.00005" (TRX per token) -> E18; throws on anything else. */
export const parsePriceE18 = (text: string): bigint => parseUnits(text, PRICE_DECIMALS);

/** An E18 price as a plain decimal with up to `digits` significant digits. */
export function formatPrice(e18: bigint, digits = 6): string {
  const text = formatUnits(e18, PRICE_DECIMALS);
  const [whole, frac = ''] = text.split('.');
  if (whole !== '0') return Number(text).toLocaleString('en-US', { maximumSignificantDigits: digits });
  const lead = /^0*/.exec(frac)![0].length;
  const sig = frac.slice(lead, lead + digits).replace(/0+$/, '');
  return sig ? `0.${'0'.repeat(lead)}${sig}` : '0';
}

/** "50k", "1.2m", "3b" or a plain number -> USD. */
export function parseUsdAmount(text: string): number | undefined {
  const m = /^\$?(\d+(?:\.\d+)?)([kmb]?)$/i.exec(text.trim());
  if (!m) return undefined;
  const mult = { '': 1, k: 1e3, m: 1e6, b: 1e9 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'b'];
  const v = Number(m[1]) * mult;
  return Number.isFinite(v) && v > 0 ? v : undefined;
}
