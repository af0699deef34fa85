// Starts the bot from config: its database, vault, facade clients and trade flow; long polling with
// grammY's runner (updates of one chat in order, chats in parallel); resumes unfinished trades.
import { run, type RunnerHandle } from '@grammyjs/runner';
import path from 'node:path';
import type { Logger } from 'pino';
import { LaunchpadClient } from '../client/index.js';
import { createAccounts } from '../trading/accounts.js';
import type { BotServices } from './context.js';
import { createOrderEngine, type OrderEngine } from '../trading/orders/index.js';
import { createSniper } from '../trading/sniper.js';
import { createChartCache } from './charts.js';
import { txLinker } from './format.js';
import { orderNotifier } from './notifiers/order.notifier.js';
import { sniperNotifier } from './notifiers/sniper.notifier.js';
import { tradeNotifier } from './notifiers/trade.notifier.js';
import type { Api } from 'grammy';
import { createBot, runDueDeletes, COMMANDS, type BotOptions } from './index.js';
import { operatorKey } from './operator-key.js';
import { createStore, openBotDatabase, type BotDatabase } from './store.js';
import { createTradeFlow } from '../trading/trade-flow.js';
import { createNodeMarket } from '../trading/market.js';
import { createTronWeb } from '../tron/client.js';
import type { Family } from '../tron/families.js';
import { ChainGateway } from '../tron/gateway.js';
import { createUserPins } from '../trading/user-pin.js';
import { createReferrals } from '../trading/referrals/index.js';
import { tellPayouts } from './notifiers/referral.notifier.js';
import type { SigningRules } from '../trading/signing.js';
import { createAlerter } from './alerts.js';
import { Vault } from '../vault.js';
import { setWebhook, webhookHandler, type WebhookHandler, type WebhookSettings } from './webhook.js';

export interface BotRunOptions {
  token: string;
  dataDir: string;
  /** 32-byte key for the vault. */
  vaultKey: Buffer;
  facadeUrl: string;
  /** What every transaction is held to before it is signed: this bot's routers and limits (from its config). */
  signing: SigningRules;
  /**
   * The Tron node the trading side reads itself, read-only (TRON_RPC or the embedded devnet), and the
   * launchpad families on it: the API's figures are checked against it.
   */
  node: { host: string; apiKey?: string | undefined; rps?: number | undefined; families: Family[] };
  /** An operator key for the facade (creates a key per user), or a way to make one once. */
  operatorKey: string | (() => Promise<string>);
  defaultPlan: string;
  /** Telegram ids allowed to use the admin commands. */
  admins?: number[];
  trxUsd: number;
  explorerTxUrl?: string | undefined;
  logger: Logger;
  bot?: BotOptions;
  /** How long a first withdrawal to an address waits for its second tap (default 30 s). */
  newRecipientWaitMs?: number;
  /** how often a trade in a head block is read until final (default 3 s, a Tron block; tests shorten it) */
  finalityPollMs?: number;
  /** Long polling; off when a test feeds updates with handleUpdate. */
  poll?: boolean;
  /** Updates by webhook instead of long polling: registered at start, served by `handleWebhook`. */
  webhook?: WebhookSettings | undefined;
  /** The order engine's and the sniper's clock, the DCA tick (tests drive them), and whether they follow the stream. */
  orders?: { now?: () => number; tickMs?: number; follow?: boolean };
  /** The referral programme's clock (when a referee is bound; tests drive it). */
  referralsNow?: () => number;
  /** The trade flow's clock (signing, and when a trade a fork took away can no longer land; tests drive it). */
  tradeNow?: () => number;
  /** The bot's SQLite file when no `database` is given (default DATA_DIR/bot.sqlite). */
  dbFile?: string;
  /** The bot's database (Postgres, or a SQLite file opened by the caller, who closes it); else `dbFile` is opened. */
  database?: BotDatabase;
}

