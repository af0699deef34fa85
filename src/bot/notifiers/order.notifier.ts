// The order engine's messages to a user: one per fill, failure, pause or cancellation, in the user's
// language (the engine's reasons, written in English, are said in it where they are known).
import { InlineKeyboard, type Api } from 'grammy';
import type { Logger } from 'pino';
import { esc, type TxLink } from '../format.js';
import type { Speech } from '../i18n.js';
import { orderLine, pctOfBps, reasonText } from '../orders-text.js';
import { orderCancelData, orderResumeData } from '../callback-data/index.js';
import { refusalOf } from '../refusals.js';
import type { OrderEvent } from '../../trading/orders/index.js';

/** The engine's messages to the user: one per fill, failure, pause or cancellation. */
export function orderNotifier(api: Api, logger: Logger, txLink: TxLink, speechOf: (chatId: number) => Promise<Speech>) {
  return async (e: OrderEvent): Promise<void> => {
    const o = e.order;
    const s = await speechOf(o.userId);
    const what = orderLine(s, o, e.at).split('\n')[0]!;
    const symbol = `$${esc(o.symbol)}`;
    const reason = reasonText(s, e.why, e.reason);
    const lines: string[] = [];
    const kb = new InlineKeyboard();
    switch (e.kind) {
      case 'filled': {
        const got = e.outcome?.received;
        const cost = s.n.trx(BigInt(o.amount));
        const share = pctOfBps(s, o.amount);
        const did =
          o.side === 'buy'
            ? got === undefined
              ? s.t('order-did-buy', { symbol, cost })
              : s.t('order-did-buy-got', { symbol, cost, amount: s.n.compact(got) })
            : got === undefined
              ? s.t('order-did-sell', { share })
              : s.t('order-did-sell-got', { share, got: s.n.trxNum(got) });
        lines.push(
          e.priceTrx
            ? s.t('order-filled-at', { did, price: `${s.n.priceE18(BigInt(Math.round(e.priceTrx * 1e18)))} TRX` })
            : s.t('order-filled', { did }),
        );
        if (o.kind === 'dca' && o.status === 'active')
          lines.push(s.t('order-dca-done', { done: o.done, rounds: o.rounds }));
        lines.push(what);
        break;
      }
      case 'paused':
        lines.push(
          s.t('order-paused', { reason }),
          what,
          // refused for the user's safety (the API's quote did not hold), or short of TRX
          /^Stopped for your safety/.test(e.reason ?? '') ? s.t('order-paused-retry') : s.t('order-paused-top-up'),
        );
        kb.text(s.t('order-btn-resume'), orderResumeData.build({ id: o.id })).text(
          s.t('order-btn-cancel'),
          orderCancelData.build({ id: o.id }),
        );
        break;
      case 'cancelled':
        lines.push(s.t('order-cancelled-by-engine', { reason }), what);
        break;
      case 'skipped':
        lines.push(s.t('order-dca-skipped', { reason }), what);
        break;
      case 'retrying':
        lines.push(s.t('order-launched', { symbol }), what);
        break;
      default:
        lines.push(s.t('order-failed', { reason }), what);
    }
    if (e.kind !== 'paused' && e.kind !== 'cancelled' && e.kind !== 'skipped' && e.outcome?.txid)
      lines.push(s.t('order-tx', { link: txLink(e.outcome.txid, e.order.token) }));
    try {
      await api.sendMessage(o.userId, lines.join('\n'), {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(kb.inline_keyboard.flat().length ? { reply_markup: kb } : {}),
      });
    } catch (err) {
      // a chat that is gone (blocked, deleted) will not take it later either: say so in the log and
      // drop it; anything else (Telegram or the network down) is thrown, and the engine tries again
      const refusal = refusalOf(err);
      if (refusal !== 'chat-gone' && refusal !== 'bad-html' && refusal !== 'too-long') throw err;
      logger.warn({ order: o.id, refusal, err: (err as Error).message }, 'order message not delivered');
    }
  };
}
