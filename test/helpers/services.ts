// The shared services the multi-instance profile uses, for the tests that need them: Postgres at
// DATABASE_URL (default the local service's database `test`; each test file makes a database of its
// own there and drops it at the end) and Redis at REDIS_URL (default the local service,
// 127.0.0.1:6379; each test file gets its own key prefix and removes its keys at the end). Where a
// service does not answer, its tests are skipped, with one line saying how to run them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openRedis, type SharedRedis } from '../../src/db/redis.js';
import { openAppDatabase, openDb, type AppDatabase } from '../../src/db/index.js';
import { openBotDatabase, type BotDatabase } from '../../src/bot/store.js';
import { createLogger } from '../../src/log.js';

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** What a skipped test's name says. */
export const NEEDS_REDIS = `(skipped: Redis does not answer at ${REDIS_URL}; start it there or set REDIS_URL to run these)`;

/** A connection under a fresh prefix, or undefined when Redis does not answer. */
export async function testRedis(
  prefix = `tlb-test-${randomBytes(4).toString('hex')}:`,
): Promise<SharedRedis | undefined> {
  try {
    return await openRedis(REDIS_URL, prefix, createLogger('silent'));
  } catch {
    process.stderr.write(`${NEEDS_REDIS}\n`);
    return undefined;
  }
}

/** Removes every key under the connection's prefix, and closes it. */
export async function dropRedis(shared: SharedRedis | undefined): Promise<void> {
  if (!shared) return;
  const keys = await shared.redis.keys(`${shared.prefix}*`);
  if (keys.length) await shared.redis.del(...keys);
  await shared.close();
}

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** What a skipped Postgres test's name says. */
export const NEEDS_POSTGRES = `(skipped: Postgres does not answer at ${DATABASE_URL.replace(/\/\/[^@/]*@/, '//')}; start it there or set DATABASE_URL to run these)`;

/** A fresh, empty database on the Postgres server of DATABASE_URL, made for one test file; undefined when it does not answer. */
export async function testPostgres(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    process.stderr.write(`${NEEDS_POSTGRES}\n`);
    return undefined;
  }
  const name = `tlb_test_${randomBytes(6).toString('hex')}`;
  // sorted as most operators' databases sort text (en-US), not byte by byte: the stores must not
  // depend on the server's default collation
  await admin
    .query(`CREATE DATABASE ${name} TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'`)
    .catch(() => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The engines a store test runs on: SQLite always, Postgres when it answers (a fresh database per
 * call of `open`, dropped by `dropAll`). Use with describe.each.
 */
export async function appEngines() {
  const made: Array<{ drop(): Promise<void> }> = [];
  const pgUp = await testPostgres();
  if (pgUp) made.push(pgUp);
  const engines: Array<{ engine: string; open: () => Promise<AppDatabase> }> = [
    { engine: 'SQLite', open: () => openAppDatabase({ sqlite: openDb(':memory:') }) },
  ];
  if (pgUp)
    engines.push({
      engine: 'Postgres',
      open: async () => {
        const fresh = (await testPostgres())!;
        made.push(fresh);
        return openAppDatabase({ postgres: fresh.url });
      },
    });
  const dropAll = async () => {
    for (const m of made) await m.drop();
  };
  return { engines, dropAll };
}

/**
 * The engines a bot store test runs on: SQLite (in memory) always, Postgres when it answers (a fresh
 * database per call of `open`, dropped by `dropAll`). Use with describe.each.
 */
export async function botEngines() {
  const made: Array<{ drop(): Promise<void> }> = [];
  const pgUp = await testPostgres();
  if (pgUp) made.push(pgUp);
  const engines: Array<{ engine: string; open: () => Promise<BotDatabase> }> = [
    { engine: 'SQLite', open: () => openBotDatabase({ sqlite: ':memory:' }) },
  ];
  if (pgUp)
    engines.push({
      engine: 'Postgres',
      open: async () => {
        const fresh = (await testPostgres())!;
        made.push(fresh);
        return openBotDatabase({ postgres: fresh.url });
      },
    });
  const dropAll = async () => {
    for (const m of made) await m.drop();
  };
  return { engines, dropAll };
}
