// The updates a test feeds the bot, as Telegram sends them (a user's message, a tap on a button), and a
// bot's message as the Message object the Bot API answers with and a callback query carries.
import type { Update } from 'grammy/types';
import { pngSize } from './refusals.js';
import { BOT_INFO, type SentMessage } from './types.js';

/** A chat as Telegram describes it: a negative id is a group. */
export function chatOf(chatId: number) {
  return chatId < 0
    ? { id: chatId, type: 'supergroup', title: 'Test group' }
    : { id: chatId, type: 'private', first_name: 'User' };
}

/** A bot's message as the Bot API returns it. */
export function messageOf(m: SentMessage) {
  const base = {
    message_id: m.messageId,
    date: Math.floor(Date.now() / 1000),
    chat: chatOf(m.chatId),
    from: BOT_INFO,
  };
  const markup = m.replyMarkup ? { reply_markup: m.replyMarkup } : {};
  if (m.kind === 'photo') {
    const bytes = m.photo ?? Buffer.alloc(0);
    const size = pngSize(bytes) ?? { width: 0, height: 0 };
    const fileId = m.fileId ?? '';
    return {
      ...base,
      photo: [{ file_id: fileId, file_unique_id: fileId.replace('AgAC', 'AQAD'), ...size, file_size: bytes.length }],
      ...(m.caption ? { caption: m.caption } : {}),
      ...markup,
    };
  }
  return { ...base, text: m.text, ...markup };
}

/** A user's text message (a command gets its entity). */
export function messageUpdate(
  ids: { update: number; message: number },
  from: number,
  text: string,
  chatId: number,
  languageCode?: string,
): Update {
  const cmd = /^\/\w+(@\w+)?/.exec(text);
  return {
    update_id: ids.update,
    message: {
      message_id: ids.message,
      date: Math.floor(Date.now() / 1000),
      chat: chatOf(chatId) as never,
      from: {
        id: from,
        is_bot: false,
        first_name: `User${from}`,
        username: `user${from}`,
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      text,
      ...(cmd ? { entities: [{ type: 'bot_command', offset: 0, length: cmd[0].length }] } : {}),
    },
  };
}

/** A tap on a button of a bot message: a callback query of the id `queryId`. */
export function tapUpdate(
  updateId: number,
  queryId: string,
  from: number,
  msg: SentMessage,
  data: string,
  languageCode?: string,
): Update {
  return {
    update_id: updateId,
    callback_query: {
      id: queryId,
      from: {
        id: from,
        is_bot: false,
        first_name: `User${from}`,
        ...(languageCode ? { language_code: languageCode } : {}),
      },
      chat_instance: 'ci',
      data,
      message: messageOf(msg) as never,
    },
  };
}
