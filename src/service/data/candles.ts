// OHLCV candles from the indexed trades: a trade's price is the pool's price after it (the curve's
// virtual reserves, or the pair's after the launch), so the candles carry on across the launch. A
// candle opens at the previous close; one without trades is flat at it with zero volume. Prices are
// compared as exact ratios and turned into numbers only at the JSON edge.
import { and, asc, desc, eq, gte, lt } from 'drizzle-orm';
import { initialPool, priceTrx, type Pool } from '../../tron/market/index.js';
import { trxNumber } from '../../tron/units.js';
import { DAY_MS, poolAfter, type DataContext, type TokenRow } from './rows.js';

/** The candle intervals the API serves. */
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];
const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': DAY_MS,
};

export interface CandleOptions {
  from?: number | undefined;
  to?: number | undefined;
  limit?: number | undefined;
}

/** The candles asked for: starts of the first and the last (ms), never before the token was made. */
export interface CandleWindow {
  step: number;
  first: number;
  last: number;
}

export function candleWindow(
  createdAt: number,
  interval: CandleInterval,
  opts: CandleOptions,
  now: number,
): CandleWindow {
  const step = INTERVAL_MS[interval];
  const limit = opts.limit ?? 100;
  const lastStart = Math.floor((opts.to ?? now) / step) * step;
  const born = Math.floor(createdAt / step) * step;
  const asked = opts.from !== undefined ? Math.floor(opts.from / step) * step : lastStart - (limit - 1) * step;
  const first = Math.max(asked, born);
  return { step, first, last: Math.min(lastStart, first + (limit - 1) * step) };
}

/** a < b, exactly, for two prices as reserves */
const less = (a: Pool, b: Pool) => a.trxReserve * b.tokenReserve < b.trxReserve * a.tokenReserve;

interface TradeTick {
  timestamp: number;
  trxAmount: string;
  trxReserveAfter: string;
  tokenReserveAfter: string;
}

/** Each candle's open, high, low and close as pools, its TRX volume and its number of trades. */
export function bucket(ticks: TradeTick[], w: CandleWindow, lastClose: Pool) {
  let close = lastClose;
  const out = [];
  let i = 0;
  for (let start = w.first; start <= w.last; start += w.step) {
    const open = close;
    let high = open;
    let low = open;
    let volume = 0n;
    let count = 0;
    for (; i < ticks.length && ticks[i]!.timestamp < start + w.step; i++) {
      const p = poolAfter(ticks[i]!);
      if (less(high, p)) high = p;
      if (less(p, low)) low = p;
      close = p;
      volume += BigInt(ticks[i]!.trxAmount);
      count++;
    }
    out.push({ time: start, open, high, low, close, volume, count });
  }
  return out;
}

export async function candles(ctx: DataContext, row: TokenRow, interval: CandleInterval, w: CandleWindow) {
  const { trxUsd } = ctx;
  const { q, t } = ctx.db;
  const address = row.address;
  const [before] = await q
    .select()
    .from(t.trades)
    .where(and(eq(t.trades.token, address), lt(t.trades.timestamp, w.first)))
    .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
    .limit(1);
  const inRange = await q
    .select()
    .from(t.trades)
    .where(and(eq(t.trades.token, address), gte(t.trades.timestamp, w.first), lt(t.trades.timestamp, w.last + w.step)))
    .orderBy(asc(t.trades.timestamp), asc(t.trades.id));
  const n = (p: Pool) => priceTrx(p, row.decimals);
  const list = bucket(inRange, w, before ? poolAfter(before) : initialPool()).map((c) => {
    const o = { open: n(c.open), high: n(c.high), low: n(c.low), close: n(c.close) };
    return {
      time: c.time,
      ...o,
      usd: { open: o.open * trxUsd, high: o.high * trxUsd, low: o.low * trxUsd, close: o.close * trxUsd },
      volume: trxNumber(c.volume),
      trades: c.count,
    };
  });
  return { address, symbol: row.symbol, interval, trxUsd, candles: list };
}
