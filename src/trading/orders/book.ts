// The order engine's book: the active orders of each token, which the engine checks after every trade
// of that token (DCA orders are not in it: the clock finds their due rounds in the store), and the last
// price seen of each token. The store is the truth: the book is read again from it on every tick and
// by refresh(), so orders set, moved or cancelled by another process show up.
import type { LaunchpadClient } from '../../client/index.js';
import type { OrderRow, TradingStore } from '../store.js';
import type { Priced } from './triggers.js';

/** A token's market read now: its reserves, supply and symbol. */
export interface PriceNow {
  reserves: Priced;
  supply: bigint;
  symbol: string;
}

/** The book's state and the ways it is kept. */
export interface OrderBook {
  /** Active orders by token (DCA aside), for the checks after each trade. */
  readonly byToken: Map<string, Map<string, OrderRow>>;
  /** The reserves each token was last seen at (a trade in the stream, or a read). */
  readonly lastPrice: Map<string, Priced>;
  /** Puts an order in the book, or takes it out when it is no longer active. */
  index: (o: OrderRow) => void;
  /** Re-reads one order from the store into the book. */
  refresh: (id: string) => Promise<OrderRow | undefined>;
  /** Reads the whole book again. */
  reload: () => Promise<void>;
  /** Reads a token's price now (and remembers it as its last price). */
  priceOf: (token: string) => Promise<PriceNow>;
}

export function createOrderBook(store: TradingStore, client: LaunchpadClient): OrderBook {
  const byToken = new Map<string, Map<string, OrderRow>>();
  const lastPrice = new Map<string, Priced>();

  function index(o: OrderRow): void {
    let m = byToken.get(o.token);
    if (o.status === 'active' && o.kind !== 'dca') {
      if (!m) byToken.set(o.token, (m = new Map<string, OrderRow>()));
      m.set(o.id, o);
    } else {
      // out of the book (a stop-loss that comes back counts again: every status move clears its breach)
      if (!m) return;
      m.delete(o.id);
      if (!m.size) byToken.delete(o.token);
    }
  }

  async function refresh(id: string): Promise<OrderRow | undefined> {
    const o = await store.order(id);
    if (o) index(o);
    return o;
  }

  /** Reads the whole book again: orders set, moved or cancelled by another process show up. */
  async function reload(): Promise<void> {
    const live = await store.activeOrders();
    const ids = new Set(live.map((o) => o.id));
    for (const [, m] of [...byToken])
      for (const o of [...m.values()]) if (!ids.has(o.id)) index({ ...o, status: 'gone' });
    for (const o of live) index(o);
  }

  async function priceOf(token: string): Promise<PriceNow> {
    const p = await client.getTokenPrice(token);
    const reserves = {
      trxReserve: BigInt(p.exact.trxReserveSun),
      tokenReserve: BigInt(p.exact.tokenReserve),
      decimals: p.exact.decimals,
    };
    lastPrice.set(token, reserves);
    return { reserves, supply: BigInt(p.totalSupply), symbol: p.symbol };
  }

  return { byToken, lastPrice, index, refresh, reload, priceOf };
}
