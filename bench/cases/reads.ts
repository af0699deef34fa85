// API reads against the `npm start` build, each next to a bare Fastify baseline run just before it;
// the system's RSS under that load; then localTrade builds per second for a funded wallet.
// BENCH_READS=getTokenDetails,... picks reads (and leaves out the POST context line).
import { TronWeb } from 'tronweb';
import { fundWallet, load, out, peakSampler, startBaseline, startSystem, type BenchSystem } from '../harness.js';

async function readsAgainstBaseline(info: BenchSystem, baselineUrl: string): Promise<void> {
  const headers = { 'api-key': info.key };
  const picked = process.env.BENCH_READS?.split(',');
  // Each read is measured right after its own baseline run (paired: the machine's speed drifts
  // between runs), both after a 2-second warm-up.
  for (const [name, pathName, body] of [
    ['getTokenDetails', '/launchpad/getTokenDetails', { address: info.token }],
    ['getRecentTrades', '/launchpad/getRecentTrades', { address: info.token, limit: 20 }],
    ['getTokenHolders', '/launchpad/getTokenHolders', { address: info.token, limit: 20 }],
  ] as const) {
    if (picked && !picked.includes(name)) continue;
    const read = { method: 'POST' as const, body: JSON.stringify(body), headers };
    await load(`${baselineUrl}/constant`, { seconds: 2 });
    await load(info.api + pathName, { ...read, seconds: 2 });
    const base = await load(`${baselineUrl}/constant`);
    const r = await load(info.api + pathName, read);
    const ratio = (r.rps / base.rps) * 100;
    const verdict = ratio >= 50 && r.p99 <= 20 ? 'meets' : 'misses';
    out(
      `- ${name}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}; baseline (bare Fastify, constant JSON) just before: ${Math.round(base.rps)} req/s, p50 ${base.p50} ms, p99 ${base.p99} ms — ${ratio.toFixed(0)} % of the baseline — ${verdict} the target (≥ 50 %, p99 ≤ 20 ms)`,
    );
  }
}

/** For context: what a POST with a small JSON body costs bare Fastify against a GET. */
async function postContext(info: BenchSystem, baselineUrl: string): Promise<void> {
  const get = await load(`${baselineUrl}/constant`);
  const postBody = await load(`${baselineUrl}/constant`, {
    method: 'POST',
    body: JSON.stringify({ address: info.token }),
  });
  out(
    `- for context, bare Fastify answering the constant to a POST with a small JSON body: ${Math.round(postBody.rps)} req/s, ${((postBody.rps / get.rps) * 100).toFixed(0)} % of the GET run just before (${Math.round(get.rps)} req/s)`,
  );
}

async function localTradeBuilds(info: BenchSystem): Promise<void> {
  const acc = await TronWeb.createAccount();
  await fundWallet(info.devnet, acc.address.base58, 100_000);
  const lt = await load(`${info.api}/launchpad/localTrade`, {
    method: 'POST',
    headers: { 'api-key': info.key },
    connections: 20,
    body: JSON.stringify({ type: 'buy', tokenAddress: info.token, amount: 10, userAddress: acc.address.base58 }),
  });
  out(
    `- localTrade builds: ${Math.round(lt.rps)} /s, p50 ${lt.p50} ms, p99 ${lt.p99} ms, errors ${lt.errors} — ${lt.rps >= 1000 ? 'meets' : 'misses'} the target (≥ 1,000/s)`,
  );
}

export async function run(): Promise<void> {
  const baseline = await startBaseline();
  const info = await startSystem();
  const rss = peakSampler(info.sys.rssMb);
  try {
    await readsAgainstBaseline(info, baseline.url);
    if (!process.env.BENCH_READS) await postContext(info, baseline.url);
    out(
      `- RSS of \`npm start\` (devnet with demo data, indexer, API; no bot) under the read load: peak ${rss.peak().toFixed(0)} MB (${rss.start.toFixed(0)} MB before the load) — ${rss.peak() <= 200 ? 'meets' : 'misses'} the target (≤ 200 MB)`,
    );
    await localTradeBuilds(info);
  } finally {
    rss.stop();
    await info.stop();
    await baseline.stop();
  }
}
