// All settings come from the environment (and `.env` when present), validated once here.
// Nothing else in the code reads process.env.
import path from 'node:path';
import { z } from 'zod';
import { isBase58Address } from './tron/address.js';
import type { Family, NetworkId } from './tron/families.js';
import { networkOf, type NetworkConfig } from './tron/networks.js';
import { ConfigError, MAINNET_LAUNCHPAD, families, firstApiKey, networksFrom } from './config-families.js';

export { ConfigError, MAINNET_LAUNCHPAD, networksFrom };

const port = z.coerce.number().int().min(0).max(65535);
/** A network's name as users see it (TRON_NETWORK_NAME, LAUNCHPAD2_NETWORK_NAME). */
const networkName = z.string().trim().min(1).max(40);
const base58 = z.string().refine((v) => isBase58Address(v), 'must be a base58 Tron address (T...)');
/** A comma-separated list of base58 addresses ('' for none). */
const base58List = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isBase58Address), 'must be base58 Tron addresses (T...), comma-separated');

/** A URL, or undefined for a text that is none (for checks that run after z.url() has refused it). */
function urlOf(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export const configSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  PORT: port.default(3000),
  METRICS_PORT: port.optional(),
  TRUST_PROXY: z.string().trim().max(1000).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRON_RPC: z.url({ protocol: /^https?$/ }).optional(),
  TRON_RPS: z.coerce.number().min(0).max(1000).default(15),
  TRON_API_KEY: z.string().min(1).optional(),
  TRONGRID_API_KEY: z.string().min(1).optional(),
  TRON_NETWORK_NAME: networkName.optional(),
  LAUNCHPAD2_RPC: z.url({ protocol: /^https?$/ }).optional(),
  LAUNCHPAD2_TRONGRID_API_KEY: z.string().min(1).optional(),
  LAUNCHPAD2_RPS: z.coerce.number().min(0).max(1000).optional(),
  LAUNCHPAD2_NETWORK_NAME: networkName.optional(),
  DEVNET_PORT: port.default(8090),
  DEVNET2_PORT: port.default(8091),
  DEVNET_BLOCK_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  DEVNET_SOLID_AFTER: z.coerce.number().int().min(0).max(1000).default(19),
  DEVNET_SEED: z.stringbool().default(true),
  DEVNET_THREAD: z.stringbool().default(false),
  DEVNET_UNFREEZE_DAYS: z.coerce.number().int().min(0).max(14).default(14),
  LAUNCHPAD_ADDRESS: base58.optional(),
  ROUTER_ADDRESS: base58.optional(),
  LAUNCHPAD2_ADDRESS: base58.optional(),
  ROUTER2_ADDRESS: base58.optional(),
  ROUTER_PREVIOUS: base58List.optional(),
  ROUTER2_PREVIOUS: base58List.optional(),
  DEX_ROUTER: base58.optional(),
  LAUNCHPAD2_DEX_ROUTER: base58.optional(),
  TRX_USD: z.coerce.number().positive().max(1e6).default(0.25),
  TRADE_FEE_LIMIT_TRX: z.coerce.number().int().min(1).max(15_000).default(100),
  ENERGY_LEND_MIN_TRX: z.coerce.number().min(0).max(15_000).default(1),
  INDEXER_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  INDEXER_FROM_MS: z.coerce.number().int().min(0).optional(),
  BOT_TOKEN: z
    .string()
    .regex(/^\d{3,20}:[A-Za-z0-9_-]{30,60}$/, 'must look like 123456:ABC... (from @BotFather)')
    .optional(),
  TELEGRAM_API_ROOT: z.url({ protocol: /^https?$/ }).optional(),
  WALLET_ENCRYPTION_KEY: z.string().min(32).max(100).optional(),
  BOT_DEFAULT_PLAN: z.string().min(1).max(32).default('free'),
  BOT_API_KEY: z.string().min(10).max(200).optional(),
  FACADE_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (u) => new URL(u).protocol === 'https:' || isLoopback(new URL(u).hostname),
      "must be https unless the API is on this machine (loopback): the bot sends its users' API keys to it",
    )
    .optional(),
  EXPLORER_TX_URL: z.url({ protocol: /^https?$/ }).optional(),
  LAUNCHPAD2_EXPLORER_TX_URL: z.url({ protocol: /^https?$/ }).optional(),
  APP_URL: z
    .url({ protocol: /^https?$/ })
    .refine(
      (u) => urlOf(u)?.pathname.endsWith('/') !== false,
      'must end with / (the folder the app is served from, e.g. https://bot.example.com/app/)',
    )
    .refine((u) => !urlOf(u)?.hash, 'must have no #fragment (Telegram puts its launch parameters there)')
    .optional(),
  WEBHOOK_ALLOW_PRIVATE: z.stringbool().optional(),
  BOT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  BOT_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,256}$/, 'must be 32 to 256 characters of A-Z, a-z, 0-9, _ and - (what Telegram allows)')
    .optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ROLES: z
    .string()
    .regex(
      /^\s*(api|bot|indexer|engine)(\s*,\s*(api|bot|indexer|engine))*\s*$/,
      'must be some of api, bot, indexer, engine separated by commas',
    )
    .default('api,bot,indexer,engine'),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,32}$/, 'must be 1 to 32 characters of A-Z, a-z, 0-9, _ . : and -')
    .default('tlb:'),
  ADMIN_TELEGRAM_IDS: z
    .string()
    .regex(/^\s*\d{1,20}(\s*,\s*\d{1,20})*\s*$/, 'must be Telegram user ids separated by commas')
    .optional(),
});

