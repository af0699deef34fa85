// Indexer catch-up: 100,000 Transfer events written straight into a seeded devnet's event log, then
// one syncOnce of a fresh indexer over all of it (in this process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TronWeb } from 'tronweb';
import { createLogger } from '../../src/log.js';
import { startDevnet, type Devnet } from '../../src/devnet/index.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { createTronWeb } from '../../src/tron/client.js';
import { loadConfig } from '../../src/config.js';
import { toAbiAddress } from '../../src/tron/address.js';
import { devnetTokens, out } from '../harness.js';

const TOTAL = 100_000;

/** TOTAL Transfers of the token among 500 holders, all in the head block. */
function writeTransfers(devnet: Devnet, token: string): void {
  const hexToken = TronWeb.address.toHex(token).toLowerCase();
  const head = devnet.chain.head();
  const ins = devnet.chain.db.$client
    .prepare(`insert into events (block_number, block_timestamp, txid, contract, event_index, event_name, signature, result, result_type)
      values (?, ?, ?, ?, 0, 'Transfer', 'Transfer(address indexed from,address indexed to,uint256 value)', ?, '{"from":"address","to":"address","value":"uint256"}')`);
  const holders = Array.from({ length: 500 }, (_, i) =>
    toAbiAddress('41' + (i + 1).toString(16).padStart(40, '0')).toLowerCase(),
  );
  devnet.chain.db.$client.transaction(() => {
    for (let i = 0; i < TOTAL; i++) {
      const from = i < holders.length ? '0x' + hexToken.slice(2) : holders[i % holders.length]!;
      const to = holders[(i + 1) % holders.length]!;
      ins.run(
        head.number,
        head.timestamp,
        i.toString(16).padStart(64, '0'),
        hexToken,
        JSON.stringify({ from, to, value: '1000' }),
      );
    }
  })();
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  const devnet = await startDevnet({
    dbFile: path.join(dir, 'devnet.sqlite'),
    host: '127.0.0.1',
    port: 0,
    blockMs: 0,
    seed: true,
    logger: createLogger('silent'),
  });
  try {
    const token = (await devnetTokens(devnet.url)).find((t) => t.symbol === 'TCAT')!.contractAddress;
    writeTransfers(devnet, token);
    const db = await openAppDatabase({ sqlite: openDb(':memory:') });
    const families = loadConfig({ DEVNET_PORT: new URL(devnet.url).port }).families;
    const ix = new Indexer({
      db,
      tronWeb: createTronWeb({ host: devnet.url }),
      families,
      logger: createLogger('silent'),
    });
    const t1 = performance.now();
    const applied = await ix.syncOnce();
    const secs = (performance.now() - t1) / 1000;
    out(
      `- indexer catch-up: ${applied.toLocaleString('en')} events (incl. ${TOTAL.toLocaleString('en')} synthetic Transfers) in ${secs.toFixed(1)} s — ${secs <= 10 ? 'meets' : 'misses'} the target (100,000 in ≤ 10 s)`,
    );
    await db.close();
  } finally {
    await devnet.close();
  }
}
