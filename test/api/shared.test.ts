// Two API instances on one database and one Redis (REDIS_URL): a key's per-minute limit is counted
// across both, and an event indexed by one instance reaches the live stream of the other at once
// (Redis's signal, well before the stream's own 2-s re-read).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient } from '../../src/client/index.js';
import { startFacade, type Facade } from '../../src/facade.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import type { SharedRedis } from '../../src/db/redis.js';
import { FEED_RECHECK_MS } from '../../src/service/feed.service.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';
import { readStream } from '../helpers/sse.js';
import { NEEDS_REDIS, dropRedis, testRedis } from '../helpers/services.js';

const shared = await testRedis();
let stack: Stack;
let other: Facade;
let otherShared: SharedRedis;

beforeAll(async () => {
  if (!shared) return;
  stack = await startStack({ shared });
  // the second instance: its own connection under the same prefix, the same database, no indexing
  otherShared = (await testRedis(shared.prefix))!;
  other = await startFacade({
    database: stack.database,
    tronHost: stack.devnet.url,
    families: loadConfig({ DEVNET_PORT: new URL(stack.devnet.url).port }).families,
    trxUsd: 0.25,
    feeLimitSun: 100_000_000n,
    logger: createLogger('silent'),
    indexer: { pollMs: 0 },
    vault: stack.vault,
    webhookMs: 0,
    listen: { host: '127.0.0.1', port: 0 },
    shared: otherShared,
  });
});
afterAll(async () => {
  await other?.close();
  await otherShared?.close();
  await stack?.close();
  await dropRedis(shared);
});

describe.skipIf(!shared)(`two API instances sharing Redis ${shared ? '' : NEEDS_REDIS}`, () => {
  it("holds a key's 60 requests a minute across both instances", async () => {
    await stack.facade.keys.setPlanLimits('shared60', 60, 100);
    const { key } = await stack.facade.keys.create('shared60');
    const urls = [stack.url, other.url!];
    const tcat = (await demoTokens(stack.devnet.url)).TCAT!;
    const codes = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        fetch(`${urls[i % 2]}/launchpad/getTokenPrice`, {
          method: 'POST',
          headers: { 'api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ address: tcat }),
        }).then((r) => r.status),
      ),
    );
    const refused = codes.filter((c) => c === 429).length;
    expect(codes.filter((c) => c !== 429 && c !== 200)).toEqual([]);
    expect(Math.abs(120 - refused - 60)).toBeLessThanOrEqual(3);
    // each instance refused some: they counted together, not 60 each
    expect(codes.filter((c, i) => i % 2 === 0 && c === 429).length).toBeGreaterThan(0);
    expect(codes.filter((c, i) => i % 2 === 1 && c === 429).length).toBeGreaterThan(0);
  });

  it('streams, on the other instance, a trade this one indexed, at once', async () => {
    const traderKey = await stack.key('trader');
    const trader = new LaunchpadClient({ baseUrl: stack.url, apiKey: traderKey });
    const tokens = await demoTokens(stack.devnet.url);
    const [buyer] = (await trader.createWallet(1)) as [{ publicKey: string; privateKey: string }];
    await faucet(stack.devnet.url, buyer.publicKey, 1_000);
    let open = false;
    const reading = readStream(
      `${other.url}/launchpad/stream?events=buy`,
      traderKey,
      (ev) => ev.length >= 1,
      {},
      10_000,
      () => (open = true),
    );
    // the other instance answered: it holds the stream's cursor from before the trade
    await waitFor(() => (open ? true : undefined));
    const sig = await trader.trade({
      action: 'buy',
      tokenAddress: tokens.SDOG!,
      amount: 10,
      privateKey: buyer.privateKey,
    });
    await waitFor(async () => ((await trader.txStatus(sig)).state === 'confirmed' ? true : undefined));
    const indexedAt = Date.now();
    await stack.facade.indexer.syncOnce();
    const { events } = await reading;
    expect(Date.now() - indexedAt).toBeLessThan(FEED_RECHECK_MS / 2);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'buy', data: { txid: sig, token: tokens.SDOG } });
  });
});
