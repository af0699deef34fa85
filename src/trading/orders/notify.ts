// What the order engine tells a user (a fill, a failure, a pause...). Each event is written in the same
// transaction as the order's change (store.moveOrder). A delivery claims each event first (a
// conditional update with a 10-s lease, so one process of several tells it), marks it sent once
// told, and gives it back when the notifier could not take it: what is left unsent (or held by a
// process that died) is delivered at the next delivery or start.
import type { Logger } from 'pino';
import type { OrderRow, TradingStore } from '../store.js';
import type { Reason, TradeOutcome } from '../trade-flow.js';

export type OrderEventKind = 'filled' | 'failed' | 'paused' | 'cancelled' | 'skipped' | 'retrying';

/** What the engine tells the user: one event per fill, failure, pause or cancellation. */
export interface OrderEvent {
  kind: OrderEventKind;
  order: OrderRow;
  /** why it paused, failed, was cancelled or skipped: the engine's English words */
  reason?: string | undefined;
  /**
   * the same as a reason to word in the user's language when it comes from a failure (reasons.ts;
   * the bot: error-text.ts `toldText(s, e.why, e.reason)`); absent for the engine's own words
   */
  why?: Reason | undefined;
  outcome?: TradeOutcome | undefined;
  /** filled: TRX per token the trade got */
  priceTrx?: number | undefined;
  /** the engine's time (the chain's) when it is told: what a DCA's next round is counted from */
  at: number;
}

/** What an order's change records to tell its user. */
export type OrderTell = Omit<OrderEvent, 'order' | 'at'>;

export type OrderNotifier = (e: OrderEvent) => Promise<void> | void;

/** Delivers the recorded, unsent events in order; one delivery at a time, again when more came meanwhile. */
export function createOrderDelivery(deps: {
  store: TradingStore;
  notify: OrderNotifier;
  log: Logger;
  /** the engine's clock (the chain's) */
  now: () => number;
}): () => Promise<void> {
  const { store, log } = deps;
  let delivering: Promise<void> | undefined;
  let again = false;

  async function sendUnsent(): Promise<void> {
    do {
      again = false;
      for (const ev of await store.unsentOrderEvents()) {
        // claim: the event marked sent by one conditional update; another process's delivery skips it
        // the lease is the machine's time: every process of several counts it alike
        if (!(await store.claimOrderEvent(ev.id, Date.now()))) continue;
        const order = await store.order(ev.orderId);
        if (!order) continue;
        const p = JSON.parse(ev.payload) as Omit<OrderEvent, 'kind' | 'order'>;
        try {
          await deps.notify({ ...p, kind: ev.kind as OrderEventKind, order, at: deps.now() });
          await store.markOrderEventSent(ev.id, Date.now());
        } catch (err) {
          // the messenger cannot take it now: given back, the next delivery tries again
          await store.releaseOrderEvent(ev.id);
          log.warn({ order: order.id, err }, 'order message not delivered; will retry');
          return;
        }
      }
    } while (again);
  }

  return function deliver(): Promise<void> {
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = sendUnsent().finally(() => (delivering = undefined));
    return delivering;
  };
}
