// A trading store on an in-memory bot database (the real migrations), with a user and a wallet; the
// bot's migrations as they were before one of them (to test what a migration does to older rows).
import fs from 'node:fs';
import path from 'node:path';
import { sqliteDatabase } from '../../src/db/engine.js';
import { openSqlite } from '../../src/db/open.js';
import * as schema from '../../src/trading/schema.js';
import { createTradingStore, DEFAULT_SETTINGS, type UserRow, type WalletRow } from '../../src/trading/store.js';

export function memoryStore() {
  return createTradingStore(sqliteDatabase(openSqlite(':memory:', schema, 'bot'), schema));
}

export async function addUser(
  store: ReturnType<typeof memoryStore>,
  id: number,
  address = 'TWalletWalletWalletWalletWalletWa',
): Promise<{ user: UserRow; wallet: WalletRow }> {
  await store.createUser({
    telegramId: id,
    username: null,
    apiKeyEnc: 'sealed',
    apiKeyId: null,
    activeWalletId: null,
    settings: JSON.stringify(DEFAULT_SETTINGS),
    createdAt: 0,
  });
  const wallet = await store.addWallet({ userId: id, address, keyEnc: 'sealed', label: null, createdAt: 0 });
  await store.setActiveWallet(id, wallet.id);
  return { user: (await store.user(id))!, wallet };
}

export const BOT_MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle/bot');

/** The bot's migrations as they were before `tag`: a copy of the folder, in `dir`, with a shorter journal. */
export function migrationsBefore(tag: string, dir: string): string {
  const out = path.join(dir, `before-${tag}`);
  fs.cpSync(BOT_MIGRATIONS, out, { recursive: true });
  const file = path.join(out, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(file, JSON.stringify(journal));
  return out;
}

/** An API quote's network fee: a sponsored curve buy (the pool pays its 76,874 energy, the bytes free). */
export const QUOTED_NETWORK_FEE = {
  total: 0,
  max: 1.5,
  energy: 76_874,
  estimatedBy: 'node',
  energyFromPool: 76_874,
  energyFromWallet: 0,
  energyBurnt: 0,
  bandwidthBytes: 416,
  bandwidthFrom: 'free',
  pool: 'sponsored',
  exact: {
    totalSun: '0',
    energySun: '0',
    bandwidthSun: '0',
    maxSun: '1500000',
    feeLimitSun: '1537500',
    energyPriceSun: '100',
    bytePriceSun: '1000',
  },
} as const;