export async function buildBot(opts: BotRunOptions) {
  const log = opts.logger.child({ module: 'bot' });
  const db = opts.database ?? (await openBotDatabase({ sqlite: opts.dbFile ?? path.join(opts.dataDir, 'bot.sqlite') }));
  const store = createStore(db);
  const vault = new Vault(opts.vaultKey);
  const operator = new LaunchpadClient({
    baseUrl: opts.facadeUrl,
    apiKey: await operatorKey(store, vault, opts.operatorKey),
    timeoutMs: 30_000,
  });
  const market = nodeMarketOf(opts.node, log);
  const accounts = createAccounts({
    store,
    vault,
    operator,
    facadeUrl: opts.facadeUrl,
    defaultPlan: opts.defaultPlan,
    market,
  });
  const trading = createTradeFlow({
    store,
    accounts,
    signing: opts.signing,
    market,
    ...(opts.finalityPollMs !== undefined ? { finalityPollMs: opts.finalityPollMs } : {}),
    ...(opts.tradeNow ? { now: opts.tradeNow } : {}),
  });
  // the engine reports through the bot's Api, made just below
  const late: { api?: Api } = {};
  const link = txLinker(opts.explorerTxUrl);
  // the engines' clock and stream (tests drive them)
  const driven = {
    ...(opts.orders?.now ? { now: opts.orders.now } : {}),
    ...(opts.orders?.follow !== undefined ? { follow: opts.orders.follow } : {}),
  };
  const orders: OrderEngine = createOrderEngine({
    store,
    accounts,
    trading,
    client: operator,
    notify: orderNotifier(
      () => late.api!,
      log,
      () => orders,
      link,
    ),
    logger: log,
    trxUsd: opts.trxUsd,
    tickMs: opts.orders?.tickMs ?? 1000,
    ...driven,
  });
  const sniper = createSniper({
    store,
    accounts,
    trading,
    client: operator,
    orders,
    notify: sniperNotifier(() => late.api!, log, link),
    ...sniperRecords(store),
    logger: log,
    trxUsd: opts.trxUsd,
    ...driven,
  });
  const services = botServices(opts, log, { db, store, operator, accounts, trading, orders, sniper });
  const bot = createBot(opts.token, services, opts.bot);
  late.api = bot.api;
  return { bot, store, services, db, operator, explorerTxUrl: opts.explorerTxUrl };
}

/** The bot's services: the trading side's parts, with what only the chat needs (PINs, charts, notifiers). */
function botServices(
  opts: BotRunOptions,
  log: Logger,
  parts: Pick<BotServices, 'store' | 'operator' | 'accounts' | 'trading' | 'orders' | 'sniper'> & { db: BotDatabase },
): BotServices {
  const { db, ...trading } = parts;
  const { store, operator, orders } = trading;
  return {
    ...trading,
    referrals: createReferrals({
      db,
      meta: store,
      fees: operator,
      ...(opts.referralsNow ? { now: opts.referralsNow } : {}),
    }),
    pins: createUserPins(store),
    ...(opts.newRecipientWaitMs !== undefined ? { newRecipientWaitMs: opts.newRecipientWaitMs } : {}),
    charts: createChartCache(),
    logger: log,
    trxUsd: opts.trxUsd,
    now: Date.now,
    admins: opts.admins ?? [],
    events: (a) =>
      tradeNotifier(a, log, opts.explorerTxUrl, (t) =>
        orders.afterBuy(t.userId, t.walletId, t.token, t.txid ?? undefined),
      ),
  };
}

/** What the sniper keeps across restarts and shares with other instances: its stream position, its notices' days. */
function sniperRecords(store: ReturnType<typeof createStore>) {
  return {
    position: {
      get: async () => {
        const v = await store.meta('sniper_last_seq');
        return v === undefined ? undefined : Number(v);
      },
      set: (id: number) => store.setMeta('sniper_last_seq', String(id)),
    },
    notices: {
      claim: (key: string, at: number, windowMs: number) => store.claimWindow(`sniper_notice:${key}`, at, windowMs),
    },
  };
}

/** The trading side's own reader of the node (paced on a real node, TRON_RPS). */
function nodeMarketOf(node: BotRunOptions['node'], log: Logger) {
  const tronWeb = createTronWeb({
    host: node.host,
    apiKey: node.apiKey,
    pacing: node.rps
      ? {
          rps: node.rps,
          onRetry: (r) => log.warn(r, 'the Tron node is busy (HTTP %d); retrying in %d ms', r.status, r.delayMs),
        }
      : undefined,
  });
  return createNodeMarket({ chain: new ChainGateway(tronWeb), families: node.families });
}

