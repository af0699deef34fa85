// The bot's texts in each language, as tests expect them: the same message files the bot loads.
import { createLanguages, LANGUAGES, type Lang, type Speech } from '../../src/bot/i18n.js';

let languages: ReturnType<typeof createLanguages> | undefined;
const loaded = () => (languages ??= createLanguages(() => 'en'));

/** A message in a language, as the bot writes it. */
export const tr = (lang: Lang, key: string, vars?: Record<string, string | number>): string =>
  loaded().t(lang, key, vars);

/** A language's speech (its messages and number formats), as the bot's renderers take it. */
export const speechIn = (lang: Lang): Speech => loaded().speech(lang);

/** Every language the bot speaks, with the language_code a Telegram app set to it sends. */
export const LANGS: ReadonlyArray<{ lang: Lang; appCode: string }> = LANGUAGES.map((l) => ({
  lang: l.code,
  appCode: { en: 'en', zh: 'zh-hans', ru: 'ru' }[l.code],
}));
