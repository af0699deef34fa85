// The bot's languages: Fluent message files in locales/ (one file per language, en.ftl the reference;
// each file names its language and the Telegram language codes it serves), loaded by @grammyjs/i18n,
// and the choice of language per chat. A private chat speaks its user's stored choice (/language),
// else what Telegram's language_code says; a group speaks the language an admin set for it, else the
// language of the person it answers (English for what nobody asked for).
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

/** A language the bot speaks, as its message file describes itself. */
export interface LanguageInfo {
  /** the file's name: locales/<code>.ftl (also the Intl locale its numbers and dates are written in) */
  code: Lang;
  /** its name in its own words (`language-name`): the /language buttons */
  name: string;
  /** Telegram's language codes it serves until a user chooses (`language-codes`, e.g. "ru uk be") */
  telegramCodes: string[];
}

/** A language code as a chat's choice is kept: a message file's name. */
export const LANG_CODE = /^[a-z]{2,3}$/;

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
  /** The languages, English first, then by code: one per message file. */
  list: LanguageInfo[];
  /** Whether a code names one of them. */
  has(code: unknown): code is Lang;
  /**
   * The language for Telegram's `language_code` (an IETF tag: "en", "zh-hans", "uk"): the one whose
   * `language-codes` name its base language, else English.
   */
  fromTelegram(code: string | undefined): Lang;
  /** The codes Telegram's command menus are set for (setMyCommands' `language_code`), with their language. */
  menus: Array<{ code: LanguageCode; lang: Lang }>;
  /** The speech of a language, for texts sent outside an update (notifications, alerts, the command menus). */
  speech(lang: Lang): Speech;
  /** A message's text in a language. */
  t(lang: Lang, key: string, vars?: Record<string, string | number>): string;
}

/** Where chats' languages are kept (the bot's store). */
export interface LanguageStore {
  language(chatId: number): Promise<{ chosen?: Lang; seen?: Lang }>;
  seeLanguage(chatId: number, lang: Lang): Promise<void>;
}

/**
 * Loads the message files: every locales/<code>.ftl (and locales/<code>/*.ftl) is a language. With a
 * store, an update's language is the chat's choice, else what Telegram says (see `negotiator`);
 * without one, English. A message missing from a language falls back to English and is told to `warn`.
 */
export function createLanguages(
  store?: LanguageStore,
  warn: (what: string) => void = () => undefined,
  directory = LOCALES_DIR,
): Languages {
  let negotiate: ((ctx: Context) => Promise<Lang>) | undefined;
  const i18n = new I18n<Context & SpeechFlavor>({
    defaultLocale: 'en',
    // no Unicode isolation marks around placeables: Telegram shows them, and HTML tags would break
    fluentBundleOptions: { useIsolating: false },
    fluentOptions: { warningHandler: (w) => warn(`${w.type}: ${w.path} (${w.locales.join(',')})`) },
    localeNegotiator: (ctx) => (negotiate ? negotiate(ctx) : 'en'),
  });
  i18n.loadLocalesDirSync(directory);
  const t = (lang: Lang, key: string, vars?: Record<string, string | number>) => i18n.t(lang, key, vars);
  const list = i18n.locales
    .filter((code) => LANG_CODE.test(code))
    .map((code) => ({
      code,
      name: t(code, 'language-name'),
      telegramCodes: t(code, 'language-codes').split(/\s+/).filter(Boolean),
    }))
    .sort((a, b) => (a.code === 'en' ? -1 : b.code === 'en' ? 1 : a.code.localeCompare(b.code)));
  const byTelegram = new Map(list.flatMap((l) => l.telegramCodes.map((c) => [c, l.code] as const)));
  const speeches = new Map<Lang, Speech>();
  const languages: Languages = {
    i18n,
    list,
    has: (code): code is Lang => typeof code === 'string' && list.some((l) => l.code === code),
    fromTelegram: (code) => byTelegram.get((code ?? '').toLowerCase().split(/[-_]/)[0] ?? '') ?? 'en',
    menus: list
      .filter((l) => l.code !== 'en')
      .flatMap((l) => l.telegramCodes.map((code) => ({ code: code as LanguageCode, lang: l.code }))),
    t,
    speech(lang) {
      let s = speeches.get(lang);
      if (!s) speeches.set(lang, (s = { lang, t: (key, vars) => i18n.t(lang, key, vars), n: numbersFor(lang) }));
      return s;
    },
  };
  if (store) negotiate = negotiator(store, languages);
  return languages;
}

/** Sets `lang` and `n` on a context the i18n plugin has negotiated (after its middleware). */
export async function withSpeech(ctx: Context & SpeechFlavor, next: () => Promise<void>): Promise<void> {
  const locale = await ctx.i18n.getLocale();
  ctx.lang = LANG_CODE.test(locale) ? locale : 'en';
  ctx.n = numbersFor(ctx.lang);
  await next();
}

/**
 * An update's language: the chat's chosen one; else, in private, Telegram's language_code (kept, so
 * that notifications speak it too); in a group, the sender's language_code; English for the rest.
 */
export const negotiator =
  (store: LanguageStore, languages: Pick<Languages, 'has' | 'fromTelegram'>) =>
  async (ctx: Context): Promise<Lang> => {
    const from = ctx.from;
    const chatId = ctx.chat?.id ?? from?.id;
    if (chatId === undefined) return languages.fromTelegram(from?.language_code);
    const stored = await store.language(chatId);
    if (languages.has(stored.chosen)) return stored.chosen;
    const own = !ctx.chat || ctx.chat.type === 'private';
    const seen = languages.has(stored.seen) ? stored.seen : undefined;
    if (!from || from.is_bot) return seen ?? 'en';
    if (from.language_code === undefined) return (own ? seen : undefined) ?? 'en';
    const said = languages.fromTelegram(from.language_code);
    if (own && stored.seen !== said) await store.seeLanguage(chatId, said);
    return said;
  };
