// api-key authentication and the plan's rate limit, keyed by the key.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Errors, ServiceError } from '../service/errors.js';
import { SnapshotStore } from './rate-store.js';
import type { SharedRedis } from '../db/redis.js';
import type { KeyInfo, KeysService } from '../service/keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: KeyInfo;
  }
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * `shared`: the counters live in Redis (several API instances count each key's requests together,
 * in the same fixed per-minute windows); unset, in this process.
 */
export async function registerAuth(app: FastifyInstance, keys: KeysService, shared?: SharedRedis): Promise<void> {
  // a callback hook, not an async one: no promise per request that a recent key makes
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.routeOptions.config.public || req.routeOptions.url === undefined) return done();
    const header = req.headers['api-key'];
    if (header === undefined || header === '') return done(Errors.missingKey());
    if (typeof header !== 'string' || header.length > 200) return done(Errors.invalidKey());
    const take = (info: KeyInfo | null) => {
      if (!info) return done(Errors.invalidKey());
      req.apiKey = info;
      done();
    };
    // a key seen in the last seconds is answered at once; another one waits for the database
    const lately = keys.verifiedLately(header);
    if (lately !== undefined) return take(lately);
    keys.verify(header).then(take, done);
  });
  const store = new SnapshotStore();
  await app.register(rateLimit, {
    global: true,
    // one counter per key, shared by every route: in Redis (every instance's), or in this process
    ...(shared
      ? {
          redis: shared.redis,
          nameSpace: `${shared.prefix}api:rate:`,
          // Redis away: requests are served unlimited rather than refused (ioredis says so in the log)
          skipOnError: true,
        }
      : {
          store: function Store() {
            return store;
          } as never,
        }),
    timeWindow: 60_000,
    keyGenerator: (req) => (req.apiKey ? `key:${req.apiKey.id}` : `ip:${req.ip}`),
    max: (req) => (req.apiKey ? (req.apiKey.rpm ?? UNLIMITED) : 60),
    // public routes, keys whose plan has no limit, and managed keys (a front end such as the bot
    // limits its users itself) skip the counter and its headers
    allowList: (req) =>
      req.routeOptions.config.public === true ||
      (req.apiKey !== undefined && (req.apiKey.rpm === null || req.apiKey.managed)),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, after: ctx.after }),
  });
}

/** The answer to a key that is not an operator's on an operator-only route. */
export const notOperatorKey = () => new ServiceError(401, 'Invalid API key', 'This route needs an operator key');

/** Refuses all but operator keys; returns the actor a change is recorded under (the body's, or the key). */
export function requireOperator(req: FastifyRequest): string {
  if (!req.apiKey?.operator) throw notOperatorKey();
  // the key is who acted, for sure; a name the caller gives rides along, never in its place
  const body = req.body as { actor?: unknown } | undefined;
  const said = typeof body?.actor === 'string' ? body.actor.replace(/[^\w:.@-]/g, '').slice(0, 64) : '';
  return said ? `key:${req.apiKey.id} as ${said}` : `key:${req.apiKey.id}`;
}
