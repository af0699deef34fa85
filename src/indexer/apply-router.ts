// The fee router's events: the fee of a trade the facade built is booked once the trade is on chain.
// Only the trades' events carry a fee (version 1's and 2's RouterBuy / RouterSell); a router's other
// events (a change of owner or treasury, a withdrawal of fees) book nothing.
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

const TRADE_EVENTS = new Set(['RouterBuy', 'RouterSell']);

export async function applyRouterFee(ctx: ApplyContext, e: ChainEvent): Promise<void> {
  if (!TRADE_EVENTS.has(e.event_name)) return;
  // taken and booked in the cycle's transaction: both or neither
  await ctx.trades.fee({ txid: e.transaction_id, feeSun: String(e.result.fee ?? '0'), at: e.block_timestamp });
}
