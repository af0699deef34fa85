// The event feed's rows (what the live stream and the webhooks send), written in the same transaction
// as the change they report. On Postgres, where each statement is a round trip, a cycle's rows are
// kept in order and written together before its transaction commits (`flush`): a multi-row insert
// numbers them in the order given, and nothing reads the feed inside the cycle. An event of the
// chain keeps its block number in its row while the block stands, so that a fork's rollback can
// say `removed` for each event the replaced blocks told (tellRemoved).
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { priceTrx } from '../tron/market/index.js';
import { tokenNumber, trxNumber } from '../tron/units.js';
import type { ChainEvent } from './event-api.js';
import { parts, tokensOf, type Q, type Statements, type Tables } from './queries.js';

export type { FeedKind } from '../db/schema.js';
import type { FeedKind, feedEvents, trades } from '../db/schema.js';

/** A trade as the feed tells it: who, how much, and the reserves after it. */
export interface FeedTrade {
  user: string;
  trx: bigint;
  tokens: bigint;
  trxReserve: bigint;
  tokenReserve: bigint;
}

/** A trade row as the index keeps it. */
type IndexedTrade = typeof trades.$inferSelect;

/** What the feed says of a trade it confirms or removes: which one, and what it was. */
const tradeFacts = (t: IndexedTrade) => ({
  of: t.type === 'BUY' ? 'buy' : 'sell',
  user: t.user,
  eventIndex: t.eventIndex,
  trxAmountSun: t.trxAmount,
  tokenAmountExact: t.tokenAmount,
});

/** The event-shaped facts a feed row is written from. */
const eventOf = (t: IndexedTrade) =>
  ({ transaction_id: t.txid, block_timestamp: t.timestamp, block_number: t.blockNumber }) as ChainEvent;

/** A feed row as written. */
export interface FeedRow {
  kind: FeedKind;
  token: string;
  txid: string;
  timestamp: number;
  payload: string;
  /** The block of an event of the chain; null for a note on another event. */
  blockNumber: number | null;
}

/** The kinds that are notes on another event (a trade made final, an event a fork took away), not events of a block. */
const NOTES: ReadonlySet<FeedKind> = new Set<FeedKind>(['confirmed', 'removed']);

/** A feed row as stored. */
type StoredRow = typeof feedEvents.$inferSelect;

/**
 * Writes feed rows in one transaction: each at once with its statement, or, given `many` (Postgres),
 * kept until `flush`, which the transaction must call before it commits. `onWrite` hears of each.
 */
export class FeedWriter {
  private readonly kept: FeedRow[] = [];

  constructor(
    private readonly s: Statements,
    private readonly onWrite: () => void,
    private readonly many?: (rows: FeedRow[]) => Promise<unknown>,
  ) {}

  /** Appends a row. */
  async write(kind: FeedKind, token: string, e: ChainEvent, payload: Record<string, unknown>): Promise<void> {
    const row = {
      kind,
      token,
      txid: e.transaction_id,
      timestamp: e.block_timestamp,
      // the block it came in: what "for N blocks" is counted in (a stop-loss that must hold)
      payload: JSON.stringify({ token, ...payload, blockNumber: e.block_number }),
      blockNumber: NOTES.has(kind) ? null : e.block_number,
    };
    if (this.many) this.kept.push(row);
    else await this.s.feed(row);
    this.onWrite();
  }

  /** Writes the rows kept so far, in their order. */
  async flush(): Promise<void> {
    if (!this.many) return;
    for (const part of parts(this.kept)) await this.many(part);
    this.kept.length = 0;
  }

  /** A trade: who, how much (numbers and exact strings) and the price after it. */
  trade(
    buy: boolean,
    e: ChainEvent,
    row: { address: string; symbol: string; decimals: number },
    t: FeedTrade,
    extra: Record<string, unknown>,
  ): Promise<void> {
    return this.write(buy ? 'buy' : 'sell', row.address, e, {
      symbol: row.symbol,
      user: t.user,
      trxAmount: trxNumber(t.trx),
      trxAmountSun: t.trx.toString(),
      tokenAmount: tokenNumber(t.tokens, row.decimals),
      tokenAmountExact: t.tokens.toString(),
      priceInTrx: priceTrx(t, row.decimals),
      // the reserves after the trade, exact: the price a program can compare without rounding
      trxReserveSun: t.trxReserve.toString(),
      tokenReserve: t.tokenReserve.toString(),
      ...extra,
    });
  }