/** How the bot shares its work with other instances (main.ts, from ROLES). */
export interface BotRoles {
  /** Takes Telegram's updates (the bot role); false: only the engine's messages go out. Default true. */
  updates?: boolean;
  /**
   * The engine (orders, sniper, copy trading, alerts, scheduled deletes, resuming trades by hand)
   * starts at once (default), or only when `engine.start()` is called (the engine's leader).
   */
  engineLed?: boolean;
  /** With several instances: resume only hand trades left this long (their instance died), every 30 s. */
  resumeStaleMs?: number;
}

/** How often the engine's leader looks for hand trades a dead instance left (several instances). */
const RESUME_EVERY_MS = 30_000;
/** How often the engine tells referrers of their confirmed payouts. */
const PAYOUTS_EVERY_MS = 10_000;

/** The engine: what runs on one instance at a time. */
function botEngine(built: Awaited<ReturnType<typeof buildBot>>, staleMs: number | undefined) {
  const { bot, store, services } = built;
  const log = services.logger;
  let alerter: ReturnType<typeof createAlerter> | undefined;
  let timers: NodeJS.Timeout[] = [];
  const resume = async () => {
    const resumed = await services.trading.resume(services.events(bot.api), staleMs ?? 0);
    if (resumed) log.info({ resumed }, 'resumed unfinished trades');
  };
  return {
    async start() {
      await resume();
      await services.orders.start();
      await services.sniper.start();
      alerter = createAlerter({
        store,
        api: bot.api,
        client: built.operator,
        logger: log,
        botUsername: bot.botInfo.username,
      });
      await alerter.start();
      timers.push(
        setInterval(() => {
          runDueDeletes(bot.api, store, Date.now()).catch((err: unknown) =>
            log.warn({ err }, 'scheduled deletes failed'),
          );
        }, 5_000),
      );
      const told = tellPayouts(bot.api, services.referrals, log, txLinker(built.explorerTxUrl));
      timers.push(
        setInterval(
          () => void told().catch((err: unknown) => log.warn({ err }, 'telling referral payouts failed')),
          PAYOUTS_EVERY_MS,
        ),
      );
      if (staleMs !== undefined)
        timers.push(
          setInterval(
            () => void resume().catch((err: unknown) => log.warn({ err }, 'resuming trades failed')),
            RESUME_EVERY_MS,
          ),
        );
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      await alerter?.stop();
      alerter = undefined;
      await services.orders.stop();
      services.sniper.stop();
    },
    get alerter() {
      return alerter;
    },
  };
}

export async function startBot(opts: BotRunOptions & BotRoles) {
  const built = await buildBot(opts);
  const { bot, services } = built;
  const log = services.logger;
  await bot.init();
  const engine = botEngine(built, opts.resumeStaleMs);
  if (!opts.engineLed) await engine.start();
  let runner: RunnerHandle | undefined;
  let handleWebhook: WebhookHandler | undefined;
  if (opts.updates === false) {
    log.info({ username: bot.botInfo.username }, 'the bot takes no updates here (ROLES has no bot)');
  } else if (opts.webhook) {
    await bot.api.setMyCommands(COMMANDS);
    handleWebhook = webhookHandler(bot, opts.webhook.secret);
    await setWebhook(bot, opts.webhook);
    log.info(
      { username: bot.botInfo.username, path: new URL(opts.webhook.url).pathname },
      `bot @${bot.botInfo.username} takes updates by webhook`,
    );
  } else if (opts.poll !== false) {
    await bot.api.setMyCommands(COMMANDS);
    // a webhook left from an earlier run would refuse getUpdates (409); its pending updates are kept
    await bot.api.deleteWebhook({ drop_pending_updates: false });
    runner = run(bot);
    log.info({ username: bot.botInfo.username }, `bot @${bot.botInfo.username} is polling for updates`);
  } else {
    await bot.api.setMyCommands(COMMANDS);
  }
  return {
    ...built,
    /** The alerts' sender while the engine runs here. */
    get alerter() {
      return engine.alerter;
    },
    engine,
    /** Serves the webhook's path (when the bot takes updates by webhook). */
    handleWebhook,
    async stop() {
      await engine.stop();
      if (runner?.isRunning()) await runner.stop();
      if (!opts.database) await built.db.close();
    },
  };
}
