// Requests without a valid key are limited per client address before any key is looked up: a flood
// of random keys from one address gets ANONYMOUS_PER_MINUTE answers of 401, then 429s in the
// spec's envelope with no lookup, while a real key used from the same address keeps being served.
// In this process's counters, and in Redis's (several instances) when Redis answers.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { ANONYMOUS_PER_MINUTE } from '../../src/api/address-limit.js';
import { MAINNET_LAUNCHPAD } from '../../src/config.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import type { SharedRedis } from '../../src/db/redis.js';
import { createLogger } from '../../src/log.js';
import type { DataService } from '../../src/service/data/index.js';
import { createKeysService, type KeysService } from '../../src/service/keys.service.js';
import type { TradeService } from '../../src/service/trade/index.js';
import { NEEDS_REDIS, dropRedis, testRedis } from '../helpers/services.js';

const redis = await testRedis();
afterAll(() => dropRedis(redis));
afterEach(() => {
  vi.useRealTimers();
});

const price = { address: MAINNET_LAUNCHPAD, symbol: 'TST', priceInTrx: 1, priceInUSD: 0.25, trxUsd: 0.25 };

/** The app on a fresh database, with its keys service; `lookups` lists every key it was asked to verify. */
async function appWith(shared?: SharedRedis, trustProxy?: string) {
  const keys = createKeysService(await openAppDatabase({ sqlite: openDb(':memory:') }));
  const lookups: string[] = [];
  const watched: KeysService = {
    ...keys,
    verify: (key) => {
      lookups.push(key);
      return keys.verify(key);
    },
  };
  const app = await buildApp({
    data: { getTokenPrice: () => Promise.resolve(price) } as unknown as DataService,
    trade: {} as TradeService,
    keys: watched,
    logger: createLogger('silent'),
    shared,
    trustProxy,
  });
  const ask = (remoteAddress: string, key?: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/launchpad/getTokenPrice',
      remoteAddress,
      headers: {
        'content-type': 'application/json',
        ...(key === undefined ? {} : { 'api-key': key }),
        ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }),
      },
      payload: JSON.stringify({ address: MAINNET_LAUNCHPAD }),
    });
  return { app, keys, lookups, ask };
}

const stores = [
  { store: 'in this process', shared: undefined as SharedRedis | undefined },
  ...(redis ? [{ store: 'in Redis', shared: redis }] : []),
];

