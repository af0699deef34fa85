// Starting a trade by hand: the amount a user typed, checked; the quote shown with Confirm / Cancel
// (or the trade sent at once when confirmations are off); a claimed trade run in the background. The
// trade feature's commands and buttons and the custom-amount dialogue start trades through here.
import { ApiError } from '../client/index.js';
import type { BotContext } from './context.js';
import { esc, quoteText } from './format.js';
import type { Speech } from './i18n.js';
import { replyOwned, userOf } from './helpers.js';
import { confirmKeyboard } from './keyboards.js';
import { QUOTE_TTL_MS, TradeError, type Side } from '../trading/trade-flow.js';
import { friendly } from './error-text.js';
import { unknownToken } from './token-card.js';

const BUY_AMOUNT = /^\d{1,9}(\.\d{1,6})?$/;
const SELL_AMOUNT = /^(\d{1,3}(\.\d{1,2})?%|\d{1,15}(\.\d{1,18})?)$/;

/** An amount as typed, with a decimal comma ("1,5": one comma and no dot) read as a point. */
export const decimalPoint = (raw: string): string => {
  const a = raw.trim();
  return /^[^,.]*,[^,.]*$/.test(a) ? a.replace(',', '.') : a;
};

/** A buy's TRX or a sell's percent or token amount, as typed ("1,5" too); undefined when it is none. */
export function checkAmount(side: Side, raw: string): string | undefined {
  const a = decimalPoint(raw);
  if (side === 'buy') return BUY_AMOUNT.test(a) && Number(a) > 0 ? a : undefined;
  if (!SELL_AMOUNT.test(a)) return undefined;
  if (a.endsWith('%')) return Number(a.slice(0, -1)) > 0 && Number(a.slice(0, -1)) <= 100 ? a : undefined;
  return Number(a) > 0 ? a : undefined;
}

export const amountHelp = (s: Speech, side: Side): string =>
  side === 'buy' ? s.t('trade-amount-help-buy') : s.t('trade-amount-help-sell');

/** Runs a claimed trade in the background: the update is answered, the trade reports by itself. */
export function runTrade(ctx: BotContext, id: string): void {
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
    if (
      (e instanceof ApiError && e.error === 'Token not found') ||
      (e instanceof TradeError && e.code === 'TOKEN_NOT_FOUND')
    )
      await ctx.reply(unknownToken(ctx, token), { parse_mode: 'HTML' });
    else await ctx.reply(`⚠️ ${esc(friendly(ctx, e))}`, { parse_mode: 'HTML' });
    return;
  }
  const { trade, terms } = quoted;
  if (!store.settings(user).confirm) {
    const msg = await ctx.reply(ctx.t('trade-sending'));
    // its result will carry buttons (a one-tap re-quote): they are the sender's
    if (ctx.from) await store.own(msg.chat.id, msg.message_id, ctx.from.id);
    await trading.attachMessage(trade.id, msg.message_id);
    if ((await trading.claim(trade.id, user.telegramId)) === 'ok') runTrade(ctx, trade.id);
    return;
  }
  const network = ctx.services.networks.nameOf(terms.family);
  const text = quoteText(ctx, side, terms, trade.slippageBps / 100, QUOTE_TTL_MS / 1000, network);
  const msg = await replyOwned(ctx, text, confirmKeyboard(ctx, trade.id));
  await trading.attachMessage(trade.id, msg.message_id);
}
