// Webhooks on both engines (SQLite, and Postgres when it answers): three dispatchers on one database
// (as three instances) deliver each event once to each subscription; a failed attempt is retried
// later by whichever dispatcher comes first; a removed webhook gets nothing more.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysService } from '../../src/service/keys.service.js';
import { createFeed } from '../../src/service/feed.service.js';
import { createWebhooks, SIGNATURE_HEADER, sign } from '../../src/service/webhooks.service.js';
import { createLogger } from '../../src/log.js';
import { Vault } from '../../src/vault.js';
import type { AppDatabase } from '../../src/db/index.js';
import { appEngines } from '../helpers/services.js';

const { engines, dropAll } = await appEngines();
const received: Array<{ body: { id: number; kind: string; delivery: number }; signature: string }> = [];
let failNext = 0;
const server = http.createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += String(c)));
  req.on('end', () => {
    if (failNext > 0) {
      failNext--;
      res.statusCode = 503;
      return res.end();
    }
    received.push({
      body: JSON.parse(text) as { id: number; kind: string; delivery: number },
      signature: String(req.headers[SIGNATURE_HEADER]),
    });
    res.end('ok');
  });
});
beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', r)));
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await dropAll();
});

describe.each(engines)('webhooks on $engine', ({ open }) => {
  let db: AppDatabase;
  const vault = new Vault(randomBytes(32));
  let clock = 1_000_000;
  const dispatcher = () =>
    createWebhooks({
      db,
      feed: createFeed(db),
      logger: createLogger('silent'),
      allowPrivate: true,
      vault,
      now: () => clock,
      baseDelayMs: 1_000,
    });
  const event = (kind: 'buy' | 'sell', token = 'T1') =>
    db.tx((q) => q.insert(db.t.feedEvents).values({ kind, token, payload: '{}', txid: 'ab', timestamp: 1 }));

  it('delivers each event once per subscription, with three dispatchers at work', async () => {
    db = await open();
    received.length = 0;
    const keyId = (await createKeysService(db).create('trader')).id;
    const [a, b, c] = [dispatcher(), dispatcher(), dispatcher()];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    const buys = await a.create(keyId, { url, events: ['buy'] });
    const all = await b.create(keyId, { url, events: ['buy', 'sell'] });
    for (let i = 0; i < 5; i++) await event(i % 2 ? 'sell' : 'buy');
    await Promise.all([a.tick(), b.tick(), c.tick(), a.tick(), c.tick()]);
    await Promise.all([a.tick(), b.tick(), c.tick()]);
    // 3 buys to the first, 5 events to the second: 8 deliveries, none twice
    expect(received).toHaveLength(8);
    expect(new Set(received.map((r) => r.body.delivery)).size).toBe(8);
    const ofHook = async (id: number) => (await a.deliveries(keyId, id)).map((d) => d.status);
    expect(await ofHook(buys.id)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(await ofHook(all.id)).toEqual(Array(5).fill('delivered'));
    const signed = received.find((r) => r.body.kind === 'sell')!;
    expect(signed.signature).toBe(sign(all.secret, JSON.stringify(signed.body)));
    await db.close();
  });

  it('retries a failed attempt after its backoff, once, and sends nothing to a removed webhook', async () => {
    db = await open();
    received.length = 0;
    const keyId = (await createKeysService(db).create('trader')).id;
    const [a, b] = [dispatcher(), dispatcher()];
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/retry`;
    const hook = await a.create(keyId, { url, events: ['buy'] });
    failNext = 1;
    await event('buy');
    await a.tick();
    expect(await a.deliveries(keyId, hook.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, lastStatus: 503 }),
    ]);
    await Promise.all([a.tick(), b.tick()]); // not due yet
    expect(received).toHaveLength(0);
    clock += 1_000;
    await Promise.all([a.tick(), b.tick()]);
    expect(received).toHaveLength(1);
    expect(await a.deliveries(keyId, hook.id)).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 2, lastStatus: 200 }),
    ]);
    await b.remove(keyId, hook.id);
    await expect(b.remove(keyId, hook.id)).rejects.toMatchObject({ status: 404 });
    expect(await a.list(keyId)).toEqual([]);
    await event('buy');
    await Promise.all([a.tick(), b.tick()]);
    expect(received).toHaveLength(1);
    await db.close();
  });
});
