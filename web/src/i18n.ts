// The page's texts: Fluent messages from the shared locale files (`app-…` keys; the build bundles them,
// see web/build/locales-plugin.ts), in the user's language: what the server says (`/app/api/me`
// user.lang), before that what initData's language_code says, English for anything else. A message a
// language lacks falls back to English.
import { FluentBundle, FluentResource, type FluentVariable } from '@fluent/bundle';
import sources from 'virtual:app-locales';

export type Args = Record<string, FluentVariable>;
export type Translate = (id: string, args?: Args) => string;

export const DEFAULT_LANG = 'en';

const bundles = new Map<string, FluentBundle>();

function bundleOf(lang: string): FluentBundle | undefined {
  let b = bundles.get(lang);
  if (!b && sources[lang] !== undefined) {
    b = new FluentBundle(lang, { useIsolating: false });
    b.addResource(new FluentResource(sources[lang]));
    bundles.set(lang, b);
  }
  return b;
}

/** The languages the page speaks. */
export function languages(): string[] {
  return Object.keys(sources);
}

/** The language for Telegram's language_code ("en", "zh-hans", "uk"): the one whose `language-codes` name its base language. */
export function langFromTelegram(code: string | undefined): string {
  const base = code?.toLowerCase().split(/[-_]/)[0];
  if (!base) return DEFAULT_LANG;
  for (const lang of languages()) {
    const codes = format(bundleOf(lang), 'language-codes');
    if (codes?.split(/\s+/).includes(base)) return lang;
  }
  return DEFAULT_LANG;
}

/** A language the page speaks, from the server's answer, or undefined. */
export function knownLang(lang: string | undefined): string | undefined {
  return lang !== undefined && sources[lang] !== undefined ? lang : undefined;
}

function format(bundle: FluentBundle | undefined, id: string, args?: Args): string | undefined {
  const message = bundle?.getMessage(id);
  if (!bundle || !message?.value) return undefined;
  return bundle.formatPattern(message.value, args);
}

/** The translate function of a language. */
export function translator(lang: string): Translate {
  const own = bundleOf(lang);
  const fallback = bundleOf(DEFAULT_LANG);
  return (id, args) => format(own, id, args) ?? format(fallback, id, args) ?? id;
}
