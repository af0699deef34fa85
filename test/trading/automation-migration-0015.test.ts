// Bot migration 0015 (Postgres: 0007): snipe rules and follows made before it get no family (null:
// every family), so they keep buying every launchpad's tokens; a rule made after it keeps the family it
// names. On SQLite always, on Postgres when it answers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../src/db/engine.js';
import * as schema from '../../src/trading/schema.js';
import { openBotDatabase } from '../../src/bot/store.js';
import { createTradingStore } from '../../src/trading/store.js';
import { NEEDS_POSTGRES, testPostgres } from '../helpers/services.js';
import { BOT_MIGRATIONS, migrationsBefore } from './helpers.js';
import { automationOver, created, SOURCE, sourceBuy } from './automation/helpers.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-0015-'));
const pgDb = await testPostgres();
afterAll(async () => {
  fs.rmSync(tmp, { recursive: true, force: true });
  await pgDb?.drop();
});

/** The Postgres migrations as they were before 0007_rules_family: a copy with a shorter journal. */
function pgMigrationsBefore(): string {
  const out = path.join(tmp, 'pg-before');
  fs.cpSync(path.resolve(BOT_MIGRATIONS, '../pg-bot'), out, { recursive: true });
  const file = path.join(out, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === '0007_rules_family'),
  );
  fs.writeFileSync(file, JSON.stringify(journal));
  return out;
}

/** A rule and a follow as they were stored before the migration (the same columns on either engine). */
const OLD_RULE = `insert into snipe_rules (id, user_id, wallet_id, amount_sun, word, safe, on_launch, budget_sun, status, created_at)
  values ('oldrule', 5, 1, '50000000', 'cat', false, false, '500000000', 'active', 0)`;
const OLD_FOLLOW = `insert into follows (id, user_id, wallet_id, source, amount_sun, budget_sun, token_cap_sun, min_source_sun, sells, status, created_at)
  values ('oldfollow', 5, 1, '${SOURCE}', '10000000', '100000000', '10000000', '1000000', false, 'active', 0)`;
const T0 = 1_700_000_000_000;

describe('bot migration 0015: a family for snipe rules and follows', () => {
  it('applies on an existing database: older rules and follows take every family and still trade', async () => {
    const sqlite = new Database(':memory:');
    const db = drizzle({ client: sqlite, schema });
    migrate(db, { migrationsFolder: migrationsBefore('0015_rules_family', tmp) });
    sqlite
      .prepare(`insert into users (telegram_id, api_key_enc, settings, created_at) values (5, 'sealed', '{}', 0)`)
      .run();
    sqlite
      .prepare(`insert into wallets (id, user_id, address, key_enc, created_at) values (1, 5, 'TWallet', 'sealed', 0)`)
      .run();
    sqlite.exec(OLD_RULE);
    sqlite.exec(OLD_FOLLOW);

    migrate(db, { migrationsFolder: BOT_MIGRATIONS });
    const store = createTradingStore(sqliteDatabase(db, schema));
    expect(await store.snipeRule('oldrule')).toMatchObject({ word: 'cat', family: null, status: 'active' });
    expect(await store.follow('oldfollow')).toMatchObject({ source: SOURCE, family: null, status: 'active' });

    // they trade tokens of either family, as before (no family asked for: the client is never called)
    const wallet = (await store.wallet(5, 1))!;
    const { automation, executed } = automationOver(store, wallet, () => T0);
    await automation.start();
    await automation.onEvent(created('TCat2', 'Cat Two', 'CAT2', T0, 'launchpad2'));
    await automation.onEvent(sourceBuy('TWave', 'WAVE', 20_000_000n, 'buy-wave', T0));
    expect([...executed.keys()]).toEqual(['s:oldrule:TCat2', 'c:oldfollow:buy-wave']);
    // a new rule keeps its family
    const rule = await automation.addRule(5, { trx: '10', word: 'dog', family: 'launchpad' });
    expect((await store.snipeRule(rule.id))?.family).toBe('launchpad');
    automation.stop();
    sqlite.close();
  });

  it.skipIf(!pgDb)(`applies on an existing Postgres database ${pgDb ? '' : NEEDS_POSTGRES}`, async () => {
    const client = new pg.Client({ connectionString: pgDb!.url });
    await client.connect();
    try {
      await migratePg(drizzlePg({ client }), {
        migrationsFolder: pgMigrationsBefore(),
        migrationsTable: '__drizzle_migrations_bot',
      });
      await client.query('set search_path to bot');
      await client.query(OLD_RULE);
      await client.query(OLD_FOLLOW);
    } finally {
      await client.end();
    }
    // opening it applies the rest
    const database = await openBotDatabase({ postgres: pgDb!.url });
    try {
      const store = createTradingStore(database);
      expect(await store.snipeRule('oldrule')).toMatchObject({ word: 'cat', family: null, status: 'active' });
      expect(await store.follow('oldfollow')).toMatchObject({ source: SOURCE, family: null });
      expect((await store.activeSnipeRules()).map((r) => r.id)).toEqual(['oldrule']);
    } finally {
      await database.close();
    }
  });
});
