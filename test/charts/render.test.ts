// The pictures are PNGs of the sizes the bot promises, drawn with the bundled fonts, for any data.
import { describe, expect, it } from 'vitest';
import { CHART_SIZE, PNL_SIZE, renderChart, renderPnl, shortPrice } from '../../src/charts/render.js';
import { pictureLabels } from '../../src/bot/picture-labels.js';
import { speechIn } from '../helpers/speech.js';
import { pngSize } from '../helpers/telegram.js';

const en = pictureLabels(speechIn('en'));

const candle = (i: number, o: number, c: number) => ({
  time: 1_700_000_000_000 + i * 60_000,
  open: o,
  high: Math.max(o, c) * 1.01,
  low: Math.min(o, c) * 0.99,
  close: c,
  volume: i * 10,
});

describe('renderChart and renderPnl', () => {
  it('draws a candle chart as a PNG of the chart size, with or without trades, on the curve or the DEX', () => {
    const a = renderChart(
      {
        symbol: 'TEST',
        interval: '5m',
        candles: [candle(0, 0.00004, 0.000042), candle(1, 0.000042, 0.000039), candle(2, 0.000039, 0.000045)],
        progressPct: 42,
        priceTrx: 0.000045,
      },
      en,
    );
    expect(pngSize(a)).toEqual(CHART_SIZE);
    const flat = renderChart({ symbol: 'FLAT', interval: '1d', candles: [], progressPct: null, priceTrx: 0.0005 }, en);
    expect(pngSize(flat)).toEqual(CHART_SIZE);
    expect(a.equals(flat)).toBe(false);
  });

  it('draws a PnL card, in profit or at a loss', () => {
    const win = renderPnl(
      {
        symbol: 'WIN',
        entryTrx: 0.00003,
        nowTrx: 0.00006,
        pnlTrx: 100,
        pnlPct: 100,
        heldMs: 3_600_000,
      },
      en,
    );
    const loss = renderPnl(
      {
        symbol: 'LOSS',
        entryTrx: 0.00006,
        nowTrx: 0.00003,
        pnlTrx: -50,
        pnlPct: -50,
        heldMs: 60_000,
      },
      en,
    );
    expect(pngSize(win)).toEqual(PNL_SIZE);
    expect(pngSize(loss)).toEqual(PNL_SIZE);
  });

  it('writes small prices without an exponent', () => {
    expect(shortPrice(0.00004123456)).toBe('0.00004123');
    expect(shortPrice(1234.5678)).toBe('1,234.6');
    expect(shortPrice(0)).toBe('0');
  });
});
