// The fake Bot API server on loopback: it records every call, answers each method as Telegram does (the
// chats it keeps are chats.ts's, what it refuses refusals.ts's), hands updates out by getUpdates or POSTs
// them to a webhook, and runs Telegram's flood control when a test sets it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';
import { scalarText } from '../../../src/text.js';
import { readBody } from './body.js';
import { TelegramChats } from './chats.js';
import {
  badRequest,
  CALLBACK_TEXT_LIMIT,
  chars,
  FLOOD_SECOND_MS,
  menuButtonOf,
  menuChatOf,
  MINUTE_MS,
  TelegramRefusal,
  webhookOf,
  type MenuButtonSet,
} from './refusals.js';
import { BOT_INFO, type ApiCall, type Payload, type Refusal, type SentMessage, type Upload } from './types.js';
import { messageUpdate, tapUpdate } from './updates.js';

export class FakeTelegram extends TelegramChats {
  readonly calls: ApiCall[] = [];
  /** Every call the fake refused, in order. */
  readonly refusals: Refusal[] = [];
  /** The language each user's Telegram app is set to (their updates' `language_code`); none: the field is absent. */
  readonly appLanguages = new Map<number, string>();
  /** The command menus setMyCommands set, by scope and language code (`default|`, `default|ru`, `chat:42|`). */
  readonly menus = new Map<string, Array<{ command: string; description: string }>>();
  /**
   * The menu buttons setChatMenuButton set: `default` (the bot's, for every private chat without its
   * own) and `chat:ID`. A button of type "default" removes the entry (the chat follows the bot's again;
   * the bot's goes back to the commands).
   */
  readonly menuButtons = new Map<string, MenuButtonSet>();
  /** Users who are administrators of the group/channel chats. */
  readonly chatAdmins = new Set<number>();
  /** Runs as a local Bot API server (`telegram-bot-api --local`): webhooks may be http, on any port. */
  local = false;
  /** The webhook setWebhook registered; while it is set, getUpdates is refused (409). */
  webhook?: { url: string; secretToken?: string };
  /** Updates handed out by getUpdates (long polling), oldest first. */
  readonly queue: Update[] = [];
  /** How long a callback query can be answered. */
  callbackTimeoutMs = 15_000;
  /** The clock callback queries are aged by; tests may replace it. */
  now: () => number = () => Date.now();
  private readonly callbacks = new Map<string, { created: number; answered: boolean; expired: boolean }>();
  private readonly floods = new Map<string, number[]>();
  /** Telegram's flood control, off unless a test sets it (most tests drive many updates into one chat at once):
   * how many messages (sent or edited) one chat takes a second, and one group a minute; past it, 429. */
  floodLimits?: { perChatPerSecond: number; perGroupPerMinute: number };
  /** when each chat's messages were taken, over the last minute */
  private readonly shownAt = new Map<number, number[]>();
  private server?: http.Server;
  private updateId = 1;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const method = url.pathname.split('/').pop() ?? '';
        const call: ApiCall = { method, payload: {} };
        this.calls.push(call);
        let status = 200;
        let out: unknown;
        try {
          let body: ReturnType<typeof readBody>;
          try {
            body = readBody(req.headers['content-type'] ?? '', Buffer.concat(chunks), url.searchParams);
          } catch (e) {
            throw badRequest(`can't parse the request: ${(e as Error).message}`);
          }
          call.payload = body.payload;
          if (body.files.size)
            call.files = [...body.files].map(([name, f]) => ({ name, filename: f.filename, size: f.data.length }));
          out = { ok: true, result: this.answer(method, body.payload, body.files) };
        } catch (e) {
          const r =
            e instanceof TelegramRefusal
              ? e
              : new TelegramRefusal(500, `Internal Server Error: fake Telegram failed: ${(e as Error).message}`);
          status = r.code;
          call.refused = { error_code: r.code, description: r.description };
          this.refusals.push({ method, error_code: r.code, description: r.description, payload: call.payload });
          out = {
            ok: false,
            error_code: r.code,
            description: r.description,
            ...(r.parameters ? { parameters: r.parameters } : {}),
          };
        }
        res.statusCode = status;
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

  // ---- what a test sets up

  /** The next call of `method` gets 429 "Too Many Requests: retry after N" (queued: call again for more). */
  floodOnce(method: string, retryAfter: number): void {
    const key = method.toLowerCase();
    this.floods.set(key, [...(this.floods.get(key) ?? []), retryAfter]);
  }

