// What a user asks of the order engine: the kinds of order, a price level as TRX per token or a
// market cap, and the checks a request passes before anything is stored. Pure: the market's answer
// (the price now, the supply, the entry) comes in as arguments.
import { marketCapToE18, priceE18, type Side } from '../../tron/market/index.js';
import { TOKEN_DECIMALS, trxToSun } from '../../tron/units.js';
import { UserError } from '../accounts.js';
import { why } from '../reasons.js';
import type { OrderRow } from '../store.js';
import { levelFromEntry, MAX_HOLD_BLOCKS, type Priced } from './triggers.js';

export type OrderKind = 'limit' | 'tp' | 'sl' | 'trail' | 'dca';

/** A price level: TRX per token (E18), or a market cap in USD. */
export type PriceSpec = { e18: bigint } | { mcUsd: number };

export type OrderSpec =
  | { kind: 'limit'; side: 'buy'; token: string; trx: string; at: PriceSpec }
  | { kind: 'limit'; side: 'sell'; token: string; pct: number; at: PriceSpec }
  | { kind: 'tp'; token: string; gainPct: number; pct: number }
  /** holdBlocks: sell only once the price holds at or below the level this many blocks (triggers.ts's afterLook) */
  | { kind: 'sl'; token: string; lossPct: number; pct: number; holdBlocks?: number | undefined }
  | { kind: 'trail'; token: string; dropPct: number; pct: number }
  | { kind: 'dca'; token: string; trx: string; intervalMs: number; count: number; max?: PriceSpec | undefined };

/** The fields a new order is stored with (the others take their defaults). */
export type OrderFields = Partial<OrderRow> & { kind: OrderKind; side: Side; amount: string };

/** What the market says when an order is set. */
export interface MarketNow {
  reserves: Priced;
  /** the token's total supply in base units (for market-cap levels) */
  supply: bigint;
  /** USD per TRX */
  trxUsd: number;
  /** tp / sl: the wallet's average entry (E18) */
  entry?: bigint | undefined;
  now: number;
}

/** Open orders one user may have at a time. */
export const MAX_OPEN_ORDERS = 100;

/** A percent as basis points (sell shares, gains, losses and drops are stored so). */
export const pctToBps = (pct: number): bigint => BigInt(Math.round(pct * 100));

/** The names of the percents an order checks (err-order-pct's choice): the share to sell, the gain, the loss, the drop. */
const PCT_NAMES = { share: 'The share to sell', gain: 'The gain', loss: 'The loss', drop: 'The drop' } as const;

function checkPct(what: keyof typeof PCT_NAMES, v: number, max = 100): void {
  if (!Number.isFinite(v) || v <= 0 || v > max)
    throw new UserError(
      `${PCT_NAMES[what]} must be above 0 % and at most ${max} %.`,
      why('err-order-pct', { what, max }),
    );
}

function checkLevel(at: PriceSpec): void {
  if ('e18' in at && at.e18 <= 0n) throw new UserError('The price must be above 0.', why('err-order-price-zero'));
}

/** Refuses a stop-loss's hold that is not a whole number of blocks from 1 to MAX_HOLD_BLOCKS. */
export function checkHoldBlocks(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_HOLD_BLOCKS)
    throw new UserError(
      `The hold must be 1 to ${MAX_HOLD_BLOCKS} blocks.`,
      why('err-order-hold', { max: MAX_HOLD_BLOCKS }),
    );
}

/** A buy's TRX in sun, refused at nothing. */
function buySun(trx: string): bigint {
  const sun = trxToSun(trx);
  if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.', why('err-amount-zero'));
  return sun;
}

/** The E18 price of a level (a market cap over the supply, at the TRX price in USD). */
export function levelE18(at: PriceSpec, supply: bigint, trxUsd: number): bigint {
  checkLevel(at);
  return 'e18' in at ? at.e18 : marketCapToE18(at.mcUsd, supply, TOKEN_DECIMALS, trxUsd);
}

