// Buying and selling: /buy, /sell, the card's preset buttons and custom amounts; a quote with
// Confirm / Cancel; then the exactly-once trade flow, reported by editing the message.
import { Composer, type Api, type InlineKeyboard } from 'grammy';
import type { Logger } from 'pino';
import { ApiError, type Quote } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { esc, quoteText, trx, compact } from '../format.js';
import { replyOwned, userOf } from '../helpers.js';
import { confirmKeyboard, launchedKeyboard, resultKeyboard } from '../keyboards.js';
import { refusalOf } from '../refusals.js';
import type { TradeRow } from '../store.js';
import { friendly, QUOTE_TTL_MS, type Side, type TradeEvents, type TradeOutcome } from '../../trading/trade-flow.js';
import { addressArg, unknownToken } from './token.feature.js';

const BUY_AMOUNT = /^\d{1,9}(\.\d{1,6})?$/;
const SELL_AMOUNT = /^(\d{1,3}(\.\d{1,2})?%|\d{1,15}(\.\d{1,18})?)$/;

export function checkAmount(side: Side, raw: string): string | undefined {
  const a = raw.trim();
  if (side === 'buy') return BUY_AMOUNT.test(a) && Number(a) > 0 ? a : undefined;
  if (!SELL_AMOUNT.test(a)) return undefined;
  if (a.endsWith('%')) return Number(a.slice(0, -1)) > 0 && Number(a.slice(0, -1)) <= 100 ? a : undefined;
  return Number(a) > 0 ? a : undefined;
}

export const amountHelp = (side: Side) =>
  side === 'buy'
    ? 'The amount must be a positive number of TRX (up to 6 decimals), e.g. <code>100</code>.'
    : 'The amount must be a percent of your holding (e.g. <code>50%</code>) or a positive number of tokens.';

/**
 * How a trade's progress and result are shown: by editing its message (a new message when it is
 * gone). A chat that refuses our messages (the user blocked the bot) does not stop the trade: the
 * result stays in the database and the refusal is logged.
 */
/** A transaction as a link to the explorer, or as code when there is none (the devnet). */
export const txLinker = (explorerTxUrl?: string) => (txid: string) =>
  explorerTxUrl ? `<a href="${esc(explorerTxUrl + txid)}">${esc(txid.slice(0, 10))}…</a>` : `<code>${esc(txid)}</code>`;

/**
 * How a trade by hand reports: edits of its message. `afterBuy` runs after a confirmed buy (the
 * automatic TP/SL of the settings).
 */
export function tradeEvents(
  api: Api,
  logger: Logger,
  explorerTxUrl?: string,
  afterBuy?: (t: TradeRow) => Promise<void>,
): TradeEvents {
  const txLink = txLinker(explorerTxUrl);
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
  return {
    pending: (t) => edit(t, `⏳ <b>Pending</b> — sent to the network.\nTx: ${txLink(t.txid!)}`),
    done: (t, o: TradeOutcome) => {
      const q = JSON.parse(t.quote) as Quote & { symbol: string };
      const sym = `$${esc(q.symbol)}`;
      const back = resultKeyboard(t.token, q.symbol, t.chatId > 0);
      if (o.state === 'confirmed') {
        if (t.side === 'buy' && afterBuy)
          void afterBuy(t).catch((err: unknown) => logger.warn({ trade: t.id, err }, 'automatic TP/SL not set'));
        const got =
          o.received === undefined
            ? ''
            : t.side === 'buy'
              ? `${compact(o.received)} ${sym}`
              : trx(Math.round(o.received * 1e6) / 1e6);
        return edit(
          t,
          [
            `✅ <b>${t.side === 'buy' ? 'Bought' : 'Sold'}</b>${got ? ` — received ${got}` : ''}`,
            `Tx: ${txLink(o.txid!)} · network fee ${trx(o.feeTrx ?? 0)}`,
            o.trxBalance !== undefined ? `Balance: ${trx(o.trxBalance)} · ${compact(o.tokenBalance ?? 0)} ${sym}` : '',
          ]
            .filter(Boolean)
            .join('\n'),
          back,
        );
      }
      if (o.failureCode === 'TOKEN_LAUNCHED') {
        return edit(
          t,
          [
            `🚀 <b>${sym} launched to SunSwap V2</b> before your ${t.side} landed: nothing was ${t.side === 'buy' ? 'bought' : 'sold'}.`,
            o.txid ? `Tx: ${txLink(o.txid)} · only the network fee of ${trx(o.feeTrx ?? 0)} was spent` : '',
            `Tap below for a fresh quote on the DEX.`,
          ]
            .filter(Boolean)
            .join('\n'),
          launchedKeyboard(t.id, t.token, q.symbol, t.side as Side),
        );
      }
      return edit(
        t,
        [
          `❌ <b>Trade failed</b>: ${esc(o.reason ?? 'unknown reason')}`,
          o.txid
            ? `Tx: ${txLink(o.txid)}${o.feeTrx ? ` · the network fee of ${trx(o.feeTrx)} was spent` : ''}`
            : 'Nothing was sent.',
        ].join('\n'),
        back,
      );
    },
  };
}