  /** POSTs an update to the webhook as Telegram does (with the secret it was given, unless a test
   * says otherwise; null: no secret header): the HTTP status the bot answered. */
  async deliver(
    update: Update,
    secret: string | null = this.webhook?.secretToken ?? null,
    /** One instance behind the load balancer the webhook's URL names (its own address, same path). */
    to?: string,
  ): Promise<number> {
    if (!this.webhook) throw new Error('no webhook is set');
    const url = new URL(this.webhook.url);
    const res = await fetch(to ? new URL(url.pathname, to) : url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(secret !== null ? { 'x-telegram-bot-api-secret-token': secret } : {}),
      },
      body: JSON.stringify(update),
    });
    await res.arrayBuffer();
    return res.status;
  }

  /** Every callback query handed out so far is too old to answer. */
  expireCallbacks(): void {
    for (const q of this.callbacks.values()) q.expired = true;
  }

  /** Counts a message to its chat; refuses it with 429 past the flood limits (when they are set). */
  private floodControl(p: Payload): void {
    const chatId = Number(scalarText(p.chat_id));
    if (!this.floodLimits || !Number.isSafeInteger(chatId) || chatId === 0) return;
    const now = this.now();
    const times = (this.shownAt.get(chatId) ?? []).filter((t) => now - t < MINUTE_MS);
    this.shownAt.set(chatId, times);
    const { perChatPerSecond, perGroupPerMinute } = this.floodLimits;
    let wait = 0;
    if (times.filter((t) => now - t < FLOOD_SECOND_MS).length >= perChatPerSecond) wait = 1;
    else if (chatId < 0 && times.length >= perGroupPerMinute) wait = Math.ceil((times[0]! + MINUTE_MS - now) / 1000);
    if (wait) throw new TelegramRefusal(429, `Too Many Requests: retry after ${wait}`, { retry_after: wait });
    times.push(now);
  }

  private answer(method: string, p: Payload, files: Map<string, Upload>): unknown {
    const flood = this.floods.get(method.toLowerCase());
    if (flood?.length) {
      const n = flood.shift()!;
      throw new TelegramRefusal(429, `Too Many Requests: retry after ${n}`, { retry_after: n });
    }
    if (/^(send|edit|copy|forward)/i.test(method)) this.floodControl(p);
    switch (method.toLowerCase()) {
      case 'getme':
        return BOT_INFO;
      case 'sendmessage':
        return this.sendMessage(p);
      case 'sendphoto':
        return this.sendPhoto(p, files);
      case 'editmessagetext':
        return this.editMessageText(p);
      case 'editmessagecaption':
        return this.editMessageCaption(p);
      case 'editmessagemedia':
        return this.editMessageMedia(p, files);
      case 'editmessagereplymarkup':
        return this.editMessageReplyMarkup(p);
      case 'deletemessage':
        return this.deleteMessage(p);
      case 'setwebhook':
        this.webhook = webhookOf(p, this.local);
        if (this.webhook && String(p.drop_pending_updates) === 'true') this.queue.length = 0;
        return true;
      case 'deletewebhook':
        this.webhook = undefined;
        if (String(p.drop_pending_updates) === 'true') this.queue.length = 0;
        return true;
      case 'getwebhookinfo':
        return { url: this.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: this.queue.length };
      case 'getupdates': {
        if (this.webhook)
          throw new TelegramRefusal(
            409,
            "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
          );
        const offset = Number(p.offset ?? 0);
        while (this.queue.length && this.queue[0]!.update_id < offset) this.queue.shift();
        return this.queue.slice(0, 100);
      }
      case 'getchatmember': {
        this.chatOf(p);
        const userId = Number(p.user_id);
        return {
          status: this.chatAdmins.has(userId) ? 'administrator' : 'member',
          user: { id: userId, is_bot: false, first_name: `User${userId}` },
        };
      }
      case 'setchatmenubutton': {
        const button = menuButtonOf(p.menu_button);
        const chatId = menuChatOf(p.chat_id);
        const key = chatId === undefined ? 'default' : `chat:${chatId}`;
        if (button) this.menuButtons.set(key, button);
        else this.menuButtons.delete(key);
        return true;
      }
      case 'getchatmenubutton': {
        const chatId = menuChatOf(p.chat_id);
        const own = chatId === undefined ? undefined : this.menuButtons.get(`chat:${chatId}`);
        return own ?? this.menuButtons.get('default') ?? { type: 'commands' };
      }
      case 'setmycommands':
        this.menus.set(menuKey(p), commandsOf(p));
        return true;
      case 'answercallbackquery': {
        const q = this.callbacks.get(scalarText(p.callback_query_id));
        if (!q || q.answered || q.expired || this.now() - q.created > this.callbackTimeoutMs)
          throw badRequest('query is too old and response timeout expired or query ID is invalid');
        if (chars(scalarText(p.text)) > CALLBACK_TEXT_LIMIT) throw badRequest('MESSAGE_TOO_LONG');
        q.answered = true;
        return true;
      }
      default:
        if (p.chat_id !== undefined) {
          const chatId = this.chatOf(p);
          if (/^(send|edit|copy|forward)/i.test(method)) this.reachable(chatId);
        }
        return true;
    }
  }

  // ---- what a user does
  /** A user's text message (commands get their entity). */
  message(from: number, text: string, chatId = from): Update {
    const messageId = this.nextId++;
    // users' messages exist too (so the bot can delete them)
    this.messages.set(this.key(chatId, messageId), {
      chatId,
      messageId,
      text,
      deleted: false,
      fromBot: false,
      history: [text],
      kind: 'text',
    });
    return messageUpdate(
      { update: this.updateId++, message: messageId },
      from,
      text,
      chatId,
      this.appLanguages.get(from),
    );
  }

  /** A tap on a button of a bot message: a callback query the bot must answer within callbackTimeoutMs. */
  tap(from: number, msg: SentMessage, data: string): Update {
    const updateId = this.updateId++;
    const id = String(this.updateId * 7);
    this.callbacks.set(id, { created: this.now(), answered: false, expired: false });
    return tapUpdate(updateId, id, from, msg, data, this.appLanguages.get(from));
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
  /** The message's `web_app` buttons (the Mini App's), with the address each opens. */
  webApps(m: SentMessage): Array<{ text: string; url: string }> {
    return (m.replyMarkup?.inline_keyboard ?? [])
      .flat()
      .flatMap((b) => (b.web_app ? [{ text: b.text, url: b.web_app.url }] : []));
  }
  button(m: SentMessage, label: string | RegExp): string {
    const b = this.buttons(m).find((x) => (typeof label === 'string' ? x.text === label : label.test(x.text)));
    if (!b) throw new Error(`no button ${label} in ${JSON.stringify(this.buttons(m).map((x) => x.text))}`);
    return b.data;
  }
  /** The answers Telegram accepted (refused ones are in `refusals`). */
  callbackAnswers(): Array<Record<string, unknown>> {
    return this.calls.filter((c) => c.method === 'answerCallbackQuery' && !c.refused).map((c) => c.payload);
  }
}

