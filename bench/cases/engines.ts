// The same reads and trades on both databases, one after the other in one run: `npm start`'s build
// on its SQLite files, then on Postgres (a fresh database on the server of the bench's own
// DATABASE_URL, default the local service; skipped with a line when it does not answer).
// Reads: getTokenDetails, getRecentTrades, getTokenHolders and localTrade builds; trades: the
// end-to-end buys of buys.ts in their first configuration.
import { TronWeb } from 'tronweb';
import { testPostgres } from '../../test/helpers/services.js';
import { fundWallet, load, out, startSystem } from '../harness.js';
import { endToEndBuys } from './buys.js';

async function readFigures(engine: string, env: Record<string, string>): Promise<void> {
  const info = await startSystem(env);
  try {
    const headers = { 'api-key': info.key };
    const acc = await TronWeb.createAccount();
    await fundWallet(info.devnet, acc.address.base58, 100_000);
    const figures: string[] = [];
    for (const [name, pathName, body] of [
      ['getTokenDetails', '/launchpad/getTokenDetails', { address: info.token }],
      ['getRecentTrades', '/launchpad/getRecentTrades', { address: info.token, limit: 20 }],
      ['getTokenHolders', '/launchpad/getTokenHolders', { address: info.token, limit: 20 }],
      [
        'localTrade',
        '/launchpad/localTrade',
        { type: 'buy', tokenAddress: info.token, amount: 10, userAddress: acc.address.base58 },
      ],
    ] as const) {
      const read = { method: 'POST' as const, body: JSON.stringify(body), headers };
      await load(info.api + pathName, { ...read, seconds: 2 });
      const r = await load(info.api + pathName, read);
      figures.push(`${name} ${Math.round(r.rps)} req/s (p99 ${r.p99} ms, errors ${r.errors})`);
    }
    out(`- reads on ${engine}: ${figures.join('; ')}`);
  } finally {
    await info.stop();
  }
}

export async function run(): Promise<void> {
  const pg = await testPostgres();
  await readFigures('SQLite', { DATABASE_URL: '' });
  if (pg) await readFigures('Postgres', { DATABASE_URL: pg.url });
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40, label: 'on SQLite', env: { DATABASE_URL: '' } });
  if (pg) {
    const again = await testPostgres();
    await endToEndBuys({
      blockMs: 3000,
      clients: 50,
      perClient: 40,
      label: 'on Postgres',
      env: { DATABASE_URL: again!.url },
    });
    await again!.drop();
    await pg.drop();
  } else {
    out('- Postgres: skipped (no server answers at DATABASE_URL, default the local service)');
  }
}
