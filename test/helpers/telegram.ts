// A fake Telegram Bot API on loopback: records every call and answers like Telegram does, refusals included —
// with Telegram's HTTP status and JSON body, word for word, so a bot test fails where the real Telegram would.
// The checks follow tdlib/telegram-bot-api's Client.cpp and tdlib's MessageEntity.cpp (HTML parsing, trimming,
// length limits). Tests feed updates with handleUpdate, or through the getUpdates queue.
// Not modelled: Markdown parse modes (taken unchecked), photo URLs (refused like an unknown file_id), media other
// than photos, inline messages, and bare `&` in HTML text, which this fake refuses though Telegram shows it.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Update, UserFromGetMe } from 'grammy/types';
import { scalarText } from '../../src/text.js';

export interface SentMessage {
  chatId: number;
  messageId: number;
  /** the text as sent (raw HTML under parse_mode HTML); for a photo, its caption ('' without one) */
  text: string;
  replyMarkup?: { inline_keyboard: Array<Array<{ text: string; callback_data?: string; url?: string }>> };
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

type Markup = NonNullable<SentMessage['replyMarkup']>;
type Payload = Record<string, unknown>;
interface Upload {
  filename: string;
  data: Buffer;
}

/** A refusal as Telegram sends it: the HTTP status is the error code. */
class TelegramRefusal extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

const badRequest = (description: string) => new TelegramRefusal(400, `Bad Request: ${description}`);
const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;
const CALLBACK_TEXT_LIMIT = 200;
/** Flood control's second, less what loopback timing on a busy machine jitters by: a bot that spaces its messages
 * to a chat by a second (as grammY's throttler does) passes; two at once never do. */
const FLOOD_SECOND_MS = 800;
const MINUTE_MS = 60_000;

/** The Bot API's casing of a tdlib message after "Bad Request: ": the first letter lowered unless it is a CODE. */
const botApiCase = (m: string) =>
  m.length >= 2 && (m[1] === '_' || (m[1]! >= 'A' && m[1]! <= 'Z')) ? m : m.charAt(0).toLowerCase() + m.slice(1);

/** Telegram counts characters (code points), not UTF-16 units (tdlib's utf8_length). */
const chars = (s: string) => [...s].length;

/** tdlib's clean-up of a text before it is measured: \r dropped, other control characters become spaces, and
 * spaces and newlines trimmed at both ends. */
function tidy(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c === 13) continue;
    out += c < 32 && c !== 10 ? ' ' : ch;
  }
  return out.replace(/^[ \n]+|[ \n]+$/g, '');
}

// ---- Telegram's HTML parser (tdlib parse_html), over the UTF-8 bytes so that offsets are byte offsets

const HTML_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'span',
  'pre',
  'code',
  'blockquote',
]);
const NAMED_ENTITIES = new Map([
  ['lt', 0x3c],
  ['gt', 0x3e],
  ['amp', 0x26],
  ['quot', 0x22],
]);
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
const isSpace = (c: number) => c === 32 || c === 9 || c === 13 || c === 10 || c === 0 || c === 11;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122;
const isHex = (c: number) => isDigit(c) || ((c | 0x20) >= 97 && (c | 0x20) <= 102);
const hexValue = (c: number) => (isDigit(c) ? c - 48 : (c | 0x20) - 87);

/** A custom emoji id as tdlib takes it: an int64 written canonically, not 0. */
function isEmojiId(s: string): boolean {
  if (!/^-?\d+$/.test(s)) return false;
  const n = BigInt(s);
  return String(n) === s && n !== 0n && n >= -(2n ** 63n) && n < 2n ** 63n;
}

export type HtmlResult = { ok: true; text: string } | { ok: false; error: string };

/**
 * Parses `raw` as Telegram's parse_mode HTML does and returns the visible text, or tdlib's error message (the
 * Bot API sends it as "Bad Request: can't parse entities: <error>"). One deliberate difference: an `&` in the text
 * that does not start &lt; &gt; &amp; &quot; or a numeric reference is refused ("Unsupported entity at byte
 * offset N"), where Telegram would show it literally: it nearly always means text that was not escaped.
 */
