// A trade as the indexer keeps it, on the curve or on the DEX alike: its row, the token's reserves
// after it, and its feed row; and the router's fee booked for it. On SQLite each row is written as
// it comes. On Postgres, where each statement is a round trip, a block's trade rows go in one
// multi-row insert (numbered in the order given, so their ids keep the block's order) and its fees
// in one delete of the announced fees and one insert of those booked, when the block ends (`flush`);
// nothing reads trades or fees while a block is applied.
import { inArray } from 'drizzle-orm';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import type { FeedTrade } from './feed.js';
import { parts, type Q, type Statements, type Tables, type TokenRow } from './queries.js';

export interface Trade extends FeedTrade {
  buy: boolean;
  /** The launchpad (curve) or the pair (DEX) the trade went through. */
  pool: string;
  /** The launchpad's fee (none on the DEX: the pool's 0.3 % is in the price). */
  fee: bigint;
  /** The fee router's cut, as its event says ('0' without the router). */
  routerFee: string;
}

/** Records a trade; `extra` goes into its feed row. */
export async function recordTrade(
  ctx: ApplyContext,
  e: ChainEvent,
  row: TokenRow,
  trade: Trade,
  extra: Record<string, unknown>,
): Promise<void> {
  const token = row.address;
  await ctx.trades.add({
    txid: e.transaction_id,
    eventIndex: e.event_index,
    token,
    type: trade.buy ? 'BUY' : 'SELL',
    user: trade.user,
    pool: trade.pool,
    trxAmount: trade.trx.toString(),
    tokenAmount: trade.tokens.toString(),
    fee: trade.fee.toString(),
    routerFee: trade.routerFee,
    trxReserveAfter: trade.trxReserve.toString(),
    tokenReserveAfter: trade.tokenReserve.toString(),
    blockNumber: e.block_number,
    blockId: (await ctx.blockId(e.block_number)) ?? null,
    confirmed: e.block_number <= ctx.solid,
    timestamp: e.block_timestamp,
  });
  await ctx.tokens.setReserves(token, trade.trxReserve, trade.tokenReserve, e.block_timestamp);
  await ctx.feed.trade(trade.buy, e, row, trade, { ...extra, confirmed: e.block_number <= ctx.solid });
}

type TradeRow = Tables['trades']['$inferInsert'];
/** A router fee seen on chain: the transaction, the sun its event says, the block's time. */
type FeeSeen = { txid: string; feeSun: string; at: number };

export class TradeBook {
  /** Postgres: the block's trade rows, in order. */
  private readonly rows: TradeRow[] = [];
  /** Postgres: the block's router fees, by transaction (the first event of each). */
  private readonly fees = new Map<string, FeeSeen>();

  constructor(
    private readonly q: Q,
    private readonly t: Tables,
    private readonly s: Statements,
    private readonly remote: boolean,
  ) {}

  /** Records a trade's row (a repeated one is ignored). */
  async add(row: TradeRow): Promise<void> {
    if (this.remote) this.rows.push(row);
    else await this.s.insertTrade(row);
  }

  /** Books the fee the facade announced for this transaction, if it did; taken and booked at once. */
  async fee(seen: FeeSeen): Promise<void> {
    if (this.remote) {
      if (!this.fees.has(seen.txid)) this.fees.set(seen.txid, seen);
      return;
    }
    const [pending] = await this.s.takePendingFee({ txid: seen.txid });
    if (pending) await this.s.bookFee({ ...pending, txid: seen.txid, feeSun: seen.feeSun, confirmedAt: seen.at });
  }

  /** Writes what the block recorded (Postgres); call before the next block's changes are journaled. */
  async flush(): Promise<void> {
    const { q, t } = this;
    for (const part of parts(this.rows)) await q.insert(t.trades).values(part).onConflictDoNothing();
    this.rows.length = 0;
    for (const txids of parts([...this.fees.keys()])) {
      const taken = await q.delete(t.pendingFees).where(inArray(t.pendingFees.txid, txids)).returning({
        txid: t.pendingFees.txid,
        apiKeyId: t.pendingFees.apiKeyId,
        token: t.pendingFees.token,
        side: t.pendingFees.side,
      });
      const booked = taken.map((p) => {
        const seen = this.fees.get(p.txid)!;
        return { ...p, feeSun: seen.feeSun, confirmedAt: seen.at };
      });
      if (booked.length) await q.insert(t.feeLedger).values(booked).onConflictDoNothing();
    }
    this.fees.clear();
  }
}
