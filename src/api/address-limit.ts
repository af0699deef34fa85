// Limits by client address, for what is answered without a valid key: requests with a missing,
// malformed or unknown key (counted in auth.ts, before any key is looked up) and the monitoring
// routes /healthz, /readyz and /metrics. Past a limit the answer is the spec's envelope,
// `429 Rate limit exceeded`, with Retry-After, as for a key over its plan.
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ServiceError } from '../service/errors.js';
import { SnapshotStore } from './rate-store.js';

/** Requests a minute one address may make without a valid key (each lookup of a key not known here counts). */
export const ANONYMOUS_PER_MINUTE = 30;
/** Requests a minute one address may make to each of /healthz, /readyz and /metrics. */
export const MONITOR_PER_MINUTE = 60;
export const WINDOW_MS = 60_000;

/** The address a limit counts: an IPv6 client by its /64 (one host holds a whole /64). */
export const addressOf = (req: FastifyRequest): string => normalizeIP(req.ip, 64);

/** The refusal past a per-address limit; sets the same headers as a key's 429. */
export function tooMany(reply: FastifyReply, max: number, ttlMs: number, what: string): ServiceError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  void reply
    .header('x-ratelimit-limit', max)
    .header('x-ratelimit-remaining', 0)
    .header('x-ratelimit-reset', seconds)
    .header('retry-after', seconds);
  return new ServiceError(429, 'Rate limit exceeded', `Too many ${what} from this address; retry in ${seconds} s`);
}

/**
 * An onRequest hook that lets each address make `max` requests a minute to the route it is put on
 * (counted in this process: what a monitor asks of one instance).
 */
export function routeLimit(max: number): onRequestHookHandler {
  const store = new SnapshotStore();
  return (req, reply, done) => {
    store.incr(
      `${req.routeOptions.url ?? ''} ${addressOf(req)}`,
      (_err, { current, ttl }) => done(current > max ? tooMany(reply, max, ttl, 'requests') : undefined),
      WINDOW_MS,
    );
  };
}