export function parseTelegramHtml(raw: string): HtmlResult {
  const b = Buffer.from(raw, 'utf8');
  const at = (i: number) => (i < b.length ? b[i]! : 0);
  const fail = (error: string): HtmlResult => ({ ok: false, error });
  const out: number[] = [];
  const push = (code: number) => out.push(...Buffer.from(String.fromCodePoint(code), 'utf8'));
  let surrogate = false;

  /** tdlib decode_html_entity: the character and where the reference ends, or undefined */
  const entity = (pos: number): { code: number; end: number } | undefined => {
    let end = pos + 1;
    let code = 0;
    if (at(pos + 1) === 0x23) {
      end++;
      if (at(pos + 2) === 0x78) {
        end++;
        while (isHex(at(end))) code = code * 16 + hexValue(at(end++));
      } else {
        while (isDigit(at(end))) code = code * 10 + at(end++) - 48;
      }
      if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
    } else {
      while (isAlpha(at(end))) end++;
      code = NAMED_ENTITIES.get(b.toString('latin1', pos + 1, end)) ?? 0;
      if (!code) return undefined;
    }
    if (at(end) === 0x3b) end++;
    return { code, end };
  };
  const decoded = (code: number) => {
    if (code >= 0xd800 && code <= 0xdfff) surrogate = true;
    else push(code);
  };

  const open: Array<{ tag: string; argument: string; start: number }> = [];
  for (let i = 0; i < b.length; i++) {
    const c = b[i]!;
    if (c === 0x26) {
      const e = entity(i);
      if (!e) return fail(`Unsupported entity at byte offset ${i}`);
      decoded(e.code);
      i = e.end - 1;
      continue;
    }
    if (c !== 0x3c) {
      out.push(c);
      continue;
    }
    const begin = i++;
    if (at(i) !== 0x2f) {
      // a start tag
      while (!isSpace(at(i)) && at(i) !== 0x3e) i++;
      if (at(i) === 0) return fail(`Unclosed start tag at byte offset ${begin}`);
      const tag = asciiLower(b.toString('utf8', begin + 1, i));
      if (!HTML_TAGS.has(tag)) return fail(`Unsupported start tag "${tag}" at byte offset ${begin}`);
      let argument = '';
      while (at(i) !== 0x3e) {
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === 0x3e) break;
        const nameBegin = i;
        while (!isSpace(at(i)) && ![0x3d, 0x3e, 0x2f, 0x22, 0x27].includes(at(i))) i++;
        const name = b.toString('utf8', nameBegin, i);
        if (!name) return fail(`Empty attribute name in the tag "${tag}" at byte offset ${begin}`);
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) !== 0x3d) {
          if (at(i) === 0) return fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);
          if (tag === 'blockquote' && name === 'expandable') argument = '1';
          continue;
        }
        i++;
        while (at(i) !== 0 && isSpace(at(i))) i++;
        if (at(i) === 0) return fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);
        let value: string;
        if (at(i) !== 0x27 && at(i) !== 0x22) {
          // a name token: letters, digits, periods and hyphens, not case sensitive
          const tokenBegin = i;
          while (isAlpha(at(i)) || isDigit(at(i)) || at(i) === 0x2e || at(i) === 0x2d) i++;
          value = asciiLower(b.toString('latin1', tokenBegin, i));
          if (!isSpace(at(i)) && at(i) !== 0x3e)
            return fail(`Unexpected end of name token at byte offset ${tokenBegin}`);
        } else {
          // a string literal; references in it are decoded, a stray & is kept as it is
          const quote = at(i++);
          const bytes: number[] = [];
          while (at(i) !== quote && at(i) !== 0) {
            const e = at(i) === 0x26 ? entity(i) : undefined;
            if (e) {
              bytes.push(...Buffer.from(String.fromCodePoint(e.code), 'utf8'));
              i = e.end;
            } else bytes.push(at(i++));
          }
          if (at(i) === quote) i++;
          value = Buffer.from(bytes).toString('utf8');
        }
        if (at(i) === 0) return fail(`Unclosed start tag at byte offset ${begin}`);
        if (tag === 'a' && name === 'href') argument = value;
        else if (tag === 'code' && name === 'class' && value.startsWith('language-')) argument = value.slice(9);
        else if (tag === 'span' && name === 'class' && value.startsWith('tg-')) argument = value.slice(3);
        else if (tag === 'tg-emoji' && name === 'emoji-id') argument = value;
        else if (tag === 'blockquote' && name === 'expandable') argument = '1';
      }
      if (tag === 'span' && argument !== 'spoiler')
        return fail(`Tag "span" must have class "tg-spoiler" at byte offset ${begin}`);
      open.push({ tag, argument, start: out.length });
    } else {
      // an end tag
      if (!open.length) return fail(`Unexpected end tag at byte offset ${begin}`);
      while (!isSpace(at(i)) && at(i) !== 0x3e) i++;
      const endTag = asciiLower(b.toString('utf8', begin + 2, i));
      while (isSpace(at(i)) && at(i) !== 0) i++;
      if (at(i) !== 0x3e) return fail(`Unclosed end tag at byte offset ${begin}`);
      const top = open[open.length - 1]!;
      if (endTag && endTag !== top.tag)
        return fail(`Unmatched end tag at byte offset ${begin}, expected "</${top.tag}>", found "</${endTag}>"`);
      if (top.tag === 'tg-emoji' && out.length > top.start && !isEmojiId(top.argument))
        return fail('Invalid custom emoji identifier specified');
      open.pop();
    }
  }
  if (open.length) return fail(`Can't find end tag corresponding to start tag "${open[open.length - 1]!.tag}"`);
  if (surrogate)
    return fail(
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    );
  return { ok: true, text: Buffer.from(out).toString('utf8') };
}

