// Exact money units. Everything below the JSON edge is bigint.
export const SUN_PER_TRX = 1_000_000n;
export const TOKEN_DECIMALS = 18;
export const ONE_TOKEN = 10n ** 18n;
export const MAX_UINT256 = (1n << 256n) - 1n;
export const BPS = 10_000n;

/** Parses a decimal string ("12.5") into integer units with `decimals` places; rejects excess precision. */
export function parseUnits(value: string | number, decimals: number): bigint {
  const text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`not a non-negative decimal: ${text.slice(0, 40)}`);
  const whole = m[1]!;
  const frac = m[2] ?? '';
  if (frac.length > decimals && /[1-9]/.test(frac.slice(decimals))) {
    throw new Error(`more than ${decimals} decimal places: ${text.slice(0, 40)}`);
  }
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt((frac.slice(0, decimals) || '0').padEnd(decimals, '0'));
}

/** Formats integer units as a plain decimal string without trailing zeros. */
export function formatUnits(value: bigint, decimals: number): string {
  const neg = value < 0n;
  const abs = neg ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const frac = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return (neg ? '-' : '') + whole.toString() + (frac ? '.' + frac : '');
}

/**
 * num / den as the closest JS number, to about 30 significant digits (for JSON and display only).
 * 0 when den is 0.
 */
export function ratioNumber(num: bigint, den: bigint): number {
  if (den === 0n) return 0;
  return Number((num * 10n ** 30n) / den) / 1e30;
}

/** sun -> TRX as a JS number (the closest double to the exact decimal): the JSON edge only. */
export const trxNumber = (sun: bigint): number => Number(formatUnits(sun, 6));
/** base units -> whole tokens as a JS number (the closest double): the JSON edge only. */
export const tokenNumber = (units: bigint, decimals: number): number => Number(formatUnits(units, decimals));

export const trxToSun = (trx: string | number): bigint => parseUnits(trx, 6);

/**
 * A trade's network fee limit: the configured one (sun) raised by the TRX a caller adds (a priority
 * fee, the user's extra). Throws, as trxToSun does, on anything but a non-negative amount of at most
 * 6 decimals: the API, the trading side's funds check and its signing all take it from here.
 */
export const feeLimitWith = (baseSun: bigint, extraTrx: number | string | undefined): bigint =>
  baseSun + (extraTrx === undefined ? 0n : trxToSun(extraTrx));
export const sunToTrx = (sun: bigint): string => formatUnits(sun, 6);

function numberToPlain(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new Error(`not a non-negative finite number: ${n}`);
  const s = String(n); // shortest round-trip form: 0.1 stays "0.1"
  if (!/e/i.test(s)) return s;
  if (n >= 1) return BigInt(n).toString();
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}