export type Env = z.input<typeof configSchema>;

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  /** /healthz, /readyz and /metrics on this port of `host` instead of `port` (METRICS_PORT); unset = on `port`. */
  metricsPort: number | undefined;
  /**
   * Which hops in front of the API may say who the client is (X-Forwarded-For), for the limits per
   * client address (TRUST_PROXY): false (none, the default), true (every hop), a number of hops, or
   * their addresses and CIDR ranges, comma-separated.
   */
  trustProxy: boolean | number | string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /**
   * Full node address; undefined means the embedded devnet. The 'launchpad' network's (`networks`);
   * so are `tronRps` and `tronApiKey` (TRON_API_KEY or TRONGRID_API_KEY).
   */
  tronRpc: string | undefined;
  /** Requests a second to the node at TRON_RPC (a token bucket; 0 = unpaced); the devnet is never paced. */
  tronRps: number;
  tronApiKey: string | undefined;
  /** The embedded devnets (TRON_RPC unset): launchpad's on `port` in `dbFile`, launchpad2's on `port2` in `dbFile2`. */
  devnet: {
    enabled: boolean;
    port: number;
    port2: number;
    blockMs: number;
    /** Blocks until a block is solid (the newest solid block is head − solidAfter). */
    solidAfter: number;
    seed: boolean;
    thread: boolean;
    dbFile: string;
    dbFile2: string;
    /** How long an unstake waits on the devnet, in days (14 on mainnet). */
    unfreezeDays: number;
  };
  appDbFile: string;
  /** The launchpad families served; a family without a router cannot trade. */
  families: Family[];
  /**
   * The networks (nodes) the families are on, the 'launchpad' network first: families with the same
   * RPC URL share one (TRON_RPC, LAUNCHPAD2_RPC); on the embedded devnet each family has its own.
   */
  networks: NetworkConfig[];
  trxUsd: number;
  tradeFeeLimitSun: bigint;
  /** With a lender set (`cli energy lender set`): lend a trade's energy when it would burn at least this (sun). */
  energyLendMinSun: bigint;
  indexer: { pollMs: number; fromMs: number | undefined };
  /** Webhooks may target loopback and private addresses (default: only on the devnet). */
  webhooksAllowPrivate: boolean;
  /**
   * The Mini App's address as users' Telegram apps open it (APP_URL; default the API's own port,
   * `http://HOST:PORT/app/`). Telegram opens a Mini App only from https: with http the bot shows no
   * `web_app` button and says where the app is.
   */
  appUrl: string;
  /** Seals secrets at rest: wallets and keys (bot), webhook secrets (API); unset = devnet-generated. */
  encryptionKey: string | undefined;
  bot: {
    /** Telegram user ids allowed to use the admin commands. */
    admins: number[];
    token: string | undefined;
    apiRoot: string | undefined;
    defaultPlan: string;
    /** Operator key for a facade in another process; unset = made once by this process. */
    apiKey: string | undefined;
    /** Where the bot reaches the facade. */
    facadeUrl: string;
    /** Prefix of a transaction link (txid appended); unset = show the txid only. */
    explorerTxUrl: string | undefined;
    /** Updates by webhook (Telegram POSTs them to `url`, this instance serves its path on PORT); unset = long polling. */
    webhook: { url: string; secret: string } | undefined;
  };
  /** Shared counters and channels for several instances; unset = each process keeps its own. */
  redis: { url: string; prefix: string } | undefined;
  /** Postgres for every table (DATABASE_URL); unset = SQLite files in dataDir. */
  databaseUrl: string | undefined;
  /** What this instance runs (ROLES); indexer and engine run on one leader among the instances. */
  roles: ReadonlySet<Role>;
}