describe.each(stores)('requests without a valid key, counted $store', ({ shared }) => {
  it('answers a flood of random keys from one address with 429 after the limit, looking none up, while a real key from there keeps working', async () => {
    // frozen clock: each round below moves it past the 5-s freshness of the real key's cache entry
    vi.useFakeTimers({ toFake: ['Date'] });
    const { app, keys, lookups, ask } = await appWith(shared);
    const real = (await keys.create('developer')).key;
    const client = '203.0.113.7';
    // its first burst is one lookup (a valid key's lookup does not count against the address)
    const first = await Promise.all(Array.from({ length: 10 }, () => ask(client, real)));
    expect(first.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect(lookups).toEqual([real]);

    const random = Array.from({ length: 150 }, () => 'lp_' + randomBytes(24).toString('base64url'));
    const codes: number[] = [];
    const realCodes: number[] = [];
    for (let round = 0; round < 3; round++) {
      vi.setSystemTime(Date.now() + 6_000);
      const flood = random.slice(round * 50, round * 50 + 50).map((k) => ask(client, k));
      const mine = Array.from({ length: 5 }, () => ask(client, real));
      const [floodAnswers, realAnswers] = await Promise.all([Promise.all(flood), Promise.all(mine)]);
      codes.push(...floodAnswers.map((r) => r.statusCode));
      realCodes.push(...realAnswers.map((r) => r.statusCode));
      for (const r of floodAnswers.filter((a) => a.statusCode === 429)) {
        expect(r.json()).toEqual({
          error: 'Rate limit exceeded',
          message: expect.stringMatching(/without a valid API key.*retry in \d+ s/),
          code: '429',
          status: 'error',
        });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(ANONYMOUS_PER_MINUTE);
    expect(codes.filter((c) => c === 429)).toHaveLength(150 - ANONYMOUS_PER_MINUTE);
    expect(realCodes).toEqual(Array.from({ length: 15 }, () => 200));
    // only the tries under the limit were looked up (a hash and a query each); none was cached
    const strangers = lookups.filter((k) => k !== real);
    expect(strangers).toHaveLength(ANONYMOUS_PER_MINUTE);
    expect(random.filter((k) => keys.knownKey(k))).toEqual([]);

    // no key, or a malformed one, counts the same and is refused the same
    const bare = await ask(client);
    expect(bare.statusCode).toBe(429);
    expect((await ask(client, 'x'.repeat(500))).statusCode).toBe(429);
    // a real key whose cache entry went stale (its plan changed) is checked again, not refused
    await keys.setPlanLimits('developer', null, 10, true);
    expect((await ask(client, real)).statusCode).toBe(200);
    // another address has its own count: its unknown key is looked up and refused with 401
    const other = await ask('198.51.100.9', 'lp_' + randomBytes(24).toString('base64url'));
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({ error: 'Invalid API key', code: '401', status: 'error' });
    await app.close();
  });

  it("counts missing, malformed and revoked keys against the address, and never a valid key's lookup", async () => {
    const { app, keys, ask } = await appWith(shared);
    const client = '192.0.2.44';
    // a front end holding many users' keys (as the bot does) looks each up from one address
    const users = await Promise.all(Array.from({ length: ANONYMOUS_PER_MINUTE + 10 }, () => keys.create('developer')));
    for (const u of users) expect((await ask(client, u.key)).statusCode).toBe(200);
    const revoked = users[0]!;
    await keys.revoke(revoked.id);
    const tries = [undefined, 'x'.repeat(500), revoked.key];
    const codes: number[] = [];
    for (let i = 0; i < ANONYMOUS_PER_MINUTE + 6; i++) codes.push((await ask(client, tries[i % 3])).statusCode);
    expect(codes.slice(0, ANONYMOUS_PER_MINUTE)).toEqual(Array.from({ length: ANONYMOUS_PER_MINUTE }, () => 401));
    expect(codes.slice(ANONYMOUS_PER_MINUTE)).toEqual(Array.from({ length: 6 }, () => 429));
    // the users' keys, known here, are still served
    expect((await ask(client, users[1]!.key)).statusCode).toBe(200);
    await app.close();
  });
});

describe('requests without a valid key behind a proxy (TRUST_PROXY)', () => {
  it('counts each forwarded client apart behind a trusted hop, and ignores the header from anyone else', async () => {
    const { app, ask } = await appWith(undefined, '10.0.0.0/8');
    const junk = () => randomBytes(20).toString('hex');
    // two clients behind the balancer at 10.0.0.5: each has its own count
    for (let i = 0; i < ANONYMOUS_PER_MINUTE; i++)
      expect((await ask('10.0.0.5', junk(), '198.51.100.1')).statusCode).toBe(401);
    expect((await ask('10.0.0.5', junk(), '198.51.100.1')).statusCode).toBe(429);
    expect((await ask('10.0.0.5', junk(), '198.51.100.2')).statusCode).toBe(401);
    // a client that is not a trusted hop cannot choose who it is: its own address is counted
    for (let i = 0; i < ANONYMOUS_PER_MINUTE; i++)
      expect((await ask('203.0.113.9', junk(), `198.51.100.${100 + i}`)).statusCode).toBe(401);
    expect((await ask('203.0.113.9', junk(), '198.51.100.250')).statusCode).toBe(429);
    await app.close();
  });
});

describe.skipIf(!redis)(`requests without a valid key across instances ${redis ? '' : NEEDS_REDIS}`, () => {
  it('counts an address once across two API instances sharing Redis', async () => {
    const other = (await testRedis(redis!.prefix))!;
    const one = await appWith(redis);
    const two = await appWith(other);
    const client = '203.0.113.200';
    const codes: number[] = [];
    for (let i = 0; i < ANONYMOUS_PER_MINUTE + 10; i++)
      codes.push((await [one, two][i % 2]!.ask(client, 'lp_' + randomBytes(24).toString('base64url'))).statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(ANONYMOUS_PER_MINUTE);
    expect(codes.slice(ANONYMOUS_PER_MINUTE)).toEqual(Array.from({ length: 10 }, () => 429));
    await one.app.close();
    await two.app.close();
    await other.close();
  });
});
