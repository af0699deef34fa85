// The chart's candles, kept live: a trade from the stream updates the last candle or starts the next
// one, the way the server makes them (src/service/data/candles.ts): a candle opens at the previous
// close, one without trades is flat at it with no volume, volume is in TRX. Times are in seconds (UTC).

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export const INTERVALS = { '5m': 300, '1h': 3600, '1d': 86_400 } as const;
export type Interval = keyof typeof INTERVALS;

/** What a trade brings to a candle. */
export interface Tick {
  priceTrx: number;
  trxAmount: number;
  /** ms */
  timestamp: number;
}

/** At most this many empty candles are added to bridge a gap (older ones are left to a reload). */
const MAX_FILL = 1000;

/**
 * Applies a trade to `bars` (oldest first; changed in place) and returns the bars it changed or added,
 * oldest first, for the chart's `update`. A trade older than the last candle changes nothing.
 */
export function applyTick(bars: Bar[], tick: Tick, step: number): Bar[] {
  const time = Math.floor(tick.timestamp / 1000 / step) * step;
  const last = bars[bars.length - 1];
  if (!last) {
    const bar = {
      time,
      open: tick.priceTrx,
      high: tick.priceTrx,
      low: tick.priceTrx,
      close: tick.priceTrx,
      volume: tick.trxAmount,
    };
    bars.push(bar);
    return [bar];
  }
  if (time < last.time) return [];
  if (time === last.time) {
    last.high = Math.max(last.high, tick.priceTrx);
    last.low = Math.min(last.low, tick.priceTrx);
    last.close = tick.priceTrx;
    last.volume += tick.trxAmount;
    return [last];
  }
  const added: Bar[] = [];
  const gap = Math.min((time - last.time) / step - 1, MAX_FILL);
  for (let i = gap; i >= 1; i--) {
    const t = time - i * step;
    added.push({ time: t, open: last.close, high: last.close, low: last.close, close: last.close, volume: 0 });
  }
  const open = last.close;
  added.push({
    time,
    open,
    high: Math.max(open, tick.priceTrx),
    low: Math.min(open, tick.priceTrx),
    close: tick.priceTrx,
    volume: tick.trxAmount,
  });
  bars.push(...added);
  return added;
}
