// Numbers, amounts and dates as each language writes them (Intl), one helper per unit. Money stays
// exact: TRX is written from its sun and tokens from their base units as decimal strings, and only the
// separators come from the locale ("1,509.24 TRX", "1 509,24 TRX"); figures that are estimates
// anyway (market caps, volumes, USD) go through Intl's number formats. Units, tickers and addresses
// are never translated.
import { TOKEN_DECIMALS, formatUnits } from '../tron/units.js';
import { PRICE_DECIMALS } from '../trading/price.js';

/** A language, by its message file's name (locales/<code>.ftl), which is also the Intl locale of its numbers. */
export type Lang = string;

export interface Numbers {
  /** TRX to the sun: 1509240000n -> "1,509.24 TRX" (en), "1 509,24 TRX" (ru). */
  trx(sun: bigint | string): string;
  /** A TRX figure that is a JS number already (balances from JSON): up to 6 decimals. */
  trxNum(n: number): string;
  /** Token base units as whole tokens, rounded down to `places` decimals (never more than the exact figure). */
  tokens(units: bigint | string, decimals?: number, places?: number): string;
  /** A plain decimal string ("1234.5", exact) with the locale's separators. */
  decimal(text: string): string;
  /** A JS number with the locale's separators, at most `maxFraction` decimals (counts, percents). */
  num(n: number, maxFraction?: number): string;
  /** 1234567.89 -> "1.23M" / "123.46万" / "1,23 млн"; small numbers keep significant digits. */
  compact(n: number): string;
  /** A price in TRX per token (a JS number): six significant digits, small ones in full. */
  price(n: number): string;
  /** A price kept ×1e18 (the orders' levels): exact digits, the locale's separators. */
  priceE18(e18: bigint | string): string;
  /** US dollars: "$1,234.5", "$0.00123". */
  usd(n: number): string;
  /** A change in percent with its sign: "+12.50%", "−3,10%". */
  signedPct(n: number): string;
  /** A percent: "12.5%" (ru: "12,5 %"). */
  pct(n: number, maxFraction?: number): string;
  /** A moment, to the minute, in UTC: "Nov 27, 2026, 5:25 PM UTC" / "2026年11月27日 17:25 UTC". */
  dateTime(ms: number): string;
  /** A day and time, short, in UTC (lists): "11-27 17:25". */
  shortTime(ms: number): string;
}

const cache = new Map<Lang, Numbers>();

/** The number formats of a language (made once per language). */
export function numbersFor(lang: Lang): Numbers {
  let n = cache.get(lang);
  if (!n) cache.set(lang, (n = makeNumbers(lang)));
  return n;
}

function makeNumbers(lang: Lang): Numbers {
  const tag = lang;
  const parts = new Intl.NumberFormat(tag).formatToParts(12345.6);
  const group = parts.find((p) => p.type === 'group')?.value ?? ',';
  const point = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  const decimal = (text: string): string => {
    const neg = text.startsWith('-');
    const [whole = '0', frac] = (neg ? text.slice(1) : text).split('.');
    const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    return `${neg ? '-' : ''}${grouped}${frac ? point + frac : ''}`;
  };
  const fmt = (opts: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, opts);
  const upTo = new Map<number, Intl.NumberFormat>();
  const num = (n: number, maxFraction = 2): string => {
    let f = upTo.get(maxFraction);
    if (!f) upTo.set(maxFraction, (f = fmt({ maximumFractionDigits: maxFraction })));
    return f.format(n);
  };
  const compactBig = fmt({ notation: 'compact', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const compactMid = fmt({ notation: 'compact', maximumFractionDigits: 1 });
  const sig6 = fmt({ maximumSignificantDigits: 6 });
  const sig3 = fmt({ maximumSignificantDigits: 3 });
  const pctFmt = new Map<number, Intl.NumberFormat>();
  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  const small = (n: number) =>
    n === 0 ? '0' : Math.abs(n) < 0.001 ? decimal(plain(n.toPrecision(4))) : sig6.format(n);
  return {
    trx: (sun) => `${decimal(formatUnits(BigInt(sun), 6))} TRX`,
    trxNum: (n) => `${num(n, 6)} TRX`,
    tokens: (units, decimals = TOKEN_DECIMALS, places = 2) => {
      const step = 10n ** BigInt(Math.max(0, decimals - places));
      return decimal(formatUnits((BigInt(units) / step) * step, decimals));
    },
    decimal,
    num,
    compact: (n) => {
      const abs = Math.abs(n);
      if (abs >= 1e6) return compactBig.format(n);
      if (abs >= 1e4) return compactMid.format(n);
      if (abs >= 1) return num(n, 2);
      if (abs === 0) return '0';
      return decimal(plain(n.toPrecision(4)));
    },
    price: small,
    priceE18: (e18) => {
      const text = formatUnits(BigInt(e18), PRICE_DECIMALS);
      const [whole, frac = ''] = text.split('.');
      if (whole !== '0') return sig6.format(Number(text));
      const lead = /^0*/.exec(frac)![0].length;
      const sig = frac.slice(lead, lead + 6).replace(/0+$/, '');
      return sig ? decimal(`0.${'0'.repeat(lead)}${sig}`) : '0';
    },
    usd: (n) => `$${Math.abs(n) >= 1 ? num(n, 2) : n === 0 ? '0' : sig3.format(n)}`,
    signedPct: (n) => pctText(n, 2, true),
    pct: (n, maxFraction = 2) => pctText(n, maxFraction, false),
    dateTime: (ms) => `${dateTime.format(ms)} UTC`,
    shortTime: (ms) => new Date(ms).toISOString().slice(5, 16).replace('T', ' '),
  };

  /** signed: always two decimals and a sign unless 0 ("+12.50%"); else at most `places` decimals. */
  function pctText(n: number, places: number, signed: boolean): string {
    const key = places + (signed ? 100 : 0);
    let f = pctFmt.get(key);
    if (!f) {
      const opts: Intl.NumberFormatOptions = { style: 'percent', maximumFractionDigits: places };
      if (signed) Object.assign(opts, { minimumFractionDigits: places, signDisplay: 'exceptZero' });
      pctFmt.set(key, (f = fmt(opts)));
    }
    return f.format(n / 100);
  }
}

/** A number's toPrecision text without an exponent: 1.234e-7 -> "0.0000001234". */
function plain(text: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const [, sign, lead, rest = '', expText] = m;
  const exp = Number(expText);
  const digits = lead! + rest;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  return `${sign}${digits.padEnd(exp + 1, '0')}`;
}
