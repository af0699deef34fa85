// The real bot, wired to the real facade and devnet, talking to a fake Telegram.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { BotError } from 'grammy';
import { TronWeb } from 'tronweb';
import type { BotOptions } from '../../src/bot/index.js';
import type { BotContext } from '../../src/bot/context.js';
import { createAlerter } from '../../src/bot/alerts.js';
import { buildBot } from '../../src/bot/run.js';
import { openBotDatabase, openBotDb, type BotDb } from '../../src/bot/store.js';
import { loadConfig, signingRules } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/log.js';
import { startStack, type Stack } from './facade.js';
import { waitFor } from './facade.js';
import { BOT_INFO, FakeTelegram } from './telegram.js';

/** The devnet ledger's key for an address: lower-case hex. */
const hexOf = (address: string) => TronWeb.address.toHex(address).toLowerCase();

export const TOKEN = '123456789:TEST-token-for-the-fake-bot-api-xyz';

export async function startBotStack(
  opts: {
    logger?: Logger;
    stack?: Stack;
    admins?: number[];
    bot?: Partial<BotOptions>;
    defaultPlan?: string;
    /** where the bot finds the facade, when not the stack's own (a hostile proxy in front of it) */
    facadeUrl?: string;
    /** how often a trade in a head block is read until final (100 ms here; the bot's default is 3 s) */
    finalityPollMs?: number;
    /** the order engine's clock and DCA tick (0: only when the test calls tick()) */
    orders?: { now?: () => number; tickMs?: number; follow?: boolean };
    /** the referral programme's clock (when a referee is bound) */
    referralsNow?: () => number;
    /** the trade flow's clock (signing; when a trade a fork took away is given up) */
    tradeNow?: () => number;
    /** the Mini App's address (APP_URL; default the facade's /app/, http) */
    appUrl?: string;
    /** transaction links: the first network's, and with two networks each family's */
    explorer?: { txUrl?: string; byFamily?: Partial<Record<'launchpad' | 'launchpad2', string>> };
  } = {},
) {
  const stack = opts.stack ?? (await startStack({ pollMs: 100 }));
  // a stack of two networks (startStack({ networks: 2 })): the trading side reads each devnet itself
  const two = stack.devnet2
    ? [
        { id: 'launchpad' as const, name: 'devnet', host: stack.devnet.url, families: ['launchpad' as const] },
        { id: 'launchpad2' as const, name: 'devnet 2', host: stack.devnet2.url, families: ['launchpad2' as const] },
      ]
    : undefined;
  const families = loadConfig({}).families.map((f) => ({ ...f, network: two ? f.family : ('launchpad' as const) }));
  const tg = new FakeTelegram();
  await tg.start();
  const vaultKey = randomBytes(32);
  // the bot's SQLite file, opened here: tests read it with SQL
  let sqlite: BotDb;
  const make = async () => {
    sqlite = openBotDb(path.join(stack.dir, 'bot.sqlite'));
    return buildBot({
      token: TOKEN,
      dataDir: stack.dir,
      database: await openBotDatabase({ sqlite }),
      vaultKey,
      facadeUrl: opts.facadeUrl ?? stack.url,
      // the bot's own configuration, with the test facade's fee limit (100 TRX)
      signing: { ...signingRules(loadConfig({})), feeLimitSun: 100_000_000n },
      // the trading side reads the devnet itself (the node the API uses; a proxy in front of the API does not touch it)
      node: { host: stack.devnet.url, families, ...(two ? { networks: two } : {}) },
      ...(two ? { networks: two } : {}),
      operatorKey: async () => (await stack.facade.keys.create('developer', 'bot', true)).key,
      defaultPlan: opts.defaultPlan ?? 'trader',
      admins: opts.admins ?? [],
      trxUsd: 0.25,
      logger: opts.logger ?? createLogger('silent'),
      bot: {
        apiRoot: tg.url,
        botInfo: BOT_INFO,
        throttle: false,
        userRate: 1000,
        userRatePerMinute: 100_000,
        ...opts.bot,
      },
      poll: false,
      newRecipientWaitMs: 300,
      finalityPollMs: opts.finalityPollMs ?? 100,
      orders: { tickMs: 0, ...opts.orders },
      ...(opts.referralsNow ? { referralsNow: opts.referralsNow } : {}),
      ...(opts.tradeNow ? { tradeNow: opts.tradeNow } : {}),
      ...(opts.appUrl ? { appUrl: opts.appUrl } : {}),
      ...(opts.explorer ? { explorerTxUrl: opts.explorer.txUrl, explorerTxUrls: opts.explorer.byFamily } : {}),
    });
  };
  let built = await make();
  // how often the API was asked for each transaction's status: the bot's finality reads them there
  const statusReads = new Map<string, number>();
  const trade = stack.facade.trade;
  const txStatus = trade.txStatus.bind(trade);
  trade.txStatus = (signature, balancesOf) => {
    statusReads.set(signature, (statusReads.get(signature) ?? 0) + 1);
    return txStatus(signature, balancesOf);
  };
  /** The feed's listeners: one per live stream the API has open (its cursor set, its events flowing). */
  const openStreams = () => stack.facade.feed.bus.listeners('feed');
  return {
    stack,
    tg,
    /** the key the bot's vault seals with (the CLI's WALLET_ENCRYPTION_KEY for the same database) */
    vaultKey,
    get bot() {
      return built.bot;
    },
    get built() {
      return built;
    },
    /** The bot's SQLite file (for reading it with SQL). */
    get sqlite() {
      return sqlite;
    },
    /** A started alerter of the bot, sending through the fake Telegram (flushes after 50 ms). */
    async alerter() {
      const a = createAlerter({
        store: built.store,
        api: built.bot.api,
        stream: built.trading.stream,
        logger: createLogger('silent'),
        botUsername: BOT_INFO.username,
        speechOf: built.services.speechOf,
        flushDelayMs: 50,
      });
      await a.start();
      return a;
    },
    /**
     * Runs `start` (what opens a live stream to the API: an alerter, the automation), and resolves once
     * the API holds a stream it did not hold before: events from then on reach it.
     */
    async streamOpened<T>(start: () => Promise<T>): Promise<T> {
      const before = new Set(openStreams());
      const started = await start();
      await waitFor(() => (openStreams().some((l) => !before.has(l)) ? true : undefined));
      return started;
    },
    /**
     * How many times the API has been asked for `txid`'s status. The bot's finality reads it once a
     * poll, one poll after another: two more reads than a moment ago prove that a whole poll (the read
     * and what the bot did with it) ran since.
     */
    statusReads: (txid: string) => statusReads.get(txid) ?? 0,
    /** A bot user's active wallet. */
    async walletOf(userId: number) {
      return built.services.accounts.activeWallet((await built.store.user(userId))!);
    },
    /** An address's TRX on the devnet (sun). */
    trxBalance: (address: string) => stack.devnet.chain.ledger.balance(hexOf(address)),
    /** An address's balance of a token on the devnet (base units). */
    tokenBalance: (token: string, holder: string) =>
      stack.devnet.chain.ledger.tokenBalance(hexOf(token), hexOf(holder)),
    /** A bot user's active wallet, their API client, and (for tests that sign by hand) its key. */
    async account(userId: number) {
      const { accounts, store } = built.services;
      const user = (await store.user(userId))!;
      const wallet = await accounts.activeWallet(user);
      return { wallet, client: accounts.clientFor(user), key: () => accounts.withKey(wallet, (k) => k) };
    },
    /** Feeds one update and waits for its handlers; a handler's error goes to the bot's error
     * boundary, as under the runner in production. */
    send: (u: Parameters<typeof built.bot.handleUpdate>[0]) =>
      built.bot.handleUpdate(u).catch((err: unknown) => {
        if (err instanceof BotError) return built.bot.errorHandler(err as BotError<BotContext>);
        throw err;
      }),
    /** Simulates a restart of the bot process on the same database. */
    async restart() {
      await built.db.close();
      built = await make();
      return built;
    },
    async close() {
      await built.db.close();
      await tg.stop();
      if (!opts.stack) await stack.close();
    },
  };
}
