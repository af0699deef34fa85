// The event feed the indexer writes (create, buy, sell, progress, launch), read by the live stream
// and the webhook dispatcher. Sequence numbers make both resumable.
import { EventEmitter } from 'node:events';
import { and, asc, gt, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';

export { FEED_KINDS, type FeedKind } from '../db/schema.js';
import type { FeedKind } from '../db/schema.js';

export interface FeedEvent {
  seq: number;
  kind: FeedKind;
  token: string;
  txid: string;
  timestamp: number;
  data: Record<string, unknown>;
}

export interface FeedFilter {
  kinds?: FeedKind[] | undefined;
  tokens?: string[] | undefined;
}

export function createFeed(db: AppDb) {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    /** Fires when new events were written. */
    bus,
    notify(): void {
      bus.emit('feed');
    },
    latestSeq(): number {
      return (
        db
          .select({ m: sql<number>`coalesce(max(${t.feedEvents.seq}), 0)` })
          .from(t.feedEvents)
          .get()?.m ?? 0
      );
    },
    since(after: number, filter: FeedFilter = {}, limit = 500): FeedEvent[] {
      const conds = [gt(t.feedEvents.seq, after)];
      if (filter.kinds?.length) conds.push(inArray(t.feedEvents.kind, filter.kinds));
      if (filter.tokens?.length) conds.push(inArray(t.feedEvents.token, filter.tokens));
      return db
        .select()
        .from(t.feedEvents)
        .where(and(...conds))
        .orderBy(asc(t.feedEvents.seq))
        .limit(limit)
        .all()
        .map((r) => ({
          seq: r.seq,
          kind: r.kind,
          token: r.token,
          txid: r.txid,
          timestamp: r.timestamp,
          data: JSON.parse(r.payload) as Record<string, unknown>,
        }));
    },
  };
}

export type Feed = ReturnType<typeof createFeed>;
