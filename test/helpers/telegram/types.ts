// What the fake Bot API records and hands out: the bot's messages as a chat holds them, each call the bot
// made, each refusal, and the bot's own account (getMe).
import type { UserFromGetMe } from 'grammy/types';

export interface SentMessage {
  chatId: number;
  messageId: number;
  /** the text as sent (raw HTML under parse_mode HTML); for a photo, its caption ('' without one) */
  text: string;
  replyMarkup?: {
    inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string; web_app?: { url: string } }>>;
  };
  parseMode?: string;
  deleted: boolean;
  fromBot: boolean;
  /** every text (or caption) this message has shown, first to last */
  history: string[];
  kind: 'text' | 'photo';
  /** what a reader sees: the text after HTML parsing and Telegram's trimming */
  visibleText?: string;
  /** a photo's bytes (of the upload, or of the upload its file_id came from) */
  photo?: Buffer;
  fileId?: string;
  caption?: string;
}

export interface ApiCall {
  method: string;
  /** the parameters, without any uploaded bytes */
  payload: Record<string, unknown>;
  /** the files of a multipart upload: part name, file name and size */
  files?: Array<{ name: string; filename: string; size: number }>;
  /** set when the fake refused the call */
  refused?: { error_code: number; description: string };
}

export interface Refusal {
  method: string;
  error_code: number;
  description: string;
  payload: Record<string, unknown>;
}

export const BOT_INFO: UserFromGetMe = {
  id: 7000000001,
  is_bot: true,
  first_name: 'Launchpad Bot',
  username: 'launchpad_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
} as UserFromGetMe;

export type Markup = NonNullable<SentMessage['replyMarkup']>;
export type Payload = Record<string, unknown>;
export interface Upload {
  filename: string;
  data: Buffer;
}
