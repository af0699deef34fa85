// What the Mini App's routes share: what they are given (the trading side through the bot's services,
// the bot's Api, the live stream), who the request is (the Telegram user its initData names, their
// bot user and their language), and how a failure is answered: { error, message } with the message in
// the user's language, never a stack trace.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from 'grammy';
import { ApiError } from '../client/index.js';
import type { BotServices } from '../bot/context.js';
import { friendly } from '../bot/error-text.js';
import type { Speech } from '../bot/i18n.js';
import { UserError } from '../trading/accounts.js';
import type { UserRow } from '../trading/store.js';
import type { TradingStream } from '../trading/stream.js';
import { TradeError } from '../trading/trade-flow.js';
import type { AppError } from './contract.js';
import type { TelegramUser } from './init-data.js';

/** What the Mini App's API works with: the bot's, once the bot is up. */
export interface MiniAppDeps {
  /** the bot's token: Telegram signs the initData with it */
  botToken: string;
  /** the trading side and the chat's store, languages and notifiers, as the bot's features use them */
  services: BotServices;
  /** the bot's Api: a trade made in the app is told in the user's chat, as a trade made there is */
  api: Api;
  /** the trading side's one live stream (the live trades of a token's page) */
  stream: TradingStream;
}

/** A refusal the routes make themselves: its status, its `error` and its message (already in the user's words). */
export class AppFail extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The request's caller: who Telegram says it is, and what the bot knows of them. */
export interface Caller {
  tg: TelegramUser;
  startParam?: string | undefined;
  /** in the user's language: their choice in the bot, else their Telegram app's */
  s: Speech;
  /** their bot user (made on first contact, as the bot makes it) */
  user(): Promise<UserRow>;
}

const callers = new WeakMap<FastifyRequest, Caller>();

export function setCaller(req: FastifyRequest, c: Caller): void {
  callers.set(req, c);
}

/** The caller of a request that passed the initData check (every /app/api route's). */
export function callerOf(req: FastifyRequest): Caller {
  const c = callers.get(req);
  if (!c) throw new AppFail(401, 'init-data', 'initData is missing');
  return c;
}

/** The caller when there is one (a refusal before the check has none: English). */
export const maybeCaller = (req: FastifyRequest): Caller | undefined => callers.get(req);

/**
 * A user's language: their choice in the bot (/language), else what their Telegram app says (the
 * language is remembered as seen, so that the bot's notifications speak it too), else the one last seen.
 */
export async function speechFor(services: BotServices, tg: TelegramUser): Promise<Speech> {
  const { store, languages } = services;
  const stored = await store.language(tg.id);
  if (languages.has(stored.chosen)) return languages.speech(stored.chosen);
  if (tg.languageCode === undefined) return languages.speech(languages.has(stored.seen) ? stored.seen : 'en');
  const said = languages.fromTelegram(tg.languageCode);
  if (stored.seen !== said) await store.seeLanguage(tg.id, said);
  return languages.speech(said);
}

/** The caller for a checked Telegram user: their speech now, their bot user when asked (once). */
export async function callerFor(
  services: BotServices,
  tg: TelegramUser,
  startParam: string | undefined,
): Promise<Caller> {
  const s = await speechFor(services, tg);
  let user: Promise<UserRow> | undefined;
  return {
    tg,
    startParam,
    s,
    user: () =>
      (user ??= services.accounts.ensureUser({ id: tg.id, username: tg.username }).then((r) => r.user)).catch(
        (e: unknown) => {
          user = undefined;
          throw e;
        },
      ),
  };
}

/** HTML of the bot's messages as plain text (the page shows text, never HTML). */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** What a failure is answered with: its status and body (the message in the caller's words, or English). */
export function failureOf(e: unknown, s: Speech | undefined, log: FastifyRequest['log']): [number, AppError] {
  if (e instanceof AppFail) return [e.status, { error: e.code, message: e.message }];
  const say = (fallback: string) => (s ? friendly(s, e) : fallback);
  if (e instanceof UserError || e instanceof TradeError) {
    const notFound = e instanceof TradeError && e.code === 'TOKEN_NOT_FOUND';
    return [notFound ? 404 : 400, { error: notFound ? 'not-found' : 'refused', message: say(e.message) }];
  }
  if (e instanceof ApiError) {
    if (e.status === 404) return [404, { error: 'not-found', message: say('Not found') }];
    if (e.status === 429) return [429, { error: 'rate-limit', message: say('Too many requests') }];
    if (e.status < 500) return [400, { error: 'refused', message: say(e.message) }];
    log.warn({ status: e.status, error: e.error }, 'the API failed a Mini App request');
    return [502, { error: 'upstream', message: say('The service had a problem') }];
  }
  const v = e as { validation?: unknown; statusCode?: unknown; code?: unknown } | undefined;
  if (v?.validation) {
    const detail = validationField(v.validation);
    return [400, { error: 'invalid', message: s ? s.t('app-srv-invalid', { field: detail }) : `invalid ${detail}` }];
  }
  // Fastify's own refusals of a request (a body that is not JSON, too large, a wrong content type)
  if (typeof v?.statusCode === 'number' && v.statusCode >= 400 && v.statusCode < 500)
    return [v.statusCode, { error: 'invalid', message: s ? s.t('app-srv-bad-request') : 'bad request' }];
  log.error({ err: e }, 'Mini App request failed');
  return [500, { error: 'internal', message: s ? s.t('err-unknown') : 'Something went wrong' }];
}

/** The field a validation failure is about ("amount", "token"), for the message. */
function validationField(validation: unknown): string {
  const first = Array.isArray(validation) ? (validation[0] as { instancePath?: unknown } | undefined) : undefined;
  const path = typeof first?.instancePath === 'string' ? first.instancePath.replace(/^\//, '') : '';
  return path.replace(/[^\w./-]/g, '').slice(0, 40) || 'request';
}

/** The error handler of the Mini App's API routes. */
export function sendFailure(e: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const [status, body] = failureOf(e, maybeCaller(req)?.s, req.log);
  return reply.code(status).send(body);
}
