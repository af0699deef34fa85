// Calls to a real node are paced and retried: a token bucket (TRON_RPS a second, bursts up to one
// second's worth) shared by every request TronWeb makes (full node, solidity node, event server), and
// on 429 or 503 (TronGrid's answers to too many requests) a retry after the server's Retry-After or
// an exponential backoff. A busy node then slows the product down instead of failing its users.
// Every call retried is safe to send again: reads, and a broadcast of the same signed bytes (the
// node answers a duplicate with DUP_TRANSACTION_ERROR, which the service reads as sent).
import { setTimeout as sleep } from 'node:timers/promises';
import Bottleneck from 'bottleneck';
import type { TronWeb } from 'tronweb';

export interface PacingOptions {
  /** requests a second, on average; 0 = unpaced */
  rps: number;
  /** retries of one request answered 429 or 503 (default 5) */
  retries?: number;
  /** the first backoff (ms) when the server gives no Retry-After; doubles each time (default 250) */
  baseDelayMs?: number;
  /** the longest wait before a retry (ms, default 10 s) */
  maxDelayMs?: number;
  onRetry?: (info: { status: number; attempt: number; delayMs: number; url: string }) => void;
}

/** What an answer must be to be tried again. */
const RETRY_STATUSES = new Set([429, 503]);

/** The shape of the axios instances TronWeb keeps (its providers' `instance`). */
interface AxiosLike {
  interceptors: {
    request: { use(f: (c: Config) => Promise<Config> | Config): number };
    response: { use(ok: ((r: unknown) => unknown) | null, err: (e: unknown) => unknown): number };
  };
  request(config: Config): Promise<unknown>;
}
type Config = Record<string, unknown> & { url?: string; baseURL?: string; __retries?: number };

/** Seconds or an HTTP date, as Retry-After says; undefined when absent or unreadable. */
export function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** A token bucket of `rps` a second holding at most a second's worth (at least one). */
export function tokenBucket(rps: number): Bottleneck {
  const burst = Math.max(1, Math.round(rps));
  // refilled every `every` ms (Bottleneck refills on its heartbeat, so the two are the same)
  const every = Math.max(50, Math.floor(1000 / rps));
  return new Bottleneck({
    reservoir: burst,
    reservoirIncreaseAmount: (rps * every) / 1000,
    reservoirIncreaseInterval: every,
    reservoirIncreaseMaximum: burst,
    heartbeatInterval: every,
  });
}

/** Paces and retries every request of this TronWeb; returns it. */
export function pace(tw: TronWeb, opts: PacingOptions): TronWeb {
  const bucket = opts.rps > 0 ? tokenBucket(opts.rps) : undefined;
  const retries = opts.retries ?? 5;
  const base = opts.baseDelayMs ?? 250;
  const max = opts.maxDelayMs ?? 10_000;
  const instances = new Set(
    [tw.fullNode, tw.solidityNode, tw.eventServer].map(
      (p) => (p as unknown as { instance?: AxiosLike } | undefined)?.instance,
    ),
  );
  for (const http of instances) {
    if (!http) continue;
    if (bucket) http.interceptors.request.use((config) => bucket.schedule<Config>(async () => config));
    http.interceptors.response.use(null, async (err: unknown) => {
      const e = err as { response?: { status?: number; headers?: Record<string, unknown> }; config?: Config };
      const status = e.response?.status;
      const config = e.config;
      if (!config || status === undefined || !RETRY_STATUSES.has(status)) throw err;
      const attempt = (config.__retries ?? 0) + 1;
      if (attempt > retries) throw err;
      const delayMs = Math.min(retryAfterMs(e.response?.headers?.['retry-after']) ?? base * 2 ** (attempt - 1), max);
      opts.onRetry?.({ status, attempt, delayMs, url: `${config.baseURL ?? ''}${config.url ?? ''}` });
      await sleep(delayMs);
      return http.request({ ...config, __retries: attempt });
    });
  }
  return tw;
}
