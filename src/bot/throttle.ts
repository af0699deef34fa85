// Telegram's flood limits, kept before Telegram refuses: 30 messages a second for the bot, one a
// second per private chat, 20 a minute per group (@grammyjs/transformer-throttler, on Bottleneck).
// With Redis (REDIS_URL) every bot instance draws from the same budgets (Bottleneck's Redis
// datastore, its keys under REDIS_PREFIX), so two instances never send a chat two messages in the
// same second. When Redis does not answer, a call goes out unthrottled rather than not at all
// (auto-retry still honours a 429).
import { apiThrottler } from '@grammyjs/transformer-throttler';
import Bottleneck from 'bottleneck';
import type { Transformer } from 'grammy';
import type { SharedRedis } from '../db/redis.js';

/** Telegram's limits, as the throttler's defaults have them. */
const GLOBAL = { reservoir: 30, reservoirRefreshAmount: 30, reservoirRefreshInterval: 1000 };
const GROUP = {
  maxConcurrent: 1,
  minTime: 1000,
  reservoir: 20,
  reservoirRefreshAmount: 20,
  reservoirRefreshInterval: 60_000,
};
const PRIVATE = { maxConcurrent: 1, minTime: 1000 };

export function telegramThrottler(shared?: SharedRedis): Transformer {
  if (!shared) return apiThrottler({ global: GLOBAL, group: GROUP, out: PRIVATE });
  const connection = new Bottleneck.IORedisConnection({ client: shared.redis });
  connection.on('error', () => undefined); // the client's own listener reports Redis being away
  shared.atClose(() => connection.disconnect(false));
  const clustered = (id: string) => ({ id: `${shared.prefix}tg:${id}`, datastore: 'ioredis' as const, connection });
  const throttled = apiThrottler({
    global: { ...GLOBAL, ...clustered('global') },
    group: { ...GROUP, ...clustered('group') },
    out: { ...PRIVATE, ...clustered('chat') },
  });
  return async (prev, method, payload, signal) => {
    let sent = false;
    const send: typeof prev = (m, p, s) => {
      sent = true;
      return prev(m, p, s);
    };
    try {
      return await throttled(send, method, payload, signal);
    } catch (err) {
      if (sent) throw err;
      return prev(method, payload, signal);
    }
  };
}
