// Starts the bot from config: its database, vault, facade clients and trade flow; long polling with
// grammY's runner (updates of one chat in order, chats in parallel); resumes unfinished trades.
import { run, type RunnerHandle } from '@grammyjs/runner';
import path from 'node:path';
import type { Logger } from 'pino';
import { LaunchpadClient } from '../client/index.js';
import { createAccounts } from '../trading/accounts.js';
import type { BotServices } from './context.js';
import { tradeEvents } from './features/trade.feature.js';
import { createBot, runDueDeletes, COMMANDS, type BotOptions } from './index.js';
import { createStore, openBotDb } from './store.js';
import { createTradeFlow } from '../trading/trade-flow.js';
import { createAlerter } from './alerts.js';
import { Vault } from '../trading/vault.js';

export interface BotRunOptions {
  token: string;
  dataDir: string;
  /** 32-byte key for the vault. */
  vaultKey: Buffer;
  facadeUrl: string;
  /** An operator key for the facade (creates a key per user), or a way to make one once. */
  operatorKey: string | (() => string);
  defaultPlan: string;
  /** Telegram ids allowed to use the admin commands. */
  admins?: number[];
  trxUsd: number;
  explorerTxUrl?: string | undefined;
  logger: Logger;
  bot?: BotOptions;
  /** Long polling; off when a test feeds updates with handleUpdate. */
  poll?: boolean;
  dbFile?: string;
}

export function buildBot(opts: BotRunOptions) {
  const log = opts.logger.child({ module: 'bot' });
  const db = openBotDb(opts.dbFile ?? path.join(opts.dataDir, 'bot.sqlite'));
  const store = createStore(db);
  const vault = new Vault(opts.vaultKey);
  const operator = new LaunchpadClient({
    baseUrl: opts.facadeUrl,
    apiKey: operatorKey(store, vault, opts.operatorKey),
    timeoutMs: 30_000,
  });
  const accounts = createAccounts({ store, vault, operator, facadeUrl: opts.facadeUrl, defaultPlan: opts.defaultPlan });
  const trading = createTradeFlow({ store, accounts });
  const services: BotServices = {
    store,
    accounts,
    trading,
    logger: log,
    trxUsd: opts.trxUsd,
    now: Date.now,
    operator,
    admins: opts.admins ?? [],
    events: (api) => tradeEvents(api, log, opts.explorerTxUrl),
  };
  const bot = createBot(opts.token, services, opts.bot);
  return { bot, store, services, db, operator };
}

export async function startBot(opts: BotRunOptions) {
  const built = buildBot(opts);
  const { bot, store, services } = built;
  const log = services.logger;
  await bot.init();
  await bot.api.setMyCommands(COMMANDS);
  const resumed = await services.trading.resume(services.events(bot.api));
  if (resumed) log.info({ resumed }, 'resumed unfinished trades');
  const alerter = createAlerter({
    store,
    api: bot.api,
    client: built.operator,
    logger: log,
    botUsername: bot.botInfo.username,
  });
  alerter.start();
  const maintenance = setInterval(() => {
    runDueDeletes(bot.api, store, Date.now()).catch((err: unknown) => log.warn({ err }, 'scheduled deletes failed'));
  }, 5_000);
  let runner: RunnerHandle | undefined;
  if (opts.poll !== false) {
    runner = run(bot);
    log.info({ username: bot.botInfo.username }, `bot @${bot.botInfo.username} is polling for updates`);
  }
  return {
    ...built,
    alerter,
    async stop() {
      clearInterval(maintenance);
      await alerter.stop();
      if (runner?.isRunning()) await runner.stop();
      built.db.$client.close();
    },
  };
}

/** The configured operator key, or one made once and kept sealed in the bot's database. */
function operatorKey(store: ReturnType<typeof createStore>, vault: Vault, given: string | (() => string)): string {
  if (typeof given === 'string') return given;
  const sealed = store.meta('operator_key');
  if (sealed) return vault.decrypt(sealed, 'operator-key');
  const key = given();
  store.setMeta('operator_key', vault.encrypt(key, 'operator-key'));
  return key;
}
