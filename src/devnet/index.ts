// Starts the embedded devnet: ledger, block producer and HTTP surface.
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { openSqlite } from '../db/open.js';
import { Chain } from './chain/index.js';
import { seedDemo } from './demo/index.js';
import type { DevnetFamilyName } from './genesis.js';
import { buildDevnetApp } from './http/app.js';
import * as schema from './schema.js';

export interface DevnetOptions {
  dbFile: string;
  host: string;
  port: number;
  /** 0 = one block per broadcast. */
  blockMs: number;
  /** Blocks until a block is solid (mainnet and the config's default: 19); 0 (the default here) = solid at once. */
  solidAfter?: number;
  /** How long an unstake waits, in days (mainnet and the default: 14). */
  unfreezeDays?: number;
  /** The machine's clock (tests fix it; not passed to a worker thread). */
  clock?: () => number;
  seed: boolean;
  /**
   * The launchpad families this chain hosts (their launchpads, routers and demo tokens); unset = both
   * (the default chain). A data file keeps the families it was made with: opening it with others fails.
   */
  families?: DevnetFamilyName[];
  /**
   * Names a new chain (mixed into its genesis block), so that two chains have different genesis ids
   * and refuse each other's transactions; unset = the default chain's genesis, as ever.
   */
  label?: string;
  logger: Logger;
}

export interface Devnet {
  url: string;
  chain: Chain;
  close(): Promise<void>;
}

/** The devnet's options as configured. */
export function devnetOptions(config: Config, logger: Logger): DevnetOptions {
  return {
    dbFile: config.devnet.dbFile,
    host: config.host,
    port: config.devnet.port,
    blockMs: config.devnet.blockMs,
    solidAfter: config.devnet.solidAfter,
    unfreezeDays: config.devnet.unfreezeDays,
    seed: config.devnet.seed,
    logger,
  };
}

/** How far back the demo history starts. */
const SEED_HISTORY_MS = 25 * 3600 * 1000;

export async function startDevnet(opts: DevnetOptions): Promise<Devnet> {
  const log = opts.logger.child({ module: 'devnet' });
  const db = openSqlite(opts.dbFile, schema, 'devnet');
  const now = opts.clock?.() ?? Date.now();
  const chain = await Chain.open(db, {
    ...(opts.clock ? { clock: opts.clock } : {}),
    genesisTime: opts.seed ? now - SEED_HISTORY_MS : now,
    solidAfter: opts.solidAfter ?? 0,
    ...(opts.unfreezeDays !== undefined ? { unfreezeDelayDays: opts.unfreezeDays } : {}),
    ...(opts.families ? { families: opts.families } : {}),
    ...(opts.label !== undefined ? { label: opts.label } : {}),
  });
  if (opts.seed && (await seedDemo(chain, now))) {
    log.info({ head: chain.head().number }, 'devnet seeded with demo tokens and a day of trades');
  }
  const app = buildDevnetApp({ chain, logger: log, instantBlocks: opts.blockMs === 0 });
  let timer: NodeJS.Timeout | undefined;
  if (opts.blockMs > 0) {
    timer = setInterval(() => {
      chain.produceBlock().catch((err: unknown) => log.error({ err }, 'block production failed'));
    }, opts.blockMs);
  }
  await app.listen({ host: opts.host, port: opts.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  const url = `http://${opts.host}:${port}`;
  log.info(
    {
      url,
      head: chain.head().number,
      blockMs: opts.blockMs,
      solidAfter: chain.solidAfter,
      db: opts.dbFile,
      ...(opts.families ? { families: chain.families.map((f) => f.family) } : {}),
    },
    `devnet listening on ${url}`,
  );
  return {
    url,
    chain,
    async close() {
      if (timer) clearInterval(timer);
      await app.close();
      db.$client.close();
    },
  };
}
