// /healthz, /readyz and /metrics need no key, so each answers one address a limited number of times a
// minute (then 429 in the spec's envelope); with METRICS_PORT they answer on that port only.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { MONITOR_PER_MINUTE } from '../../src/api/address-limit.js';
import { createHealth } from '../../src/api/metrics.js';
import { loadConfig } from '../../src/config.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import { startFacade } from '../../src/facade.js';
import { createLogger } from '../../src/log.js';
import type { DataService } from '../../src/service/data/index.js';
import { createKeysService } from '../../src/service/keys.service.js';
import type { TradeService } from '../../src/service/trade/index.js';
import { Vault } from '../../src/vault.js';

describe('monitoring routes', () => {
  it('answers /healthz, /readyz and /metrics 60 times a minute per address, then 429 with Retry-After', async () => {
    let pings = 0;
    const health = createHealth({
      indexed: () => ({ block: 7, at: Date.now() }),
      nodeHead: () => Promise.resolve(7),
      pingDb: () => {
        pings += 1;
        return Promise.resolve();
      },
    });
    const app = await buildApp({
      data: {} as DataService,
      trade: {} as TradeService,
      keys: createKeysService(await openAppDatabase({ sqlite: openDb(':memory:') })),
      logger: createLogger('silent'),
      health,
    });
    const get = (url: string, remoteAddress = '203.0.113.5') => app.inject({ method: 'GET', url, remoteAddress });
    for (const url of ['/readyz', '/metrics', '/healthz']) {
      const codes: number[] = [];
      for (let i = 0; i < MONITOR_PER_MINUTE; i++) codes.push((await get(url)).statusCode);
      expect(codes, url).toEqual(Array.from({ length: MONITOR_PER_MINUTE }, () => 200));
      const refused = await get(url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({
        error: 'Rate limit exceeded',
        message: expect.stringMatching(/retry in \d+ s/),
        code: '429',
        status: 'error',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // another address is still answered
      expect((await get(url, '198.51.100.20')).statusCode, url).toBe(200);
    }
    // a refused /readyz did not ping the database
    expect(pings).toBe(MONITOR_PER_MINUTE + 1);
    await app.close();
  });

  it('with METRICS_PORT, serves them on that port and answers 404 for them on the API port', async () => {
    const database = await openAppDatabase({ sqlite: openDb(':memory:') });
    const facade = await startFacade({
      database,
      // no node: /readyz says so, and nothing else here needs one
      tronHost: 'http://127.0.0.1:9',
      families: loadConfig({}).families,
      trxUsd: 0.25,
      feeLimitSun: 100_000_000n,
      logger: createLogger('silent'),
      indexer: { pollMs: 0 },
      vault: new Vault(randomBytes(32)),
      webhookMs: 0,
      listen: { host: '127.0.0.1', port: 0 },
      metricsPort: 0,
    });
    try {
      const api = facade.url!;
      const monitor = facade.metricsUrl!;
      expect(monitor).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(monitor).not.toBe(api);
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        const res = await fetch(api + path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toEqual({
          error: 'Not found',
          message: 'No such route',
          code: '404',
          status: 'error',
        });
      }
      // the API's routes stay on its port, and are counted in the metrics served on the other
      expect((await fetch(api + '/health')).status).toBe(200);
      expect((await fetch(api + '/launchpad/getTokenPrice', { method: 'POST' })).status).toBe(401);
      expect(await (await fetch(monitor + '/healthz')).json()).toEqual({ status: 'ok' });
      const ready = await fetch(monitor + '/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ reasons: expect.arrayContaining(['the Tron node does not answer']) });
      const metrics = await (await fetch(monitor + '/metrics')).text();
      expect(metrics).toContain('http_requests_total{method="POST",route="/launchpad/getTokenPrice",status="401"} 1');
      expect((await fetch(monitor + '/launchpad/getTokenPrice', { method: 'POST' })).status).toBe(404);
    } finally {
      await facade.close();
      await database.close();
    }
  });
});