/** tdlib's get_formatted_text: the text a reader sees (untrimmed), or throws tdlib's message. */
function formatText(raw: string, parseMode: unknown): string {
  if (Buffer.byteLength(raw) > 1 << 15) throw new Error('Text is too long');
  const mode = scalarText(parseMode).toLowerCase();
  if (raw === '' || mode === '' || mode === 'none') return raw;
  if (mode === 'html') {
    const parsed = parseTelegramHtml(raw);
    if (!parsed.ok) throw new Error(`Can't parse entities: ${parsed.error}`);
    return parsed.text;
  }
  if (mode === 'markdown' || mode === 'markdownv2') return raw; // not checked by this fake
  throw new Error('Unsupported parse_mode');
}

/** The visible text of a text or caption, refused as the Bot API refuses it (`wrap` prefixes the message). */
function visible(raw: string, parseMode: unknown, wrap = ''): string {
  try {
    return tidy(formatText(raw, parseMode));
  } catch (e) {
    throw badRequest(botApiCase(wrap + (e as Error).message));
  }
}

// ---- reply markup

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringish = (v: unknown) => typeof v === 'string' || typeof v === 'number';
const BUTTON_ACTIONS = [
  'callback_game',
  'pay',
  'switch_inline_query',
  'switch_inline_query_chosen_chat',
  'switch_inline_query_current_chat',
  'login_url',
  'web_app',
  'copy_text',
];

/** The reply markup as the Bot API reads it; what it cannot parse is refused at once. */
function readMarkup(value: unknown): Markup | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let v: unknown = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      throw badRequest("can't parse reply keyboard markup JSON object");
    }
  }
  if (!isRecord(v)) throw badRequest('object expected as reply markup');
  const rows = v.inline_keyboard;
  if (rows === undefined) return v as unknown as Markup; // other keyboards: not checked
  if (!Array.isArray(rows)) throw badRequest('field "inline_keyboard" must be of type Array');
  for (const row of rows) {
    if (!Array.isArray(row))
      throw badRequest('field "inline_keyboard" of the InlineKeyboardMarkup must be an Array of Arrays');
    for (const button of row) {
      const fail = (why: string) => badRequest(`can't parse inline keyboard button: ${why}`);
      if (!isRecord(button)) throw fail('InlineKeyboardButton must be an Object');
      if (button.text === undefined) throw fail('Can\'t find field "text"');
      for (const field of ['text', 'url', 'callback_data'])
        if (button[field] !== undefined && !isStringish(button[field]))
          throw fail(`Field "${field}" must be of type String`);
      // an empty url or callback_data counts as none
      const acts =
        scalarText(button.url) !== '' ||
        scalarText(button.callback_data) !== '' ||
        BUTTON_ACTIONS.some((a) => button[a] !== undefined);
      if (!acts) throw fail('Text buttons are unallowed in the inline keyboard');
    }
  }
  return v as unknown as Markup;
}

