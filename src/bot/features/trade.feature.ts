// Buying and selling: /buy, /sell, the card's preset buttons and custom amounts; a quote with
// Confirm / Cancel; then the exactly-once trade flow, reported by editing the message
// (notifiers/trade.notifier.ts).
import { Composer } from 'grammy';
import {
  cancelTradeData,
  confirmTradeData,
  customAmountData,
  requoteData,
  tradePresetData,
} from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import type { Side } from '../../trading/trade-flow.js';
import { addressArg } from '../token-card.js';
import { amountHelp, checkAmount, runTrade, startTrade } from '../trade-start.js';

export const tradeFeature = new Composer<BotContext>();

for (const side of ['buy', 'sell'] as const) {
  tradeFeature.command(side, async (ctx) => {
    const usage = side === 'buy' ? ctx.t('trade-buy-usage') : ctx.t('trade-sell-usage');
    const token = await addressArg(ctx, ctx.match, usage);
    if (!token) return;
    const raw = ctx.match.trim().split(/\s+/)[1];
    if (!raw) {
      await ctx.reply(usage, { parse_mode: 'HTML' });
      return;
    }
    const amount = checkAmount(side, raw);
    if (!amount) {
      await ctx.reply(amountHelp(ctx, side), { parse_mode: 'HTML' });
      return;
    }
    await startTrade(ctx, token, side, amount);
  });
}

tradeFeature.callbackQuery(tradePresetData.filter(), async (ctx) => {
  const { side, token, amount } = tradePresetData.unpack(ctx.match);
  await ctx.answerCallbackQuery({ text: ctx.t('trade-getting-quote') });
  await startTrade(ctx, token, side, side === 'buy' ? amount : `${amount}%`);
});

tradeFeature.callbackQuery(customAmountData.filter(), async (ctx) => {
  const { side, token } = customAmountData.unpack(ctx.match);
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter('customAmount', side, token);
});

tradeFeature.callbackQuery(confirmTradeData.filter(), async (ctx) => {
  const { id } = confirmTradeData.unpack(ctx.match);
  const { trading, store } = ctx.services;
  // claim: quoted -> claimed by one conditional update (trade-flow's claim): one tap wins, of any instance
  const claim = await trading.claim(id, ctx.from.id);
  if (claim === 'ok') {
    await ctx.answerCallbackQuery({ text: ctx.t('trade-sending-answer') });
    await ctx.editMessageText(ctx.t('trade-sending')).catch(() => undefined);
    runTrade(ctx, id);
    return;
  }
  if (claim === 'expired') {
    const old = (await store.trade(id))!;
    await ctx.answerCallbackQuery({ text: ctx.t('trade-quote-expired-alert'), show_alert: true });
    await ctx.editMessageText(ctx.t('trade-quote-expired')).catch(() => undefined);
    await startTrade(ctx, old.token, old.side as Side, old.amount);
    return;
  }
  const text =
    claim === 'not-yours'
      ? ctx.t('trade-not-yours')
      : claim === 'taken'
        ? ctx.t('trade-already-handled')
        : ctx.t('trade-quote-gone');
  await ctx.answerCallbackQuery({ text, show_alert: claim === 'not-yours' });
});

// a trade that failed because the token launched under it: the same trade, quoted again (on the DEX)
tradeFeature.callbackQuery(requoteData.filter(), async (ctx) => {
  const old = await ctx.services.store.trade(requoteData.unpack(ctx.match).id);
  // a re-quote is for the trade's own user only: never another member's wallet on their amount
  if (!old || old.userId !== ctx.from.id) {
    await ctx.answerCallbackQuery({ text: ctx.t('trade-gone') });
    return;
  }
  await ctx.answerCallbackQuery({ text: ctx.t('trade-getting-fresh-quote') });
  await startTrade(ctx, old.token, old.side as Side, old.amount);
});

tradeFeature.callbackQuery(cancelTradeData.filter(), async (ctx) => {
  if (await ctx.services.trading.cancel(cancelTradeData.unpack(ctx.match).id, ctx.from.id)) {
    await ctx.answerCallbackQuery({ text: ctx.t('trade-cancelled-answer') });
    await ctx.editMessageText(ctx.t('trade-cancelled')).catch(() => undefined);
  } else {
    await ctx.answerCallbackQuery({ text: ctx.t('trade-nothing-to-cancel') });
  }
});
