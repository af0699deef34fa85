// Starts a real devnet (HTTP on a free loopback port, SQLite in a temp dir) for a test file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TronWeb } from 'tronweb';
import { createLogger } from '../../src/log.js';
import type { DevnetFamilyName } from '../../src/devnet/genesis.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';

export function tempDir(prefix = 'lp-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startTestDevnet(
  /** solidAfter: blocks until a block is solid; 0 (the default here) = every block is solid at once. */
  opts: {
    dir?: string;
    blockMs?: number;
    seed?: boolean;
    solidAfter?: number;
    /** A fixed clock: blocks are stamped from it (and POST /devnet/advance), not from the machine's. */
    clock?: () => number;
    unfreezeDays?: number;
    /** The launchpad families the chain hosts; both (the default chain) when unset. */
    families?: DevnetFamilyName[];
    /** Names a new chain (mixed into its genesis block id); unset = the default chain's genesis. */
    label?: string;
  } = {},
): Promise<Devnet & { dir: string }> {
  const dir = opts.dir ?? tempDir();
  const devnet = await startDevnet({
    dbFile: path.join(dir, 'devnet.sqlite'),
    host: '127.0.0.1',
    port: 0,
    blockMs: opts.blockMs ?? 0,
    solidAfter: opts.solidAfter ?? 0,
    seed: opts.seed ?? false,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.unfreezeDays !== undefined ? { unfreezeDays: opts.unfreezeDays } : {}),
    ...(opts.families ? { families: opts.families } : {}),
    ...(opts.label !== undefined ? { label: opts.label } : {}),
    logger: createLogger('silent'),
  });
  return Object.assign(devnet, { dir });
}

export function tronWebFor(url: string, privateKey?: string): TronWeb {
  return new TronWeb(privateKey ? { fullHost: url, privateKey } : { fullHost: url });
}

export async function faucet(url: string, address: string, amountTrx: number | string): Promise<string> {
  const res = await fetch(`${url}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amountTrx }),
  });
  const body = (await res.json()) as { txid?: string; error?: string };
  if (!res.ok || !body.txid) throw new Error(`faucet failed: ${res.status} ${body.error}`);
  return body.txid;
}
