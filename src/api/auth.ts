// api-key authentication and the plan's rate limit, keyed by the key. A request without a key
// this process knows to be valid (missing, malformed, unknown) is counted against its client
// address first, and past ANONYMOUS_PER_MINUTE is refused with 429 before any key is hashed or
// looked up; a key the lookup finds valid is given back, so only failed tries count.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Errors, ServiceError } from '../service/errors.js';
import { SnapshotStore } from './rate-store.js';
import { ANONYMOUS_PER_MINUTE, WINDOW_MS, addressOf, tooMany } from './address-limit.js';
import type { SharedRedis } from '../db/redis.js';
import type { KeyInfo, KeysService } from '../service/keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: KeyInfo;
  }
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;
/** Takes one off a counter that still exists (Redis). */
const REFUND = "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0";
/** The counter of an address's requests without a valid key. */
const addressKey = (req: FastifyRequest) => `ip:${addressOf(req)}`;

/** The header's key if it can be one (a string of 1 to 200 characters). */
function keyIn(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && header !== '' && header.length <= 200 ? header : undefined;
}

/**
 * `shared`: the counters live in Redis (several API instances count each key's requests, and each
 * address's requests without a valid key, together, in the same fixed per-minute windows); unset,
 * in this process.
 */
export async function registerAuth(app: FastifyInstance, keys: KeysService, shared?: SharedRedis): Promise<void> {
  const store = new SnapshotStore();
  const nameSpace = `${shared?.prefix ?? ''}api:rate:`;
  await app.register(rateLimit, {
    global: true,
    // one counter per key, shared by every route, and one per address for requests without a
    // valid key: in Redis (every instance's), or in this process
    ...(shared
      ? {
          redis: shared.redis,
          nameSpace,
          // Redis away: requests are served unlimited rather than refused (ioredis says so in the log)
          skipOnError: true,
        }
      : {
          store: function Store() {
            return store;
          } as never,
        }),
    timeWindow: WINDOW_MS,
    keyGenerator: (req) => (req.apiKey ? `key:${req.apiKey.id}` : addressKey(req)),
    max: (req) => (req.apiKey ? (req.apiKey.rpm ?? UNLIMITED) : ANONYMOUS_PER_MINUTE),
    // public routes, keys whose plan has no limit, and managed keys (a front end such as the bot
    // limits its users itself) skip the counter and its headers
    allowList: (req) =>
      req.routeOptions.config.public === true ||
      (req.apiKey !== undefined && (req.apiKey.rpm === null || req.apiKey.managed)),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, after: ctx.after }),
  });
  // the same store, key (`ip:` and the address) and limit, counted by the hook below; the plugin's
  // own counting runs in each route's hooks, after this app-wide hook has found the request's key
  const countAddress = app.createRateLimit();
  /** Gives back the count taken ahead of a lookup that found a valid key (only failed tries count). */
  const refund = (req: FastifyRequest): void => {
    if (!shared) return store.decr(addressKey(req));
    // the plugin's Redis store keeps the count at its name space + the key; a window that ended
    // meanwhile is left alone
    shared.redis
      .eval(REFUND, 1, nameSpace + addressKey(req))
      .catch((e: unknown) => req.log.debug({ err: e }, 'could not give back an address count'));
  };
  /** Counts a try without a valid key against the address: 429 once it is over its limit, else undefined. */
  const overLimit = async (req: FastifyRequest, reply: FastifyReply): Promise<ServiceError | undefined> => {
    const limit = await countAddress(req);
    return !limit.isAllowed && limit.isExceeded
      ? tooMany(reply, ANONYMOUS_PER_MINUTE, limit.ttl ?? WINDOW_MS, 'requests without a valid API key')
      : undefined;
  };

  // The lookups under way, by key: a request whose key is being looked up waits for that lookup
  // (a client's first burst with a new key is one lookup, counted once against its address).
  const checking = new Map<string, Promise<KeyInfo | null>>();

  // a callback hook, not an async one: no promise per request that a recent key makes
  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.public || req.routeOptions.url === undefined) return done();
    const header = req.headers['api-key'];
    const key = keyIn(header);
    const take = (info: KeyInfo) => {
      req.apiKey = info;
      done();
    };
    /** A key found invalid by a lookup this request did not count: it counts now. */
    const refuse = () => overLimit(req, reply).then((limited) => done(limited ?? Errors.invalidKey()), done);
    if (key === undefined) {
      const refusal = header === undefined || header === '' ? Errors.missingKey() : Errors.invalidKey();
      overLimit(req, reply).then((limited) => done(limited ?? refusal), done);
      return;
    }
    // a key seen valid in the last seconds is answered at once
    const lately = keys.verifiedLately(key);
    if (lately !== undefined) return take(lately);
    const under = checking.get(key);
    if (under) {
      under.then((info) => (info ? take(info) : refuse()), done);
      return;
    }
    // A key valid when this process last saw it is looked up again without counting against the
    // address, so a flood of random keys from an address does not lock out a real key used from
    // there (revoked since, it counts as any failed try). Any other key is counted before it is
    // hashed or looked up, past the limit not looked up at all, and given back if it is valid: a
    // front end holding many users' keys (the bot) is never limited by its address.
    const known = keys.knownKey(key);
    const limited = known ? Promise.resolve(undefined) : overLimit(req, reply);
    const lookup = limited.then((over) => (over ? null : keys.verify(key)));
    checking.set(key, lookup);
    const settled = () => void checking.delete(key);
    lookup.then(settled, settled);
    Promise.all([limited, lookup]).then(([over, info]) => {
      if (info && !known) refund(req);
      if (info) return take(info);
      if (known) return void refuse();
      done(over ?? Errors.invalidKey());
    }, done);
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
