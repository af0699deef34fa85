// How long the HTTP server waits on a client (docs/operations.md#http-timeouts). Node measures the
// request and headers timeouts while a request is being *received*: once a request has fully
// arrived, its answer may take as long as it takes (the live stream's answer never ends); what
// closes a connection then is a socket silent both ways for `connectionTimeout`, which the stream's
// heartbeat (every 15 s) never lets happen.
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';

export interface HttpTimeouts {
  /**
   * The whole request, headers and body, must arrive within this (ms), or the client gets 408 and
   * the connection is closed: a client sending a byte at a time (slowloris) holds a socket no longer.
   */
  requestTimeout: number;
  /** The headers alone must arrive within this (ms); at most `requestTimeout`. */
  headersTimeout: number;
  /** A socket with no traffic either way this long (ms) is closed, mid-answer too. */
  connectionTimeout: number;
  /**
   * An idle keep-alive connection is kept this long (ms) for the client's next request: longer than
   * a load balancer's own idle timeout (AWS ALB: 60 s), so the balancer closes it first and never
   * sends a request on a connection the API is closing.
   */
  keepAliveTimeout: number;
  /** How often (ms) Node looks for requests past `requestTimeout` or `headersTimeout`. */
  checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  // bodies are at most 64 KiB (BODY_LIMIT): seconds on the slowest link
  requestTimeout: 30_000,
  headersTimeout: 15_000,
  // well above the stream's heartbeat (15 s) and the bot's webhook answer (9 s)
  connectionTimeout: 120_000,
  keepAliveTimeout: 72_000,
  // Node's default (30 s) would let a slow client stay up to a minute
  checkEveryMs: 5_000,
};

/** Fastify's options for these timeouts (`given` overrides the defaults: tests use small values). */
export function timeoutOptions(
  given: Partial<HttpTimeouts> = {},
): Pick<FastifyHttpOptions<Server>, 'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout' | 'http'> {
  const t = { ...HTTP_TIMEOUTS, ...given };
  const requestTimeout = t.requestTimeout;
  return {
    connectionTimeout: t.connectionTimeout,
    keepAliveTimeout: t.keepAliveTimeout,
    requestTimeout,
    // Node's own options of the server Fastify makes (Fastify sets the three above after making it)
    http: {
      requestTimeout,
      headersTimeout: Math.min(t.headersTimeout, requestTimeout),
      connectionsCheckingInterval: t.checkEveryMs,
    },
  };
}