/** Refuses what no order may be, in the order the user reads it; the entry a TP/SL needs is the caller's. */
export function checkSpec(spec: OrderSpec): void {
  switch (spec.kind) {
    case 'limit':
      checkLevel(spec.at);
      if (spec.side === 'buy') buySun(spec.trx);
      else checkPct('share', spec.pct);
      return;
    case 'tp':
    case 'sl':
      checkPct('share', spec.pct);
      if (spec.kind === 'tp') checkPct('gain', spec.gainPct, 100_000);
      else {
        checkPct('loss', spec.lossPct, 99.99);
        if (spec.holdBlocks !== undefined) checkHoldBlocks(spec.holdBlocks);
      }
      return;
    case 'trail':
      checkPct('share', spec.pct);
      checkPct('drop', spec.dropPct, 99.99);
      return;
    case 'dca':
      buySun(spec.trx);
      if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > 1000)
        throw new UserError('The number of rounds must be 1 to 1000.', why('err-order-rounds'));
      if (!(spec.intervalMs >= 60_000))
        throw new UserError('The interval must be at least 1 minute.', why('err-order-interval'));
      if (spec.max) checkLevel(spec.max);
  }
}

/** A take-profit or stop-loss: its level that far above or below the entry (E18). */
export type TpSlSpec = Extract<OrderSpec, { kind: 'tp' | 'sl' }>;

/** The fields of a checked take-profit or stop-loss at an entry (E18). */
export function tpSlFields(spec: TpSlSpec, entry: bigint): OrderFields {
  const move = spec.kind === 'tp' ? spec.gainPct : spec.lossPct;
  return {
    kind: spec.kind,
    side: 'sell',
    amount: pctToBps(spec.pct).toString(),
    triggerE18: levelFromEntry(entry, spec.kind, pctToBps(move)).toString(),
    entryE18: entry.toString(),
    ...(spec.kind === 'sl' ? { holdBlocks: spec.holdBlocks ?? 1 } : {}),
  };
}

/** The fields of the order a checked spec asks for, at the market now. */
export function fieldsFor(spec: OrderSpec, m: MarketNow): OrderFields {
  switch (spec.kind) {
    case 'limit': {
      const triggerE18 = levelE18(spec.at, m.supply, m.trxUsd).toString();
      return spec.side === 'buy'
        ? { kind: 'limit', side: 'buy', amount: buySun(spec.trx).toString(), triggerE18 }
        : { kind: 'limit', side: 'sell', amount: pctToBps(spec.pct).toString(), triggerE18 };
    }
    case 'tp':
    case 'sl':
      if (m.entry === undefined) throw new Error('a take-profit or stop-loss needs the entry');
      return tpSlFields(spec, m.entry);
    case 'trail':
      return {
        kind: 'trail',
        side: 'sell',
        amount: pctToBps(spec.pct).toString(),
        trailBps: Number(pctToBps(spec.dropPct)),
        // the high-water mark starts at the price now
        highE18: priceE18(m.reserves, m.reserves.decimals).toString(),
      };
    case 'dca':
      return {
        kind: 'dca',
        side: 'buy',
        amount: buySun(spec.trx).toString(),
        triggerE18: spec.max ? levelE18(spec.max, m.supply, m.trxUsd).toString() : null,
        intervalMs: spec.intervalMs,
        rounds: spec.count,
        // the first round now
        nextAt: m.now,
      };
  }
}

/** "15m", "1h", "1d", "90s" -> ms. */
export function parseInterval(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(s|m|h|d)$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!.toLowerCase() as 's' | 'm' | 'h' | 'd'];
  const ms = Math.round(Number(m[1]) * unit);
  return ms > 0 ? ms : undefined;
}

/**
 * A token's order buttons when the settings name none: take profit at +100 % selling half, stop loss
 * at −30 % selling all, a trailing stop 20 % under the high selling all.
 */
export const PRESET_TP = { gainPct: 100, sellPct: 50 } as const;
export const PRESET_SL = { lossPct: 30, sellPct: 100 } as const;
export const PRESET_TRAIL = { dropPct: 20, sellPct: 100 } as const;

/** An automatic TP and SL for every buy (the settings' autoTpSl), refused past the bounds of any TP or SL. */
export function checkAutoTpSl(a: {
  tp: { gainPct: number; sellPct: number } | null;
  sl: { lossPct: number; sellPct: number } | null;
}): void {
  if (a.tp) checkSpec({ kind: 'tp', token: '', gainPct: a.tp.gainPct, pct: a.tp.sellPct });
  if (a.sl) checkSpec({ kind: 'sl', token: '', lossPct: a.sl.lossPct, pct: a.sl.sellPct });
}
