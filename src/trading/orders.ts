// The order engine: limit orders, take-profit, stop-loss, trailing stops and DCA for each wallet,
// checked when they are set, after every trade of their token (the live stream) and, for DCA, on the
// clock. A trigger is a level, not a crossing: an order whose condition holds fires.
//
// Exactly once: a firing order and its trade row are claimed in one SQLite transaction (the trade's id
// is `o:<order>:<n>`), then the trade runs through the same flow as a trade by hand (signed bytes
// stored before broadcast, followed to a receipt). A double trigger, a retried event or a restart
// finds the claim taken. Automated trades never wait for a tap; the bot's users' API keys are managed,
// so no request limit refuses them either. Knows nothing of Telegram: results go to a notifier.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { LaunchpadClient, Quote, StreamEvent } from '../client/index.js';
import { TOKEN_DECIMALS, sunToTrx, trxToSun } from '../tron/units.js';
import { UserError, type Accounts } from './accounts.js';
import { costBasis, fillPriceTrx } from './pnl.js';
import { keptQuote, newTradeRow, quoteOfTrade } from './trade-row.js';
import { compareToLevel, marketCapToE18, moveBps, priceE18, type Reserves } from '../tron/market/index.js';
import { formatPrice } from './price.js';

/** A token's reserves with its decimals: what its price is read from. */
type Priced = Reserves & { decimals: number };
import type { OrderRow, TradeRow, TradingStore, UserRow } from './store.js';
import { failureKindOf, friendly, type TradeEvents, type TradeFlow, type TradeOutcome } from './trade-flow.js';

export type OrderKind = 'limit' | 'tp' | 'sl' | 'trail' | 'dca';

/** A price level: TRX per token (E18), or a market cap in USD. */
export type PriceSpec = { e18: bigint } | { mcUsd: number };

export type OrderSpec =
  | { kind: 'limit'; side: 'buy'; token: string; trx: string; at: PriceSpec }
  | { kind: 'limit'; side: 'sell'; token: string; pct: number; at: PriceSpec }
  | { kind: 'tp'; token: string; gainPct: number; pct: number }
  | { kind: 'sl'; token: string; lossPct: number; pct: number }
  | { kind: 'trail'; token: string; dropPct: number; pct: number }
  | { kind: 'dca'; token: string; trx: string; intervalMs: number; count: number; max?: PriceSpec | undefined };

export type OrderEventKind = 'filled' | 'failed' | 'paused' | 'cancelled' | 'skipped' | 'retrying';

/** What the engine tells the user: one event per fill, failure, pause or cancellation. */
export interface OrderEvent {
  kind: OrderEventKind;
  order: OrderRow;
  reason?: string | undefined;
  outcome?: TradeOutcome | undefined;
  /** filled: TRX per token the trade got */
  priceTrx?: number | undefined;
}

export type OrderNotifier = (e: OrderEvent) => Promise<void> | void;

export interface OrderEngineDeps {
  store: TradingStore;
  accounts: Accounts;
  trading: TradeFlow;
  /** the operator's client: token prices and the live stream */
  client: LaunchpadClient;
  notify: OrderNotifier;
  logger: Logger;
  /** USD per TRX, for market-cap levels */
  trxUsd: number;
  now?: () => number;
  /** How often due DCA rounds are looked for (ms); 0 = only by tick() (tests). */
  tickMs?: number;
  /** Follow the live stream (off when a test feeds events with onEvent). */
  follow?: boolean;
}

/** Open orders one user may have at a time. */
export const MAX_OPEN_ORDERS = 100;
/** The states of an order the user or its pair may still cancel. */
const OPEN = ['active', 'paused'] as const;
const newId = (): string => randomBytes(6).toString('base64url');
const pctToBps = (pct: number): bigint => BigInt(Math.round(pct * 100));

function checkPct(name: string, v: number, max = 100): void {
  if (!Number.isFinite(v) || v <= 0 || v > max) throw new UserError(`${name} must be above 0 % and at most ${max} %.`);
}

/** The reserves a stream event carries (buys and sells of the index). */
function reservesOf(e: StreamEvent): Priced | undefined {
  const trx = e.data.trxReserveSun;
  const tok = e.data.tokenReserve;
  if (typeof trx !== 'string' || typeof tok !== 'string') return undefined;
  return { trxReserve: BigInt(trx), tokenReserve: BigInt(tok), decimals: TOKEN_DECIMALS };
}