export const ROLES = ['api', 'bot', 'indexer', 'engine'] as const;
export type Role = (typeof ROLES)[number];

/** A host on this machine: localhost, 127.0.0.0/8 or ::1. */
function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(?:\.\d{1,3}){3}$/.test(h);
}

/** Where this machine reaches a server bound to `host`: a wildcard address is reached on loopback. */
function localHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** Settings whose value is a secret: a bad one is named, never shown. */
const SECRET = /KEY|TOKEN|SECRET|PASSWORD|^REDIS_URL$|^DATABASE_URL$/;

/** Parses an environment into a typed config. Throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      const shown =
        key in cleaned && !SECRET.test(key) ? ` (got ${JSON.stringify(String(cleaned[key]).slice(0, 60))})` : '';
      return `invalid ${key}${shown}: ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const c = parsed.data;
  if (c.DEVNET_BLOCK_MS === 0 && c.DEVNET_SOLID_AFTER > 0) {
    // with a block per broadcast, no block would become solid until 19 more broadcasts
    throw new ConfigError(
      `invalid DEVNET_SOLID_AFTER${'DEVNET_SOLID_AFTER' in cleaned ? ` (got "${c.DEVNET_SOLID_AFTER}")` : ''}: DEVNET_BLOCK_MS=0 (a block per broadcast) needs DEVNET_SOLID_AFTER=0 (its default is 19, as on mainnet)`,
    );
  }
  const dataDir = path.resolve(c.DATA_DIR);
  const served = families(c);
  const networks = networksFrom(
    c,
    served.map((f) => f.family),
  );
  return {
    databaseUrl: c.DATABASE_URL,
    roles: roles(c),
    redis: c.REDIS_URL ? { url: c.REDIS_URL, prefix: c.REDIS_PREFIX } : undefined,
    dataDir,
    host: c.HOST,
    port: c.PORT,
    metricsPort: metricsPort(c),
    trustProxy: trustProxyOf(c.TRUST_PROXY),
    logLevel: c.LOG_LEVEL,
    tronRpc: c.TRON_RPC,
    tronRps: c.TRON_RPC === undefined ? 0 : c.TRON_RPS,
    tronApiKey: firstApiKey(c),
    devnet: {
      enabled: c.TRON_RPC === undefined,
      port: c.DEVNET_PORT,
      port2: c.DEVNET2_PORT,
      blockMs: c.DEVNET_BLOCK_MS,
      solidAfter: c.DEVNET_SOLID_AFTER,
      seed: c.DEVNET_SEED,
      thread: c.DEVNET_THREAD,
      dbFile: path.join(dataDir, 'devnet.sqlite'),
      dbFile2: path.join(dataDir, 'devnet2.sqlite'),
      unfreezeDays: c.DEVNET_UNFREEZE_DAYS,
    },
    appDbFile: path.join(dataDir, 'app.sqlite'),
    families: served.map((f) => ({ ...f, network: networkOf(networks, f.family).id })),
    networks,
    trxUsd: c.TRX_USD,
    tradeFeeLimitSun: BigInt(c.TRADE_FEE_LIMIT_TRX) * 1_000_000n,
    energyLendMinSun: BigInt(Math.round(c.ENERGY_LEND_MIN_TRX * 1_000_000)),
    indexer: { pollMs: c.INDEXER_POLL_MS, fromMs: c.INDEXER_FROM_MS },
    webhooksAllowPrivate: c.WEBHOOK_ALLOW_PRIVATE ?? c.TRON_RPC === undefined,
    appUrl: new URL(c.APP_URL ?? `http://${localHost(c.HOST)}:${c.PORT}/app/`).href,
    encryptionKey: c.WALLET_ENCRYPTION_KEY,
    bot: {
      admins: (c.ADMIN_TELEGRAM_IDS ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
        .map(Number),
      token: c.BOT_TOKEN,
      apiRoot: c.TELEGRAM_API_ROOT,
      defaultPlan: c.BOT_DEFAULT_PLAN,
      apiKey: c.BOT_API_KEY,
      facadeUrl: c.FACADE_URL ?? `http://${c.HOST === '0.0.0.0' ? '127.0.0.1' : c.HOST}:${c.PORT}`,
      explorerTxUrl: networks[0]?.explorerTxUrl,
      webhook: botWebhook(c),
    },
  };
}

/** TRUST_PROXY as Fastify's trustProxy: "true"/"false", a number of hops, or addresses and CIDR ranges. */
function trustProxyOf(text: string | undefined): boolean | number | string {
  if (text === undefined || text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const parts = text.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p)))
    throw new ConfigError(
      `invalid TRUST_PROXY (got "${text.slice(0, 60)}"): true, false, a number of hops, or addresses and CIDR ranges, comma-separated`,
    );
  return parts.join(',');
}

