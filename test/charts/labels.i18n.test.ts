// The pictures in each language: the chart and the PnL card carry their words and numbers in the
// reader's language (locales/<lang>/pictures.ftl, numbers.ts), every character of them is drawn with
// a real glyph of the bundled fonts (a missing one is the same box for any character: tofu), and a
// chart kept by its file_id is reused in its own language only.
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Candles, TokenDetails } from '../../src/client/index.js';
import { createChartCache } from '../../src/bot/charts.js';
import { pictureLabels } from '../../src/bot/picture-labels.js';
import {
  CHART_SIZE,
  FONT_LIST,
  PNL_SIZE,
  registerFonts,
  renderChart,
  renderPnl,
  type PictureLabels,
} from '../../src/charts/render.js';
import { LANGS, speechIn, tr } from '../helpers/speech.js';
import { pngSize } from '../helpers/telegram.js';

const T0 = Date.UTC(2026, 10, 27, 17, 25);
const candles = Array.from({ length: 48 }, (_, i) => ({
  time: T0 + i * 3_600_000,
  open: 0.00004 + Math.sin(i / 5) * 0.000005,
  high: 0.000047 + Math.sin(i / 5) * 0.000005,
  low: 0.000038 + Math.sin(i / 5) * 0.000005,
  close: 0.000041 + Math.sin(i / 4) * 0.000005,
  volume: 1000 + i * 10,
}));
const chart = (l: PictureLabels, progressPct: number | null, interval = '1h') =>
  renderChart({ symbol: 'TCAT', interval, candles, progressPct, priceTrx: 0.0000412 }, l);
const pnl = (l: PictureLabels, pnlPct: number | null, pnlTrx = 48.9) =>
  renderPnl({ symbol: 'TCAT', entryTrx: 0.0000331, nowTrx: 0.0000412, pnlTrx, pnlPct, heldMs: 5 * 3_600_000 }, l);

/** Decodes a PNG (it must be one) and gives its size. */
async function decoded(png: Buffer): Promise<{ width: number; height: number }> {
  const img = await loadImage(png);
  expect(pngSize(png)).toEqual({ width: img.width, height: img.height });
  return { width: img.width, height: img.height };
}

