// Setting orders: one a user asks for (checked, priced at the market now, stored, fired at once if its
// condition already holds), and the automatic take-profit / stop-loss of the user's settings, placed
// again at the new average entry after each buy.
import { setTimeout as sleep } from 'node:timers/promises';
import { newId } from '../ids.js';
import type { Logger } from 'pino';
import { priceE18 } from '../../tron/market/index.js';
import { UserError, type Accounts } from '../accounts.js';
import { costBasis } from '../pnl.js';
import { why } from '../reasons.js';
import type { NewOrder, OrderRow, TradeRow, TradingStore, UserRow } from '../store.js';
import type { OrderTell } from './notify.js';
import {
  checkSpec,
  fieldsFor,
  MAX_OPEN_ORDERS,
  tpSlFields,
  type OrderFields,
  type OrderSpec,
  type TpSlSpec,
} from './spec.js';
import type { Priced } from './triggers.js';

export const newOrderId = (): string => newId();

/** The states of an order the user or its pair may still cancel. */
export const OPEN = ['active', 'paused'] as const;

/** What the engine's parts share: the store, the clock, prices, and moving an order. */
export interface OrderCore {
  store: TradingStore;
  accounts: Accounts;
  log: Logger;
  now: () => number;
  trxUsd: number;
  /** reads a token's price now (and remembers it) */
  priceOf(token: string): Promise<{ reserves: Priced; supply: bigint; symbol: string }>;
  /** re-reads an order into the engine's book */
  refresh(id: string): Promise<OrderRow | undefined>;
  move(
    o: OrderRow,
    from: string | readonly string[],
    to: string,
    fields: Partial<OrderRow>,
    tell?: OrderTell,
  ): Promise<boolean>;
}

/** What setting orders takes from the engine. */
export interface EngineCore extends OrderCore {
  /** whether an order fires at this price read now (a stop-loss with a hold starts counting) */
  due(o: OrderRow, r: Priced): Promise<boolean>;
  fire(o: OrderRow): Promise<void>;
  check(token: string): Promise<void>;
  tick(): Promise<void>;
}

/** The wallet's average entry in the token (E18), from its own trades. */
async function entryOf(
  accounts: Accounts,
  user: UserRow,
  walletAddress: string,
  token: string,
  /** a trade that must be in the index first (a buy that just confirmed) */
  including?: string,
): Promise<bigint | undefined> {
  const read = () => accounts.clientFor(user).getUserTrades(walletAddress, { tokenAddress: token, limit: 200 });
  let trades = await read();
  for (let i = 0; including && !trades.some((t) => t.signature === including) && i < 30; i++) {
    await sleep(500);
    trades = await read();
  }
  const { units, costSun } = costBasis(trades);
  if (units <= 0n) return undefined;
  return priceE18({ trxReserve: costSun, tokenReserve: units });
}

