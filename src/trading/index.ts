// The trading side, made in one place for any front end (the Telegram bot, the CLI, a web terminal):
// the users' sealed wallets, the exactly-once trade flow, the order engine, the automation (sniper
// and copy trading), referrals and PINs, over its own database, the API (untrusted), the node (read
// only) and one live stream. A front end gives it a vault, its notifiers (what the engines tell a
// user, rendered its way) and its clocks for tests; it knows nothing of grammY or of any page. What
// is compared with block times (a transaction's expiry, orders, the automation's 24 hours, referral
// ages) runs on the chain's time, read from the node (src/tron/chain-clock.ts); what is wall time on
// purpose (a quote's 30 s, PINs, leases) on the machine's.
import type { Logger } from 'pino';
import { LaunchpadClient } from '../client/index.js';
import { energyReads } from '../tron/energy-pool.js';
import { networkClocks, type Chains } from '../tron/chains.js';
import { clockTime, type ChainTime } from '../tron/chain-clock.js';
import type { Vault } from '../vault.js';
import { createAccounts } from './accounts.js';
import { type AutoEvent, type Automation, createAutomation } from './automation/index.js';
import type { TradingDatabase } from './db.js';
import { createEnergyLender } from './energy-lending.js';
import { createNodeMarket } from './market.js';
import { operatorKey } from './operator-key.js';
import { createOrderEngine, type OrderEngine, type OrderNotifier } from './orders/index.js';
import { createReferrals } from './referrals/index.js';
import type { SigningRules } from './signing.js';
import { nodeChainsOf, signingNetworks, type NodeOptions } from './networks.js';
import { createTradingStore, type TradingStore } from './store.js';
import { createStream } from './stream.js';
import { createTradeFlow, type TradeEvents, type TradeFlow } from './trade-flow.js';
import { createUserPins } from './user-pin.js';

export type { NodeNetwork, NodeOptions } from './networks.js';

export interface TradingOptions {
  db: TradingDatabase;
  vault: Vault;
  /** where the API is, and its operator key (it makes a key per user), or how to make one once */
  facadeUrl: string;
  operatorKey: string | (() => Promise<string>);
  /** the plan of a new user's key */
  defaultPlan: string;
  /** what every transaction is held to before it is signed (this deployment's routers and limits) */
  signing: SigningRules;
  /** the node the trading side reads itself, read-only */
  node: NodeOptions;
  /** USD per TRX (market-cap levels and caps) */
  trxUsd: number;
  /**
   * Energy lending (energy-lending.ts), once `cli energy lender set` sealed a lender's key: lend a
   * trade's energy when it would burn at least this (sun; default 1 TRX)
   */
  energyLendMinSun?: bigint;
  logger: Logger;
  /** what the engines tell a user, rendered by the front end */
  notify: {
    /** a trade by hand resumed after a restart (a trade started by hand takes its own events) */
    trades: TradeEvents;
    orders: OrderNotifier;
    automation: (e: AutoEvent) => Promise<void> | void;
  };
  /**
   * tests: the clocks in place of the chain's, the DCA tick, whether the engines follow the stream,
   * how often finality is read
   */
  drive?: {
    /** the order engine's and the automation's */
    ordersNow?: () => number;
    tickMs?: number;
    follow?: boolean;
    /** the trade flow's: signing, and when a trade that did not land can no longer land */
    tradesNow?: () => number;
    finalityPollMs?: number;
    referralsNow?: () => number;
  };
}

/** A trade whose energy would burn at least this is lent its energy, when a lender is set (sun). */
const DEFAULT_LEND_MIN_SUN = 1_000_000n;

/** How often the engine's leader looks for hand trades a dead instance left (several instances). */
const RESUME_EVERY_MS = 30_000;

/**
 * The engines, on one instance at a time: trades by hand a stop left unfinished, the orders (and the
 * automatic orders of buys a stop caught), the automation. With several instances (`resumeStaleMs`),
 * hand trades a dead instance left are looked for every 30 s.
 */
function engines(
  repayLoans: () => Promise<number>,
  trading: TradeFlow,
  orders: OrderEngine,
  automation: Automation,
  handTrades: TradeEvents,
  clock: ChainTime,
  log: Logger,
) {
  let timer: NodeJS.Timeout | undefined;
  const resume = async (staleMs: number) => {
    const resumed = await trading.resume(handTrades, staleMs);
    if (resumed) log.info({ resumed }, 'resumed unfinished trades');
  };
  return {
    async start(several?: { resumeStaleMs: number }): Promise<void> {
      // the chain's time first: what the engines stamped before a stop may be ahead of the machine's
      await clock.read().catch((err: unknown) => log.warn({ err }, 'the node did not give its head block'));
      await resume(several?.resumeStaleMs ?? 0);
      const repaid = await repayLoans();
      if (repaid) log.info({ repaid }, 'took back energy lent for trades a stop interrupted');
      await orders.start();
      await trading.resumeAutoOrders();
      await automation.start();
      if (several)
        timer = setInterval(
          () => void resume(several.resumeStaleMs).catch((err: unknown) => log.warn({ err }, 'resuming trades failed')),
          RESUME_EVERY_MS,
        );
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await orders.stop();
      automation.stop();
    },
  };
}

