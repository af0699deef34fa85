// What Telegram refuses, as it refuses it: the Bot API's HTTP status and description, word for word
// (tdlib/telegram-bot-api's Client.cpp, tdlib's MessageEntity.cpp): texts and captions (parsing, trimming,
// length), reply markup, photos and webhooks. The fake server (server.ts, chats.ts) throws these.
import { scalarText } from '../../../src/text.js';
import { parseTelegramHtml } from './html.js';
import type { Markup, Payload } from './types.js';

/** A refusal as Telegram sends it: the HTTP status is the error code. */
export class TelegramRefusal extends Error {
  constructor(
    readonly code: number,
    readonly description: string,
    readonly parameters?: Record<string, unknown>,
  ) {
    super(description);
  }
}

export const badRequest = (description: string) => new TelegramRefusal(400, `Bad Request: ${description}`);
export const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
export const TEXT_LIMIT = 4096;
export const CAPTION_LIMIT = 1024;
export const CALLBACK_TEXT_LIMIT = 200;
/** Flood control's second, less what loopback timing on a busy machine jitters by: a bot that spaces its messages
 * to a chat by a second (as grammY's throttler does) passes; two at once never do. */
export const FLOOD_SECOND_MS = 800;
export const MINUTE_MS = 60_000;

/** The Bot API's casing of a tdlib message after "Bad Request: ": the first letter lowered unless it is a CODE. */
const botApiCase = (m: string) =>
  m.length >= 2 && (m[1] === '_' || (m[1]! >= 'A' && m[1]! <= 'Z')) ? m : m.charAt(0).toLowerCase() + m.slice(1);

/** Telegram counts characters (code points), not UTF-16 units (tdlib's utf8_length). */
export const chars = (s: string) => [...s].length;

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
export function visible(raw: string, parseMode: unknown, wrap = ''): string {
  try {
    return tidy(formatText(raw, parseMode));
  } catch (e) {
    throw badRequest(botApiCase(wrap + (e as Error).message));
  }
}

// ---- reply markup

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
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

/** A parameter the Bot API takes as JSON: a form field's text parsed (refused with `refusal`), a JSON body's value as it is. */
function jsonParam(value: unknown, refusal: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest(refusal);
  }
}

/** The reply markup as the Bot API reads it; what it cannot parse is refused at once. */
export function readMarkup(value: unknown): Markup | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const v = jsonParam(value, "can't parse reply keyboard markup JSON object");
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
      // web_app: an object with a string url (Client.cpp reads it so before tdlib checks the address)
      if (button.web_app !== undefined) {
        if (!isRecord(button.web_app)) throw fail('Field "web_app" must be of type Object');
        if (button.web_app.url === undefined) throw fail('Can\'t find field "url"');
        if (!isStringish(button.web_app.url)) throw fail('Field "url" must be of type String');
      }
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

/**
 * Why tdlib refuses a Mini App's address (its LinkManager::check_link with https only, as on Telegram's
 * production servers): none for an https URL with a host. Telegram never opens plain http, not even
 * on loopback.
 */
export function webAppUrlProblem(raw: string): string | undefined {
  if (raw === '' || /^[a-z][a-z0-9+.-]*:\/\/\/?$/i.test(raw)) return 'URL host is empty';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Only HTTPS links are allowed'; // no scheme: tdlib reads it as http
  }
  if (url.protocol !== 'https:') return 'Only HTTPS links are allowed';
  return undefined;
}

/** Telegram's chats that are not private (groups, supergroups, channels) have negative ids. */
export const isPrivateChat = (chatId: number) => chatId > 0;

/**
 * What Telegram refuses in a parsed reply markup sent to (or edited in) `chatId`: tdlib's check of a
 * `web_app` button's address first (the Bot API's words: "inline keyboard button Web App URL '…' is
 * invalid: …"), then the servers' checks (a `web_app` button outside a private chat is
 * BUTTON_TYPE_INVALID, as Telegram answers one sent to a group or channel).
 */
export function checkMarkup(markup: Markup | undefined, chatId: number): void {
  if (!markup?.inline_keyboard) return;
  const buttons = markup.inline_keyboard.flat();
  for (const b of buttons) {
    if (b.web_app === undefined) continue;
    const url = scalarText(b.web_app.url);
    const problem = webAppUrlProblem(url);
    if (problem) throw badRequest(`inline keyboard button Web App URL '${url}' is invalid: ${problem}`);
  }
  for (const b of buttons) {
    if (scalarText(b.text) === '') throw badRequest('BUTTON_TEXT_INVALID');
    if (Buffer.byteLength(scalarText(b.callback_data)) > 64) throw badRequest('BUTTON_DATA_INVALID');
    if (b.web_app !== undefined && !isPrivateChat(chatId)) throw badRequest('BUTTON_TYPE_INVALID');
  }
  if (buttons.length > 100 || Buffer.byteLength(JSON.stringify(markup)) > 10_000)
    throw badRequest('reply markup is too long');
}