export function createOrderPlacing(core: EngineCore) {
  const { store, accounts, log } = core;

  /** A new order's row, with every field it does not set at its default. */
  function rowOf(userId: number, walletId: number, token: string, symbol: string, f: OrderFields): NewOrder {
    const t = core.now();
    return {
      id: newOrderId(),
      userId,
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
      holdBlocks: 1,
      auto: false,
      note: null,
      ...f,
      status: 'active',
      createdAt: t,
      updatedAt: t,
    };
  }

  async function insert(user: UserRow, walletId: number, token: string, symbol: string, f: OrderFields) {
    const row = rowOf(user.telegramId, walletId, token, symbol, f);
    await store.insertOrder(row);
    return (await core.refresh(row.id))!;
  }

  /** The take-profit / stop-loss group of a position: a new TP joins its SL's and the other way round. */
  async function groupFor(userId: number, walletId: number, token: string, kind: 'tp' | 'sl'): Promise<string> {
    const other = kind === 'tp' ? 'sl' : 'tp';
    const sib = (await store.openOrders(userId, token)).find(
      (o) => o.walletId === walletId && o.kind === other && !o.auto,
    );
    return sib?.groupId ?? newOrderId();
  }

  /** A TP/SL's entry, or why there is none: nothing bought here, or the buys not indexed yet. */
  async function entryFor(user: UserRow, address: string, token: string, symbol: string): Promise<bigint> {
    const entry = await entryOf(accounts, user, address, token);
    if (entry !== undefined) return entry;
    const held = await accounts.clientFor(user).getTokenBalance(address, token);
    throw BigInt(held.balanceInSun) > 0n
      ? new UserError(
          `Your trades of $${symbol} are still being indexed; try again in a few seconds.`,
          why('err-order-indexing', { symbol }),
        )
      : new UserError(
          `This wallet holds no $${symbol} bought here, so there is no entry price to go from.`,
          why('err-order-no-entry', { symbol }),
        );
  }

  /**
   * Sets an order for the user's active wallet; it fires at once if its condition already holds (a
   * stop-loss with a hold starts counting). A stop-loss without a hold of its own takes the settings'.
   */
  async function create(user: UserRow, asked: OrderSpec): Promise<OrderRow> {
    if ((await store.openOrders(user.telegramId)).length >= MAX_OPEN_ORDERS)
      throw new UserError(
        `You have ${MAX_OPEN_ORDERS} open orders; cancel some first (/orders).`,
        why('err-order-max-open', { max: MAX_OPEN_ORDERS }),
      );
    const spec =
      asked.kind === 'sl' ? { ...asked, holdBlocks: asked.holdBlocks ?? store.settings(user).slHoldBlocks } : asked;
    const wallet = await accounts.activeWallet(user);
    const { reserves, supply, symbol } = await core.priceOf(spec.token);
    checkSpec(spec);
    const tpSl = spec.kind === 'tp' || spec.kind === 'sl';
    const entry = tpSl ? await entryFor(user, wallet.address, spec.token, symbol) : undefined;
    const fields = fieldsFor(spec, { reserves, supply, trxUsd: core.trxUsd, entry, now: core.now() });
    if (tpSl) fields.groupId = await groupFor(user.telegramId, wallet.id, spec.token, spec.kind);
    const order = await insert(user, wallet.id, spec.token, symbol, fields);
    if (spec.kind === 'dca') {
      // the first round now
      void core.tick().catch((err: unknown) => log.warn({ err }, 'DCA round failed'));
    } else if (await core.due(order, reserves)) {
      void core.fire(order).catch((err: unknown) => log.warn({ order: order.id, err }, 'order not fired'));
    }
    return order;
  }

  /**
   * The automatic TP/SL of the user's settings after a buy in a block, placed again at the new entry:
   * once per buy, whoever calls (the trade flow as the buy lands, or its resume after a restart). The
   * buy's mark, the earlier automatic orders' cancel and the new ones are one transaction; a buy the
   * index does not show yet (no entry to go from) is left unmarked, for the next resume.
   */
  async function afterBuy(buy: TradeRow): Promise<void> {
    if (buy.side !== 'buy' || buy.autoOrdersAt !== null) return;
    const user = await store.user(buy.userId);
    const settings = user && store.settings(user);
    const wallet = user && (await store.wallet(buy.userId, buy.walletId));
    const auto = settings?.autoTpSl;
    if (!user || !settings || !wallet || !auto) {
      await store.replaceAutoOrders(buy.id, core.now(), []);
      return;
    }
    const entry = await entryOf(accounts, user, wallet.address, buy.token, buy.txid ?? undefined);
    if (entry === undefined) return;
    const { symbol } = await core.priceOf(buy.token);
    const group = newOrderId();
    // the same bounds as a TP/SL the user sets (orders/spec.ts)
    const specs: TpSlSpec[] = [
      ...(auto.tp ? [{ kind: 'tp' as const, token: buy.token, gainPct: auto.tp.gainPct, pct: auto.tp.sellPct }] : []),
      ...(auto.sl
        ? [
            {
              kind: 'sl' as const,
              token: buy.token,
              lossPct: auto.sl.lossPct,
              pct: auto.sl.sellPct,
              holdBlocks: settings.slHoldBlocks,
            },
          ]
        : []),
    ];
    const rows = specs.map((spec) => {
      checkSpec(spec);
      return rowOf(user.telegramId, wallet.id, buy.token, symbol, {
        ...tpSlFields(spec, entry),
        groupId: group,
        auto: true,
      });
    });
    const cancelled = await store.replaceAutoOrders(buy.id, core.now(), rows);
    if (cancelled === undefined) return;
    for (const id of [...cancelled, ...rows.map((r) => r.id)]) await core.refresh(id);
    await core.check(buy.token);
  }

  return { create, afterBuy };
}