/** The pixels of one text drawn alone with a font list. */
function pixels(s: string, fonts: string, bold = false): Buffer {
  registerFonts();
  const canvas = createCanvas(48 * Math.max(1, [...s].length), 40);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#000';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#fff';
  ctx.font = `${bold ? 'bold ' : ''}28px ${fonts}`;
  ctx.fillText(s, 4, 32);
  return Buffer.from(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}
const blank = (px: Buffer) => px.every((v, i) => i % 4 === 3 || v === 0);
/** A character no font has: drawn as the box of a missing glyph. */
const TOFU = '\u{E000}';

/** Every text the labels of a language draw, with sample figures. */
function texts(l: PictureLabels): string[] {
  return [
    l.price(1234.5678),
    l.day(T0),
    l.time(T0),
    l.onDex,
    l.curve(42.5),
    l.volume(l.price(147_000)),
    l.noTrades,
    l.signedPct(24.47),
    l.signedTrx(-48.9),
    l.inProfit,
    l.atLoss,
    l.entry(l.price(0.0000331)),
    l.now(l.price(0.0000412)),
    l.held(7 * 60_000),
    l.held(5 * 3_600_000 + 7 * 60_000),
    l.held(3 * 86_400_000),
    l.held(21 * 86_400_000),
    l.brand,
  ];
}

describe('picture labels in each language', () => {
  it('English keeps the words and numbers the pictures had', () => {
    const l = pictureLabels(speechIn('en'));
    expect(texts(l)).toEqual([
      '1,234.6',
      '11-27',
      '17:25',
      'on SunSwap V2',
      'curve 42.5%',
      'vol 147,000 TRX',
      'no trades in this range',
      '+24.47%',
      '-48.9 TRX',
      'in profit',
      'at a loss',
      'entry 0.00003310 TRX',
      'now 0.00004120 TRX',
      'held 7 min',
      'held 5 h 7 min',
      'held 3 days',
      'held 21 days',
      'Tron launchpad bot',
    ]);
    expect(l.lang).toBe('en');
  });

  it('Chinese and Russian come from their message files, with their number formats', () => {
    const zh = pictureLabels(speechIn('zh'));
    expect(zh.onDex).toBe(tr('zh', 'pic-on-dex'));
    expect(zh.curve(42.5)).toBe(tr('zh', 'pic-curve', { pct: '42.5%' }));
    expect(zh.held(3 * 86_400_000)).toBe(tr('zh', 'pic-held', { duration: tr('zh', 'pic-days', { d: 3 }) }));
    const ru = pictureLabels(speechIn('ru'));
    expect(ru.price(1234.5678)).toBe('1\u00a0234,6');
    expect(ru.entry(ru.price(0.0000331))).toBe(tr('ru', 'pic-entry', { price: '0,00003310' }));
    expect(ru.day(T0)).toBe('27.11');
    expect(ru.held(3 * 86_400_000)).toBe(tr('ru', 'pic-held', { duration: '3 дня' }));
    expect(ru.held(21 * 86_400_000)).toBe(tr('ru', 'pic-held', { duration: '21 день' }));
    expect(ru.held(5 * 86_400_000)).toBe(tr('ru', 'pic-held', { duration: '5 дней' }));
    for (const { lang } of LANGS) {
      expect(pictureLabels(speechIn(lang)).lang).toBe(lang);
      if (lang !== 'en') expect(texts(pictureLabels(speechIn(lang)))).not.toEqual(texts(pictureLabels(speechIn('en'))));
    }
  });

  it('draws the chart (on the curve and on the DEX) and the PnL card in each language as valid PNGs', async () => {
    const seen = new Map<string, Buffer>();
    for (const { lang } of LANGS) {
      const l = pictureLabels(speechIn(lang));
      const pictures = { curve: chart(l, 42.5), daily: chart(l, 42.5, '1d'), dex: chart(l, null) };
      for (const png of Object.values(pictures)) expect(await decoded(png)).toEqual(CHART_SIZE);
      const cards = { win: pnl(l, 24.47), loss: pnl(l, -12.5, -10), noCost: pnl(l, null) };
      for (const png of Object.values(cards)) expect(await decoded(png)).toEqual(PNL_SIZE);
      // a language's words change the picture
      for (const [name, png] of Object.entries({ ...pictures, ...cards })) {
        const other = seen.get(name);
        if (other) expect(png.equals(other), `${lang} ${name}`).toBe(false);
        seen.set(name, png);
      }
    }
  });
});

describe('the glyphs', () => {
  it('are real for Chinese with the bundled fonts, and tofu with DejaVu alone (the check can tell)', () => {
    const dejavu = '"DejaVu Sans"';
    // DejaVu has no Chinese: two different characters come out as the same box
    expect(pixels('盈', dejavu).equals(pixels('亏', dejavu))).toBe(true);
    expect(pixels('盈', dejavu).equals(pixels(TOFU, FONT_LIST))).toBe(true);
    // the font list draws them, each its own shape, and not the box
    for (const bold of [false, true]) {
      const [a, b] = [pixels('盈', FONT_LIST, bold), pixels('亏', FONT_LIST, bold)];
      expect(a.equals(b)).toBe(false);
      expect(a.equals(pixels('盈', dejavu, bold))).toBe(false);
      expect(blank(a)).toBe(false);
    }
    // Latin and Cyrillic still come from DejaVu, first in the list
    expect(pixels('Vol объём', FONT_LIST).equals(pixels('Vol объём', dejavu))).toBe(true);
  });

  it('cover every character the labels of each language draw, regular and bold', () => {
    for (const bold of [false, true]) {
      const box = pixels(TOFU, FONT_LIST, bold);
      expect(blank(box)).toBe(false);
      for (const { lang } of LANGS) {
        const chars = new Set(texts(pictureLabels(speechIn(lang))).flatMap((s) => [...s.replace(/\s/g, '')]));
        const missing = [...chars].filter((c) => pixels(c, FONT_LIST, bold).equals(box) || blank(pixels(c, FONT_LIST)));
        expect(missing, `${lang}${bold ? ' bold' : ''}`).toEqual([]);
        if (lang === 'zh') expect([...chars].filter((c) => /\p{Script=Han}/u.test(c)).length).toBeGreaterThan(20);
      }
    }
  });
});

describe('the chart cache', () => {
  it('reuses a file_id in the language it was drawn in only', () => {
    const cache = createChartCache();
    const d = {
      metadata: { contractAddress: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', symbol: 'TCAT' },
      data: { venue: 'curve', pumpPercentage: 42.5, priceInTrx: 0.0000412 },
    } as unknown as TokenDetails;
    const c = { interval: '1h', candles } as unknown as Candles;
    const [en, zh, ru] = (['en', 'zh', 'ru'] as const).map((lang) => pictureLabels(speechIn(lang)));
    const first = cache.chart(d, c, en!);
    expect(typeof first.photo).not.toBe('string');
    cache.remember(first.key, 'file-en');
    expect(cache.chart(d, c, en!).photo).toBe('file-en');
    const chinese = cache.chart(d, c, zh!);
    expect(typeof chinese.photo).not.toBe('string');
    expect(chinese.key).not.toBe(first.key);
    cache.remember(chinese.key, 'file-zh');
    expect(cache.chart(d, c, zh!).photo).toBe('file-zh');
    expect(typeof cache.chart(d, c, ru!).photo).not.toBe('string');
    expect(cache.chart(d, c, en!).photo).toBe('file-en');
  });
});
