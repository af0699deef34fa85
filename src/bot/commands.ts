// The bot's commands: the menu Telegram shows (setMyCommands, one per language) and /help's pages,
// grouped by topic. The descriptions are the locales' `cmd-<command>` messages.
import type { Api } from 'grammy';
import type { BotCommand } from 'grammy/types';
import type { Lang, Languages, Speech } from './i18n.js';

/** /help's pages: the commands of each topic, in the order they are shown. */
export const HELP_TOPICS = {
  trading: ['token', 'buy', 'sell', 'new', 'top', 'holders', 'trades', 'positions', 'app'],
  orders: ['limit', 'tp', 'sl', 'trail', 'dca', 'orders', 'autotpsl', 'slhold'],
  automation: ['snipe', 'copy'],
  wallet: ['wallet', 'pin', 'unlock', 'settings', 'language', 'referral'],
  groups: ['alerts'],
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;

/** Every command, in the menu's order. */
export const COMMANDS: readonly string[] = ['start', ...Object.values(HELP_TOPICS).flat(), 'cancel', 'help'];

/** The command menu in a language. */
export const commandMenu = (s: Pick<Speech, 't'>): BotCommand[] =>
  COMMANDS.map((command) => ({ command, description: s.t(`cmd-${command}`) }));

/**
 * Sets Telegram's command menus: English for every app without a menu of its own, and one per
 * language code the bot speaks (an app in Ukrainian gets the Russian menu, as the bot answers it).
 */
export async function setCommandMenus(api: Api, languages: Languages): Promise<void> {
  await api.setMyCommands(commandMenu(languages.speech('en')));
  for (const { code, lang } of languages.menus) {
    await api.setMyCommands(commandMenu(languages.speech(lang)), { language_code: code });
  }
}

/** The menu of one chat, in the language chosen there (it wins over the app's language). */
export const setChatMenu = (api: Api, languages: Languages, chatId: number, lang: Lang) =>
  api.setMyCommands(commandMenu(languages.speech(lang)), { scope: { type: 'chat', chat_id: chatId } });