export function createOrderEngine(deps: OrderEngineDeps) {
  const { store, accounts, trading, client, logger } = deps;
  const now = deps.now ?? Date.now;
  const log = logger.child({ module: 'orders' });
  /** Active orders by token, for the checks after each trade. */
  const byToken = new Map<string, Map<string, OrderRow>>();
  const lastPrice = new Map<string, Priced>();
  const firing = new Set<string>();
  let stopStream: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  function index(o: OrderRow): void {
    let m = byToken.get(o.token);
    if (o.status === 'active' && o.kind !== 'dca') {
      if (!m) byToken.set(o.token, (m = new Map<string, OrderRow>()));
      m.set(o.id, o);
    } else if (m) {
      m.delete(o.id);
      if (!m.size) byToken.delete(o.token);
    }
  }
  const refresh = (id: string): OrderRow | undefined => {
    const o = store.order(id);
    if (o) index(o);
    return o;
  };

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

  function levelOf(at: PriceSpec, supply: bigint): bigint {
    if ('e18' in at) {
      if (at.e18 <= 0n) throw new UserError('The price must be above 0.');
      return at.e18;
    }
    return marketCapToE18(at.mcUsd, supply, TOKEN_DECIMALS, deps.trxUsd);
  }

  /**
   * A DCA order after a round (filled, failed or skipped: each counts): active until the next is due,
   * or `last` after the final one.
   */
  function nextRound(o: OrderRow, how: string, last: 'filled' | 'failed') {
    const done = o.done + 1;
    const more = done < o.rounds;
    return {
      to: more ? 'active' : last,
      fields: { done, nextAt: more ? now() + (o.intervalMs ?? 0) : null, note: `round ${done} of ${o.rounds} ${how}` },
    };
  }

  /** The level a trailing stop fires at: its drop below the highest price seen. */
  const trailLevel = (o: OrderRow): bigint => moveBps(BigInt(o.highE18 ?? '0'), -BigInt(o.trailBps ?? 0));

  /** Whether the order's condition holds at this price (a trailing stop first raises its high). */
  function holds(o: OrderRow, r: Priced): boolean {
    switch (o.kind as OrderKind) {
      case 'limit':
        return o.side === 'buy'
          ? compareToLevel(r, BigInt(o.triggerE18!), r.decimals) <= 0
          : compareToLevel(r, BigInt(o.triggerE18!), r.decimals) >= 0;
      case 'tp':
        return compareToLevel(r, BigInt(o.triggerE18!), r.decimals) >= 0;
      case 'sl':
        return compareToLevel(r, BigInt(o.triggerE18!), r.decimals) <= 0;
      case 'trail': {
        const p = priceE18(r, r.decimals);
        if (p > BigInt(o.highE18 ?? '0')) {
          store.updateOrder(o.id, { highE18: p.toString() });
          o.highE18 = p.toString();
        }
        return compareToLevel(r, trailLevel(o), r.decimals) <= 0;
      }
      case 'dca':
        return false;
    }
  }

  /** A trade's events for an order's trade: the result settles the order. */
  const tradeEvents: TradeEvents = {
    pending: () => undefined,
    done: (t, outcome) => settle(t, outcome),
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
      const user = store.user(o.userId);
      const wallet = user && store.wallet(o.userId, o.walletId);
      if (!user || !wallet) {
        move(o, 'active', 'cancelled', { note: 'its wallet is gone' });
        return;
      }
      const side = o.side as 'buy' | 'sell';
      const amount = side === 'buy' ? sunToTrx(BigInt(o.amount)) : `${Number(o.amount) / 100}%`;
      let quote: Quote;
      try {
        ({ quote } = await trading.quoteFor(user, wallet, o.token, side, amount));
      } catch (e) {
        return await refused(o, e);
      }
      const round = store.orderTradeCount(o.id);
      const id = `o:${o.id}:${round}`;
      const t = now();
      const claimed = store.claimOrderRound(
        o.id,
        newTradeRow({
          id,
          userId: o.userId,
          chatId: o.userId,
          walletId: o.walletId,
          token: o.token,
          side,
          amount,
          slippagePct: store.settings(user).slippage,
          quote: keptQuote(quote, quote.symbol ?? o.symbol),
          status: 'claimed',
          at: t,
          expiresAt: t,
          orderId: o.id,
        }),
      );
      refresh(o.id);
      if (claimed) execute(id);
    } finally {
      firing.delete(o.id);
    }
  }

  /** A quote refused before anything was claimed: no funds pauses, nothing to sell cancels. */
  async function refused(o: OrderRow, e: unknown): Promise<void> {
    const kind = failureKindOf(e);
    if (kind === 'funds') {
      move(o, 'active', 'paused', { note: friendly(e) }, { kind: 'paused', reason: friendly(e) });
    } else if (kind === 'no-holding' && o.side === 'sell') {
      const gone = 'the holding is gone';
      move(o, 'active', 'cancelled', { note: gone }, { kind: 'cancelled', reason: gone });
    } else {
      // the token is between curve and DEX, the service is busy, ...: the next check tries again
      log.warn({ order: o.id, err: e instanceof Error ? e.message : e }, 'order not fired; will check again');
    }
  }

  /**
   * Moves an order and, with `tell`, records what to tell its user in the same transaction; then
   * delivers. True when this caller made the move.
   */
  function move(
    o: OrderRow,
    from: string | readonly string[],
    to: string,
    fields: Partial<OrderRow>,
    tell?: { kind: OrderEventKind; reason?: string; outcome?: TradeOutcome; priceTrx?: number | undefined },
  ): boolean {
    const event = tell && {
      userId: o.userId,
      kind: tell.kind,
      payload: { reason: tell.reason, outcome: tell.outcome, priceTrx: tell.priceTrx },
    };
    const moved = store.moveOrder(o.id, from, to, fields, event);
    refresh(o.id);
    if (moved && tell) void deliver();
    return moved;
  }

  let delivering: Promise<void> | undefined;
  let again = false;
  /** Sends what is recorded and unsent, in order; what a stop leaves is sent at the next start. */
  function deliver(): Promise<void> {
    if (delivering) {
      again = true;
      return delivering;
    }
    delivering = (async () => {
      do {
        again = false;
        for (const ev of store.unsentOrderEvents()) {
          const order = store.order(ev.orderId);
          if (order) {
            const p = JSON.parse(ev.payload) as Omit<OrderEvent, 'kind' | 'order'>;
            try {
              await deps.notify({ ...p, kind: ev.kind as OrderEventKind, order });
            } catch (err) {
              // the messenger cannot take it now: the next delivery tries again
              log.warn({ order: order.id, err }, 'order message not delivered; will retry');
              return;
            }
          }
          store.markOrderEventSent(ev.id, now());
        }
      } while (again);
    })().finally(() => (delivering = undefined));
    return delivering;
  }

  /** Settles an order from its trade's result (once: only an executing order moves). */
  async function settle(t: TradeRow, outcome: TradeOutcome): Promise<void> {
    const o = store.order(t.orderId!);
    if (!o || o.status !== 'executing') return;
    if (outcome.state === 'confirmed') {
      const priceTrx = fillPriceTrx(t.side as 'buy' | 'sell', BigInt(quoteOfTrade(t).amountIn), outcome.received);
      const filled = { kind: 'filled' as const, outcome, priceTrx };
      if (o.kind === 'dca') {
        const r = nextRound(o, 'filled', 'filled');
        move(o, 'executing', r.to, r.fields, filled);
      } else if (move(o, 'executing', 'filled', { note: 'filled' }, filled)) {
        cancelPair(o);
      }
      if (o.side === 'buy')
        await afterBuy(o.userId, o.walletId, o.token, t.txid ?? undefined).catch((err: unknown) =>
          log.warn({ err }, 'auto TP/SL not set'),
        );
      return;
    }
    const reason = outcome.reason ?? 'failed';
    if (outcome.failureKind === 'funds') {
      move(o, 'executing', 'paused', { note: reason }, { kind: 'paused', reason, outcome });
    } else if (outcome.failureKind === 'no-holding' && o.side === 'sell') {
      const gone = 'the holding is gone';
      move(o, 'executing', 'cancelled', { note: gone }, { kind: 'cancelled', reason: gone, outcome });
    } else if (outcome.failureCode === 'TOKEN_LAUNCHED') {
      // built for the curve, landed after the launch: nothing traded; the order goes on, on the DEX
      const note = 'the token launched; the order now trades on the DEX';
      move(
        o,
        'executing',
        'active',
        { note },
        { kind: 'retrying', reason: 'the token launched under the trade', outcome },
      );
      void check(o.token).catch(() => undefined);
    } else if (o.kind === 'dca') {
      const r = nextRound(o, `failed: ${reason}`, 'failed');
      move(o, 'executing', r.to, r.fields, { kind: 'failed', reason, outcome });
    } else {
      move(o, 'executing', 'failed', { note: reason }, { kind: 'failed', reason, outcome });
    }
  }

  /** A take-profit that filled cancels its position's stop-loss, and the other way round. */
  function cancelPair(o: OrderRow): void {
    if (!o.groupId || (o.kind !== 'tp' && o.kind !== 'sl')) return;
    const other = o.kind === 'tp' ? 'sl' : 'tp';
    const why = `its ${o.kind.toUpperCase()} filled`;
    for (const sib of store.openOrders(o.userId, o.token)) {
      if (sib.groupId !== o.groupId || sib.kind !== other) continue;
      move(sib, OPEN, 'cancelled', { note: why }, { kind: 'cancelled', reason: why });
    }
  }

  /** Checks a token's active orders at a price (from the stream, or read now). */
  async function check(token: string, at?: Priced): Promise<void> {
    const orders = byToken.get(token);
    if (!orders?.size) return;
    const r = at ?? (await priceOf(token)).reserves;
    for (const o of [...orders.values()]) if (holds(o, r)) await fire(o);
  }

  /** The wallet's average entry in the token (E18), from its own trades. */
  async function entryOf(
    user: UserRow,
    walletAddress: string,
    token: string,
    /** a trade that must be in the index first (a buy that just confirmed) */
    including?: string,
  ): Promise<bigint | undefined> {
    const read = () => accounts.clientFor(user).getUserTrades(walletAddress, { tokenAddress: token, limit: 200 });
    let trades = await read();
    for (let i = 0; including && !trades.some((t) => t.signature === including) && i < 30; i++) {
      await new Promise((r) => setTimeout(r, 500));
      trades = await read();
    }
    const { units, costSun } = costBasis(trades);
    if (units <= 0n) return undefined;
    return priceE18({ trxReserve: costSun, tokenReserve: units });
  }

  /**
   * The automatic TP/SL of the user's settings, placed again at the new entry after a buy (`txid`:
   * the buy, waited for in the index so that the entry includes it).
   */
  async function afterBuy(userId: number, walletId: number, token: string, txid?: string): Promise<void> {
    const user = store.user(userId);
    const auto = user && store.settings(user).autoTpSl;
    const wallet = user && store.wallet(userId, walletId);
    if (!user || !auto || !wallet) return;
    for (const o of store.openOrders(userId, token)) {
      if (o.auto && o.walletId === walletId && o.status !== 'executing')
        move(o, OPEN, 'cancelled', { note: 'replaced after a new buy' });
    }
    const entry = await entryOf(user, wallet.address, token, txid);
    if (entry === undefined) return;
    const { symbol } = await priceOf(token);
    const group = newId();
    if (auto.tp)
      insert(user, walletId, token, symbol, {
        kind: 'tp',
        side: 'sell',
        amount: pctToBps(auto.tp.sellPct).toString(),
        triggerE18: moveBps(entry, pctToBps(auto.tp.gainPct)).toString(),
        entryE18: entry.toString(),
        groupId: group,
        auto: true,
      });
    if (auto.sl)
      insert(user, walletId, token, symbol, {
        kind: 'sl',
        side: 'sell',
        amount: pctToBps(auto.sl.sellPct).toString(),
        triggerE18: moveBps(entry, -pctToBps(auto.sl.lossPct)).toString(),
        entryE18: entry.toString(),
        groupId: group,
        auto: true,
      });
    await check(token);
  }

  function insert(
    user: UserRow,
    walletId: number,
    token: string,
    symbol: string,
    f: Partial<OrderRow> & { kind: OrderKind; side: 'buy' | 'sell'; amount: string },
  ): OrderRow {
    const t = now();
    const row = {
      id: newId(),
      userId: user.telegramId,
      walletId,
      token,
      symbol,
      triggerE18: null,
      entryE18: null,
      trailBps: null,
      highE18: null,
      intervalMs: null,
      rounds: 1,
      done: 0,
      nextAt: null,
      groupId: null,
      auto: false,
      note: null,
      ...f,
      status: 'active',
      createdAt: t,
      updatedAt: t,
    };
    store.insertOrder(row);
    return refresh(row.id)!;
  }

  /** The take-profit / stop-loss group of a position: a new TP joins its SL's and the other way round. */
  function groupFor(userId: number, walletId: number, token: string, kind: 'tp' | 'sl'): string {
    const other = kind === 'tp' ? 'sl' : 'tp';
    const sib = store.openOrders(userId, token).find((o) => o.walletId === walletId && o.kind === other && !o.auto);
    return sib?.groupId ?? newId();
  }

  async function tick(): Promise<void> {
    await deliver();
    for (const o of store.dueOrders(now())) {
      if (o.triggerE18) {
        // a DCA round above its price cap is skipped (it still counts)
        const r = lastPrice.get(o.token) ?? (await priceOf(o.token)).reserves;
        if (compareToLevel(r, BigInt(o.triggerE18), r.decimals) > 0) {
          const r = nextRound(o, `skipped: the price was above ${formatPrice(BigInt(o.triggerE18))} TRX`, 'filled');
          move(o, 'active', r.to, r.fields, {
            kind: 'skipped',
            reason: 'the price was above the cap',
          });
          continue;
        }
      }
      await fire(o);
    }
  }

  return {
    /** Loads the active orders, settles or resumes those a stop interrupted, checks every token once. */
    async start(): Promise<void> {
      for (const o of store.activeOrders()) index(o);
      // what a stop left unsaid
      await deliver();
      for (const o of store.executingOrders()) {
        const last = store.orderTrades(o.id).at(-1);
        if (!last) {
          move(o, 'executing', 'active', {});
        } else if (['claimed', 'approving', 'signed', 'broadcast'].includes(last.status)) {
          // nothing was signed yet, or the same signed bytes are sent again and followed
          execute(last.id);
        } else {
          await settle(last, JSON.parse(last.result ?? '{"state":"failed"}') as TradeOutcome);
        }
      }
      if (deps.follow !== false) {
        stopStream = client.follow({
          events: ['buy', 'sell'],
          onEvent: (e) => this.onEvent(e),
          onError: (err) => log.warn({ err: (err as Error).message }, 'order stream interrupted; reconnecting'),
          retryMs: 1000,
        });
      }
      // prices may have moved while we were away: every token with orders is checked once
      for (const token of [...byToken.keys()])
        await check(token).catch((err: unknown) => log.warn({ token, err }, 'check failed'));
      if (deps.tickMs) {
        const loop = () => {
          ticking = tick()
            .catch((err: unknown) => log.warn({ err }, 'DCA tick failed'))
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

    /** A trade in the stream: its token's orders are checked at the price it left. */
    async onEvent(e: StreamEvent): Promise<void> {
      const r = reservesOf(e);
      if (!r) return;
      lastPrice.set(e.token, r);
      await check(e.token, r).catch((err: unknown) => log.warn({ token: e.token, err }, 'order check failed'));
    },

    /** Runs due DCA rounds (the clock calls it; tests call it with their own clock). */
    tick,

    /** Sets an order for the user's active wallet; it fires at once if its condition already holds. */
    async create(user: UserRow, spec: OrderSpec): Promise<OrderRow> {
      if (store.openOrders(user.telegramId).length >= MAX_OPEN_ORDERS)
        throw new UserError(`You have ${MAX_OPEN_ORDERS} open orders; cancel some first (/orders).`);
      const wallet = accounts.activeWallet(user);
      const { reserves, supply, symbol } = await priceOf(spec.token);
      let order: OrderRow;
      switch (spec.kind) {
        case 'limit': {
          const level = levelOf(spec.at, supply).toString();
          if (spec.side === 'buy') {
            const sun = trxToSun(spec.trx);
            if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.');
            order = insert(user, wallet.id, spec.token, symbol, {
              kind: 'limit',
              side: 'buy',
              amount: sun.toString(),
              triggerE18: level,
            });
          } else {
            checkPct('The share to sell', spec.pct);
            order = insert(user, wallet.id, spec.token, symbol, {
              kind: 'limit',
              side: 'sell',
              amount: pctToBps(spec.pct).toString(),
              triggerE18: level,
            });
          }
          break;
        }
        case 'tp':
        case 'sl': {
          checkPct('The share to sell', spec.pct);
          const move = spec.kind === 'tp' ? spec.gainPct : spec.lossPct;
          checkPct(spec.kind === 'tp' ? 'The gain' : 'The loss', move, spec.kind === 'tp' ? 100_000 : 99.99);
          const entry = await entryOf(user, wallet.address, spec.token);
          if (entry === undefined) {
            const held = await accounts.clientFor(user).getTokenBalance(wallet.address, spec.token);
            throw new UserError(
              BigInt(held.balanceInSun) > 0n
                ? `Your trades of $${symbol} are still being indexed; try again in a few seconds.`
                : `This wallet holds no $${symbol} bought here, so there is no entry price to go from.`,
            );
          }
          const bps = pctToBps(move) * (spec.kind === 'tp' ? 1n : -1n);
          order = insert(user, wallet.id, spec.token, symbol, {
            kind: spec.kind,
            side: 'sell',
            amount: pctToBps(spec.pct).toString(),
            triggerE18: moveBps(entry, bps).toString(),
            entryE18: entry.toString(),
            groupId: groupFor(user.telegramId, wallet.id, spec.token, spec.kind),
          });
          break;
        }
        case 'trail': {
          checkPct('The share to sell', spec.pct);
          checkPct('The drop', spec.dropPct, 99.99);
          order = insert(user, wallet.id, spec.token, symbol, {
            kind: 'trail',
            side: 'sell',
            amount: pctToBps(spec.pct).toString(),
            trailBps: Number(pctToBps(spec.dropPct)),
            highE18: priceE18(reserves, reserves.decimals).toString(),
          });
          break;
        }
        case 'dca': {
          const sun = trxToSun(spec.trx);
          if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.');
          if (!Number.isInteger(spec.count) || spec.count < 1 || spec.count > 1000)
            throw new UserError('The number of rounds must be 1 to 1000.');
          if (!(spec.intervalMs >= 60_000)) throw new UserError('The interval must be at least 1 minute.');
          order = insert(user, wallet.id, spec.token, symbol, {
            kind: 'dca',
            side: 'buy',
            amount: sun.toString(),
            triggerE18: spec.max ? levelOf(spec.max, supply).toString() : null,
            intervalMs: spec.intervalMs,
            rounds: spec.count,
            nextAt: now(),
          });
          // the first round now
          void tick().catch((err: unknown) => log.warn({ err }, 'DCA round failed'));
          return order;
        }
      }
      if (holds(order, reserves))
        void fire(order).catch((err: unknown) => log.warn({ order: order.id, err }, 'order not fired'));
      return order;
    },

    /** Cancels an open order of the user (not while its trade is under way). */
    cancel(userId: number, id: string): 'cancelled' | 'executing' | 'missing' {
      const o = store.order(id);
      if (!o || o.userId !== userId) return 'missing';
      if (move(o, OPEN, 'cancelled', { note: 'cancelled by you' })) return 'cancelled';
      return o.status === 'executing' ? 'executing' : 'missing';
    },

    /** A paused order goes on (after the user topped up the wallet); checked at once. */
    async resume(userId: number, id: string): Promise<boolean> {
      const o = store.order(id);
      if (
        !o ||
        o.userId !== userId ||
        !move(o, 'paused', 'active', { note: 'resumed', ...(o.kind === 'dca' ? { nextAt: now() } : {}) })
      )
        return false;
      if (o.kind === 'dca') await tick();
      else await check(o.token);
      return true;
    },

    /** The user's open orders (all, or one token's). */
    list(userId: number, token?: string): OrderRow[] {
      return store.openOrders(userId, token);
    },

    /** After a buy by hand: the automatic TP/SL of the settings. */
    afterBuy,

    /** The price level an order fires at now (E18), for display. */
    levelOf(o: OrderRow): bigint | undefined {
      if (o.kind === 'trail') return trailLevel(o);
      return o.triggerE18 ? BigInt(o.triggerE18) : undefined;
    },
  };
}

export type OrderEngine = ReturnType<typeof createOrderEngine>;

/** "15m", "1h", "1d", "90s" -> ms. */
export function parseInterval(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?)(s|m|h|d)$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!.toLowerCase() as 's' | 'm' | 'h' | 'd'];
  const ms = Math.round(Number(m[1]) * unit);
  return ms > 0 ? ms : undefined;
}
