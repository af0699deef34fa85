// The event feed the indexer writes (create, buy, sell, progress, launch; confirmed when a trade is
// final, removed when a fork took an event's block away), read by the live stream and the webhook
// dispatcher. Sequence numbers make both resumable.
import { EventEmitter } from 'node:events';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';

export { FEED_KINDS, type FeedKind } from '../db/schema.js';
import type { FeedKind } from '../db/schema.js';

export interface FeedEvent {
  seq: number;
  kind: FeedKind;
  token: string;
  /** The token's launchpad family (and so its network); null for a creation a fork took back before it was read. */
  family: string | null;
  txid: string;
  timestamp: number;
  data: Record<string, unknown>;
}

export interface FeedFilter {
  kinds?: FeedKind[] | undefined;
  tokens?: string[] | undefined;
}

/** How other instances learn that events were written (Redis pub/sub, REDIS_URL). */
export interface FeedSignal {
  publish(): void;
  on(handler: () => void): void;
}

/** With a signal, the bus also fires this often: a signal lost on the way (a reconnect) costs this much. */
export const FEED_RECHECK_MS = 2_000;

/**
 * `signal`: events are written by the indexer of another instance too (several instances on one
 * database): its signal fires this bus, and the bus fires every FEED_RECHECK_MS as well.
 */
export function createFeed(db: AppDatabase, signal?: FeedSignal) {
  const { t } = db;
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  let recheck: NodeJS.Timeout | undefined;
  if (signal) {
    signal.on(() => bus.emit('feed'));
    recheck = setInterval(() => bus.emit('feed'), FEED_RECHECK_MS);
    recheck.unref();
  }
  return {
    /** Fires when new events were written (here, or by another instance). */
    bus,
    /** Says that new events were written: to this process's readers, and to the other instances'. */
    notify(): void {
      bus.emit('feed');
      signal?.publish();
    },
    close(): void {
      clearInterval(recheck);
    },
    async latestSeq(): Promise<number> {
      const [row] = await db.q
        .select({ m: sql<number>`coalesce(max(${t.feedEvents.seq}), 0)`.mapWith(Number) })
        .from(t.feedEvents);
      return row?.m ?? 0;
    },
    async since(after: number, filter: FeedFilter = {}, limit = 500): Promise<FeedEvent[]> {
      const conds = [gt(t.feedEvents.seq, after)];
      if (filter.kinds?.length) conds.push(inArray(t.feedEvents.kind, filter.kinds));
      if (filter.tokens?.length) conds.push(inArray(t.feedEvents.token, filter.tokens));
      const rows = await db.q
        .select({ r: t.feedEvents, family: t.tokens.family })
        .from(t.feedEvents)
        .leftJoin(t.tokens, eq(t.tokens.address, t.feedEvents.token))
        .where(and(...conds))
        .orderBy(asc(t.feedEvents.seq))
        .limit(limit);
      return rows.map(({ r, family }) => {
        const data = JSON.parse(r.payload) as Record<string, unknown>;
        return {
          seq: r.seq,
          kind: r.kind,
          token: r.token,
          // a removal of a creation carries the family it had (its token's row went with the fork)
          family: family ?? (typeof data.family === 'string' ? data.family : null),
          txid: r.txid,
          timestamp: r.timestamp,
          data,
        };
      });
    },
  };
}

export type Feed = ReturnType<typeof createFeed>;
