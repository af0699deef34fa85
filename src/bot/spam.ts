// Spam shedding: a few updates per second and a few dozen per minute per user, before any work starts.
// A dropped tap still gets its answer; a flood of messages is told once per 10 s to slow down.
// (Requests to the API are not limited per call for bot users: see managed keys in the README.)
import { limit } from '@grammyjs/ratelimiter';
import type { Middleware } from 'grammy';
import { cancelTradeData, confirmTradeData } from './callback-data/index.js';
import type { BotContext, BotServices } from './context.js';
import { countInWindow, type SharedRedis } from '../db/redis.js';

/** Where the shared counters are kept in Redis (after the deployment's prefix). */
const SPAM_KEYS = 'bot:spam:';
/** How often a user whose updates are being dropped is told so (`bot-slow-down`). */
const SLOW_DOWN_EVERY_MS = 10_000;

/** A tap of Confirm or Cancel under a quote. */
const settlesQuote = (data: string | undefined) =>
  confirmTradeData.parse(data) !== undefined || cancelTradeData.parse(data) !== undefined;

export interface SpamLimits {
  /** Updates per second accepted from one user; default 3. */
  userRate?: number | undefined;
  /** Updates per minute accepted from one user; default 40. */
  userRatePerMinute?: number | undefined;
}

/**
 * The limiters, per second and per minute, to install ahead of everything that does work. With
 * `shared` (REDIS_URL) a user's updates are counted across every bot instance, in the same windows.
 */
export function shedSpam(
  services: BotServices,
  limits: SpamLimits,
  shared?: SharedRedis,
): Array<Middleware<BotContext>> {
  const warnedAt = new Map<number, number>();
  const shed = (ctx: BotContext) => {
    if (ctx.callbackQuery) {
      void ctx.answerCallbackQuery({ text: ctx.t('bot-slow-down-tap') }).catch(() => undefined);
      return;
    }
    const id = ctx.from?.id;
    if (id === undefined || ctx.chat?.type !== 'private') return;
    const now = services.now();
    if (now - (warnedAt.get(id) ?? 0) < SLOW_DOWN_EVERY_MS) return;
    if (warnedAt.size > 10_000) warnedAt.clear();
    warnedAt.set(id, now);
    void ctx.reply(ctx.t('bot-slow-down')).catch(() => undefined);
  };
  // Confirm and Cancel only settle a quote the user already asked for (cheap, and idempotent below):
  // they are never shed, so a trade is never stopped half-way by the limit.
  const limitedKey = (ctx: BotContext) => (settlesQuote(ctx.callbackQuery?.data) ? undefined : ctx.from?.id.toString());
  return [
    [1000, limits.userRate ?? 3],
    [60_000, limits.userRatePerMinute ?? 40],
  ].map(([timeFrame, max]) =>
    limit({
      timeFrame,
      limit: max,
      keyGenerator: limitedKey,
      onLimitExceeded: shed,
      ...(shared
        ? {
            storageClient: windowCounter(shared, timeFrame!) as never,
            keyPrefix: `${shared.prefix}${SPAM_KEYS}${timeFrame}:`,
          }
        : {}),
    }),
  );
}

/**
 * What the rate limiter's Redis store calls (`incr`, then `pexpire` on the first hit), done as one
 * atomic step: an instance dying between the two would leave a counter that never expires, and its
 * user dropped for good. A Redis that does not answer counts nothing (the update goes on).
 */
function windowCounter(shared: SharedRedis, windowMs: number) {
  return {
    incr: (key: string) => countInWindow(shared, key, windowMs).catch(() => 0),
    pexpire: async () => 1,
  };
}
