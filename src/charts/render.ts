// Pictures drawn in the process with @napi-rs/canvas (Skia, its binary ships through npm) and fonts
// from the dejavu-fonts-ttf package, never the system's: a token's candle chart with volume bars and
// its curve progress (or "on SunSwap V2"), and a PnL card to share. No I/O at import: the fonts are
// registered on the first render.
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

export const CHART_SIZE = { width: 960, height: 540 } as const;
export const PNL_SIZE = { width: 800, height: 420 } as const;

const FONT = 'DejaVu Sans';
let fontsReady = false;
function fonts(): void {
  if (fontsReady) return;
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans.ttf'), FONT);
  GlobalFonts.registerFromPath(path.join(dir, 'DejaVuSans-Bold.ttf'), FONT);
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

/** A price with four significant digits, small ones without an exponent. */
export function shortPrice(n: number): string {
  if (n === 0) return '0';
  if (n >= 1) return n.toLocaleString('en-US', { maximumSignificantDigits: 5 });
  const digits = Math.max(0, -Math.floor(Math.log10(n))) + 3;
  return n.toFixed(Math.min(digits, 18));
}

function timeLabel(t: number, interval: string): string {
  const d = new Date(t).toISOString();
  return interval === '1d' || interval === '4h' ? d.slice(5, 10) : d.slice(11, 16);
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
  ctx.font = `${bold ? 'bold ' : ''}${size}px "${FONT}"`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.fillText(s, x, y);
}

/** Header: symbol, interval and price; the curve's progress bar, or "on SunSwap V2", on the right. */
function drawHeader(ctx: SKRSContext2D, input: ChartInput, W: number): void {
  text(ctx, `$${input.symbol}`, 24, 40, 26, C.text, true);
  text(
    ctx,
    `${input.interval} · ${shortPrice(input.priceTrx)} TRX`,
    24 + ctx.measureText(`$${input.symbol}`).width + 18,
    40,
    20,
    C.dim,
  );
  if (input.progressPct === null) {
    text(ctx, 'on SunSwap V2', W - 24, 40, 20, C.accent, true, 'right');
    return;
  }
  const bw = 220;
  const x = W - 24 - bw;
  ctx.fillStyle = C.grid;
  ctx.fillRect(x, 22, bw, 18);
  ctx.fillStyle = C.accent;
  ctx.fillRect(x, 22, (bw * Math.max(0, Math.min(100, input.progressPct))) / 100, 18);
  text(ctx, `curve ${input.progressPct}%`, x - 10, 38, 18, C.dim, false, 'right');
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
function drawGrid(ctx: SKRSContext2D, p: Plot): void {
  ctx.strokeStyle = C.grid;
  ctx.lineWidth = 1;
  for (let i = 0; i <= 4; i++) {
    const price = p.pMin + ((p.pMax - p.pMin) * i) / 4;
    const yy = Math.round(p.y(price)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(p.left, yy);
    ctx.lineTo(p.right, yy);
    ctx.stroke();
    text(ctx, shortPrice(price), p.right + 8, yy + 5, 14, C.dim);
  }
}

/** Candles with their wicks, volume bars under them, and a time label every sixth of the range. */
function drawCandles(ctx: SKRSContext2D, input: ChartInput, p: Plot, H: number): void {
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
      text(ctx, timeLabel(c.time, input.interval), cx, H - 16, 13, C.dim, false, 'center');
  });
  const volLabel = vMax > 0 ? `vol ${shortPrice(vMax)} TRX` : 'no trades in this range';
  text(ctx, volLabel, p.right + 8, p.volTop + 14, 12, C.dim);
}

/** The token's candle chart as a PNG. */
export function renderChart(input: ChartInput): Buffer {
  fonts();
  const { width: W, height: H } = CHART_SIZE;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  drawHeader(ctx, input, W);
  const plot = plotOf(input, W, H);
  drawGrid(ctx, plot);
  drawCandles(ctx, input, plot, H);
  return canvas.toBuffer('image/png');
}

function duration(ms: number): string {
  const m = Math.floor(ms / 60_000);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} days`;
}

/** A PnL card to share: token, entry, now, PnL in TRX and percent, how long held; no address. */
export function renderPnl(input: PnlInput): Buffer {
  fonts();
  const { width: W, height: H } = PNL_SIZE;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.bg;
  ctx.fillRect(0, 0, W, H);
  const win = input.pnlTrx >= 0;
  ctx.fillStyle = win ? C.up : C.down;
  ctx.fillRect(0, 0, 10, H);
  text(ctx, `$${input.symbol}`, 48, 70, 40, C.text, true);
  const pct = input.pnlPct === null ? '' : `${input.pnlPct >= 0 ? '+' : ''}${input.pnlPct.toFixed(2)}%`;
  text(ctx, pct || (win ? 'in profit' : 'at a loss'), 48, 170, 72, win ? C.up : C.down, true);
  text(
    ctx,
    `${input.pnlTrx >= 0 ? '+' : ''}${input.pnlTrx.toLocaleString('en-US', { maximumFractionDigits: 2 })} TRX`,
    48,
    220,
    30,
    C.text,
  );
  text(ctx, `entry ${shortPrice(input.entryTrx)} TRX`, 48, 290, 22, C.dim);
  text(ctx, `now ${shortPrice(input.nowTrx)} TRX`, 48, 325, 22, C.dim);
  text(ctx, `held ${duration(input.heldMs)}`, 48, 360, 22, C.dim);
  text(ctx, 'Tron launchpad bot', W - 40, H - 30, 18, C.accent, true, 'right');
  return canvas.toBuffer('image/png');
}