/** Where a menu applies, as `menus` keys it: the scope (default, chat:ID, …) and the language code. */
function menuKey(p: Payload): string {
  const code = scalarText(p.language_code);
  if (code !== '' && !/^[a-z]{2}$/.test(code)) throw badRequest('LANG_CODE_INVALID');
  const scope = (typeof p.scope === 'string' ? JSON.parse(p.scope) : (p.scope ?? { type: 'default' })) as Record<
    string,
    unknown
  >;
  const type = scalarText(scope.type);
  const kinds = ['default', 'all_private_chats', 'all_group_chats', 'all_chat_administrators'];
  if (kinds.includes(type)) return `${type}|${code}`;
  if (type === 'chat' || type === 'chat_administrators') {
    if (scope.chat_id === undefined) throw badRequest('chat not found');
    return `${type}:${scalarText(scope.chat_id)}|${code}`;
  }
  throw badRequest('unsupported bot command scope type');
}

/** A menu as Telegram takes it: at most 100 commands, each 1–32 of a-z, 0-9, _ with a 1–256 character description. */
function commandsOf(p: Payload): Array<{ command: string; description: string }> {
  const list = (typeof p.commands === 'string' ? JSON.parse(p.commands) : p.commands) as unknown;
  if (!Array.isArray(list)) throw badRequest('field "commands" must be of type Array');
  if (list.length > 100) throw badRequest('BOT_COMMANDS_TOO_MUCH');
  return list.map((c: Record<string, unknown>) => {
    const command = scalarText(c.command);
    const description = scalarText(c.description).trim();
    if (!/^[a-z0-9_]{1,32}$/.test(command)) throw badRequest('BOT_COMMAND_INVALID');
    if (chars(description) < 1 || chars(description) > 256) throw badRequest('BOT_COMMAND_DESCRIPTION_INVALID');
    return { command, description };
  });
}
