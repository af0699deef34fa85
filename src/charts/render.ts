// Pictures drawn in the process with @napi-rs/canvas (Skia, its binary ships through npm) and fonts
// from npm packages, never the system's: a token's candle chart with volume bars and its curve
// progress (or "on SunSwap V2"), and a PnL card to share. DejaVu Sans (dejavu-fonts-ttf) writes Latin
// and Cyrillic; Noto Sans Hans (@embedpdf/fonts-sc: Noto Sans CJK SC cut to GB2312, OFL) writes the
// Chinese characters DejaVu lacks, glyph by glyph from the font list. The words and number formats
// come from the caller in its reader's language (PictureLabels; the bot builds them from its message
// files). No I/O at import: the fonts are registered on the first render.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

export interface ChartCandle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface ChartInput {
  symbol: string;
  interval: string;
  candles: ChartCandle[];
  /** curve progress in percent, or null once the token trades on the DEX */
  progressPct: number | null;
  priceTrx: number;
}

export interface PnlInput {
  symbol: string;
  entryTrx: number;
  nowTrx: number;
  pnlTrx: number;
  pnlPct: number | null;
  heldMs: number;
}

/** The words and number formats a picture is drawn with, in its reader's language. */
export interface PictureLabels {
  /** The language they are in (a picture kept for reuse is reused in its language only). */
  lang: string;
  /** A price in TRX, short: five significant digits, small ones in full ("0.00004123"). */
  price(n: number): string;
  /** The time axis: a day (daily and 4-hour candles) and a time of day (the others), in UTC. */
  day(ms: number): string;
  time(ms: number): string;
  /** The chart's header: the token trades on the DEX, or the curve's progress. */
  onDex: string;
  curve(pct: number): string;
  /** The volume scale ("vol 1,234 TRX"), or that the range has no trades. */
  volume(amount: string): string;
  noTrades: string;
  /** The PnL card: the change in percent and in TRX, with their signs. */
  signedPct(n: number): string;
  signedTrx(n: number): string;
  /** Instead of a percent when there is none (no cost known). */
  inProfit: string;
  atLoss: string;
  entry(price: string): string;
  now(price: string): string;
  /** How long the position is held (from milliseconds). */
  held(ms: number): string;
  /** The bot's name in the card's corner. */
  brand: string;
}

export const CHART_SIZE = { width: 960, height: 540 } as const;
export const PNL_SIZE = { width: 800, height: 420 } as const;

