// Which events a block brings for the first time: each event is applied once, whatever re-reads the
// boundary of a window, a crash or a restart cause (seen_events is the gate).
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import { parts } from './queries.js';

export const seenKey = (txid: string, contract: string, index: number) => `${txid}|${contract}|${index}`;
/** Rows in one insert: three parameters each, well under SQLite's and Postgres's limits. */
const SEEN_BATCH = 500;

/**
 * Marks these events seen; returns the keys of those seen only now (each to be applied once). On
 * Postgres in one multi-row insert per 500 (a round trip each); on SQLite, in this process, one
 * prepared insert an event costs less than building the multi-row one.
 */
export async function markSeen(
  ctx: ApplyContext,
  group: Array<{ contract: string; e: ChainEvent }>,
): Promise<Set<string>> {
  const { q, t } = ctx;
  const fresh = new Set<string>();
  if (!ctx.remote) {
    for (const { contract, e } of group) {
      const made = await ctx.s.seen({ txid: e.transaction_id, contract, idx: e.event_index });
      if (made.length) fresh.add(seenKey(e.transaction_id, contract, e.event_index));
    }
    return fresh;
  }
  for (const part of parts(group, SEEN_BATCH)) {
    const rows = part.map(({ contract, e }) => ({ txid: e.transaction_id, contract, eventIndex: e.event_index }));
    const made = await q
      .insert(t.seenEvents)
      .values(rows)
      .onConflictDoNothing()
      .returning({ txid: t.seenEvents.txid, contract: t.seenEvents.contract, eventIndex: t.seenEvents.eventIndex });
    for (const r of made) fresh.add(seenKey(r.txid, r.contract, r.eventIndex));
  }
  return fresh;
}
