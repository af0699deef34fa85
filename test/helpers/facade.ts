// The whole stack for end-to-end tests: devnet + app database + indexer + facade on loopback.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openAppDatabase, openDb, type AppDatabase, type AppDb } from '../../src/db/index.js';
import { startFacade, type Facade } from '../../src/facade.js';
import { loadConfig } from '../../src/config.js';
import { syncDevnetMetadata } from '../../src/service/metadata.js';
import { createLogger, type Logger } from '../../src/log.js';
import type { Devnet } from '../../src/devnet/index.js';
import { Vault } from '../../src/vault.js';
import type { SharedRedis } from '../../src/db/redis.js';
import { startTestDevnet, tempDir } from './devnet.js';

export interface Stack {
  devnet: Devnet;
  /**
   * With `networks: 2`: the second network's devnet, hosting launchpad2 alone (its own genesis,
   * contracts and demo tokens); `devnet` then hosts launchpad alone.
   */
  devnet2?: Devnet;
  facade: Facade;
  /** The app's database (SQLite, or the Postgres one given). */
  database: AppDatabase;
  /** The app's SQLite file (throws when the stack runs on a Postgres database). */
  db: AppDb;
  url: string;
  dir: string;
  /** What seals the webhook secrets (a fresh key unless one is given). */
  vault: Vault;
  /** A fresh API key on a plan. */
  key(plan?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startStack(
  opts: {
    seed?: boolean;
    pollMs?: number;
    dir?: string;
    logger?: Logger;
    blockMs?: number;
    vault?: Vault;
    /** blocks until a block is solid (0, the default: at once) */
    solidAfter?: number;
    /** Redis shared with other instances (rate limits, the live stream's signal) */
    shared?: SharedRedis;
    /** the app's database (default: a SQLite file in `dir`); the stack closes it */
    database?: AppDatabase;
    /** 2: each family on a devnet of its own (launchpad on `devnet`, launchpad2 on `devnet2`) */
    networks?: 1 | 2;
  } = {},
): Promise<Stack> {
  const dir = opts.dir ?? tempDir();
  const two = opts.networks === 2;
  const chainOpts = {
    seed: opts.seed ?? true,
    ...(opts.blockMs ? { blockMs: opts.blockMs } : {}),
    ...(opts.solidAfter ? { solidAfter: opts.solidAfter } : {}),
  };
  const devnet = await startTestDevnet({ dir, ...chainOpts, ...(two ? { families: ['launchpad' as const] } : {}) });
  const devnet2 = two
    ? await startTestDevnet({ ...chainOpts, families: ['launchpad2'], label: 'launchpad2' })
    : undefined;
  const config = loadConfig({ DEVNET_PORT: new URL(devnet.url).port });
  const families = config.families.map((f) => ({ ...f, network: two ? f.family : ('launchpad' as const) }));
  const networks = devnet2
    ? [
        { id: 'launchpad' as const, name: 'devnet', host: devnet.url },
        { id: 'launchpad2' as const, name: 'devnet 2', host: devnet2.url },
      ]
    : undefined;
  const db = opts.database ? undefined : openDb(path.join(dir, 'app.sqlite'));
  const database = opts.database ?? (await openAppDatabase({ sqlite: db! }));
  const vault = opts.vault ?? new Vault(randomBytes(32));
  const facade = await startFacade({
    database,
    tronHost: devnet.url,
    networks,
    families,
    trxUsd: 0.25,
    feeLimitSun: 100_000_000n,
    logger: opts.logger ?? createLogger('silent'),
    indexer: { pollMs: opts.pollMs ?? 0 },
    webhooksAllowPrivate: true,
    vault,
    webhookMs: 0,
    listen: { host: '127.0.0.1', port: 0 },
    shared: opts.shared,
  });
  await syncDevnetMetadata(devnet.url, facade.data);
  if (devnet2) await syncDevnetMetadata(devnet2.url, facade.data);
  await facade.indexer.syncOnce();
  return {
    devnet,
    ...(devnet2 ? { devnet2 } : {}),
    facade,
    database,
    get db(): AppDb {
      if (!db) throw new Error('this stack runs on Postgres: use stack.database');
      return db;
    },
    dir,
    vault,
    url: facade.url!,
    key: async (plan = 'developer') => (await facade.keys.create(plan)).key,
    async close() {
      await facade.close();
      await devnet.close();
      await devnet2?.close();
      await database.close();
    },
  };
}

export async function demoTokens(devnetUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${devnetUrl}/devnet/tokens`);
  const { data } = (await res.json()) as { data: Array<{ symbol: string; contractAddress: string }> };
  return Object.fromEntries(data.map((t) => [t.symbol, t.contractAddress]));
}

export async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
