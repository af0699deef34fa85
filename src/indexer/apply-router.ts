// The fee router's events: the fee of a trade the facade built is booked once the trade is on chain.
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

export async function applyRouterFee(ctx: ApplyContext, e: ChainEvent): Promise<void> {
  // taken and booked in the cycle's transaction: both or neither
  const [pending] = await ctx.s.takePendingFee({ txid: e.transaction_id });
  if (!pending) return;
  await ctx.s.bookFee({
    txid: e.transaction_id,
    apiKeyId: pending.apiKeyId,
    token: pending.token,
    side: pending.side,
    feeSun: String(e.result.fee ?? '0'),
    confirmedAt: e.block_timestamp,
  });
}