  /** A trade's block became solid: the trade is final. */
  confirmed(t: IndexedTrade): Promise<void> {
    return this.write('confirmed', t.token, eventOf(t), tradeFacts(t));
  }

  /** A fork took a trade's block away: the trade is gone (unless the new blocks hold it again). */
  removed(t: IndexedTrade): Promise<void> {
    return this.write('removed', t.token, eventOf(t), tradeFacts(t));
  }

  /**
   * A fork took away the block of an event other than a trade (a creation, a launch, progress; or a
   * trade whose row is gone): it is undone (unless the new blocks hold it again); the removal carries
   * the event's own facts.
   */
  removedEvent(row: StoredRow & { blockNumber: number }, family?: string): Promise<void> {
    const { token: _token, blockNumber: _block, ...facts } = JSON.parse(row.payload) as Record<string, unknown>;
    const e = { transaction_id: row.txid, block_timestamp: row.timestamp, block_number: row.blockNumber };
    // a creation's removal names the family: the token's row goes with the fork, and with it the family
    const named = row.kind === 'create' && family ? { family } : {};
    return this.write('removed', row.token, e as ChainEvent, { of: row.kind, ...facts, ...named });
  }
}

/** A trade's own feed row and the trade: the same transaction, token and side. */
const tradeKey = (txid: string, token: string, side: string) => `${txid}|${token}|${side}`;

/**
 * A fork replaced the blocks from `from` on: the feed says `removed` for each event they told of (a
 * creation, trade, progress or launch), in the feed's order, and those events no longer stand in a
 * block (a later fork does not take them away twice). A trade's removal names it as the trades table
 * has it (`removed`); trades whose feed rows carry no block (written by an older version) follow.
 * Runs in the rollback's transaction, before the journal takes the blocks' changes back.
 */
export async function tellRemoved(
  ctx: { q: Q; t: Tables; feed: FeedWriter },
  from: number,
  families?: readonly string[],
): Promise<{ trades: number; events: number }> {
  const { q, t, feed } = ctx;
  // the network's rows only, when another shares the database: its families' tokens'
  const gone = await q
    .select()
    .from(t.trades)
    .where(
      and(gte(t.trades.blockNumber, from), families ? inArray(t.trades.token, tokensOf(q, t, families)) : undefined),
    )
    .orderBy(asc(t.trades.id));
  const ours = and(
    gte(t.feedEvents.blockNumber, from),
    families ? inArray(t.feedEvents.token, tokensOf(q, t, families)) : undefined,
  );
  const told = await q
    .select({ row: t.feedEvents, family: t.tokens.family })
    .from(t.feedEvents)
    .leftJoin(t.tokens, eq(t.tokens.address, t.feedEvents.token))
    .where(ours)
    .orderBy(asc(t.feedEvents.seq));
  // each side's trades of a transaction, in the order their rows and feed rows were both written
  const trades = new Map<string, IndexedTrade[]>();
  for (const tr of gone) {
    const key = tradeKey(tr.txid, tr.token, tr.type === 'BUY' ? 'buy' : 'sell');
    trades.set(key, [...(trades.get(key) ?? []), tr]);
  }
  let events = 0;
  for (const { row, family } of told) {
    const { blockNumber } = row;
    if (blockNumber === null) continue; // (the query's condition)
    const trade = trades.get(tradeKey(row.txid, row.token, row.kind))?.shift();
    if (trade) {
      await feed.removed(trade);
      continue;
    }
    await feed.removedEvent({ ...row, blockNumber }, family ?? undefined);
    events++;
  }
  const untold = [...trades.values()].flat().sort((a, b) => a.id - b.id);
  for (const tr of untold) await feed.removed(tr);
  await q.update(t.feedEvents).set({ blockNumber: null }).where(ours);
  return { trades: gone.length, events };
}
