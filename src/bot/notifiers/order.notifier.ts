// The order engine's messages to a user: one per fill, failure, pause or cancellation.
import { InlineKeyboard, type Api } from 'grammy';
import type { Logger } from 'pino';
import { compact, esc, trx } from '../format.js';
import { orderLine, pctOfBps } from '../orders-text.js';
import { orderCancelData, orderResumeData } from '../callback-data/index.js';
import { refusalOf } from '../refusals.js';
import { sunToTrx } from '../../tron/units.js';
import type { OrderEvent } from '../../trading/orders/index.js';
import { formatPrice } from '../../trading/price.js';

/** The engine's messages to the user: one per fill, failure, pause or cancellation. */
export function orderNotifier(api: Api, logger: Logger, txLink: (txid: string) => string) {
  return async (e: OrderEvent): Promise<void> => {
    const o = e.order;
    const what = orderLine(o, e.at).split('\n')[0]!;
    const sym = `$${esc(o.symbol)}`;
    const tx = e.outcome?.txid ? `\nTx: ${txLink(e.outcome.txid)}` : '';
    let text: string;
    const kb = new InlineKeyboard();
    switch (e.kind) {
      case 'filled': {
        const got = e.outcome?.received;
        const did =
          o.side === 'buy'
            ? `bought ${got === undefined ? '' : `${compact(got)} ${sym} `}for ${trx(Number(sunToTrx(BigInt(o.amount))))}`
            : `sold ${pctOfBps(o.amount)} of the holding${got === undefined ? '' : ` for ${trx(got)}`}`;
        const at = e.priceTrx ? ` at ~${formatPrice(BigInt(Math.round(e.priceTrx * 1e18)))} TRX` : '';
        const left = o.kind === 'dca' && o.status === 'active' ? `\n${o.done} of ${o.rounds} rounds done.` : '';
        text = `✅ <b>Order filled</b>: ${did}${at}${left}\n${what}${tx}`;
        break;
      }
      case 'paused':
        text = `⏸ <b>Order paused</b>: ${esc(e.reason ?? '')}\n${what}\n${
          // refused for the user's safety (the API's quote did not hold), or short of TRX
          /^Stopped for your safety/.test(e.reason ?? '')
            ? 'Tap Resume to try again.'
            : 'Top up the wallet, then tap Resume.'
        }`;
        kb.text('▶️ Resume', orderResumeData.build({ id: o.id })).text(
          '✖️ Cancel',
          orderCancelData.build({ id: o.id }),
        );
        break;
      case 'cancelled':
        text = `✖️ <b>Order cancelled</b>: ${esc(e.reason ?? '')}\n${what}`;
        break;
      case 'skipped':
        text = `⏭ <b>DCA round skipped</b>: ${esc(e.reason ?? '')}\n${what}`;
        break;
      case 'retrying':
        text = `🚀 <b>${sym} launched</b> under the order's trade: nothing was traded; the order goes on, on SunSwap V2.\n${what}${tx}`;
        break;
      default:
        text = `❌ <b>Order failed</b>: ${esc(e.reason ?? '')}\n${what}${tx}`;
    }
    try {
      await api.sendMessage(o.userId, text, {
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
