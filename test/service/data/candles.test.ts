// Candle windows and bucketing, on hand-made trades (prices as reserves after each trade).
import { describe, expect, it } from 'vitest';
import { bucket, candleWindow } from '../../../src/service/data/candles.js';

const MIN = 60_000;

describe('candleWindow', () => {
  it('the last `limit` candles up to now, each starting on its step', () => {
    // now 10:30.5 on a 1m step: last start 10 min, 3 candles back to 8 min
    expect(candleWindow(0, '1m', { limit: 3 }, 10 * MIN + 30_500)).toEqual({ step: MIN, first: 8 * MIN, last: 10 * MIN });
  });

  it('never before the token was made, and at most `limit` from `from`', () => {
    expect(candleWindow(9 * MIN + 5, '1m', { limit: 3 }, 10 * MIN)).toEqual({ step: MIN, first: 9 * MIN, last: 10 * MIN });
    expect(candleWindow(0, '5m', { from: 7 * MIN, limit: 2, to: 60 * MIN }, 0)).toEqual({
      step: 5 * MIN,
      first: 5 * MIN,
      last: 10 * MIN,
    });
  });
});

describe('bucket', () => {
  const tick = (timestamp: number, trx: number, tok: number, amount = 1) => ({
    timestamp,
    trxAmount: String(amount),
    trxReserveAfter: String(trx),
    tokenReserveAfter: String(tok),
  });
  const start = { trxReserve: 100n, tokenReserve: 100n }; // price 1
  const w = { step: MIN, first: 0, last: 2 * MIN };

  it('opens at the last close, tracks high and low exactly, and carries the close over an empty candle', () => {
    // prices 2 (200/100), 0.5 (50/100), 1.5 (150/100) in the first minute; none in the second; 3 in the third
    const ticks = [tick(1, 200, 100, 5), tick(2, 50, 100, 7), tick(3, 150, 100), tick(2 * MIN, 300, 100)];
    const [a, b, c] = bucket(ticks, w, start);
    expect(a).toMatchObject({ time: 0, open: start, count: 3, volume: 13n });
    expect(a!.high).toEqual({ trxReserve: 200n, tokenReserve: 100n });
    expect(a!.low).toEqual({ trxReserve: 50n, tokenReserve: 100n });
    expect(a!.close).toEqual({ trxReserve: 150n, tokenReserve: 100n });
    expect(b).toMatchObject({ time: MIN, open: a!.close, high: a!.close, low: a!.close, close: a!.close, count: 0 });
    expect(b!.volume).toBe(0n);
    expect(c).toMatchObject({ time: 2 * MIN, open: a!.close, close: { trxReserve: 300n, tokenReserve: 100n }, count: 1 });
  });

  it('compares prices as ratios, not by reserve size: 3/2 is above 4/3', () => {
    const [a] = bucket([tick(1, 4, 3), tick(2, 3, 2)], { step: MIN, first: 0, last: 0 }, { trxReserve: 1n, tokenReserve: 1n });
    expect(a!.high).toEqual({ trxReserve: 3n, tokenReserve: 2n });
  });
});
