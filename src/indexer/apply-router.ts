// The fee router's events: the fee of a trade the facade built is booked once the trade is on chain.
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

export async function applyRouterFee(ctx: ApplyContext, e: ChainEvent): Promise<void> {
  // taken and booked in the cycle's transaction: both or neither
  await ctx.trades.fee({ txid: e.transaction_id, feeSun: String(e.result.fee ?? '0'), at: e.block_timestamp });
}
