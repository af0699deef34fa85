// /app: the Mini App (the trading terminal). With an https APP_URL, a private chat gets a `web_app`
// button that opens it; a group is told to ask in private (Telegram refuses `web_app` buttons there).
// Without https (the devnet's local address), the bot says where the app is served and that Telegram
// opens it only from an https address (docs/app.md), and offers no button anywhere.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { appKeyboard } from '../keyboards.js';
import { appLink, opensInTelegram } from '../mini-app.js';

export const appFeature = new Composer<BotContext>();

appFeature.command('app', async (ctx) => {
  const { appUrl } = ctx.services;
  if (!opensInTelegram(appUrl)) {
    await ctx.reply(ctx.t('webapp-needs-https', { url: esc(appLink(appUrl)) }), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
    });
    return;
  }
  if (ctx.chat.type !== 'private') {
    await ctx.reply(ctx.t('webapp-private-only', { bot: esc(ctx.me.username) }), { parse_mode: 'HTML' });
    return;
  }
  await ctx.reply(ctx.t('webapp-intro'), { parse_mode: 'HTML', reply_markup: appKeyboard(ctx, appUrl) });
});