const LATIN = 'DejaVu Sans';
const CHINESE = 'Noto Sans Hans';
/** The font list every text is written with: Skia takes each glyph from the first font that has it. */
export const FONT_LIST = `"${LATIN}", "${CHINESE}"`;
let fontsReady = false;
/** Registers the bundled fonts (once). */
export function registerFonts(): void {
  if (fontsReady) return;
  const require = createRequire(import.meta.url);
  const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(path.join(dejavu, 'DejaVuSans.ttf'), LATIN);
  GlobalFonts.registerFromPath(path.join(dejavu, 'DejaVuSans-Bold.ttf'), LATIN);
  // the package exports its index only (dist/): its fonts/ folder sits beside that
  const noto = path.join(path.dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts');
  GlobalFonts.registerFromPath(path.join(noto, 'NotoSansHans-Regular.otf'), CHINESE);
  GlobalFonts.registerFromPath(path.join(noto, 'NotoSansHans-Bold.otf'), CHINESE);
  fontsReady = true;
}

const C = {
  bg: '#0f1420',
  grid: '#1e2636',
  text: '#d6dbe6',
  dim: '#7d8799',
  up: '#26a69a',
  down: '#ef5350',
  accent: '#f0b90b',
};

/** A price with five significant digits, small ones without an exponent (en-US separators). */
export function shortPrice(n: number): string {
  if (n >= 1) return n.toLocaleString('en-US', { maximumSignificantDigits: 5 });
  return plainPrice(n);
}

/**
 * shortPrice's digits as a plain decimal ("1234.6", "0.00004123"), for a language's separators
 * (the bot's numbers.ts `decimal`).
 */
export function plainPrice(n: number): string {
  if (n === 0) return '0';
  if (n >= 1) return String(Number(n.toPrecision(5)));
  const digits = Math.max(0, -Math.floor(Math.log10(n))) + 3;
  return n.toFixed(Math.min(digits, 18));
}

function text(
  ctx: SKRSContext2D,
  s: string,
  x: number,
  y: number,
  size: number,
  color: string,
  bold = false,
  align: CanvasTextAlign = 'left',
) {
  ctx.font = `${bold ? 'bold ' : ''}${size}px ${FONT_LIST}`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.fillText(s, x, y);
}

/** Header: symbol, interval and price; the curve's progress bar, or "on SunSwap V2", on the right. */
function drawHeader(ctx: SKRSContext2D, input: ChartInput, W: number, l: PictureLabels): void {
  text(ctx, `$${input.symbol}`, 24, 40, 26, C.text, true);
  text(
    ctx,
    `${input.interval} · ${l.price(input.priceTrx)} TRX`,
    24 + ctx.measureText(`$${input.symbol}`).width + 18,
    40,
    20,
    C.dim,
  );
  if (input.progressPct === null) {
    text(ctx, l.onDex, W - 24, 40, 20, C.accent, true, 'right');
    return;
  }
  const bw = 220;
  const x = W - 24 - bw;
  ctx.fillStyle = C.grid;
  ctx.fillRect(x, 22, bw, 18);
  ctx.fillStyle = C.accent;
  ctx.fillRect(x, 22, (bw * Math.max(0, Math.min(100, input.progressPct))) / 100, 18);
  text(ctx, l.curve(input.progressPct), x - 10, 38, 18, C.dim, false, 'right');
}

/** Where the plot sits and how a price maps to a y coordinate. */
interface Plot {
  left: number;
  right: number;
  volTop: number;
  volBottom: number;
  pMin: number;
  pMax: number;
  y: (price: number) => number;
}

function plotOf(input: ChartInput, W: number, H: number): Plot {
  const top = 70;
  const priceBottom = H - 150;
  const lo = Math.min(...input.candles.map((c) => c.low), input.priceTrx);
  const hi = Math.max(...input.candles.map((c) => c.high), input.priceTrx);
  const pad = (hi - lo) * 0.08 || hi * 0.05 || 1e-12;
  const pMin = Math.max(0, lo - pad);
  const pMax = hi + pad;
  const y = (p: number) => priceBottom - ((p - pMin) / (pMax - pMin)) * (priceBottom - top);
  return { left: 24, right: W - 110, volTop: H - 130, volBottom: H - 40, pMin, pMax, y };
}

/** Four grid lines with their prices on the right. */
function drawGrid(ctx: SKRSContext2D, p: Plot, l: PictureLabels): void {
  ctx.strokeStyle = C.grid;
  ctx.lineWidth = 1;
  for (let i = 0; i <= 4; i++) {
    const price = p.pMin + ((p.pMax - p.pMin) * i) / 4;
    const yy = Math.round(p.y(price)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(p.left, yy);
    ctx.lineTo(p.right, yy);
    ctx.stroke();
    text(ctx, l.price(price), p.right + 8, yy + 5, 14, C.dim);
  }
}

/** Candles with their wicks, volume bars under them, and a time label every sixth of the range. */
function drawCandles(ctx: SKRSContext2D, input: ChartInput, p: Plot, H: number, l: PictureLabels): void {
  const daily = input.interval === '1d' || input.interval === '4h';
  const candles = input.candles;
  const n = Math.max(candles.length, 1);
  const vMax = Math.max(...candles.map((c) => c.volume), 0);
  const slot = (p.right - p.left) / n;
  const body = Math.max(1, slot * 0.7);
  candles.forEach((c, i) => {
    const cx = p.left + slot * (i + 0.5);
    const up = c.close >= c.open;
    ctx.strokeStyle = ctx.fillStyle = up ? C.up : C.down;
    ctx.beginPath();
    ctx.moveTo(Math.round(cx) + 0.5, p.y(c.high));
    ctx.lineTo(Math.round(cx) + 0.5, p.y(c.low));
    ctx.stroke();
    const yo = p.y(c.open);
    const yc = p.y(c.close);
    ctx.fillRect(cx - body / 2, Math.min(yo, yc), body, Math.max(1, Math.abs(yc - yo)));
    if (vMax > 0 && c.volume > 0) {
      const h = ((p.volBottom - p.volTop) * c.volume) / vMax;
      ctx.globalAlpha = 0.6;
      ctx.fillRect(cx - body / 2, p.volBottom - h, body, h);
      ctx.globalAlpha = 1;
    }
    if (i % Math.max(1, Math.ceil(n / 6)) === 0)
      text(ctx, daily ? l.day(c.time) : l.time(c.time), cx, H - 16, 13, C.dim, false, 'center');
  });
  const volLabel = vMax > 0 ? l.volume(l.price(vMax)) : l.noTrades;
  // over the volume bars' left end, in the gap under the prices: room for any language's words
  text(ctx, volLabel, p.left, p.volTop - 5, 12, C.dim);
}

/** The token's candle chart as a PNG, its words and numbers in `labels`' language. */
export function renderChart(input: ChartInput, labels: PictureLabels): Buffer {
  registerFonts();
  const { width: W, height: H } = CHART_SIZE;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  drawHeader(ctx, input, W, labels);
  const plot = plotOf(input, W, H);
  drawGrid(ctx, plot, labels);
  drawCandles(ctx, input, plot, H, labels);
  return canvas.toBuffer('image/png');
}

/** A PnL card to share: token, entry, now, PnL in TRX and percent, how long held; no address. */
export function renderPnl(input: PnlInput, labels: PictureLabels): Buffer {
  registerFonts();
  const { width: W, height: H } = PNL_SIZE;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  const win = input.pnlTrx >= 0;
  ctx.fillStyle = win ? C.up : C.down;
  ctx.fillRect(0, 0, 10, H);
  text(ctx, `$${input.symbol}`, 48, 70, 40, C.text, true);
  const l = labels;
  const pct = input.pnlPct === null ? (win ? l.inProfit : l.atLoss) : l.signedPct(input.pnlPct);
  text(ctx, pct, 48, 170, 72, win ? C.up : C.down, true);
  text(ctx, l.signedTrx(input.pnlTrx), 48, 220, 30, C.text);
  text(ctx, l.entry(l.price(input.entryTrx)), 48, 290, 22, C.dim);
  text(ctx, l.now(l.price(input.nowTrx)), 48, 325, 22, C.dim);
  text(ctx, l.held(input.heldMs), 48, 360, 22, C.dim);
  text(ctx, l.brand, W - 40, H - 30, 18, C.accent, true, 'right');
  return canvas.toBuffer('image/png');
}
