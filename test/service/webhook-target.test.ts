// Webhooks go to public addresses only (off the devnet): literal addresses in every disguise, names
// that resolve to private ones, and names that change their answer after the check (DNS rebinding).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, sqliteAppDatabase } from '../../src/db/index.js';
import { createLogger } from '../../src/log.js';
import { createFeed } from '../../src/service/feed.service.js';
import { isPublicIp, type Lookup } from '../../src/service/webhook-target.js';
import { createKeysService } from '../../src/service/keys.service.js';
import { createWebhooks } from '../../src/service/webhooks.service.js';
import { ServiceError } from '../../src/service/errors.js';
import { Vault } from '../../src/vault.js';

const vault = new Vault(randomBytes(32));

describe('isPublicIp', () => {
  it.each([
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false], // cloud metadata
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::', false],
    ['::ffff:127.0.0.1', false], // IPv4-mapped, dotted
    ['::ffff:7f00:1', false], // IPv4-mapped, hex
    ['::ffff:a00:1', false], // 10.0.0.1 mapped
    ['64:ff9b::a00:1', false], // NAT64
    ['fe80::1', false], // link-local
    ['fd00:ec2::254', false], // ULA, AWS metadata over IPv6
    ['fc00::1', false],
    ['ff02::1', false],
    ['2001:db8::1', false],
    ['8.8.8.8', true],
    ['93.184.216.34', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
  ])('%s is public: %s', (ip, pub) => {
    expect(isPublicIp(ip)).toBe(pub);
  });
});

describe('webhook targets off the devnet', () => {
  const db = sqliteAppDatabase(openDb(':memory:'));
  const feed = createFeed(db);
  let keyId: number;
  beforeAll(async () => {
    keyId = (await createKeysService(db).create('trader')).id;
  });
  let answers: Record<string, string> = {};
  const lookup: Lookup = async (host) => {
    const a = answers[host];
    if (!a) throw new Error('ENOTFOUND');
    return [{ address: a, family: a.includes(':') ? 6 : 4 }];
  };
  const hooks = createWebhooks({
    db,
    feed,
    logger: createLogger('silent'),
    allowPrivate: false,
    lookup,
    vault,
    now: () => 0,
  });
  let receiver: http.Server;
  let hits = 0;
  let port = 0;

  beforeAll(async () => {
    receiver = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  const refusal = (url: string) =>
    hooks.create(keyId, { url, events: ['buy'] }).then(
      () => 'accepted',
      (e: unknown) => (e instanceof ServiceError ? e.message : String(e)),
    );

  it('refuses plain http, private literals in any form, and names resolving to them', async () => {
    answers = { 'inside.example': '10.0.0.7', 'mapped.example': '::ffff:127.0.0.1', 'pub.example': '93.184.216.34' };
    expect(await refusal('http://pub.example/hook')).toBe('url must be https');
    for (const url of [
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[64:ff9b::a00:1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/',
      'https://inside.example/',
      'https://mapped.example/',
    ])
      expect(await refusal(url), url).toBe('url must be a public address');
    expect(await refusal('https://nowhere.example/')).toBe('url host does not resolve');
    expect(await refusal('https://user:pw@pub.example/')).toBe('url must not hold credentials');
    expect(await refusal('https://pub.example/hook')).toBe('accepted');
  });

  it('checks again at delivery: a name that rebinds to a private address gets nothing, and the log says only that', async () => {
    answers = { 'rebind.example': '93.184.216.34' };
    const hook = await hooks.create(keyId, { url: `https://rebind.example:${port}/hook`, events: ['buy'] });
    answers = { 'rebind.example': '127.0.0.1' }; // after the check at creation, the name now points inside
    await db.tx((q) =>
      q.insert(db.t.feedEvents).values({ kind: 'buy', token: 'T1', payload: '{}', txid: 'ab', timestamp: 1 }),
    );
    await hooks.tick();
    expect(hits).toBe(0);
    expect(await hooks.deliveries(keyId, hook.id)).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        lastStatus: null,
        lastError: 'refused: the address is not public',
      }),
    ]);
  });
});

describe('webhook delivery errors', () => {
  it('are generic: a closed port and a timeout read alike to the key holder, never the system error', async () => {
    const db = sqliteAppDatabase(openDb(':memory:'));
    const feed = createFeed(db);
    const keyId = (await createKeysService(db).create('trader')).id;
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const hooks = createWebhooks({ db, feed, logger: createLogger('silent'), allowPrivate: true, vault, now: () => 0 });
    const hook = await hooks.create(keyId, { url: `http://127.0.0.1:${port}/`, events: ['buy'] });
    await db.tx((q) =>
      q.insert(db.t.feedEvents).values({ kind: 'buy', token: 'T1', payload: '{}', txid: 'ab', timestamp: 1 }),
    );
    await hooks.tick();
    const [d] = await hooks.deliveries(keyId, hook.id);
    expect(d).toMatchObject({ status: 'pending', lastError: 'connection failed' });
    expect(JSON.stringify(d)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });
});
