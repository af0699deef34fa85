// Webhooks go to public addresses only (off the devnet): literal addresses in every disguise (IPv6
// forms that carry an IPv4 address are judged by it), names that resolve to private ones, and names
// that change their answer after the check (DNS rebinding); on ports 443 and 80 only (and from 1024 on
// the devnet). Creation answers one text for every refusal.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDb, sqliteAppDatabase } from '../../src/db/index.js';
import { createLogger } from '../../src/log.js';
import { createFeed } from '../../src/service/feed.service.js';
import { isPublicIp, targetRule, type Lookup } from '../../src/service/webhook-target.js';
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
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['64:ff9b::7f00:1', false], // NAT64 of 127.0.0.1
    ['64:ff9b::169.254.169.254', false], // NAT64 of the metadata address
    ['64:ff9b::808:808', true], // NAT64 of 8.8.8.8 reaches 8.8.8.8: allowed
    ['64:ff9b:1::808:808', false], // NAT64 local use (64:ff9b:1::/48): refused whole
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['2002:a00:1::', false], // 6to4 of 10.0.0.1
    ['2002:a9fe:a9fe::1', false], // 6to4 of 169.254.169.254
    ['2002:808:808::1', true], // 6to4 of 8.8.8.8
    ['2001:0:808:808::80ff:fffe', false], // Teredo, client 127.0.0.1 (its bits inverted), server 8.8.8.8
    ['2001:0:808:808:8000:ffff:f5ff:fffe', false], // Teredo, client 10.0.0.1
    ['2001:0:808:808::5601:5601', false], // Teredo, client 169.254.169.254
    ['2001:0:a9fe:a9fe::f7f7:fbfb', false], // Teredo, server 169.254.169.254, client 8.8.4.4
    ['2001:0:a00:1::f7f7:fbfb', false], // Teredo, server 10.0.0.1, client 8.8.4.4
    ['2001:0:808:808:8000:ffff:f7f7:fbfb', true], // Teredo, server 8.8.8.8, client 8.8.4.4
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
  const refusal = (url: string) =>
    hooks.create(keyId, { url, events: ['buy'] }).then(
      () => 'accepted',
      (e: unknown) => (e instanceof ServiceError ? e.message : String(e)),
    );

  it('refuses plain http, credentials, other ports, private literals in any form and names resolving to them, all in one text', async () => {
    answers = { 'inside.example': '10.0.0.7', 'mapped.example': '::ffff:127.0.0.1', 'pub.example': '93.184.216.34' };
    const rule = targetRule(false);
    expect(rule).not.toMatch(/resolve[sd]? to (a )?(private|inside)|does not resolve/);
    for (const url of [
      'http://pub.example/hook',
      'ftp://pub.example/hook',
      'https://user:pw@pub.example/',
      'https://pub.example:8443/hook',
      'https://pub.example:22/',
      'https://pub.example:1024/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[64:ff9b::a00:1]/',
      'https://[64:ff9b:1::808:808]/',
      'https://[2002:a9fe:a9fe::1]/', // 6to4 of the metadata address
      'https://[2001:0:808:808::80ff:fffe]/', // Teredo of 127.0.0.1
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/',
      'https://inside.example/',
      'https://mapped.example/',
      'https://nowhere.example/', // does not resolve: the same answer as one that resolves inside
    ])
      expect(await refusal(url), url).toBe(rule);
    for (const url of ['https://pub.example/hook', 'https://pub.example:443/hook', 'https://pub.example:80/hook'])
      expect(await refusal(url), url).toBe('accepted');
  });

  it('refuses a refused target in the error envelope, with the status of any bad parameter', async () => {
    const e = await hooks.create(keyId, { url: 'https://nowhere.example/', events: ['buy'] }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServiceError);
    expect(e).toMatchObject({ status: 400, error: 'Invalid parameters', message: targetRule(false) });
  });

  it('checks again at delivery: a name that rebinds to a private address gets nothing, and the log says only that', async () => {
    answers = { 'rebind.example': '93.184.216.34' };
    const hook = await hooks.create(keyId, { url: 'https://rebind.example/hook', events: ['buy'] });
    answers = { 'rebind.example': '127.0.0.1' }; // after the check at creation, the name now points inside
    await db.tx((q) =>
      q.insert(db.t.feedEvents).values({ kind: 'buy', token: 'T1', payload: '{}', txid: 'ab', timestamp: 1 }),
    );
    await hooks.tick();
    // refused before any connection (one would have ended as `connection failed`, a timeout or a status)
    expect(await hooks.deliveries(keyId, hook.id)).toEqual([
      expect.objectContaining({
        status: 'pending',
        attempts: 1,
        lastStatus: null,
        lastError: 'refused: not an allowed target',
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

describe('webhook targets on the devnet', () => {
  it('may be http to loopback on a port from 1024, or 80 and 443, and the port is checked again at delivery', async () => {
    const db = sqliteAppDatabase(openDb(':memory:'));
    const feed = createFeed(db);
    const keyId = (await createKeysService(db).create('trader')).id;
    let hits = 0;
    const receiver = http.createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    const hooks = createWebhooks({ db, feed, logger: createLogger('silent'), allowPrivate: true, vault, now: () => 0 });
    const made = (url: string) =>
      hooks.create(keyId, { url, events: ['buy'] }).then(
        () => 'accepted',
        (e: unknown) => (e instanceof ServiceError ? e.message : String(e)),
      );
    for (const url of [
      'http://127.0.0.1:22/',
      'http://127.0.0.1:1023/',
      'https://localhost:443:1/',
      'http://u:p@127.0.0.1:8080/',
    ])
      expect(await made(url), url).toBe(targetRule(true));
    for (const url of ['http://127.0.0.1/', 'https://127.0.0.1:443/', 'http://127.0.0.1:1024/'])
      expect(await made(url), url).toBe('accepted');
    const hook = await hooks.create(keyId, { url: `http://127.0.0.1:${port}/hook`, events: ['buy'] });
    // as an older version, which allowed any port, may have left it
    await db.tx((q) =>
      q.update(db.t.webhooks).set({ url: `http://127.0.0.1:1023/hook` }).where(eq(db.t.webhooks.id, hook.id)),
    );
    await db.tx((q) =>
      q.insert(db.t.feedEvents).values({ kind: 'buy', token: 'T1', payload: '{}', txid: 'ab', timestamp: 1 }),
    );
    await hooks.tick();
    expect(await hooks.deliveries(keyId, hook.id)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, lastError: 'refused: not an allowed target' }),
    ]);
    // and the same webhook at an allowed port gets the event
    await db.tx((q) =>
      q
        .update(db.t.webhooks)
        .set({ url: `http://127.0.0.1:${port}/hook` })
        .where(eq(db.t.webhooks.id, hook.id)),
    );
    await db.tx((q) => q.update(db.t.webhookDeliveries).set({ nextAttemptAt: 0 }));
    await hooks.tick();
    expect(hits).toBe(1);
    await new Promise<void>((r) => receiver.close(() => r()));
    await db.close();
  });
});
