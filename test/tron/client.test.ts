import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { LaunchpadReader, createTronWeb } from '../../src/tron/client.js';
import { DEFAULT_FEES, DEFAULT_MINT_FEE, initialPool } from '../../src/tron/market/index.js';
import { toBase58 } from '../../src/tron/address.js';
import { FAMILIES, TREASURY } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { startTestDevnet, tempDir } from '../helpers/devnet.js';
import path from 'node:path';

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startTestDevnet({ seed: true });
});
afterAll(async () => devnet?.close());

describe('LaunchpadReader', () => {
  it('reads fees, pools, states and balances through TronWeb', async () => {
    const reader = new LaunchpadReader(createTronWeb({ host: devnet.url }), FAMILIES[0]!.launchpad);
    expect(await reader.fees()).toEqual({ ...DEFAULT_FEES, mintFee: DEFAULT_MINT_FEE });
    const tokens = (await (await fetch(`${devnet.url}/devnet/tokens`)).json()) as {
      data: Array<{ symbol: string; contractAddress: string }>;
    };
    const frog = tokens.data.find((t) => t.symbol === 'FROG')!.contractAddress;
    const pool = await reader.pool(frog);
    expect(pool.launched).toBe(false);
    expect(pool.trxReserve).toBeGreaterThan(initialPool().trxReserve); // the creator's first buy
    expect(await reader.state(frog)).toBe(1);
    expect(await reader.state(toBase58(FAMILIES[0]!.router))).toBe(0);
    expect(await reader.tokenBalance(frog, FAMILIES[0]!.launchpad)).toBeGreaterThan(0n);
    expect(await reader.routerTreasury(FAMILIES[0]!.router)).toBe(toBase58(TREASURY.address));
  });
});

describe('app database', () => {
  it('applies the committed migrations in WAL mode', () => {
    const db = openDb(path.join(tempDir(), 'app.sqlite'));
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.$client.prepare("select name from sqlite_master where type = 'table'").all() as Array<{
      name: string;
    }>;
    expect(tables.map((t) => t.name)).toContain('app_meta');
    db.$client.close();
  });
});
