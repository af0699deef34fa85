// /settings: slippage, presets, confirmations, fee limit; it also shows the automatic TP/SL and how long
// a stop-loss waits (set by /autotpsl and /slhold, in orders.feature.ts).
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { settingsText } from '../format.js';
import { editOwned, replyOwned, userOf } from '../helpers.js';
import { settingsKeyboard } from '../keyboards.js';

export const settingsFeature = new Composer<BotContext>();

settingsFeature.command('settings', async (ctx) => {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  await replyOwned(ctx, settingsText(s), settingsKeyboard(s));
});

settingsFeature.callbackQuery('st:conf', async (ctx) => {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  const next = { ...s, confirm: !s.confirm };
  await ctx.services.store.saveSettings(user.telegramId, next);
  await ctx.answerCallbackQuery({ text: `Confirm before trading: ${next.confirm ? 'on' : 'off'}` });
  await editOwned(ctx, settingsText(next), settingsKeyboard(next));
});

settingsFeature.callbackQuery(/^st:(slip|fee|buy|sell)$/, async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter('editSetting', ctx.match[1]!);
});
