// The order engine: limit orders, take-profit, stop-loss, trailing stops and DCA for each wallet,
// checked when they are set, after every trade of their token (the live stream) and, for DCA and a
// stop-loss that must hold for N blocks, on the clock. When an order holds is triggers.ts's; this
// file streams and fires, settle.ts settles, notify.ts tells. A stop-loss's breach (where its hold
// began) is kept on its row: a restart, or another instance taking the engine over, goes on counting.
//
// Exactly once: a firing order and its trade row are claimed in one transaction (the trade's id
// is `o:<order>:<n>`), then the trade runs through the same flow as a trade by hand (signed bytes
// stored before broadcast, followed to a receipt). A double trigger, a retried event or a restart
// finds the claim taken. Automated trades never wait for a tap; the bot's users' API keys are managed,
// so no request limit refuses them either. Knows nothing of Telegram: results go to a notifier.
//
// Orders may be set in another process (a bot instance on the same Postgres): the book is read again
// from the database on every tick (each second in the bot), and by refresh().
import type { Logger } from 'pino';
import type { LaunchpadClient, StreamEvent } from '../../client/index.js';
import { formatPrice } from '../price.js';
import { TOKEN_DECIMALS, sunToTrx } from '../../tron/units.js';
import type { Accounts } from '../accounts.js';
import type { TradingStream } from '../stream.js';
import type { OrderRow, TradingStore } from '../store.js';
import type { TradeEvents, TradeFlow } from '../trade-flow.js';
import { newTradeRow, type TradeQuote } from '../trade-row.js';
import { createOrderPlacing, OPEN, type OrderCore } from './create.js';
import { createOrderDelivery, type OrderNotifier, type OrderTell } from './notify.js';
import { createOrderSettling } from './settle.js';
import {
  aboveCap,
  afterLook,
  holds,
  levelNow,
  mustHold,
  nextRound,
  raisedHigh,
  type Breach,
  type Look,
  type Priced,
} from './triggers.js';
import type { Side } from '../../tron/market/index.js';

export interface OrderEngineDeps {
  store: TradingStore;
  accounts: Accounts;
  trading: TradeFlow;
  /** the operator's client: token prices */
  client: LaunchpadClient;
  notify: OrderNotifier;
  logger: Logger;
  /** USD per TRX, for market-cap levels */
  trxUsd: number;
  now?: () => number;
  /** How often due DCA rounds and held stop-losses are looked for (ms); 0 = only by tick() (tests). */
  tickMs?: number;
  /** The process's one live stream (absent, or `follow` false: a test feeds events with onEvent). */
  stream?: TradingStream | undefined;
  follow?: boolean;
}

/** The reserves a stream event carries (buys and sells of the index). */
function reservesOf(e: StreamEvent): Priced | undefined {
  const trx = e.data.trxReserveSun;
  const tok = e.data.tokenReserve;
  if (typeof trx !== 'string' || typeof tok !== 'string') return undefined;
  return { trxReserve: BigInt(trx), tokenReserve: BigInt(tok), decimals: TOKEN_DECIMALS };
}

/** Where a stop-loss's breach began, as its row keeps it. */
const breachOf = (o: OrderRow): Breach | undefined =>
  o.breachAt === null ? undefined : { block: o.breachBlock ?? undefined, at: o.breachAt };

/** A stream event as a look at the price: its block (the feed's blockNumber) and the block's time. */
function lookOf(e: StreamEvent): Look {
  return { block: typeof e.data.blockNumber === 'number' ? e.data.blockNumber : undefined, at: e.timestamp };
}

/**
 * Why an order may not fire at the market the node shows, or undefined when it may: its condition
 * (a DCA round: its price cap) must hold there too, whatever price the API's stream told.
 */
function refusalOnChain(o: OrderRow, r: Priced): string | undefined {
  if (o.kind === 'dca') return aboveCap(o, r) ? "the price on chain is above the order's cap" : undefined;
  return holds(o, r) ? undefined : "the price on chain has not reached the order's level";
}

