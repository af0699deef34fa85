// How a trade by hand shows its progress and result: by editing its message (a new message when it
// is gone). A chat that refuses our messages (the user blocked the bot) does not stop the trade: the
// result stays in the database and the refusal is logged.
import type { Api, InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import { quoteOfTrade } from '../../trading/trade-row.js';
import { compact, esc, trx, txLinker } from '../format.js';
import { launchedKeyboard, resultKeyboard } from '../keyboards.js';
import { refusalOf } from '../refusals.js';
import type { TradeRow } from '../store.js';
import type { Side, TradeEvents, TradeOutcome } from '../../trading/trade-flow.js';

/** How a trade by hand reports: edits of its message (it only renders; the trade flow does the rest). */
export function tradeNotifier(api: Api, logger: Logger, explorerTxUrl?: string): TradeEvents {
  const link = txLinker(explorerTxUrl);
  /** A transaction's line: in a private chat only (in a group, its id is the trader's wallet one lookup away). */
  const txLine = (t: TradeRow, txid: string, more = '') =>
    t.chatId > 0 ? `Tx: ${link(txid)}${more ? ` · ${more}` : ''}` : more ? more[0]!.toUpperCase() + more.slice(1) : '';
  const options = { parse_mode: 'HTML', link_preview_options: { is_disabled: true } } as const;
  const send = (t: TradeRow, text: string, more: object) =>
    api.sendMessage(t.chatId, text, { ...options, ...more }).then(() => undefined);
  const edit = async (t: TradeRow, text: string, keyboard?: InlineKeyboard) => {
    const more = keyboard ? { reply_markup: keyboard } : {};
    try {
      if (t.messageId === null) await send(t, text, more);
      else
        await api.editMessageText(t.chatId, t.messageId, text, { ...options, ...more }).catch((e: unknown) => {
          const refusal = refusalOf(e);
          if (refusal === 'message-gone') return send(t, text, more);
          if (refusal !== 'not-modified') throw e;
        });
    } catch (e) {
      logger.warn(
        { trade: t.id, chatId: t.chatId, refusal: refusalOf(e), err: (e as Error).message },
        'trade message not shown',
      );
    }
  };
  /** A trade that went through: what was received, and whether it is final yet. */
  const succeeded = (t: TradeRow, o: TradeOutcome) => {
    const sym = `$${esc(quoteOfTrade(t).symbol)}`;
    const got = o.received === undefined ? '' : t.side === 'buy' ? `${compact(o.received)} ${sym}` : trx(o.received);
    return [
      `✅ <b>${t.side === 'buy' ? 'Bought' : 'Sold'}</b>${got ? ` — received ${got}` : ''}`,
      txLine(t, o.txid!, `network fee ${trx(o.feeTrx ?? 0)}`),
      // a balance is the user's own business: never in a group
      o.trxBalance !== undefined && t.chatId > 0
        ? `Balance: ${trx(o.trxBalance)} · ${compact(o.tokenBalance ?? 0)} ${sym}`
        : '',
      // until its block is solid a chain reorganisation could still take it away
      o.final === false ? '⏳ In a block; final in about a minute' : '🔒 Final',
    ]
      .filter(Boolean)
      .join('\n');
  };
  const failed = (t: TradeRow, o: TradeOutcome) =>
    [
      `❌ <b>Trade failed</b>: ${esc(o.reason ?? 'unknown reason')}`,
      o.txid ? txLine(t, o.txid, o.feeTrx ? `the network fee of ${trx(o.feeTrx)} was spent` : '') : 'Nothing was sent.',
    ]
      .filter(Boolean)
      .join('\n');
  const back = (t: TradeRow) => resultKeyboard(t.token, quoteOfTrade(t).symbol, t.chatId > 0);
  return {
    pending: (t) =>
      edit(t, [`⏳ <b>Pending</b> — sent to the network.`, txLine(t, t.txid!)].filter(Boolean).join('\n')),
    done: (t, o: TradeOutcome) => {
      const q = quoteOfTrade(t);
      const sym = `$${esc(q.symbol)}`;
      if (o.state === 'confirmed') return edit(t, succeeded(t, o), back(t));
      if (o.failureCode === 'TOKEN_LAUNCHED') {
        return edit(
          t,
          [
            `🚀 <b>${sym} launched to SunSwap V2</b> before your ${t.side} landed: nothing was ${t.side === 'buy' ? 'bought' : 'sold'}.`,
            o.txid ? txLine(t, o.txid, `only the network fee of ${trx(o.feeTrx ?? 0)} was spent`) : '',
            `Tap below for a fresh quote on the DEX.`,
          ]
            .filter(Boolean)
            .join('\n'),
          launchedKeyboard(t.id, t.token, q.symbol, t.side as Side),
        );
      }
      return edit(t, failed(t, o), back(t));
    },
    final: (t, o) => edit(t, succeeded(t, o), back(t)),
    undone: (t, o) => edit(t, failed(t, o), back(t)),
  };
}