/** What Telegram's servers refuse in a parsed reply markup. */
function checkMarkup(markup: Markup | undefined): void {
  if (!markup?.inline_keyboard) return;
  const buttons = markup.inline_keyboard.flat();
  for (const b of buttons) {
    if (scalarText(b.text) === '') throw badRequest('BUTTON_TEXT_INVALID');
    if (Buffer.byteLength(scalarText(b.callback_data)) > 64) throw badRequest('BUTTON_DATA_INVALID');
  }
  if (buttons.length > 100 || Buffer.byteLength(JSON.stringify(markup)) > 10_000)
    throw badRequest('reply markup is too long');
}

const sameMarkup = (a: Markup | undefined, b: Markup | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// ---- request bodies: JSON, multipart/form-data (how grammY uploads files), url-encoded

/** fields that arrive as JSON text in a form and are recorded parsed */
const JSON_FIELDS = new Set([
  'reply_markup',
  'media',
  'entities',
  'caption_entities',
  'reply_parameters',
  'link_preview_options',
]);

function parseMultipart(body: Buffer, boundary: string): Array<{ name: string; filename?: string; data: Buffer }> {
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  const parts: Array<{ name: string; filename?: string; data: Buffer }> = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new Error('no multipart boundary');
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // the closing delimiter
    const lineEnd = body.indexOf('\r\n', pos);
    if (lineEnd < 0) throw new Error('truncated multipart body');
    pos = lineEnd + 2;
    const headEnd = body.subarray(pos, pos + 2).toString('latin1') === '\r\n' ? pos : body.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) throw new Error('truncated multipart headers');
    const start = headEnd === pos ? pos + 2 : headEnd + 4;
    const end = body.indexOf(next, start);
    if (end < 0) throw new Error('unterminated multipart part');
    let name = '';
    let filename: string | undefined;
    for (const line of body.toString('utf8', pos, headEnd).split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-disposition') continue;
      for (const m of line.slice(colon + 1).matchAll(/;\s*([\w*-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
        const value = (m[2] ?? m[3] ?? '').trim();
        if (m[1]!.toLowerCase() === 'name') name = value;
        else if (m[1]!.toLowerCase() === 'filename') filename = value;
      }
    }
    parts.push({ name, ...(filename !== undefined ? { filename } : {}), data: body.subarray(start, end) });
    pos = end + 2;
  }
}

function readBody(
  contentType: string,
  body: Buffer,
  query: URLSearchParams,
): { payload: Payload; files: Map<string, Upload> } {
  const payload: Payload = Object.fromEntries(query);
  const files = new Map<string, Upload>();
  if (!body.length) return { payload, files };
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (!boundary) throw new Error('no multipart boundary');
    for (const part of parseMultipart(body, boundary[1] ?? boundary[2]!)) {
      if (part.filename !== undefined) {
        files.set(part.name, { filename: part.filename, data: Buffer.from(part.data) });
        continue;
      }
      const text = part.data.toString('utf8');
      let value: unknown = text;
      if (JSON_FIELDS.has(part.name) && /^\s*[[{]/.test(text)) {
        try {
          value = JSON.parse(text) as unknown;
        } catch {
          value = text;
        }
      }
      payload[part.name] = value;
    }
  } else if (type.startsWith('application/x-www-form-urlencoded')) {
    Object.assign(payload, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  } else {
    const json = JSON.parse(body.toString('utf8')) as unknown;
    if (!isRecord(json)) throw new Error('the JSON body is not an object');
    Object.assign(payload, json);
  }
  return { payload, files };
}

// ---- photos

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; undefined when the bytes are no PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

export class FakeTelegram {
  readonly calls: ApiCall[] = [];
  /** Every call the fake refused, in order. */
  readonly refusals: Refusal[] = [];
  /** Users who are administrators of the group/channel chats. */
  readonly chatAdmins = new Set<number>();
  /** Runs as a local Bot API server (`telegram-bot-api --local`): webhooks may be http, on any port. */
  local = false;
  /** The webhook setWebhook registered; while it is set, getUpdates is refused (409). */
  webhook?: { url: string; secretToken?: string };
  /** Updates handed out by getUpdates (long polling), oldest first. */
  readonly queue: Update[] = [];
  readonly messages = new Map<string, SentMessage>();
  /** Chats that blocked the bot: sends and edits there get 403. */
  readonly blocked = new Set<number>();
  /** Chats Telegram does not know: any call naming one gets "chat not found". */
  readonly unknownChats = new Set<number>();
  /** The photos Telegram holds: file_id → bytes. */
  readonly files = new Map<string, Buffer>();
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
  private nextId = 1000;
  private updateId = 1;
  private nextFile = 1;
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

  private key = (chatId: number, messageId: number) => `${chatId}:${messageId}`;

  private chat(chatId: number) {
    return chatId < 0
      ? { id: chatId, type: 'supergroup', title: 'Test group' }
      : { id: chatId, type: 'private', first_name: 'User' };
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

  /** The chat a call names; refused when missing or unknown. */
  private chatOf(p: Payload): number {
    const raw = scalarText(p.chat_id);
    if (raw === '') throw badRequest('chat_id is empty');
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || this.unknownChats.has(id)) throw badRequest('chat not found');
    return id;
  }

  /** Refuses sending to (or editing in) a chat that blocked the bot. */
  private reachable(chatId: number): void {
    if (this.blocked.has(chatId))
      throw new TelegramRefusal(
        403,
        chatId < 0 ? 'Forbidden: bot was kicked from the supergroup chat' : 'Forbidden: bot was blocked by the user',
      );
  }

  /** A reply to a message that is not there is refused (unless allowed to go without). */
  private checkReply(chatId: number, p: Payload): void {
    let rp: unknown = p.reply_parameters;
    if (typeof rp === 'string' && rp) {
      try {
        rp = JSON.parse(rp) as unknown;
      } catch {
        throw badRequest("can't parse reply parameters JSON object");
      }
    }
    const params = isRecord(rp) ? rp : undefined;
    const raw = params ? params.message_id : p.reply_to_message_id;
    if (raw === undefined || raw === '') return;
    const inChat = params?.chat_id !== undefined ? Number(params.chat_id) : chatId;
    const allow = String((params ?? p).allow_sending_without_reply) === 'true';
    const target = this.messages.get(this.key(inChat, Number(raw)));
    if ((!target || target.deleted) && !allow) throw badRequest('message to be replied not found');
  }

  /** The bot's message an edit names. */
  private editable(p: Payload): SentMessage {
    if (scalarText(p.chat_id) === '' && scalarText(p.message_id) === '')
      throw badRequest('message identifier is not specified');
    const m = this.messages.get(this.key(this.chatOf(p), Number(p.message_id)));
    if (!m || m.deleted) throw badRequest('message to edit not found');
    if (!m.fromBot) throw badRequest("message can't be edited");
    return m;
  }

  /** An uploaded photo or a file_id this fake handed out: its bytes, and the id when it was one. */
  private photoBytes(input: { upload?: Upload; fileId?: string }): { bytes: Buffer; fileId?: string } {
    if (input.fileId !== undefined) {
      const bytes = this.files.get(input.fileId);
      if (!bytes) throw badRequest('wrong file identifier/HTTP URL specified');
      return { bytes, fileId: input.fileId };
    }
    const bytes = input.upload!.data;
    if (!bytes.length) throw badRequest('file must be non-empty');
    const size = pngSize(bytes);
    if (
      size &&
      (size.width + size.height > 10_000 || Math.max(size.width, size.height) > 20 * Math.min(size.width, size.height))
    )
      throw badRequest('PHOTO_INVALID_DIMENSIONS');
    return { bytes };
  }

  /** Telegram's checks of a webhook; a local Bot API server (`local`) also takes http and any port. */
  private setWebhook(p: Payload): true {
    const raw = scalarText(p.url);
    if (raw === '') {
      this.webhook = undefined;
      return true;
    }
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
    }
    if (url.protocol !== 'https:' && !this.local)
      throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    if (!this.local && ![80, 88, 443, 8443].includes(port))
      throw badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
    const secret = p.secret_token === undefined ? undefined : scalarText(p.secret_token);
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
      throw badRequest('secret token contains unallowed characters');
    if (String(p.drop_pending_updates) === 'true') this.queue.length = 0;
    this.webhook = { url: raw, ...(secret !== undefined ? { secretToken: secret } : {}) };
    return true;
  }

  private storeFile(bytes: Buffer): string {
    const id = `AgAC-${this.nextFile++}`;
    this.files.set(id, bytes);
    return id;
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
      case 'editmessagereplymarkup': {
        const markup = readMarkup(p.reply_markup);
        const m = this.editable(p);
        this.reachable(m.chatId);
        checkMarkup(markup);
        if (sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
        m.replyMarkup = markup;
        return this.toMessage(m);
      }
      case 'deletemessage': {
        const m = this.messages.get(this.key(this.chatOf(p), Number(p.message_id)));
        if (!m || m.deleted) throw badRequest('message to delete not found');
        m.deleted = true;
        return true;
      }
      case 'setwebhook':
        return this.setWebhook(p);
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

  private sendMessage(p: Payload) {
    const text = scalarText(p.text);
    if (text === '') throw badRequest('message text is empty');
    const shown = visible(text, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const chatId = this.chatOf(p);
    this.checkReply(chatId, p);
    if (shown === '') throw badRequest('text must be non-empty');
    if (chars(shown) > TEXT_LIMIT) throw badRequest('message is too long');
    this.reachable(chatId);
    checkMarkup(markup);
    const m: SentMessage = {
      chatId,
      messageId: this.nextId++,
      text,
      replyMarkup: markup,
      parseMode: p.parse_mode as string,
      deleted: false,
      fromBot: true,
      history: [text],
      kind: 'text',
      visibleText: shown,
    };
    this.messages.set(this.key(chatId, m.messageId), m);
    return this.toMessage(m);
  }

  private sendPhoto(p: Payload, files: Map<string, Upload>) {
    const ref = scalarText(p.photo);
    const input = ref.startsWith('attach://')
      ? { upload: files.get(ref.slice('attach://'.length)) }
      : ref
        ? { fileId: ref }
        : { upload: files.get('photo') };
    if (!input.upload && input.fileId === undefined) throw badRequest('there is no photo in the request');
    const caption = scalarText(p.caption);
    const shown = visible(caption, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const chatId = this.chatOf(p);
    this.checkReply(chatId, p);
    const photo = this.photoBytes(input);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('message caption is too long');
    this.reachable(chatId);
    checkMarkup(markup);
    const m: SentMessage = {
      chatId,
      messageId: this.nextId++,
      text: caption,
      replyMarkup: markup,
      parseMode: p.parse_mode as string,
      deleted: false,
      fromBot: true,
      history: [caption],
      kind: 'photo',
      visibleText: shown,
      photo: photo.bytes,
      fileId: photo.fileId ?? this.storeFile(photo.bytes),
      caption,
    };
    this.messages.set(this.key(chatId, m.messageId), m);
    return this.toMessage(m);
  }

  private editMessageText(p: Payload) {
    const text = scalarText(p.text);
    if (text === '') throw badRequest('message text is empty');
    const shown = visible(text, p.parse_mode);
    const markup = readMarkup(p.reply_markup);
    const m = this.editable(p);
    if (m.kind !== 'text') throw badRequest('there is no text in the message to edit');
    if (shown === '') throw badRequest('text must be non-empty');
    this.reachable(m.chatId);
    checkMarkup(markup);
    if (chars(shown) > TEXT_LIMIT) throw badRequest('MESSAGE_TOO_LONG');
    if (text === m.text && sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
    Object.assign(m, { text, replyMarkup: markup, parseMode: p.parse_mode as string, visibleText: shown });
    m.history.push(text);
    return this.toMessage(m);
  }

  private editMessageCaption(p: Payload) {
    const markup = readMarkup(p.reply_markup);
    const caption = scalarText(p.caption);
    const shown = visible(caption, p.parse_mode);
    const m = this.editable(p);
    if (m.kind !== 'photo') throw badRequest('there is no caption in the message to edit');
    this.reachable(m.chatId);
    checkMarkup(markup);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('MEDIA_CAPTION_TOO_LONG');
    if (caption === m.text && sameMarkup(markup, m.replyMarkup)) throw badRequest(NOT_MODIFIED);
    Object.assign(m, { text: caption, caption, replyMarkup: markup, parseMode: p.parse_mode as string });
    m.visibleText = shown;
    m.history.push(caption);
    return this.toMessage(m);
  }

  private editMessageMedia(p: Payload, files: Map<string, Upload>) {
    const markup = readMarkup(p.reply_markup);
    let media: unknown = p.media;
    if (media === undefined || media === '') throw badRequest('parameter "media" is required');
    if (typeof media === 'string') {
      try {
        media = JSON.parse(media) as unknown;
      } catch {
        throw badRequest("can't parse input media JSON object");
      }
    }
    const inputMedia = "can't parse InputMedia: ";
    if (!isRecord(media)) throw badRequest(inputMedia + 'expected an Object');
    const caption = scalarText(media.caption);
    const shown = visible(caption, media.parse_mode, inputMedia);
    if (media.type === undefined) throw badRequest(inputMedia + 'Can\'t find field "type"');
    const ref = scalarText(media.media);
    const input = ref.startsWith('attach://')
      ? { upload: files.get(ref.slice('attach://'.length)) }
      : ref
        ? { fileId: ref }
        : {};
    if (!input.upload && input.fileId === undefined) throw badRequest(inputMedia + 'media not found');
    if (media.type !== 'photo') throw badRequest(`${inputMedia}type "${scalarText(media.type)}" is unsupported`);
    const m = this.editable(p);
    if (m.kind !== 'photo') throw badRequest('there is no media in the message to edit');
    const photo = this.photoBytes(input);
    if (chars(shown) > CAPTION_LIMIT) throw badRequest('message caption is too long');
    this.reachable(m.chatId);
    checkMarkup(markup);
    if (photo.fileId === m.fileId && caption === m.text && sameMarkup(markup, m.replyMarkup))
      throw badRequest(NOT_MODIFIED);
    Object.assign(m, {
      text: caption,
      caption,
      replyMarkup: markup,
      parseMode: media.parse_mode as string,
      visibleText: shown,
      photo: photo.bytes,
      fileId: photo.fileId ?? this.storeFile(photo.bytes),
    });
    m.history.push(caption);
    return this.toMessage(m);
  }

  private toMessage(m: SentMessage) {
    const base = {
      message_id: m.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: this.chat(m.chatId),
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
      kind: 'text',
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

  /** A tap on a button of a bot message: a callback query the bot must answer within callbackTimeoutMs. */
  tap(from: number, msg: SentMessage, data: string): Update {
    const updateId = this.updateId++;
    const id = String(this.updateId * 7);
    this.callbacks.set(id, { created: this.now(), answered: false, expired: false });
    return {
      update_id: updateId,
      callback_query: {
        id,
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
  /** The answers Telegram accepted (refused ones are in `refusals`). */
  callbackAnswers(): Array<Record<string, unknown>> {
    return this.calls.filter((c) => c.method === 'answerCallbackQuery' && !c.refused).map((c) => c.payload);
  }
}
