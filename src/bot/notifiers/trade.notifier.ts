// How a trade by hand shows its progress and result: by editing its message (a new message when it
// is gone), in its chat's language (a resumed trade reports outside any update: the chat's speech is
// looked up). A chat that refuses our messages (the user blocked the bot) does not stop the trade:
// the result stays in the database and the refusal is logged.
import type { Api, InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import { quoteOfTrade } from '../../trading/trade-row.js';
import { toldText } from '../error-text.js';
import { esc, txLinker, type TxLink } from '../format.js';
import type { Speech } from '../i18n.js';
import { launchedKeyboard, resultKeyboard } from '../keyboards.js';
import { refusalOf } from '../refusals.js';
import type { TradeRow } from '../store.js';
import type { Side, TradeEvents, TradeOutcome } from '../../trading/trade-flow.js';

/** How a trade by hand reports: edits of its message (it only renders; the trade flow does the rest). */
export function tradeNotifier(
  api: Api,
  logger: Logger,
  speechOf: (chatId: number) => Promise<Speech>,
  link: TxLink = txLinker(),
): TradeEvents {
  /** A transaction's line: in a private chat only (in a group, its id is the trader's wallet one lookup away). */
  const txLine = (s: Speech, t: TradeRow, txid: string, more = '') =>
    t.chatId > 0
      ? s.t('trade-tx', { link: link(txid, t.token) }) + (more ? ` · ${more}` : '')
      : more
        ? more[0]!.toUpperCase() + more.slice(1)
        : '';
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
  const succeeded = (s: Speech, t: TradeRow, o: TradeOutcome) => {
    const sym = `$${esc(quoteOfTrade(t).symbol)}`;
    const buy = t.side === 'buy';
    const got =
      o.received === undefined ? undefined : buy ? `${s.n.compact(o.received)} ${sym}` : s.n.trxNum(o.received);
    const head =
      got === undefined
        ? buy
          ? s.t('trade-bought')
          : s.t('trade-sold')
        : buy
          ? s.t('trade-bought-received', { amount: got })
          : s.t('trade-sold-received', { amount: got });
    return [
      head,
      txLine(s, t, o.txid!, s.t('trade-network-fee', { fee: s.n.trxNum(o.feeTrx ?? 0) })),
      // a balance is the user's own business: never in a group
      o.trxBalance !== undefined && t.chatId > 0
        ? s.t('trade-balance', { trx: s.n.trxNum(o.trxBalance), tokens: `${s.n.compact(o.tokenBalance ?? 0)} ${sym}` })
        : '',
      // until its block is solid a chain reorganisation could still take it away
      o.final === false ? s.t('trade-not-final') : s.t('trade-final'),
    ]
      .filter(Boolean)
      .join('\n');
  };
  const failed = (s: Speech, t: TradeRow, o: TradeOutcome) => {
    const reason = toldText(s, o.why, o.reason);
    return [
      s.t('trade-failed', { reason: reason ? esc(reason) : s.t('trade-failed-unknown') }),
      o.txid
        ? txLine(s, t, o.txid, o.feeTrx ? s.t('trade-fee-spent', { fee: s.n.trxNum(o.feeTrx) }) : '')
        : s.t('trade-nothing-sent'),
    ]
      .filter(Boolean)
      .join('\n');
  };
  const back = (s: Speech, t: TradeRow) => resultKeyboard(s, t.token, quoteOfTrade(t).symbol, t.chatId > 0);
  return {
    pending: async (t) => {
      const s = await speechOf(t.chatId);
      return edit(t, [s.t('trade-pending'), txLine(s, t, t.txid!)].filter(Boolean).join('\n'));
    },
    done: async (t, o: TradeOutcome) => {
      const s = await speechOf(t.chatId);
      const q = quoteOfTrade(t);
      const symbol = `$${esc(q.symbol)}`;
      if (o.state === 'confirmed') return edit(t, succeeded(s, t, o), back(s, t));
      if (o.failureCode === 'TOKEN_LAUNCHED') {
        return edit(
          t,
          [
            t.side === 'buy' ? s.t('trade-launched-buy', { symbol }) : s.t('trade-launched-sell', { symbol }),
            o.txid ? txLine(s, t, o.txid, s.t('trade-launched-fee', { fee: s.n.trxNum(o.feeTrx ?? 0) })) : '',
            s.t('trade-launched-requote'),
          ]
            .filter(Boolean)
            .join('\n'),
          launchedKeyboard(s, t.id, t.token, q.symbol, t.side as Side),
        );
      }
      return edit(t, failed(s, t, o), back(s, t));
    },
    final: async (t, o) => {
      const s = await speechOf(t.chatId);
      return edit(t, succeeded(s, t, o), back(s, t));
    },
    undone: async (t, o) => {
      const s = await speechOf(t.chatId);
      return edit(t, failed(s, t, o), back(s, t));
    },
  };
}
