// The order engine: limit orders, take-profit, stop-loss, trailing stops and DCA for each wallet,
// checked when they are set, after every trade of their token (the live stream) and, for DCA and a
// stop-loss that must hold for N blocks, on the clock. This file puts the parts together and runs
// them: it subscribes to the stream, keeps the clock and answers the callers. The book of active
// orders by token is book.ts's, checking and firing fire.ts's, when an order holds triggers.ts's;
// create.ts sets orders, settle.ts settles them, notify.ts tells. A stop-loss's breach (where its
// hold began) is kept on its row: a restart, or another instance taking the engine over, goes on
// counting.
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
import { TOKEN_DECIMALS } from '../../tron/units.js';
import type { Accounts } from '../accounts.js';
import type { TradingStream } from '../stream.js';
import type { OrderRow, TradingStore } from '../store.js';
import type { TradeEvents, TradeFlow } from '../trade-flow.js';
import { createOrderBook, type OrderBook } from './book.js';
import { createOrderPlacing, OPEN, type OrderCore } from './create.js';
import { createOrderFiring } from './fire.js';
import { createOrderDelivery, type OrderNotifier } from './notify.js';
import { createOrderSettling } from './settle.js';
import { levelNow, type Look, type Priced } from './triggers.js';

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
  /** the chain's time (default the machine's clock): stream events are looked at in their block's time */
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

/** A stream event as a look at the price: its block (the feed's blockNumber) and the block's time. */
function lookOf(e: StreamEvent): Look {
  return { block: typeof e.data.blockNumber === 'number' ? e.data.blockNumber : undefined, at: e.timestamp };
}

/** What moving an order takes: the store, the book the order is read again into, the delivery. */
interface MoveParts {
  store: TradingStore;
  book: OrderBook;
  deliver: () => Promise<void>;
}

/**
 * Moves an order and, with `tell`, records what to tell its user in the same transaction; then
 * delivers. True when this caller made the move.
 */
function orderMover({ store, book, deliver }: MoveParts): OrderCore['move'] {
  return async (o, from, to, fields, tell) => {
    const event = tell && {
      userId: o.userId,
      kind: tell.kind,
      payload: { reason: tell.reason, why: tell.why, outcome: tell.outcome, priceTrx: tell.priceTrx },
    };
    const moved = await store.moveOrder(o.id, from, to, fields, event);
    await book.refresh(o.id);
    if (moved && tell) void deliver();
    return moved;
  };
}

export function createOrderEngine(deps: OrderEngineDeps) {
  const { store, trading } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ module: 'orders' });
  const book = createOrderBook(store, deps.client);
  const deliver = createOrderDelivery({ store, notify: deps.notify, log, now });
  const move = orderMover({ store, book, deliver });
  let stopStream: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

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

  const { priceOf, refresh, reload } = book;
  const core: OrderCore = { store, accounts: deps.accounts, log, now, trxUsd: deps.trxUsd, priceOf, refresh, move };
  const firing = createOrderFiring({
    ...core,
    book,
    trading,
    deliver,
    execute,
    refused: (o, e) => settling.refused(o, e),
  });
  const { check, tick } = firing;
  const placing = createOrderPlacing({ ...core, ...firing });
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
      for (const token of [...book.byToken.keys()])
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
      book.lastPrice.set(e.token, r);
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

    /** The engine's clock (the chain's time): what a DCA's next round is counted from. */
    now,
  };
}

export type OrderEngine = ReturnType<typeof createOrderEngine>;
