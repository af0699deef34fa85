// A trade as the indexer keeps it, on the curve or on the DEX alike: its row, the token's reserves
// after it, and its feed row.
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import type { FeedTrade } from './feed.js';
import type { TokenRow } from './queries.js';

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
  await ctx.s.insertTrade({
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
