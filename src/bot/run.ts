// Starts the bot from config: its database (the trading side's, with the chat's tables), the trading
// side (src/trading/index.ts) with the bot's notifiers, and the bot itself; long polling with grammY's
// runner (updates of one chat in order, chats in parallel) or a webhook; on the engine's instance, the
// trading side's engines and the chat's own (alerts, scheduled deletes, referral payouts told, the
// admins told of an energy pool running low).
import { run, type RunnerHandle } from '@grammyjs/runner';
import path from 'node:path';
import type { Logger } from 'pino';
import { createTrading, type NodeOptions } from '../trading/index.js';
import type { SigningRules } from '../trading/signing.js';
import type { FamilyName } from '../tron/families.js';
import type { NetworkConfig } from '../tron/networks.js';
import { Vault } from '../vault.js';
import { createAlerter } from './alerts.js';
import { createChartCache } from './charts.js';
import type { BotServices } from './context.js';
import { txLinker } from './format.js';
import { setCommandMenus } from './commands.js';
import { setAppMenuButton } from './mini-app.js';
import { createBot, installBot, runDueDeletes, type BotOptions } from './index.js';
import { orderNotifier } from './notifiers/order.notifier.js';
import { watchEnergyPools } from './notifiers/energy.notifier.js';
import { tellPayouts } from './notifiers/referral.notifier.js';
import { sniperNotifier } from './notifiers/sniper.notifier.js';
import { tradeNotifier } from './notifiers/trade.notifier.js';
import { createLanguages } from './i18n.js';
import { botNetworks } from './networks.js';
import { createStore, openBotDatabase, type BotDatabase } from './store.js';
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
  node: NodeOptions;
  /**
   * The networks (nodes) the launchpad families are on (the config's `networks`): with more than one,
   * the cards, quotes and positions name a token's network. Not given, or one: the network is never named.
   */
  networks?: ReadonlyArray<Pick<NetworkConfig, 'id' | 'name' | 'families'>>;
  /** An operator key for the facade (creates a key per user), or a way to make one once. */
  operatorKey: string | (() => Promise<string>);
  defaultPlan: string;
  /** Telegram ids allowed to use the admin commands. */
  admins?: number[];
  trxUsd: number;
  /** energy lending's threshold (sun), when a lender is set */
  energyLendMinSun?: bigint;
  explorerTxUrl?: string | undefined;
  /** With several networks, each family's network's explorer (unset for one: `explorerTxUrl`). */
  explorerTxUrls?: Partial<Record<FamilyName, string | undefined>> | undefined;
  /** The Mini App's address (APP_URL); default the facade's `/app/`. Only an https one opens inside Telegram. */
  appUrl?: string;
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
  const languages = createLanguages(store, (what) => log.warn(what));
  const speechOf = async (chatId: number) => languages.speech(await store.languageOf(chatId));
  // the bot first (its Api is what the trading side's notifiers send through), its features last
  const bot = createBot(opts.token, opts.bot);
  // a trade's link is its token's network's explorer (the token's family, as the trading side's node named it)
  let familyOf: (token: string) => string | undefined = () => undefined;
  const link = txLinker(opts.explorerTxUrl, opts.explorerTxUrls, (token) => familyOf(token));
  const trades = (api: typeof bot.api) => tradeNotifier(api, log, speechOf, link);
  const trading = await createTrading({
    db,
    vault: new Vault(opts.vaultKey),
    facadeUrl: opts.facadeUrl,
    operatorKey: opts.operatorKey,
    defaultPlan: opts.defaultPlan,
    signing: opts.signing,
    node: opts.node,
    trxUsd: opts.trxUsd,
    ...(opts.energyLendMinSun !== undefined ? { energyLendMinSun: opts.energyLendMinSun } : {}),
    logger: opts.logger,
    notify: {
      trades: trades(bot.api),
      orders: orderNotifier(bot.api, log, link, speechOf),
      automation: sniperNotifier(bot.api, log, link, speechOf),
    },
    drive: {
      ...(opts.orders?.now ? { ordersNow: opts.orders.now } : {}),
      ...(opts.orders?.tickMs !== undefined ? { tickMs: opts.orders.tickMs } : {}),
      ...(opts.orders?.follow !== undefined ? { follow: opts.orders.follow } : {}),
      ...(opts.tradeNow ? { tradesNow: opts.tradeNow } : {}),
      ...(opts.finalityPollMs !== undefined ? { finalityPollMs: opts.finalityPollMs } : {}),
      ...(opts.referralsNow ? { referralsNow: opts.referralsNow } : {}),
    },
  });
  familyOf = (token) => trading.market.familyKnown(token);
  const services: BotServices = {
    store,
    accounts: trading.accounts,
    trading: trading.trading,
    orders: trading.orders,
    automation: trading.automation,
    referrals: trading.referrals,
    pins: trading.pins,
    ...(opts.newRecipientWaitMs !== undefined ? { newRecipientWaitMs: opts.newRecipientWaitMs } : {}),
    charts: createChartCache(),
    logger: log,
    trxUsd: opts.trxUsd,
    now: Date.now,
    chainNow: trading.chainTime.now,
    operator: trading.operator,
    energy: trading.energy,
    balances: (address: string) => trading.market.trxBalances(address),
    admins: opts.admins ?? [],
    events: trades,
    languages,
    speechOf,
    appUrl: opts.appUrl ?? new URL('/app/', opts.facadeUrl).href,
    networks: botNetworks(opts.networks),
  };
  installBot(bot, services, opts.bot);
  return { bot, store, services, db, trading, operator: trading.operator, explorerTxUrl: opts.explorerTxUrl };
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