/** Runs a claimed trade in the background: the update is answered, the trade reports by itself. */
function run(ctx: BotContext, id: string): void {
  const { trading, logger } = ctx.services;
  trading
    .execute(id, ctx.services.events(ctx.api))
    .catch((err: unknown) => logger.error({ trade: id, updateId: ctx.update.update_id, err }, 'trade run failed'));
}

/** Quotes a trade and shows it with Confirm / Cancel (or sends it at once when confirm is off). */
export async function startTrade(ctx: BotContext, token: string, side: Side, amount: string): Promise<void> {
  const user = await userOf(ctx);
  const { trading, store } = ctx.services;
  let quoted;
  try {
    // one call: the quote knows the token (or answers 404) and carries the wallet's balances
    quoted = await trading.quote(user, ctx.chat!.id, token, side, amount);
  } catch (e) {
    if (e instanceof ApiError && e.error === 'Token not found')
      await ctx.reply(unknownToken(token), { parse_mode: 'HTML' });
    else await ctx.reply(`⚠️ ${esc(friendly(e))}`, { parse_mode: 'HTML' });
    return;
  }
  const { trade, quote, symbol } = quoted;
  if (!store.settings(user).confirm) {
    const msg = await ctx.reply('⏳ Sending…');
    trading.attachMessage(trade.id, msg.message_id);
    if (trading.claim(trade.id, user.telegramId) === 'ok') run(ctx, trade.id);
    return;
  }
  const msg = await replyOwned(ctx, quoteText(quote, symbol, QUOTE_TTL_MS / 1000), confirmKeyboard(trade.id));
  trading.attachMessage(trade.id, msg.message_id);
}

export const tradeFeature = new Composer<BotContext>();

for (const side of ['buy', 'sell'] as const) {
  tradeFeature.command(side, async (ctx) => {
    const usage =
      side === 'buy'
        ? 'Usage: <code>/buy ADDRESS TRX</code>, e.g. <code>/buy T... 100</code>'
        : 'Usage: <code>/sell ADDRESS 50%</code> or <code>/sell ADDRESS AMOUNT</code>';
    const token = await addressArg(ctx, ctx.match, usage);
    if (!token) return;
    const raw = ctx.match.trim().split(/\s+/)[1];
    if (!raw) {
      await ctx.reply(usage, { parse_mode: 'HTML' });
      return;
    }
    const amount = checkAmount(side, raw);
    if (!amount) {
      await ctx.reply(amountHelp(side), { parse_mode: 'HTML' });
      return;
    }
    await startTrade(ctx, token, side, amount);
  });
}

tradeFeature.callbackQuery(/^([bs]):(T\w{33}):(\d{1,9}(?:\.\d{1,6})?)$/, async (ctx) => {
  const side: Side = ctx.match[1] === 'b' ? 'buy' : 'sell';
  await ctx.answerCallbackQuery({ text: 'Getting a quote…' });
  await startTrade(ctx, ctx.match[2]!, side, side === 'buy' ? ctx.match[3]! : `${ctx.match[3]}%`);
});

tradeFeature.callbackQuery(/^([bs])x:(T\w{33})$/, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter('customAmount', ctx.match[1] === 'b' ? 'buy' : 'sell', ctx.match[2]!);
});

tradeFeature.callbackQuery(/^cf:([\w-]{8,20})$/, async (ctx) => {
  const id = ctx.match[1]!;
  const { trading, store } = ctx.services;
  const claim = trading.claim(id, ctx.from.id);
  if (claim === 'ok') {
    await ctx.answerCallbackQuery({ text: 'Sending…' });
    await ctx.editMessageText('⏳ Sending…').catch(() => undefined);
    run(ctx, id);
    return;
  }
  if (claim === 'expired') {
    const old = store.trade(id)!;
    await ctx.answerCallbackQuery({
      text: 'That quote expired. Here is a fresh one: confirm again.',
      show_alert: true,
    });
    await ctx.editMessageText('⌛ Quote expired.').catch(() => undefined);
    await startTrade(ctx, old.token, old.side as Side, old.amount);
    return;
  }
  const text =
    claim === 'not-yours'
      ? 'Only the person who asked can confirm this trade.'
      : claim === 'taken'
        ? 'This trade is already being handled.'
        : 'This quote is no longer available.';
  await ctx.answerCallbackQuery({ text, show_alert: claim === 'not-yours' });
});

// a trade that failed because the token launched under it: the same trade, quoted again (on the DEX)
tradeFeature.callbackQuery(/^rq:([\w-]{8,20})$/, async (ctx) => {
  const old = ctx.services.store.trade(ctx.match[1]!);
  if (!old) {
    await ctx.answerCallbackQuery({ text: 'This trade is no longer available.' });
    return;
  }
  await ctx.answerCallbackQuery({ text: 'Getting a fresh quote…' });
  await startTrade(ctx, old.token, old.side as Side, old.amount);
});

tradeFeature.callbackQuery(/^cx:([\w-]{8,20})$/, async (ctx) => {
  if (ctx.services.trading.cancel(ctx.match[1]!, ctx.from.id)) {
    await ctx.answerCallbackQuery({ text: 'Cancelled' });
    await ctx.editMessageText('✖️ Cancelled.').catch(() => undefined);
  } else {
    await ctx.answerCallbackQuery({ text: 'Nothing to cancel.' });
  }
});
