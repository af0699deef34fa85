// The Mini App as the bot offers it: its address with a token preselected, and the chats' menu button.
// Telegram opens a Mini App only from an https address (a `web_app` button or menu button with http is
// refused), and only in private chats: with http (the devnet's default APP_URL) the bot offers none.
import type { Api } from 'grammy';
import type { MenuButton } from 'grammy/types';
import type { Lang, Languages, Speech } from './i18n.js';

/** Whether Telegram opens the app at this address inside the chat: https only. */
export const opensInTelegram = (appUrl: string | undefined): appUrl is string =>
  appUrl !== undefined && new URL(appUrl).protocol === 'https:';

/** The app's address, with a token preselected: the page reads its `startapp` query. */
export function appLink(appUrl: string, token?: string): string {
  const url = new URL(appUrl);
  if (token) url.searchParams.set('startapp', token);
  return url.href;
}

/** The menu button that opens the app, in a language (Telegram takes a text of 1 to 64 characters). */
export const appMenuButton = (s: Pick<Speech, 't'>, appUrl: string): MenuButton => ({
  type: 'web_app',
  text: s.t('webapp-menu-button'),
  web_app: { url: appLink(appUrl) },
});

/**
 * The menu button of every private chat without one of its own (English: the menu button has no
 * language of its own). Nothing without an https address: a button set by hand in @BotFather stays.
 */
export async function setAppMenuButton(api: Api, languages: Languages, appUrl: string | undefined): Promise<void> {
  if (!opensInTelegram(appUrl)) return;
  await api.setChatMenuButton({ menu_button: appMenuButton(languages.speech('en'), appUrl) });
}

/** A private chat's menu button in the language chosen there (groups have none). */
export async function setChatAppMenuButton(
  api: Api,
  languages: Languages,
  appUrl: string | undefined,
  chatId: number,
  lang: Lang,
): Promise<void> {
  if (!opensInTelegram(appUrl) || chatId < 0) return;
  await api.setChatMenuButton({ chat_id: chatId, menu_button: appMenuButton(languages.speech(lang), appUrl) });
}
