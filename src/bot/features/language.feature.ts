// /language: the chat's language, chosen with a button per language (each named in its own words) or
// directly (`/language ru`); /settings' 🌐 button opens the same choice. In a group only its admins
// choose, for everyone there. The choice is kept (it wins over Telegram's language_code), the answer
// is given in the new language, and the chat's command menu is set to it.
import { Composer, InlineKeyboard } from 'grammy';
import { languageData } from '../callback-data/index.js';
import { setChatMenu } from '../commands.js';
import { setChatAppMenuButton } from '../mini-app.js';
import type { BotContext } from '../context.js';
import type { Lang, Languages } from '../i18n.js';
import { numbersFor } from '../numbers.js';
import { isChatAdmin } from '../helpers.js';

export const languageFeature = new Composer<BotContext>();

const nameOf = (ctx: BotContext, lang: Lang) => ctx.services.languages.t(lang, 'language-name');

/** The choice: one button per language (each file a language), the current one ticked. */
const picker = (languages: Languages, current: Lang) =>
  new InlineKeyboard().add(
    ...languages.list.map((l) =>
      InlineKeyboard.text(`${l.code === current ? '✅ ' : ''}${l.name}`, languageData.build({ lang: l.code })),
    ),
  );

/** Whether the sender may choose for this chat: in private always, in a group its admins. */
const mayChoose = async (ctx: BotContext) => ctx.chat?.type === 'private' || (await isChatAdmin(ctx));

/** Keeps the choice, switches this update to it, and sets the chat's menus (commands, Mini App; best effort). */
async function choose(ctx: BotContext, lang: Lang): Promise<void> {
  const chatId = ctx.chat!.id;
  await ctx.services.store.chooseLanguage(chatId, lang);
  ctx.i18n.useLocale(lang);
  ctx.lang = lang;
  ctx.n = numbersFor(lang);
  await setChatMenu(ctx.api, ctx.services.languages, chatId, lang).catch((err: unknown) =>
    ctx.services.logger.warn({ err, chatId }, 'setting the chat command menu failed'),
  );
  await setChatAppMenuButton(ctx.api, ctx.services.languages, ctx.services.appUrl, chatId, lang).catch((err: unknown) =>
    ctx.services.logger.warn({ err, chatId }, 'setting the chat menu button failed'),
  );
}

languageFeature.command('language', async (ctx) => {
  if (!(await mayChoose(ctx))) {
    await ctx.reply(ctx.t('language-admins-only'));
    return;
  }
  const asked = ctx.match.trim().toLowerCase();
  if (!asked) {
    await ctx.reply(ctx.t('language-pick', { current: nameOf(ctx, ctx.lang) }), {
      reply_markup: picker(ctx.services.languages, ctx.lang),
    });
    return;
  }
  const { languages } = ctx.services;
  if (!languages.has(asked)) {
    await ctx.reply(ctx.t('language-unknown', { codes: languages.list.map((l) => l.code).join(', ') }), {
      reply_markup: picker(languages, ctx.lang),
    });
    return;
  }
  await choose(ctx, asked);
  await ctx.reply(ctx.t('language-set', { language: nameOf(ctx, asked) }));
});

// /settings' 🌐 button: the choice, under the settings
languageFeature.callbackQuery(languageData.filter({ lang: 'menu' }), async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t('language-pick', { current: nameOf(ctx, ctx.lang) }), {
    reply_markup: picker(ctx.services.languages, ctx.lang),
  });
});

languageFeature.callbackQuery(languageData.filter(), async (ctx) => {
  const { lang } = languageData.unpack(ctx.match);
  if (lang === 'menu' || !ctx.services.languages.has(lang)) {
    await ctx.answerCallbackQuery();
    return;
  }
  if (!(await mayChoose(ctx))) {
    await ctx.answerCallbackQuery({ text: ctx.t('language-admins-only'), show_alert: true });
    return;
  }
  await choose(ctx, lang);
  const said = ctx.t('language-set', { language: nameOf(ctx, lang) });
  await ctx.answerCallbackQuery({ text: said });
  await ctx.editMessageText(said, { reply_markup: picker(ctx.services.languages, lang) }).catch(() => undefined);
});
