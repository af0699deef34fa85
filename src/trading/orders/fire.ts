// Firing orders: a token's orders checked at a price (a trade's in the stream, or one read now), a
// trailing stop raised as the price climbs, a stop-loss's breach kept on its row while it must hold
// (so a restart, or another instance taking the engine over, goes on counting), the clock's look at
// held stop-losses and due DCA rounds, and an order fired. When a level is met is triggers.ts's; the
// engine (engine.ts) calls these with what they share, the book and the trade flow.
//
// Exactly once: a firing order and its trade row are claimed in one transaction (the trade's id is
// `o:<order>:<n>`), then the trade runs through the same flow as a trade by hand; a double trigger, a
// retried event or a restart finds the claim taken.
import { sunToTrx, TOKEN_DECIMALS } from '../../tron/units.js';
import type { Side } from '../../tron/market/index.js';
import { formatPrice } from '../price.js';
import type { OrderRow } from '../store.js';
import type { TradeFlow } from '../trade-flow.js';
import { newTradeRow, type TradeQuote } from '../trade-row.js';
import type { OrderBook } from './book.js';
import type { OrderCore } from './create.js';
import {
  aboveCap,
  afterLook,
  holds,
  mustHold,
  nextRound,
  raisedHigh,
  type Breach,
  type Look,
  type Priced,
} from './triggers.js';

/** What firing takes from the engine. */
export interface FireCore extends OrderCore {
  book: OrderBook;
  trading: Pick<TradeFlow, 'termsFor'>;
  /** delivers what is left to tell */
  deliver(): Promise<void>;
  /** runs a claimed trade, which settles its order when it ends */
  execute(tradeId: string): void;
  /** a quote refused before anything was claimed: the order paused, cancelled or left to try again */
  refused(o: OrderRow, e: unknown): Promise<void>;
}

/** Where a stop-loss's breach began, as its row keeps it. */
const breachOf = (o: OrderRow): Breach | undefined =>
  o.breachAt === null ? undefined : { block: o.breachBlock ?? undefined, at: o.breachAt };

/**
 * Why an order may not fire at the market the node shows, or undefined when it may: its condition
 * (a DCA round: its price cap) must hold there too, whatever price the API's stream told.
 */
function refusalOnChain(o: OrderRow, r: Priced): string | undefined {
  if (o.kind === 'dca') return aboveCap(o, r) ? "the price on chain is above the order's cap" : undefined;
  return holds(o, r) ? undefined : "the price on chain has not reached the order's level";
}

export function createOrderFiring(core: FireCore) {
  const { store, book, now } = core;
  /** The orders being fired in this process: a second trigger meanwhile waits for the next look. */
  const firing = new Set<string>();

  /** Fires an order: quotes, claims the round with its trade row, and runs the trade. */
  async function fire(o: OrderRow): Promise<void> {
    if (firing.has(o.id)) return;
    firing.add(o.id);
    try {
      const user = await store.user(o.userId);
      const wallet = user && (await store.wallet(o.userId, o.walletId));
      if (!user || !wallet) {
        await core.move(o, 'active', 'cancelled', { note: 'its wallet is gone' });
        return;
      }
      const side = o.side as Side;
      const amount = side === 'buy' ? sunToTrx(BigInt(o.amount)) : `${Number(o.amount) / 100}%`;
      let kept: TradeQuote;
      try {
        // its terms from the node: a sell takes no more than the recorded position, and the order's
        // condition must hold at the market the node shows (not only at the price the stream told)
        ({ kept } = await core.trading.termsFor(user, wallet, o.token, side, amount, {
          automated: true,
          symbol: o.symbol,
          refuse: (m) => refusalOnChain(o, { ...m.reserves, decimals: TOKEN_DECIMALS }),
        }));
      } catch (e) {
        return await core.refused(o, e);
      }
      const id = `o:${o.id}:${await store.orderTradeCount(o.id)}`;
      const t = now();
      const row = newTradeRow({
        id,
        userId: o.userId,
        chatId: o.userId,
        walletId: o.walletId,
        token: o.token,
        side,
        amount,
        slippagePct: store.settings(user).slippage,
        quote: kept,
        status: 'claimed',
        at: t,
        expiresAt: t,
        orderId: o.id,
      });
      // claim: the round's trade row and the order's move to executing, in one transaction (store.claimOrderRound)
      const claimed = await store.claimOrderRound(o.id, row);
      await core.refresh(o.id);
      if (claimed) core.execute(id);
    } finally {
      firing.delete(o.id);
    }
  }

  /**
   * Whether an order fires at this look (a trade's, or one without a block: now): at once when its
   * condition holds, or for a stop-loss that must hold, once it has held (its breach kept on its row).
   */
  async function due(o: OrderRow, r: Priced, look: Look = { at: now() }): Promise<boolean> {
    if (!mustHold(o)) return holds(o, r);
    const before = breachOf(o);
    const next = afterLook(o, r, before, look);
    if (next.breach?.block !== before?.block || next.breach?.at !== before?.at) {
      const fields = { breachBlock: next.breach?.block ?? null, breachAt: next.breach?.at ?? null };
      await store.updateOrder(o.id, fields);
      Object.assign(o, fields);
    }
    return next.fires;
  }

  /** Checks a token's active orders at a price (from the stream with its block, or read now). */
  async function check(token: string, at?: Priced, look?: Look): Promise<void> {
    const orders = book.byToken.get(token);
    if (!orders?.size) return;
    const r = at ?? (await book.priceOf(token)).reserves;
    for (const o of [...orders.values()]) {
      // a trailing stop follows the price up before it is checked
      const high = o.kind === 'trail' ? raisedHigh(o, r) : undefined;
      if (high !== undefined) {
        await store.updateOrder(o.id, { highE18: high.toString() });
        o.highE18 = high.toString();
      }
      if (await due(o, r, look)) await fire(o);
    }
  }

  /**
   * The clock's look at each stop-loss whose breach is counting, at the last price seen: when no trade
   * came to lift the price, it fires once its hold has passed in time (N − 1 blocks of 3 s).
   */
  async function heldStops(): Promise<void> {
    for (const [token, orders] of [...book.byToken]) {
      const r = book.lastPrice.get(token);
      if (!r) continue;
      for (const o of [...orders.values()]) if (o.breachAt !== null && (await due(o, r))) await fire(o);
    }
  }

  /**
   * Reads the book again, delivers what is left to tell, fires the stop-losses that have held long
   * enough, and runs due DCA rounds (a round above its price cap is skipped; it still counts).
   */
  async function tick(): Promise<void> {
    await book.reload();
    await core.deliver();
    await heldStops();
    for (const o of await store.dueOrders(now())) {
      if (o.triggerE18 && aboveCap(o, book.lastPrice.get(o.token) ?? (await book.priceOf(o.token)).reserves)) {
        const r = nextRound(
          o,
          `skipped: the price was above ${formatPrice(BigInt(o.triggerE18))} TRX`,
          'filled',
          now(),
        );
        await core.move(o, 'active', r.to, r.fields, { kind: 'skipped', reason: 'the price was above the cap' });
        continue;
      }
      await fire(o);
    }
  }

  return { fire, due, check, heldStops, tick };
}
