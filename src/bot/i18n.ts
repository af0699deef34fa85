// The bot's languages: Fluent message files in locales/ (one file per language, en.ftl the reference),
// loaded by @grammyjs/i18n, and the choice of language per chat. A private chat speaks its user's
// stored choice (/language), else what Telegram's language_code says; a group speaks the language an
// admin set for it, else the language of the person it answers (English for what nobody asked for).
//
// Every variable given to a message is HTML-safe already: a text from a user or the chain is escaped
// (format.ts `esc`) before it is passed. Amounts, prices and dates are passed formatted (numbers.ts),
// so that money keeps its exact digits; plain counts are passed as numbers, for Fluent's plurals.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { I18n, type I18nFlavor, type TranslateFunction } from '@grammyjs/i18n';
import type { Context } from 'grammy';
import type { LanguageCode } from 'grammy/types';
import { numbersFor, type Lang, type Numbers } from './numbers.js';

export type { Lang, Numbers } from './numbers.js';
export type { TranslateFunction } from '@grammyjs/i18n';

/** The languages, each named in its own words (the /language buttons), in the order they are offered. */
export const LANGUAGES: ReadonlyArray<{ code: Lang; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'zh', name: '中文' },
  { code: 'ru', name: 'Русский' },
];

export const isLang = (code: unknown): code is Lang => LANGUAGES.some((l) => l.code === code);

/**
 * The language for Telegram's `language_code` (an IETF tag: "en", "zh-hans", "pt-br"): Chinese for
 * zh and its forms, Russian for ru and the languages whose speakers read it (uk, be), else English.
 */
export function langOfCode(code: string | undefined): Lang {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  if (base === 'zh') return 'zh';
  if (base === 'ru' || base === 'uk' || base === 'be') return 'ru';
  return 'en';
}

/**
 * The language codes Telegram's command menus are set for (setMyCommands' `language_code`), each with
 * the language its users get: the menu of a Ukrainian or Belarusian app is Russian, as the bot is.
 */
export const MENU_LANGUAGES: ReadonlyArray<{ code: LanguageCode; lang: Lang }> = [
  { code: 'zh', lang: 'zh' },
  { code: 'ru', lang: 'ru' },
  { code: 'uk', lang: 'ru' },
  { code: 'be', lang: 'ru' },
];

/** What a text is made with: the language, its messages and its number formats. */
export interface Speech {
  lang: Lang;
  t: TranslateFunction;
  n: Numbers;
}

/** A context that speaks: the i18n plugin's `t`, with the language and its formats (set per update). */
export type SpeechFlavor = I18nFlavor & { lang: Lang; n: Numbers };

/** The locales/ folder at the project's root (from src/bot and from dist/bot alike). */
export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

export interface Languages {
  /** The i18n plugin over the message files. */
  i18n: I18n<Context & SpeechFlavor>;
  /** The speech of a language, for texts sent outside an update (notifications, alerts, the command menus). */
  speech(lang: Lang): Speech;
  /** Every message's text in a language (the key check and the tests). */
  t(lang: Lang, key: string, vars?: Record<string, string | number>): string;
}

/**
 * Loads the message files. `negotiate` picks an update's language (the bot's rule above, with its
 * store); a message missing from a language falls back to English and is reported to `warn`.
 */
export function createLanguages(
  negotiate: (ctx: Context) => Promise<Lang> | Lang,
  warn: (what: string) => void = () => undefined,
  directory = LOCALES_DIR,
): Languages {
  const i18n = new I18n<Context & SpeechFlavor>({
    defaultLocale: 'en',
    // no Unicode isolation marks around placeables: Telegram shows them, and HTML tags would break
    fluentBundleOptions: { useIsolating: false },
    fluentOptions: { warningHandler: (w) => warn(`${w.type}: ${w.path} (${w.locales.join(',')})`) },
    localeNegotiator: (ctx) => negotiate(ctx),
  });
  i18n.loadLocalesDirSync(directory);
  const t = (lang: Lang, key: string, vars?: Record<string, string | number>) => i18n.t(lang, key, vars);
  const speeches = new Map<Lang, Speech>();
  return {
    i18n,
    t,
    speech(lang) {
      let s = speeches.get(lang);
      if (!s) speeches.set(lang, (s = { lang, t: (key, vars) => i18n.t(lang, key, vars), n: numbersFor(lang) }));
      return s;
    },
  };
}

/** Sets `lang` and `n` on a context the i18n plugin has negotiated (after its middleware). */
export async function withSpeech(ctx: Context & SpeechFlavor, next: () => Promise<void>): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  ctx.lang = isLang(locale) ? locale : 'en';
  ctx.n = numbersFor(ctx.lang);
  await next();
}

/** Where chats' languages are kept (the bot's store). */
export interface LanguageStore {
  language(chatId: number): Promise<{ chosen?: Lang; seen?: Lang }>;
  seeLanguage(chatId: number, lang: Lang): Promise<void>;
}

/**
 * An update's language: the chat's chosen one; else, in private, Telegram's language_code (kept, so
 * that notifications speak it too); in a group, the sender's language_code; English for the rest.
 */
export const negotiator =
  (store: LanguageStore) =>
  async (ctx: Context): Promise<Lang> => {
    const from = ctx.from;
    const chatId = ctx.chat?.id ?? from?.id;
    if (chatId === undefined) return langOfCode(from?.language_code);
    const stored = await store.language(chatId);
    if (stored.chosen) return stored.chosen;
    const own = !ctx.chat || ctx.chat.type === 'private';
    if (!from || from.is_bot) return stored.seen ?? 'en';
    if (from.language_code === undefined) return (own ? stored.seen : undefined) ?? 'en';
    const said = langOfCode(from.language_code);
    if (own && stored.seen !== said) await store.seeLanguage(chatId, said);
    return said;
  };
