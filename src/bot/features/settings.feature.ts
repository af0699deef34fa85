// /settings: slippage, presets, confirmations, fee limit; it also shows the automatic TP/SL and how long
// a stop-loss waits (set by /autotpsl and /slhold, in orders.feature.ts), and whether the bot pays the
// energy of the user's trades (its routers' energy pools, read from the node). Private chats only: a group
// is told to open one, and its taps change nothing. Turning confirmations off, and a slippage above
// 15 % (conversations.ts), need the PIN unlocked once the user has one. Its 🌐 button opens the choice
// of language (language.feature.ts).
import { Composer } from 'grammy';
import { settingData } from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import { sponsorshipLine } from '../energy-text.js';

import { GROUPS, editOwned, privateOnly, replyOwned, userOf } from '../helpers.js';
import { settingsKeyboard, settingsText } from '../account-text.js';
import { pinGate } from '../pin-gate.js';

export const settingsFeature = new Composer<BotContext>();
const priv = settingsFeature.chatType('private');
settingsFeature.chatType(GROUPS).command('settings', (ctx) => privateOnly(ctx));
settingsFeature.chatType(GROUPS).callbackQuery(settingData.filter(), (ctx) => privateOnly(ctx));

/** Whether trades are sponsored, in words; left out when the node does not answer (the dialogues' "Saved." too). */
export const sponsorship = async (ctx: BotContext) =>
  sponsorshipLine(ctx, await ctx.services.energy.pools().catch(() => undefined));

/** /settings' message (the start message's ⚙️ button too; private chats only). */
export async function showSettings(ctx: BotContext): Promise<void> {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  await replyOwned(ctx, settingsText(ctx, s, await sponsorship(ctx)), settingsKeyboard(ctx, s));
}

priv.command('settings', (ctx) => showSettings(ctx));

priv.callbackQuery(settingData.filter({ setting: 'conf' }), async (ctx) => {
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  // turning confirmations off is guarded; turning them on is not
  if (s.confirm && !(await pinGate(ctx, 'setting'))) return;
  const next = { ...s, confirm: !s.confirm };
  await ctx.services.store.saveSettings(user.telegramId, next);
  await ctx.answerCallbackQuery({ text: ctx.t('settings-confirm', { on: next.confirm ? 'yes' : 'no' }) });
  await editOwned(ctx, settingsText(ctx, next, await sponsorship(ctx)), settingsKeyboard(ctx, next));
});

// the others are asked for, in a dialogue (conversations.ts)
priv.callbackQuery(settingData.filter(), async (ctx) => {
  const { setting } = settingData.unpack(ctx.match);
  await ctx.answerCallbackQuery();
  if (setting !== 'conf') await ctx.conversation.enter('editSetting', setting);
});
