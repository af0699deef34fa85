// The bot's texts in each language, as tests expect them: the same message files the bot loads.
import { createLanguages, type Lang, type Speech } from '../../src/bot/i18n.js';

let languages: ReturnType<typeof createLanguages> | undefined;
const loaded = () => (languages ??= createLanguages());

/** A message in a language, as the bot writes it. */
export const tr = (lang: Lang, key: string, vars?: Record<string, string | number>): string =>
  loaded().t(lang, key, vars);

/** A language's speech (its messages and number formats), as the bot's renderers take it. */
export const speechIn = (lang: Lang): Speech => loaded().speech(lang);

/** The languages the bot ships, with the language_code a Telegram app set to each sends. */
export const LANGS: ReadonlyArray<{ lang: Lang; appCode: string }> = [
  { lang: 'en', appCode: 'en' },
  { lang: 'zh', appCode: 'zh-hans' },
  { lang: 'ru', appCode: 'ru' },
];
