// The live chart's candles (web/src/candles.ts): a trade updates the last candle or starts the next one
// as the server makes them (open at the previous close, flat empty candles across a gap, TRX volume).
import { describe, expect, it } from 'vitest';
import { applyTick, type Bar } from '../../web/src/candles.js';

const STEP = 300; // 5m
const bar = (time: number, close: number, volume = 10): Bar => ({
  time,
  open: close,
  high: close,
  low: close,
  close,
  volume,
});

describe('applyTick', () => {
  it('moves the last candle for a trade inside it', () => {
    const bars = [bar(600, 1), bar(900, 2)];
    const changed = applyTick(bars, { priceTrx: 3, trxAmount: 5, timestamp: 1000_000 + 100 }, STEP); // 1000.1 s
    expect(changed).toEqual([{ time: 900, open: 2, high: 3, low: 2, close: 3, volume: 15 }]);
    applyTick(bars, { priceTrx: 1.5, trxAmount: 1, timestamp: 1_199_999 }, STEP);
    expect(bars[1]).toEqual({ time: 900, open: 2, high: 3, low: 1.5, close: 1.5, volume: 16 });
    expect(bars).toHaveLength(2);
  });

  it('starts the next candle at the previous close', () => {
    const bars = [bar(900, 2)];
    const changed = applyTick(bars, { priceTrx: 2.5, trxAmount: 7, timestamp: 1_200_000 }, STEP);
    expect(changed).toEqual([{ time: 1200, open: 2, high: 2.5, low: 2, close: 2.5, volume: 7 }]);
    expect(bars).toHaveLength(2);
  });

  it('bridges a gap with flat empty candles', () => {
    const bars = [bar(900, 2)];
    const changed = applyTick(bars, { priceTrx: 1, trxAmount: 3, timestamp: 1_800_000 }, STEP);
    expect(changed.map((b) => b.time)).toEqual([1200, 1500, 1800]);
    expect(changed[0]).toEqual({ time: 1200, open: 2, high: 2, low: 2, close: 2, volume: 0 });
    expect(changed[2]).toEqual({ time: 1800, open: 2, high: 2, low: 1, close: 1, volume: 3 });
  });

  it('ignores a trade older than the last candle, and starts from nothing', () => {
    const bars = [bar(900, 2)];
    expect(applyTick(bars, { priceTrx: 9, trxAmount: 1, timestamp: 600_000 }, STEP)).toEqual([]);
    const empty: Bar[] = [];
    expect(applyTick(empty, { priceTrx: 4, trxAmount: 2, timestamp: 3_600_000 }, 3600)).toEqual([bar(3600, 4, 2)]);
  });
});
