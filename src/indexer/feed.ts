// The event feed's rows (what the live stream and the webhooks send), written in the same transaction
// as the change they report. On Postgres, where each statement is a round trip, a cycle's rows are
// kept in order and written together before its transaction commits (`flush`): a multi-row insert
// numbers them in the order given, and nothing reads the feed inside the cycle.
import { priceTrx } from '../tron/market/index.js';
import { tokenNumber, trxNumber } from '../tron/units.js';
import type { ChainEvent } from './event-api.js';
import { parts, type Statements } from './queries.js';

export type { FeedKind } from '../db/schema.js';
import type { FeedKind, trades } from '../db/schema.js';

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
}

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
}
