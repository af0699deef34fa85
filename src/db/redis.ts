// Redis (REDIS_URL): what several instances share that is not a table — the API's rate-limit
// counters, the bot's spam counters, and the signal that new events were indexed (so every
// instance's live stream reads them at once). Every key and channel is under REDIS_PREFIX.
// Commands fail fast when Redis is away (a limiter then lets the request through rather than fail
// it); the log says Redis is away, once a minute at most, and ioredis reconnects by itself.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export interface SharedRedis {
  readonly redis: Redis;
  /** REDIS_PREFIX: the start of every key and channel. */
  readonly prefix: string;
  /** A signal on a channel: `publish()` reaches every other instance's `on` handlers (not this one's). */
  signal(name: string): Signal;
  /** Something built on this connection to close before it (a library's own subscriber). */
  atClose(fn: () => Promise<unknown>): void;
  close(): Promise<void>;
}

export interface Signal {
  publish(): void;
  on(handler: () => void): void;
}

/** A counter in a fixed window: INCR, and the window's expiry set with the first hit (one atomic step). */
const COUNT_IN_WINDOW = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

const ANSWER_WITHIN_MS = 1_000;

/** Connects and checks that Redis answers (throws, naming no password, when it does not within 5 s). */
export async function openRedis(url: string, prefix: string, logger: Logger): Promise<SharedRedis> {
  const options = { maxRetriesPerRequest: 1, commandTimeout: ANSWER_WITHIN_MS, connectTimeout: 5_000 };
  const redis = new Redis(url, options);
  let saidAt = 0;
  const away = (err: Error) => {
    if (Date.now() - saidAt < 60_000) return;
    saidAt = Date.now();
    logger.warn(
      { err: err.message },
      'Redis does not answer: API rate limits are off and live streams lag (they read every 2 s) until it is back',
    );
  };
  redis.on('error', away); // reconnects on its own; callers see their command fail
  try {
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL does not answer: ${(e as Error).message}`, { cause: e });
  }
  redis.defineCommand('countInWindow', { numberOfKeys: 1, lua: COUNT_IN_WINDOW });
  const me = randomUUID();
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Array<() => void>>();
  const closers: Array<() => Promise<unknown>> = [];
  const listen = (channel: string) => {
    if (!subscriber) {
      subscriber = redis.duplicate({ ...options, commandTimeout: undefined, maxRetriesPerRequest: null });
      subscriber.on('error', away);
      subscriber.on('message', (ch: string, from: string) => {
        if (from !== me) for (const h of handlers.get(ch) ?? []) h();
      });
    }
    void subscriber.subscribe(channel).catch(() => undefined);
  };
  return {
    redis,
    prefix,
    signal(name) {
      const channel = `${prefix}${name}`;
      return {
        publish: () => void redis.publish(channel, me).catch(() => undefined),
        on(handler) {
          if (!handlers.has(channel)) {
            handlers.set(channel, []);
            listen(channel);
          }
          handlers.get(channel)!.push(handler);
        },
      };
    },
    atClose: (fn) => void closers.push(fn),
    async close() {
      for (const fn of closers) await fn().catch(() => undefined);
      subscriber?.disconnect();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Counts a hit on `key` in a window of `windowMs` that starts with the key's first hit; the count. */
export async function countInWindow(shared: SharedRedis, key: string, windowMs: number): Promise<number> {
  const r = shared.redis as Redis & { countInWindow(key: string, windowMs: number): Promise<number> };
  return r.countInWindow(key, windowMs);
}