/** The API's client with the operator key (the configured one, or one made once and kept sealed). */
async function operatorClient(opts: TradingOptions, store: TradingStore): Promise<LaunchpadClient> {
  const apiKey = await operatorKey(store, opts.vault, opts.operatorKey);
  return new LaunchpadClient({ baseUrl: opts.facadeUrl, apiKey, timeoutMs: 30_000 });
}

/** The energy lender (energy-lending.ts) and what takes back loans of trades that are done. */
function energyLending(opts: TradingOptions, chains: Chains, store: TradingStore, log: Logger) {
  const minBurnSun = opts.energyLendMinSun ?? DEFAULT_LEND_MIN_SUN;
  // the lender's stake is on the first network: it lends to that network's trades only
  const first = chains.networks[0]!;
  const families = chains.networks.length > 1 ? first.families.map((f) => f.family) : undefined;
  const lender = createEnergyLender({ chain: first.chain, families, store, vault: opts.vault, minBurnSun, log });
  const unfinished = new Set(['signed', 'broadcast']);
  const repayLoans = () => lender.repayAll(async (id) => !unfinished.has((await store.trade(id))?.status ?? ''));
  return { lender, repayLoans };
}

/** The nodes read, the market on them, and the engines' clock: the first network's (orders, the automation's 24 hours, referral ages). */
function nodeSide(node: NodeOptions, log: Logger) {
  const chains = nodeChainsOf(node, log);
  const market = createNodeMarket({ chains, families: node.families });
  return { chains, market, clock: networkClocks(chains)(chains.networks[0]!.id) };
}

/**
 * The referral programme: a referee's age counted to the block times of its fees (the chain's clock);
 * payouts are paid on the first network, so only the fees paid there earn.
 */
function referralsOf(
  opts: TradingOptions,
  store: TradingStore,
  operator: LaunchpadClient,
  chains: Chains,
  now: () => number,
) {
  const payingFamilies = chains.networks.length > 1 ? chains.networks[0]!.families.map((f) => f.family) : undefined;
  return createReferrals({ db: opts.db, meta: store, fees: operator, now, payingFamilies });
}

export async function createTrading(opts: TradingOptions) {
  const log = opts.logger.child({ module: 'trading' });
  const drive = opts.drive ?? {};
  const store = createTradingStore(opts.db);
  const operator = await operatorClient(opts, store);
  const { chains, market, clock } = nodeSide(opts.node, log);
  const accounts = createAccounts({
    store,
    vault: opts.vault,
    operator,
    facadeUrl: opts.facadeUrl,
    defaultPlan: opts.defaultPlan,
    market,
  });
  const { lender, repayLoans } = energyLending(opts, chains, store, log);
  const trading = createTradeFlow({
    store,
    lender,
    accounts,
    signing: opts.signing,
    market,
    ...(drive.finalityPollMs !== undefined ? { finalityPollMs: drive.finalityPollMs } : {}),
    chain: drive.tradesNow ? clockTime(drive.tradesNow) : clock,
    networks: signingNetworks(chains, drive),
    // the order engine is made below; a buy lands long after
    afterBuy: (buy) =>
      orders.afterBuy(buy).catch((err: unknown) => log.warn({ trade: buy.id, err }, 'automatic TP/SL not set yet')),
  });
  const stream = createStream({ client: operator, logger: log, now: clock.now });
  const engineDeps = {
    stream,
    logger: log,
    trxUsd: opts.trxUsd,
    now: drive.ordersNow ?? clock.now,
    ...(drive.follow !== undefined ? { follow: drive.follow } : {}),
  };
  const orders = createOrderEngine({
    store,
    accounts,
    trading,
    client: operator,
    notify: opts.notify.orders,
    tickMs: drive.tickMs ?? 1000,
    ...engineDeps,
  });
  // the stream's position and the once-a-day notices are kept in the store (the automation's default)
  const automation = createAutomation({
    store,
    accounts,
    trading,
    client: operator,
    orders,
    notify: opts.notify.automation,
    ...engineDeps,
  });
  const referrals = referralsOf(opts, store, operator, chains, drive.referralsNow ?? clock.now);
  return {
    store,
    /** the operator's client (the API's admin routes, token data) */
    operator,
    /** the node, read-only */
    market,
    /** the routers' energy pools and a wallet's energy and bandwidth, from the node */
    energy: energyReads(chains),
    accounts,
    trading,
    orders,
    /** the sniper and copy trading */
    automation,
    referrals,
    pins: createUserPins(store),
    /** the process's one live stream: a front end's alerts subscribe here too */
    stream,
    /** the chain's time, as the node shows it: what block times (a trade's, an order's round) are counted from */
    chainTime: clock,
    ...engines(repayLoans, trading, orders, automation, opts.notify.trades, clock, log),
    /** takes back energy lent for trades that are done (a stop between a loan and its return); how many */
    repayLoans,
  };
}

export type Trading = Awaited<ReturnType<typeof createTrading>>;