/** METRICS_PORT, which must not be the API's own port (both would be refused at start). */
function metricsPort(c: z.infer<typeof configSchema>): number | undefined {
  if (c.METRICS_PORT !== undefined && c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT)
    throw new ConfigError(
      `invalid METRICS_PORT (got "${c.METRICS_PORT}"): must differ from PORT (it takes /healthz, /readyz and /metrics off the API's port)`,
    );
  return c.METRICS_PORT;
}

/**
 * The bot's webhook: Telegram itself takes only https (ports 80, 88, 443, 8443); a local Bot API
 * server (TELEGRAM_API_ROOT) also takes http. The secret is checked on every update, so it is required.
 */
function botWebhook(c: z.infer<typeof configSchema>): Config['bot']['webhook'] {
  if (!c.BOT_WEBHOOK_URL) {
    if (c.BOT_WEBHOOK_SECRET) throw new ConfigError('invalid BOT_WEBHOOK_SECRET: set only with BOT_WEBHOOK_URL');
    return undefined;
  }
  if (!c.BOT_WEBHOOK_SECRET)
    throw new ConfigError(
      'invalid BOT_WEBHOOK_SECRET: required with BOT_WEBHOOK_URL (Telegram sends it with every update; one value on every instance)',
    );
  if (new URL(c.BOT_WEBHOOK_URL).protocol !== 'https:' && !c.TELEGRAM_API_ROOT)
    throw new ConfigError(
      `invalid BOT_WEBHOOK_URL (got ${JSON.stringify(c.BOT_WEBHOOK_URL.slice(0, 60))}): Telegram sends updates only to https (http works with a local Bot API server, TELEGRAM_API_ROOT)`,
    );
  return { url: c.BOT_WEBHOOK_URL, secret: c.BOT_WEBHOOK_SECRET };
}

/**
 * The roles of this instance. All of them (the default) is one process as `npm start` runs it; a
 * split is for several instances, which share Postgres (the leaders are elected there), one node
 * (the devnet runs alone: TRON_RPC) and the API (FACADE_URL on instances without it).
 */
function roles(c: z.infer<typeof configSchema>): ReadonlySet<Role> {
  const set = new Set(c.ROLES.split(',').map((r) => r.trim() as Role));
  if (set.size === ROLES.length) return set;
  const got = ` (got ${JSON.stringify(c.ROLES)})`;
  if (!c.DATABASE_URL)
    throw new ConfigError(
      `invalid ROLES${got}: a split of the roles needs DATABASE_URL (the instances share Postgres)`,
    );
  if (!c.TRON_RPC)
    throw new ConfigError(
      `invalid ROLES${got}: a split of the roles needs TRON_RPC (one node for all instances: run the devnet alone with npm run devnet)`,
    );
  if (!set.has('api') && !c.FACADE_URL)
    throw new ConfigError(
      `invalid ROLES${got}: an instance without api needs FACADE_URL (where the API instances are)`,
    );
  if ((set.has('bot') || set.has('engine')) && !c.BOT_TOKEN)
    throw new ConfigError(`invalid ROLES${got}: the bot and engine roles need BOT_TOKEN`);
  return set;
}

/** Where TronWeb should point for the 'launchpad' network: TRON_RPC, or its embedded devnet. */
export function tronHost(config: Config): string {
  return config.tronRpc ?? `http://127.0.0.1:${config.devnet.port}`;
}

/** Where TronWeb should point for a network: its RPC URL, or its embedded devnet (DEVNET_PORT, DEVNET2_PORT). */
export function hostOf(config: Config, network: NetworkId): string {
  const n = config.networks.find((x) => x.id === network);
  if (!n) throw new Error(`no network ${network} is configured`);
  return n.rpc ?? `http://127.0.0.1:${n.devnetPort ?? config.devnet.port}`;
}

/** The largest router fee a plan may set (bps), and so the most an automated trade may be built with. */
export const MAX_PLAN_FEE_BPS = 1000n;

/**
 * What the bot holds every transaction to before signing (SigningRules, src/trading/signing.ts): the
 * routers of its own configuration, its fee limit, the router fee's cap. Never taken from the facade.
 */
export function signingRules(c: Config) {
  return {
    routers: Object.fromEntries(c.families.map((f) => [f.family, f.router])),
    feeLimitSun: c.tradeFeeLimitSun,
    maxFeeBps: MAX_PLAN_FEE_BPS,
  };
}
