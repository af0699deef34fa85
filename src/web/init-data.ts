// Who calls the Mini App's API: Telegram's raw initData, sent verbatim with every call
// (`Authorization: tma <initData>`, or the `auth` query parameter of the live stream, which
// EventSource cannot give headers), checked with @tma.js/init-data-node: the HMAC of every field with
// the bot's token, and an auth_date no older than an hour. No cookie, no other login.
import { parse, validate } from '@tma.js/init-data-node';

/** How long an initData is taken after Telegram signed it (s). */
export const INIT_DATA_MAX_AGE_S = 3600;

/** initData is a query string of a few fields; anything longer is no initData. */
const MAX_INIT_DATA = 8192;

/** The Telegram user an initData names. */
export interface TelegramUser {
  id: number;
  firstName: string;
  username?: string | undefined;
  /** the language of the user's Telegram app (an IETF tag), when it says */
  languageCode?: string | undefined;
}

/** Why an initData is refused: none was sent, it is not Telegram's (altered, another bot's), or too old. */
export type InitDataRefusal = 'missing' | 'invalid' | 'expired';

export type InitDataCheck =
  | { ok: true; user: TelegramUser; startParam?: string | undefined }
  | { ok: false; reason: InitDataRefusal; languageCode?: string | undefined };

/** The raw initData of a request: the `tma` Authorization header, else (the live stream) `auth` of the query. */
export function rawInitData(authorization: string | undefined, query: unknown): string | undefined {
  const header = /^tma (.+)$/s.exec(authorization ?? '')?.[1];
  if (header !== undefined) return header;
  const auth = (query as { auth?: unknown } | undefined)?.auth;
  return typeof auth === 'string' && auth !== '' ? auth : undefined;
}

/** The user's Telegram language, read without trusting the rest (it only picks the words of a refusal). */
function languageOf(raw: string): string | undefined {
  try {
    const code = parse(raw).user?.language_code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Checks an initData against the bot's token; the user it names when it is Telegram's and fresh. */
export function checkInitData(raw: string | undefined, botToken: string, maxAgeS = INIT_DATA_MAX_AGE_S): InitDataCheck {
  if (raw === undefined || raw === '') return { ok: false, reason: 'missing' };
  if (raw.length > MAX_INIT_DATA) return { ok: false, reason: 'invalid' };
  try {
    // Telegram's signature first (no age): an altered initData is invalid however old it says it is
    validate(raw, botToken, { expiresIn: 0 });
  } catch {
    return { ok: false, reason: 'invalid', languageCode: languageOf(raw) };
  }
  try {
    validate(raw, botToken, { expiresIn: maxAgeS });
  } catch {
    return { ok: false, reason: 'expired', languageCode: languageOf(raw) };
  }
  let data: ReturnType<typeof parse>;
  try {
    data = parse(raw);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const u = data.user;
  // an initData signed for a chat or a bot, not a person, opens nothing
  if (!u || !Number.isSafeInteger(u.id) || u.id <= 0 || u.is_bot) return { ok: false, reason: 'invalid' };
  return {
    ok: true,
    user: { id: u.id, firstName: u.first_name, username: u.username, languageCode: u.language_code },
    startParam: data.start_param,
  };
}
