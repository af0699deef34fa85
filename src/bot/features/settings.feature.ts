// /settings: slippage, presets, confirmations, fee limit; it also shows the automatic TP/SL and how long
// a stop-loss waits (set by /autotpsl and /slhold, in orders.feature.ts). Private chats only: a group
// is told to open one, and its taps change nothing. Turning confirmations off, and a slippage above
// 15 % (conversations.ts), need the PIN unlocked once the user has one.
import { Composer } from 'grammy';
import { settingData } from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import { settingsText } from '../format.js';
import { GROUPS, editOwned, privateOnly, replyOwned, userOf } from '../helpers.js';
import { settingsKeyboard } from '../keyboards.js';
import { pinGate } from '../pin-gate.js';

export const settingsFeature = new Composer<BotContext>();
const priv = settingsFeature.chatType('private');
settingsFeature.chatType(GROUPS).command('settings', (ctx) => privateOnly(ctx));
settingsFeature.chatType(GROUPS).callbackQuery(settingData.filter(), (ctx) => privateOnly(ctx));

priv.command('settings', async (ctx) => {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  await replyOwned(ctx, settingsText(s), settingsKeyboard(s));
});

priv.callbackQuery(settingData.filter({ setting: 'conf' }), async (ctx) => {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  // turning confirmations off is guarded; turning them on is not
  if (s.confirm && !(await pinGate(ctx, 'setting'))) return;
  const next = { ...s, confirm: !s.confirm };
  await ctx.services.store.saveSettings(user.telegramId, next);
  await ctx.answerCallbackQuery({ text: `Confirm before trading: ${next.confirm ? 'on' : 'off'}` });
  await editOwned(ctx, settingsText(next), settingsKeyboard(next));
});

// the others are asked for, in a dialogue (conversations.ts)
priv.callbackQuery(settingData.filter(), async (ctx) => {
  const { setting } = settingData.unpack(ctx.match);
  await ctx.answerCallbackQuery();
  if (setting !== 'conf') await ctx.conversation.enter('editSetting', setting);
});
