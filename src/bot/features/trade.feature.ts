// Buying and selling: /buy, /sell, the card's preset buttons and custom amounts; a quote with
// Confirm / Cancel; then the exactly-once trade flow, reported by editing the message
// (notifiers/trade.notifier.ts).
import { Composer } from 'grammy';
import { ApiError } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { esc, quoteText } from '../format.js';
import { replyOwned, userOf } from '../helpers.js';
import { confirmKeyboard } from '../keyboards.js';
import { friendly, QUOTE_TTL_MS, type Side } from '../../trading/trade-flow.js';
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