/** How often the engine tells referrers of their confirmed payouts. */
const PAYOUTS_EVERY_MS = 10_000;
/** How often the engine looks at the energy pools (the admins are told when one runs low). */
const ENERGY_EVERY_MS = 60_000;

/** The engine: what runs on one instance at a time (the trading side's engines, and the chat's own). */
function botEngine(built: Awaited<ReturnType<typeof buildBot>>, staleMs: number | undefined) {
  const { bot, store, services, trading } = built;
  const log = services.logger;
  let alerter: ReturnType<typeof createAlerter> | undefined;
  let timers: NodeJS.Timeout[] = [];
  return {
    async start() {
      await trading.start(staleMs !== undefined ? { resumeStaleMs: staleMs } : undefined);
      alerter = createAlerter({
        store,
        api: bot.api,
        stream: trading.stream,
        logger: log,
        botUsername: bot.botInfo.username,
        speechOf: services.speechOf,
      });
      await alerter.start();
      timers.push(
        setInterval(() => {
          runDueDeletes(bot.api, store, Date.now()).catch((err: unknown) =>
            log.warn({ err }, 'scheduled deletes failed'),
          );
        }, 5_000),
      );
      const told = tellPayouts(bot.api, services.referrals, log, txLinker(built.explorerTxUrl), services.speechOf);
      timers.push(
        setInterval(
          () => void told().catch((err: unknown) => log.warn({ err }, 'telling referral payouts failed')),
          PAYOUTS_EVERY_MS,
        ),
      );
      if (services.admins.length) {
        const energy = watchEnergyPools({
          api: bot.api,
          pools: () => services.operator.adminEnergy(),
          admins: services.admins,
          meta: store,
          logger: log,
          speechOf: services.speechOf,
        });
        const look = () =>
          void energy().catch((err: unknown) => log.warn({ err }, 'looking at the energy pools failed'));
        look();
        timers.push(setInterval(look, ENERGY_EVERY_MS));
      }
    },
    async stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      await alerter?.stop();
      alerter = undefined;
      await trading.stop();
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
  // the command menus, and the Mini App's menu button (best effort: a refused one leaves the bot running)
  const setMenus = async () => {
    await setCommandMenus(bot.api, services.languages);
    await setAppMenuButton(bot.api, services.languages, services.appUrl).catch((err: unknown) =>
      log.warn({ err }, 'setting the Mini App menu button failed'),
    );
  };
  let runner: RunnerHandle | undefined;
  let handleWebhook: WebhookHandler | undefined;
  if (opts.updates === false) {
    log.info({ username: bot.botInfo.username }, 'the bot takes no updates here (ROLES has no bot)');
  } else if (opts.webhook) {
    await setMenus();
    handleWebhook = webhookHandler(bot, opts.webhook.secret);
    await setWebhook(bot, opts.webhook);
    log.info(
      { username: bot.botInfo.username, path: new URL(opts.webhook.url).pathname },
      `bot @${bot.botInfo.username} takes updates by webhook`,
    );
  } else if (opts.poll !== false) {
    await setMenus();
    // a webhook left from an earlier run would refuse getUpdates (409); its pending updates are kept
    await bot.api.deleteWebhook({ drop_pending_updates: false });
    runner = run(bot);
    log.info({ username: bot.botInfo.username }, `bot @${bot.botInfo.username} is polling for updates`);
  } else {
    await setMenus();
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