export function createOrderEngine(deps: OrderEngineDeps) {
  const { store, trading, client, logger } = deps;
  const now = deps.now ?? Date.now;
  const log = logger.child({ module: 'orders' });
  /** Active orders by token, for the checks after each trade. */
  const byToken = new Map<string, Map<string, OrderRow>>();
  const lastPrice = new Map<string, Priced>();
  const firing = new Set<string>();
  let stopStream: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  const deliver = createOrderDelivery({ store, notify: deps.notify, log, now });

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

  async function priceOf(token: string): Promise<{ reserves: Priced; supply: bigint; symbol: string }> {
    const p = await client.getTokenPrice(token);
    const reserves = {
      trxReserve: BigInt(p.exact.trxReserveSun),
      tokenReserve: BigInt(p.exact.tokenReserve),
      decimals: p.exact.decimals,
    };
    lastPrice.set(token, reserves);
    return { reserves, supply: BigInt(p.totalSupply), symbol: p.symbol };
  }

  /**
   * Moves an order and, with `tell`, records what to tell its user in the same transaction; then
   * delivers. True when this caller made the move.
   */
  async function move(
    o: OrderRow,
    from: string | readonly string[],
    to: string,
    fields: Partial<OrderRow>,
    tell?: OrderTell,
  ): Promise<boolean> {
    const event = tell && {
      userId: o.userId,
      kind: tell.kind,
      payload: { reason: tell.reason, outcome: tell.outcome, priceTrx: tell.priceTrx },
    };
    const moved = await store.moveOrder(o.id, from, to, fields, event);
    await refresh(o.id);
    if (moved && tell) void deliver();
    return moved;
  }

  /** A trade's events for an order's trade: the result settles the order. */
  const tradeEvents: TradeEvents = {
    pending: () => undefined,
    done: (t, outcome) => settling.settle(t, outcome),
    undone: (t, outcome) => settling.undone(t, outcome),
  };

  function execute(tradeId: string): void {
    trading
      .execute(tradeId, tradeEvents)
      .catch((err: unknown) => log.error({ trade: tradeId, err }, 'order trade failed'));
  }

  /** Fires an order: quotes, claims the round with its trade row, and runs the trade. */
  async function fire(o: OrderRow): Promise<void> {
    if (firing.has(o.id)) return;
    firing.add(o.id);
    try {
      const user = await store.user(o.userId);
      const wallet = user && (await store.wallet(o.userId, o.walletId));
      if (!user || !wallet) {
        await move(o, 'active', 'cancelled', { note: 'its wallet is gone' });
        return;
      }
      const side = o.side as Side;
      const amount = side === 'buy' ? sunToTrx(BigInt(o.amount)) : `${Number(o.amount) / 100}%`;
      let kept: TradeQuote;
      try {
        // its terms from the node: a sell takes no more than the recorded position, and the order's
        // condition must hold at the market the node shows (not only at the price the stream told)
        ({ kept } = await trading.termsFor(user, wallet, o.token, side, amount, {
          automated: true,
          symbol: o.symbol,
          refuse: (m) => refusalOnChain(o, { ...m.reserves, decimals: TOKEN_DECIMALS }),
        }));
      } catch (e) {
        return await settling.refused(o, e);
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
      await refresh(o.id);
      if (claimed) execute(id);
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
    const orders = byToken.get(token);
    if (!orders?.size) return;
    const r = at ?? (await priceOf(token)).reserves;
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
    for (const [token, orders] of [...byToken]) {
      const r = lastPrice.get(token);
      if (!r) continue;
      for (const o of [...orders.values()]) if (o.breachAt !== null && (await due(o, r))) await fire(o);
    }
  }

  /**
   * Fires the stop-losses that have held long enough, and runs due DCA rounds (a round above its price
   * cap is skipped; it still counts).
   */
  async function tick(): Promise<void> {
    await reload();
    await deliver();
    await heldStops();
    for (const o of await store.dueOrders(now())) {
      if (o.triggerE18 && aboveCap(o, lastPrice.get(o.token) ?? (await priceOf(o.token)).reserves)) {
        const r = nextRound(
          o,
          `skipped: the price was above ${formatPrice(BigInt(o.triggerE18))} TRX`,
          'filled',
          now(),
        );
        await move(o, 'active', r.to, r.fields, { kind: 'skipped', reason: 'the price was above the cap' });
        continue;
      }
      await fire(o);
    }
  }

  const core: OrderCore = { store, accounts: deps.accounts, log, now, trxUsd: deps.trxUsd, priceOf, refresh, move };
  const placing = createOrderPlacing({ ...core, due, fire, check, tick });
  const settling = createOrderSettling({ ...core, check, execute });

  return {
    /** Loads the active orders, settles or resumes those a stop interrupted, checks every token once. */
    async start(): Promise<void> {
      await reload();
      // what a stop left unsaid
      await deliver();
      await settling.resumeExecuting();
      // rounds done in a block that was not solid yet are followed to final (or undone) again
      for (const t of await store.includedTrades()) if (t.orderId) execute(t.id);
      if (deps.stream && deps.follow !== false)
        stopStream = await deps.stream.subscribe({
          name: 'orders',
          kinds: ['buy', 'sell'],
          onEvent: (e) => this.onEvent(e),
        });
      // prices may have moved while we were away: every token with orders is checked once
      for (const token of [...byToken.keys()])
        await check(token).catch((err: unknown) => log.warn({ token, err }, 'check failed'));
      if (deps.tickMs) {
        const loop = () => {
          ticking = tick()
            .catch((err: unknown) => log.warn({ err }, 'order tick failed'))
            .finally(() => (timer = setTimeout(loop, deps.tickMs)));
        };
        timer = setTimeout(loop, deps.tickMs);
      }
    },

    async stop(): Promise<void> {
      stopStream?.();
      if (timer) clearTimeout(timer);
      await ticking;
    },

    /** A trade in the stream: its token's orders are checked at the price it left, in its block. */
    async onEvent(e: StreamEvent): Promise<void> {
      const r = reservesOf(e);
      if (!r) return;
      lastPrice.set(e.token, r);
      await check(e.token, r, lookOf(e)).catch((err: unknown) =>
        log.warn({ token: e.token, err }, 'order check failed'),
      );
    },

    /** Fires held stop-losses and runs due DCA rounds (the clock calls it; tests call it with their own clock). */
    tick,

    /** Reads the book again (orders set or changed by another process); each tick does it too. */
    refresh: reload,

    /** Sets an order for the user's active wallet; it fires at once if its condition already holds. */
    create: placing.create,

    /** Cancels an open order of the user (not while its trade is under way). */
    async cancel(userId: number, id: string): Promise<'cancelled' | 'executing' | 'missing'> {
      const o = await store.order(id);
      if (!o || o.userId !== userId) return 'missing';
      if (await move(o, OPEN, 'cancelled', { note: 'cancelled by you' })) return 'cancelled';
      return o.status === 'executing' ? 'executing' : 'missing';
    },

    /** A paused order goes on (after the user topped up the wallet); checked at once. */
    async resume(userId: number, id: string): Promise<boolean> {
      const o = await store.order(id);
      if (
        !o ||
        o.userId !== userId ||
        !(await move(o, 'paused', 'active', { note: 'resumed', ...(o.kind === 'dca' ? { nextAt: now() } : {}) }))
      )
        return false;
      if (o.kind === 'dca') await tick();
      else await check(o.token);
      return true;
    },

    /** The user's open orders (all, or one token's). */
    list(userId: number, token?: string): Promise<OrderRow[]> {
      return store.openOrders(userId, token);
    },

    /** After a buy in a block (the trade flow calls it, once per buy): the automatic TP/SL of the settings. */
    afterBuy: placing.afterBuy,

    /** The price level an order fires at now (E18), for display. */
    levelOf: levelNow,
  };
}

export type OrderEngine = ReturnType<typeof createOrderEngine>;
