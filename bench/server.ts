// The system under test for the read benchmarks, in its own process (as `npm start` runs it):
// devnet with demo data, indexer, facade; plus a bare Fastify route returning a constant body,
// the baseline. Prints one JSON line with the addresses, then serves until killed.
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import Fastify from 'fastify';
import { openDb } from '../src/db/index.js';
import { startDevnet } from '../src/devnet/index.js';
import { startFacade } from '../src/facade.js';
import { loadConfig } from '../src/config.js';
import { syncDevnetMetadata } from '../src/launchpad/metadata.js';
import { createLogger } from '../src/log.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
const logger = createLogger('silent');
const devnet = await startDevnet({ dbFile: path.join(dir, 'devnet.sqlite'), host: '127.0.0.1', port: 0, blockMs: 0, seed: true, logger });
const config = loadConfig({ DEVNET_PORT: new URL(devnet.url).port });
const db = openDb(path.join(dir, 'app.sqlite'));
const facade = await startFacade({
  db, tronHost: devnet.url, families: config.families, trxUsd: 0.25, feeLimitSun: 100_000_000n, logger,
  indexer: { pollMs: 1000 }, webhookMs: 0, listen: { host: '127.0.0.1', port: 0 },
});
await syncDevnetMetadata(devnet.url, facade.data);
await facade.indexer.syncOnce();
const baseline = Fastify();
baseline.get('/constant', async () => ({ status: 'success', code: '200', data: { name: 'constant', value: 42 } }));
await baseline.listen({ host: '127.0.0.1', port: 0 });
const tokens = (await (await fetch(`${devnet.url}/devnet/tokens`)).json()) as { data: Array<{ symbol: string; contractAddress: string }> };
const key = facade.keys.create('developer', 'bench').key;
const a = baseline.server.address();
process.stdout.write(JSON.stringify({
  api: facade.url, devnet: devnet.url, baseline: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, key,
  token: tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress, dir,
}) + '\n');
process.on('SIGTERM', () => process.exit(0));
