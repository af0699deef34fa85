// A fake Telegram Bot API on loopback: records every call and answers like Telegram does
// (message ids, edits, "message is not modified", deletes). Tests feed updates with handleUpdate.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Update, UserFromGetMe } from 'grammy/types';
import { scalarText } from '../../src/text.js';

export interface SentMessage {
  chatId: number;
  messageId: number;
  text: string;
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
  parseMode?: string;
  deleted: boolean;
  fromBot: boolean;
  /** every text this message has shown, first to last */
  history: string[];
}

export interface ApiCall {
  method: string;
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

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** Users who are administrators of the group/channel chats. */
  readonly chatAdmins = new Set<number>();
  /** Updates handed out by getUpdates (long polling), oldest first. */
  readonly queue: Update[] = [];
  readonly messages = new Map<string, SentMessage>();
  private server?: http.Server;
  private nextId = 1000;
  private updateId = 1;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const method = (req.url ?? '').split('/').pop() ?? '';
        const payload = body ? (JSON.parse(body) as Record<string, unknown>) : {};
        this.calls.push({ method, payload });
        const out = this.answer(method, payload);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(out));
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server?.close(() => r()));
    // every text the bot showed, for the run's secret scan
    const dir = process.env.LP_MESSAGES_DIR;
    if (dir) {
      const texts = [...this.messages.values()].filter((m) => m.fromBot).flatMap((m) => m.history);
      const calls = this.calls
        .filter((c) => c.method !== 'sendMessage' && c.method !== 'editMessageText')
        .map((c) => JSON.stringify(c.payload));
      fs.writeFileSync(
        path.join(dir, `messages-${process.pid}-${Date.now()}.txt`),
        [...texts, ...calls].map((t) => t.replace(/\n/g, ' ')).join('\n'),
      );
    }
  }

  private key = (chatId: number, messageId: number) => `${chatId}:${messageId}`;

  private chat(chatId: number) {
    return chatId < 0
      ? { id: chatId, type: 'supergroup', title: 'Test group' }
      : { id: chatId, type: 'private', first_name: 'User' };
  }

  private answer(method: string, p: Record<string, unknown>): unknown {
    const ok = (result: unknown) => ({ ok: true, result });
    const fail = (description: string) => ({ ok: false, error_code: 400, description: `Bad Request: ${description}` });
    switch (method) {
      case 'getMe':
        return ok(BOT_INFO);
      case 'sendMessage': {
        const chatId = Number(p.chat_id);
        const text = scalarText(p.text);
        if (text.length > 4096) return fail('message is too long');
        if (Buffer.byteLength(JSON.stringify(p.reply_markup ?? '')) > 10_000) return fail('reply markup is too long');
        for (const row of (p.reply_markup as SentMessage['replyMarkup'])?.inline_keyboard ?? []) {
          for (const b of row)
            if (b.callback_data && Buffer.byteLength(b.callback_data) > 64) return fail('BUTTON_DATA_INVALID');
        }
        const m: SentMessage = {
          chatId,
          messageId: this.nextId++,
          text,
          replyMarkup: p.reply_markup as SentMessage['replyMarkup'],
          parseMode: p.parse_mode as string,
          deleted: false,
          fromBot: true,
          history: [text],
        };
        this.messages.set(this.key(chatId, m.messageId), m);
        return ok(this.toMessage(m));
      }
      case 'editMessageText': {
        const m = this.messages.get(this.key(Number(p.chat_id), Number(p.message_id)));
        if (!m || m.deleted) return fail('message to edit not found');
        const text = String(p.text);
        if (text === m.text && JSON.stringify(p.reply_markup ?? null) === JSON.stringify(m.replyMarkup ?? null))
          return fail('message is not modified');
        m.text = text;
        m.replyMarkup = p.reply_markup as SentMessage['replyMarkup'];
        m.history.push(text);
        return ok(this.toMessage(m));
      }
      case 'deleteMessage': {
        const m = this.messages.get(this.key(Number(p.chat_id), Number(p.message_id)));
        if (m) m.deleted = true;
        return ok(true);
      }
      case 'getUpdates': {
        const offset = Number(p.offset ?? 0);
        while (this.queue.length && this.queue[0]!.update_id < offset) this.queue.shift();
        return ok(this.queue.slice(0, 100));
      }
      case 'getChatMember': {
        const userId = Number(p.user_id);
        return ok({
          status: this.chatAdmins.has(userId) ? 'administrator' : 'member',
          user: { id: userId, is_bot: false, first_name: `User${userId}` },
        });
      }
      case 'answerCallbackQuery':
      case 'setMyCommands':
        return ok(true);
      default:
        return ok(true);
    }
  }

  private toMessage(m: SentMessage) {
    return {
      message_id: m.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: this.chat(m.chatId),
      from: BOT_INFO,
      text: m.text,
      ...(m.replyMarkup ? { reply_markup: m.replyMarkup } : {}),
    };
  }

  // ---- what a user does
  /** A user's text message (commands get their entity). */
  message(from: number, text: string, chatId = from): Update {
    const cmd = /^\/\w+(@\w+)?/.exec(text);
    const messageId = this.nextId++;
    // users' messages exist too (so the bot can delete them)
    this.messages.set(this.key(chatId, messageId), {
      chatId,
      messageId,
      text,
      deleted: false,
      fromBot: false,
      history: [text],
    });
    return {
      update_id: this.updateId++,
      message: {
        message_id: messageId,
        date: Math.floor(Date.now() / 1000),
        chat: this.chat(chatId) as never,
        from: { id: from, is_bot: false, first_name: `User${from}`, username: `user${from}` },
        text,
        ...(cmd ? { entities: [{ type: 'bot_command', offset: 0, length: cmd[0].length }] } : {}),
      },
    };
  }

  /** A tap on a button of a bot message. */
  tap(from: number, msg: SentMessage, data: string): Update {
    return {
      update_id: this.updateId++,
      callback_query: {
        id: String(this.updateId * 7),
        from: { id: from, is_bot: false, first_name: `User${from}` },
        chat_instance: 'ci',
        data,
        message: this.toMessage(msg) as never,
      },
    };
  }

  // ---- what the test reads
  sent(chatId: number): SentMessage[] {
    return [...this.messages.values()].filter((m) => m.chatId === chatId && m.fromBot);
  }
  last(chatId: number): SentMessage {
    const list = this.sent(chatId);
    if (!list.length) throw new Error(`no bot message in chat ${chatId}`);
    return list[list.length - 1]!;
  }
  buttons(m: SentMessage): Array<{ text: string; data: string }> {
    return (m.replyMarkup?.inline_keyboard ?? []).flat().map((b) => ({ text: b.text, data: b.callback_data ?? '' }));
  }
  button(m: SentMessage, label: string | RegExp): string {
    const b = this.buttons(m).find((x) => (typeof label === 'string' ? x.text === label : label.test(x.text)));
    if (!b) throw new Error(`no button ${label} in ${JSON.stringify(this.buttons(m).map((x) => x.text))}`);
    return b.data;
  }
  callbackAnswers(): Array<Record<string, unknown>> {
    return this.calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.payload);
  }
}