export const sameMarkup = (a: Markup | undefined, b: Markup | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// ---- photos

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; undefined when the bytes are no PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** A photo Telegram would not take: empty, or of dimensions it refuses. */
export function checkPhoto(bytes: Buffer): void {
  if (!bytes.length) throw badRequest('file must be non-empty');
  const size = pngSize(bytes);
  if (
    size &&
    (size.width + size.height > 10_000 || Math.max(size.width, size.height) > 20 * Math.min(size.width, size.height))
  )
    throw badRequest('PHOTO_INVALID_DIMENSIONS');
}

/**
 * Telegram's checks of setWebhook's URL and secret; a local Bot API server (`local`) also takes http and
 * any port. The webhook to set, or undefined for an empty URL (none).
 */
export function webhookOf(p: Payload, local: boolean): { url: string; secretToken?: string } | undefined {
  const raw = scalarText(p.url);
  if (raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest('bad webhook: Failed to resolve host: Name or service not known');
  }
  if (url.protocol !== 'https:' && !local) throw badRequest('bad webhook: An HTTPS URL must be provided for webhook');
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!local && ![80, 88, 443, 8443].includes(port))
    throw badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
  const secret = p.secret_token === undefined ? undefined : scalarText(p.secret_token);
  if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
    throw badRequest('secret token contains unallowed characters');
  return { url: raw, ...(secret !== undefined ? { secretToken: secret } : {}) };
}

// ---- the menu button

/** A menu button as setChatMenuButton sets it. */
export type MenuButtonSet = { type: 'commands' } | { type: 'web_app'; text: string; web_app: { url: string } };

/** The longest menu button text this fake takes (a bound of its own: the Bot API documents none). */
export const MENU_BUTTON_TEXT_LIMIT = 64;

/**
 * setChatMenuButton's menu_button as Telegram reads it (Client.cpp's get_bot_menu_button, tdlib's
 * set_menu_button): undefined for the default button (none given, or type "default"), else the button.
 */
export function menuButtonOf(value: unknown): MenuButtonSet | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const v = jsonParam(value, "can't parse menu button JSON object");
  const fail = (why: string) => badRequest(`can't parse menu button: ${why}`);
  if (!isRecord(v)) throw fail('MenuButton must be an Object');
  if (v.type === undefined) throw fail('Can\'t find field "type"');
  if (!isStringish(v.type)) throw fail('Field "type" must be of type String');
  const type = scalarText(v.type);
  if (type === 'default') return undefined;
  if (type === 'commands') return { type: 'commands' };
  if (type !== 'web_app') throw fail('MenuButton has unsupported type');
  if (v.text === undefined) throw fail('Can\'t find field "text"');
  if (!isStringish(v.text)) throw fail('Field "text" must be of type String');
  if (v.web_app === undefined) throw fail('Can\'t find field "web_app"');
  if (!isRecord(v.web_app)) throw fail('Field "web_app" must be of type Object');
  if (v.web_app.url === undefined) throw fail('Can\'t find field "url"');
  if (!isStringish(v.web_app.url)) throw fail('Field "url" must be of type String');
  const text = scalarText(v.text);
  const url = scalarText(v.web_app.url);
  if (text === '') throw badRequest("menu button text can't be empty");
  // the longest text: not in Telegram's documentation; this fake refuses past 64 characters with the
  // word Telegram uses for a button text it does not take
  if (chars(text) > MENU_BUTTON_TEXT_LIMIT) throw badRequest('BUTTON_TEXT_INVALID');
  const problem = webAppUrlProblem(url);
  if (problem) throw badRequest(`menu button Web App URL '${url}' is invalid: ${problem}`);
  return { type: 'web_app', text, web_app: { url } };
}

/** setChatMenuButton's chat: a private chat (a user's id), or none for the bot's default button. */
export function menuChatOf(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  const id = Number(scalarText(value));
  if (!Number.isSafeInteger(id) || !isPrivateChat(id)) throw badRequest('invalid chat_id specified');
  return id;
}
