// /referral: the user's referral link, who joined through it, what they earned, were paid and are
// owed, the terms, and a button to share the link (private chats: the figures are the user's own).
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { userOf } from '../helpers.js';
import { referralLink, referralText, sharePitch, shareUrl } from '../referrals.js';

export const referralFeature = new Composer<BotContext>();
const priv = referralFeature.chatType('private');

priv.command('referral', async (ctx) => {
  const user = await userOf(ctx);
  const { referrals } = ctx.services;
  const code = await referrals.codeOf(user.telegramId);
  const link = referralLink(ctx.me.username, code);
  if (!link) throw new Error(`a referral link that Telegram would not take (code ${code})`);
  const [figures, settings] = await Promise.all([referrals.figuresOf(user.telegramId), referrals.settings()]);
  await ctx.reply(referralText(ctx, link, figures, settings), {
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    reply_markup: new InlineKeyboard().url(ctx.t('ref-share-button'), shareUrl(link, sharePitch(ctx, settings))),
  });
});
