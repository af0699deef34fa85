// Orders and positions in words: an order's line (its list and the engine's messages), what a stop-loss
// waits for, the notes and reasons the order engine writes (in English, in the trading store) in the
// user's language, and /positions' buttons.
import { InlineKeyboard } from 'grammy';
import {
  cardData,
  pnlData,
  positionsData,
  tokenOrdersData,
  tradePresetData,
  walletMenuData,
} from './callback-data/index.js';
import { noteErrorText, toldText } from './error-text.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';
import { levelNow } from '../trading/orders/triggers.js';
import type { OrderRow } from '../trading/store.js';

/** What a stop-loss waits for, in words: "sells once the price holds at or below the level for 3 blocks". */
export function slHoldText(s: Speech, blocks: number): string {
  return s.t('order-sl-hold', { blocks });
}

/** Basis points as a percent: 2500 -> "25%" ("25 %" in Russian). */
export const pctOfBps = (s: Speech, bps: string | number): string => s.n.pct(Number(bps) / 100);

/** A price level kept ×1e18, in TRX per token; "?" when there is none. */
export const level = (s: Speech, e18: string | bigint | null | undefined): string =>
  e18 ? `${s.n.priceE18(e18)} TRX` : '?';

/** An amount of TRX kept in sun (a decimal string), exact. */
const trxOfSun = (s: Speech, sun: string | bigint): string => s.n.trx(BigInt(sun));

/**
 * A command's arguments with decimal commas read as points: a word with one comma between digits and
 * no point ("1,5", "budget:2,5", "@0,00002") is the number a Russian keyboard types.
 */
export const decimalPoints = (args: string): string =>
  args
    .split(/(\s+)/)
    .map((w) => (/^[^,.]*\d,\d[^,.]*$/.test(w) ? w.replace(',', '.') : w))
    .join('');

/** One order in words (its list and the engine's messages). */
export function orderLine(s: Speech, o: OrderRow, now: number): string {
  const symbol = `$${esc(o.symbol)}`;
  const share = pctOfBps(s, o.amount);
  let text: string;
  switch (o.kind) {
    case 'limit':
      text =
        o.side === 'buy'
          ? s.t('order-line-limit-buy', { amount: trxOfSun(s, o.amount), symbol, level: level(s, o.triggerE18) })
          : s.t('order-line-limit-sell', { share, symbol, level: level(s, o.triggerE18) });
      break;
    case 'tp':
      text = s.t('order-line-tp', { symbol, share, level: level(s, o.triggerE18), entry: level(s, o.entryE18) });
      break;
    case 'sl':
      text = s.t('order-line-sl', { symbol, share, level: level(s, o.triggerE18), entry: level(s, o.entryE18) });
      if (o.holdBlocks > 1) text += ` · ${s.t('order-line-holds', { blocks: o.holdBlocks })}`;
      break;
    case 'trail':
      text = s.t('order-line-trail', {
        symbol,
        share,
        drop: pctOfBps(s, o.trailBps ?? 0),
        high: level(s, o.highE18),
        level: level(s, levelNow(o)),
      });
      break;
    default: {
      text = s.t('order-line-dca', { amount: trxOfSun(s, o.amount), symbol, done: o.done, rounds: o.rounds });
      if (o.nextAt && o.status === 'active')
        text += ` · ${
          o.nextAt <= now
            ? s.t('order-dca-next-now')
            : s.t('order-dca-next-in', { minutes: Math.max(1, Math.round((o.nextAt - now) / 60_000)) })
        }`;
      if (o.triggerE18) text += ` · ${s.t('order-dca-max', { level: level(s, o.triggerE18) })}`;
    }
  }
  if (o.auto) text += ` ${s.t('order-auto')}`;
  if (o.status === 'paused') text += `\n   ${s.t('order-paused-note', { note: noteText(s, o.note ?? '') })}`;
  if (o.status === 'executing') text += `\n   ${s.t('order-executing')}`;
  return text;
}

/**
 * An order's note in the user's words (HTML-safe): a failure's note (JSON with its reason, written for a
 * pause: error-text.ts `noteErrorText`), the order engine's own English words (those it writes are
 * known here, a DCA round's too), and any other note as it is, escaped. Also an order event's
 * English reason when it comes without a reason to word (`reasonText`).
 */
export function noteText(s: Speech, note: string): string {
  const failure = noteErrorText(s, note);
  if (failure !== undefined) return esc(failure);
  switch (note) {
    case 'the holding is gone':
      return s.t('order-note-holding-gone');
    case 'cancelled by you':
      return s.t('order-note-cancelled-by-you');
    case 'resumed':
      return s.t('order-note-resumed');
    case 'filled':
      return s.t('order-note-filled');
    case 'failed':
      return s.t('order-note-failed');
    case 'its wallet is gone':
      return s.t('order-note-wallet-gone');
    case 'the token launched; the order now trades on the DEX':
      return s.t('order-note-launched');
    case 'the token launched under the trade':
      return s.t('order-note-launched-under');
    case 'its TP filled':
      return s.t('order-note-tp-filled');
    case 'its SL filled':
      return s.t('order-note-sl-filled');
    case 'the price was above the cap':
      return s.t('order-note-above-cap');
  }
  // a DCA's round: "round 2 of 10 filled", "round 2 of 10 failed: …", "round 2 of 10 skipped: the price was above X TRX"
  const round = /^round (\d+) of (\d+) (filled|failed: ([\s\S]*)|skipped: the price was above ([\d.,]+) TRX)$/.exec(
    note,
  );
  if (round) {
    const done = Number(round[1]);
    const rounds = Number(round[2]);
    if (round[3] === 'filled') return s.t('order-note-round-filled', { done, rounds });
    if (round[4] !== undefined) return s.t('order-note-round-failed', { done, rounds, reason: noteText(s, round[4]) });
    return s.t('order-note-round-skipped', { done, rounds, level: `${s.n.decimal(round[5]!.replace(/,/g, ''))} TRX` });
  }
  return esc(note);
}

/**
 * Why the engine or the automation did what it tells (HTML-safe): the reason it gives to word in the
 * user's language (error-text.ts `toldText`), else its English words read as a note, else "".
 */
export function reasonText(s: Speech, why: unknown, reason: string | undefined): string {
  if (why !== undefined) return esc(toldText(s, why, reason));
  return noteText(s, reason ?? '');
}

/** /positions: each token's card and a sell-all, then refresh. */
export function positionsKeyboard(s: Speech, list: Array<{ token: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const p of list)
    kb.text(`$${p.symbol.slice(0, 12)}`, cardData.build({ token: p.token }))
      .text(
        s.t('pos-btn-sell-all', { symbol: `$${p.symbol.slice(0, 10)}` }),
        tradePresetData.build({ side: 'sell', token: p.token, amount: '100' }),
      )
      .text(s.t('pos-btn-orders'), tokenOrdersData.build({ token: p.token }))
      .text(s.t('pos-btn-share-pnl'), pnlData.build({ token: p.token }))
      .row();
  return kb
    .text(s.t('pos-btn-refresh'), positionsData.build({}))
    .text(s.t('pos-btn-wallet'), walletMenuData.build({ action: 'r' }));
}
