// The fee router's events: the fee of a trade the facade built is booked once the trade is on chain.
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

export function applyRouterFee(ctx: ApplyContext, e: ChainEvent): void {
  const pending = ctx.q.pendingFee.get({ txid: e.transaction_id });
  if (!pending) return;
  ctx.q.bookFee.run({
    txid: e.transaction_id,
    apiKeyId: pending.apiKeyId,
    token: pending.token,
    side: pending.side,
    feeSun: String(e.result.fee ?? '0'),
    confirmedAt: e.block_timestamp,
  });
  ctx.q.dropPendingFee.run({ txid: e.transaction_id });
}
