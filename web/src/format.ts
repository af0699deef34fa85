// Numbers as the user's language writes them (Intl), one helper per unit. Money stays exact: TRX is
// written from its sun and tokens from their base units (decimal strings → bigint → decimal string),
// and only the separators come from the locale ("1,509.24 TRX", "1 509,24 TRX"). Figures that are
// estimates anyway (prices, volumes, market caps) go through Intl's number formats.

/** An integer amount in base units as a plain decimal string: 1509240000n, 6 → "1509.24" (exact). */
export function formatUnits(value: bigint, decimals: number, places = decimals): string {
  const neg = value < 0n;
  let abs = neg ? -value : value;
  if (places < decimals) abs -= abs % 10n ** BigInt(decimals - places); // round toward zero, never up
  const base = 10n ** BigInt(decimals);
  const whole = (abs / base).toString();
  const frac = decimals > 0 ? (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${neg && abs > 0n ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** Base units from a decimal string or bigint; undefined for anything that is not an integer. */
export function toBigInt(value: string | bigint): bigint | undefined {
  if (typeof value === 'bigint') return value;
  return /^-?\d+$/.test(value.trim()) ? BigInt(value.trim()) : undefined;
}

export const TRX_DECIMALS = 6;

/**
 * How many decimals a token amount is shown with: two for a whole token or more (as the bot's cards
 * write it), eight under one; always rounded down, so a figure shown is never more than the exact one.
 */
export const tokenPlaces = (units: string | bigint, decimals: number): number => {
  const big = toBigInt(units);
  return big !== undefined && (big < 0n ? -big : big) >= 10n ** BigInt(decimals) ? 2 : Math.min(decimals, 8);
};

export interface Numbers {
  lang: string;
  /** A plain decimal string ("-1234.5", exact) with the locale's separators. */
  decimal(text: string): string;
  /** TRX from sun, exact: "1509240000" → "1,509.24 TRX"; `places` rounds down to that many decimals. */
  trx(sun: string | bigint, places?: number): string;
  /** Tokens from base units, rounded down to `places` decimals (never more than the exact figure). */
  tokens(units: string | bigint, decimals: number, places?: number): string;
  /** A TRX figure that is a JS number (prices × amounts from JSON): up to 6 decimals. */
  trxNum(n: number): string;
  /** A price in TRX per token: six significant digits (four when under 1), never in exponent form. */
  price(n: number): string;
  /** A count or a figure with at most `maxFraction` decimals. */
  num(n: number, maxFraction?: number): string;
  /** 1234567 → "1.23M" / "123.46万" / "1,23 млн". */
  compact(n: number): string;
  /** US dollars, compact when large. */
  usd(n: number): string;
  /** A percent: "12.5%" (ru: "12,5 %"). */
  pct(n: number, maxFraction?: number): string;
  /** A change in percent with its sign: "+12.5%", "−3.1%". */
  signedPct(n: number): string;
  /** A time of day, to the minute, in the user's time zone. */
  time(ms: number): string;
  /** A date and time, short, in the user's time zone. */
  dateTime(ms: number): string;
}

const cache = new Map<string, Numbers>();

/** The number formats of a language (an Intl locale tag), made once per language. */
export function numbersFor(lang: string): Numbers {
  let n = cache.get(lang);
  if (!n) cache.set(lang, (n = makeNumbers(lang)));
  return n;
}

function makeNumbers(lang: string): Numbers {
  const fmt = (opts: Intl.NumberFormatOptions) => new Intl.NumberFormat(lang, opts);
  const parts = fmt({}).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const point = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const decimal = (text: string): string => {
    const neg = text.startsWith('-');
    const [whole = '0', frac] = (neg ? text.slice(1) : text).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    return `${neg ? '-' : ''}${grouped}${frac ? point + frac : ''}`;
  };
  const exact = (v: string | bigint, decimals: number, places?: number): string => {
    const big = toBigInt(v);
    return big === undefined ? '?' : decimal(formatUnits(big, decimals, places));
  };
  const upTo = new Map<number, Intl.NumberFormat>();
  const num = (n: number, maxFraction = 2): string => {
    let f = upTo.get(maxFraction);
    if (!f) upTo.set(maxFraction, (f = fmt({ maximumFractionDigits: maxFraction })));
    return f.format(n);
  };
  const sig6 = fmt({ maximumSignificantDigits: 6 });
  const sig4 = fmt({ maximumSignificantDigits: 4 });
  const compact = fmt({ notation: 'compact', maximumFractionDigits: 2 });
  const usdSmall = fmt({ style: 'currency', currency: 'USD', maximumSignificantDigits: 4 });
  const usdBig = fmt({ style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 2 });
  const pcts = new Map<number, Intl.NumberFormat>();
  const pct = (n: number, maxFraction = 2): string => {
    let f = pcts.get(maxFraction);
    if (!f) pcts.set(maxFraction, (f = fmt({ style: 'percent', maximumFractionDigits: maxFraction })));
    return f.format(n / 100);
  };
  const signed = fmt({ style: 'percent', maximumFractionDigits: 2, signDisplay: 'exceptZero' });
  const time = new Intl.DateTimeFormat(lang, { hour: 'numeric', minute: '2-digit' });
  const dateTime = new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' });
  return {
    lang,
    decimal,
    trx: (sun, places) => `${exact(sun, TRX_DECIMALS, places)} TRX`,
    tokens: (units, decimals, places = 2) => exact(units, decimals, Math.min(places, decimals)),
    trxNum: (n) => `${num(n, 6)} TRX`,
    price: (n) => (n === 0 ? '0' : Math.abs(n) < 1 ? sig4.format(n) : sig6.format(n)),
    num,
    compact: (n) => compact.format(n),
    usd: (n) => (Math.abs(n) >= 10_000 ? usdBig.format(n) : usdSmall.format(n)),
    pct,
    signedPct: (n) => signed.format(n / 100),
    time: (ms) => time.format(ms),
    dateTime: (ms) => dateTime.format(ms),
  };
}
