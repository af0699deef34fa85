// Bot migration 0008: follows made before the limits get those a new follow gets (a day's budget of
// 10 copies, one copy's worth a token, source buys from 1 TRX), a percent follow without a cap is
// capped at its amount, and snipe rules keep no price cap.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../src/db/engine.js';
import * as schema from '../../src/trading/schema.js';
import { copySizeSun } from '../../src/trading/automation/copy.js';
import { createTradingStore } from '../../src/trading/store.js';
import { BOT_MIGRATIONS, migrationsBefore } from './helpers.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'migration-0008-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('bot migration 0008: limits for automation', () => {
  it('gives existing follows the defaults and caps a percent follow that had no max', async () => {
    const sqlite = new Database(':memory:');
    const db = drizzle({ client: sqlite, schema });
    migrate(db, { migrationsFolder: migrationsBefore('0008_automation_limits', tmp) });
    const follow = sqlite.prepare(
      `insert into follows (id, user_id, wallet_id, source, amount_sun, pct_bps, max_sun, sells, status, created_at)
       values (?, 1, 1, 'TSource', ?, ?, ?, 0, 'active', 0)`,
    );
    follow.run('fixed', '20000000', null, null); // 20 TRX a copy
    follow.run('pct', '15000000', 5000, null); // 50 % of its TRX, no cap
    follow.run('pctmax', '10000000', 2500, '50000000'); // 25 %, at most 50 TRX
    sqlite
      .prepare(
        `insert into snipe_rules (id, user_id, wallet_id, amount_sun, word, safe, on_launch, budget_sun, status, created_at)
         values ('rule', 1, 1, '50000000', 'cat', 0, 0, '500000000', 'active', 0)`,
      )
      .run();

    migrate(db, { migrationsFolder: BOT_MIGRATIONS });
    const store = createTradingStore(sqliteDatabase(db, schema));
    const limits = async (id: string) => {
      const f = (await store.follow(id))!;
      return { max: f.maxSun, size: copySizeSun(f), budget: f.budgetSun, token: f.tokenCapSun, min: f.minSourceSun };
    };
    expect(await limits('fixed')).toEqual({
      max: null,
      size: 20_000_000n,
      budget: '200000000',
      token: '20000000',
      min: '1000000',
    });
    expect(await limits('pct')).toEqual({
      max: '15000000',
      size: 15_000_000n,
      budget: '150000000',
      token: '15000000',
      min: '1000000',
    });
    expect(await limits('pctmax')).toEqual({
      max: '50000000',
      size: 50_000_000n,
      budget: '500000000',
      token: '50000000',
      min: '1000000',
    });
    expect(await store.snipeRule('rule')).toMatchObject({ budgetSun: '500000000', maxPriceE18: null, maxMcUsd: null });
    sqlite.close();
  });
});
