// Moving an install from SQLite to Postgres as an operator does: keys made with the CLI on the
// SQLite files, the bot's users and wallets, then `cli db copy-to-postgres`; the same CLI on
// DATABASE_URL then finds the same keys and plans, a key verifies, new ids go on after the copied
// ones, and a second copy is refused (the target holds data).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/db/open.js';
import * as botSchema from '../src/trading/schema.js';
import { openAppDatabase } from '../src/db/index.js';
import { createKeysService } from '../src/service/keys.service.js';
import { tempDir } from './helpers/devnet.js';
import { NEEDS_POSTGRES, testPostgres } from './helpers/services.js';

const run = promisify(execFile);
const pgDb = await testPostgres();
const dir = tempDir('lp-copy-');
const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
  });
afterAll(async () => pgDb?.drop());

describe.skipIf(!pgDb)(`cli db copy-to-postgres ${pgDb ? '' : NEEDS_POSTGRES}`, () => {
  it('copies every table; the CLI on DATABASE_URL then sees the same keys, plans, users and wallets', async () => {
    await cli(['plans', 'set', 'pro', '--rpm', '600', '--fee-bps', '50']);
    const made = await cli(['keys', 'create', '--plan', 'pro', '--label', 'desk']);
    const key = made.stdout.trim().split('\n').at(-1)!;
    await cli(['keys', 'create', '--plan', 'free', '--label', 'second']);
    await cli(['keys', 'revoke', '2']);
    const bot = openSqlite(path.join(dir, 'bot.sqlite'), botSchema, 'bot');
    bot.insert(botSchema.users).values({ telegramId: 7001, apiKeyEnc: 'sealed', settings: '{}', createdAt: 1 }).run();
    bot.insert(botSchema.wallets).values({ userId: 7001, address: 'TXYZ', keyEnc: 'sealed-key', createdAt: 2 }).run();
    bot.$client.close();
    const before = (await cli(['keys', 'list'])).stdout;

    const copied = await cli(['db', 'copy-to-postgres'], { DATABASE_URL: pgDb!.url });
    expect(copied.stdout).toMatch(/copied the app database: \d+ rows/);
    expect(copied.stdout).toMatch(/copied the bot database: 2 rows/);

    const onPg = { DATABASE_URL: pgDb!.url };
    expect((await cli(['keys', 'list'], onPg)).stdout).toBe(before);
    expect((await cli(['plans', 'list'], onPg)).stdout).toMatch(/^pro\t600 req\/min\t50 bps/m);
    const database = await openAppDatabase({ postgres: pgDb!.url });
    try {
      const keys = createKeysService(database);
      expect((await keys.verify(key))?.plan).toBe('pro');
      // ids made on Postgres go on after the copied ones
      expect((await keys.create('free', 'after the move', false)).id).toBe(3);
    } finally {
      await database.close();
    }
    const client = new pg.Client({ connectionString: pgDb!.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        'SELECT u.telegram_id, w.id, w.address, w.key_enc FROM bot.users u JOIN bot.wallets w ON w.user_id = u.telegram_id',
      );
      expect(rows).toEqual([{ telegram_id: '7001', id: '1', address: 'TXYZ', key_enc: 'sealed-key' }]);
    } finally {
      await client.end();
    }

    const again = await cli(['db', 'copy-to-postgres'], onPg).then(
      () => expect.unreachable('a second copy went through'),
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds data \(table \w+\): copy into an empty one/);
  }, 60_000);
});
