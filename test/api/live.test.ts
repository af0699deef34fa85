// Price, curve progress, transfers, the live stream, webhooks and admin routes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { createWebhooks, SIGNATURE_HEADER } from '../../src/service/webhooks.service.js';
import { createLogger } from '../../src/log.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';
import { readStream } from '../helpers/sse.js';

let stack: Stack;
let tokens: Record<string, string>;
let trader: LaunchpadClient;
let traderKey: string;
let buyer: { publicKey: string; privateKey: string };

const post = async (path: string, body: unknown, key = traderKey) => {
  const res = await fetch(stack.url + path, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const buy = async (token: string, trx: number) => {
  const sig = await trader.trade({ action: 'buy', tokenAddress: token, amount: trx, privateKey: buyer.privateKey });
  await waitFor(async () => ((await trader.txStatus(sig)).state === 'confirmed' ? true : undefined));
  await stack.facade.indexer.syncOnce();
  return sig;
};

beforeAll(async () => {
  stack = await startStack();
  traderKey = await stack.key('trader');
  trader = new LaunchpadClient({ baseUrl: stack.url, apiKey: traderKey });
  tokens = await demoTokens(stack.devnet.url);
  [buyer] = (await trader.createWallet(1)) as [{ publicKey: string; privateKey: string }];
  await faucet(stack.devnet.url, buyer.publicKey, 20_000);
});
afterAll(async () => stack?.close());

describe('price and curve progress', () => {
  it('reports the price in TRX and USD and the curve progress exactly', async () => {
    const price = await post('/launchpad/getTokenPrice', { address: tokens.MOON });
    const d = price.body.data as { priceInTrx: number; priceInUSD: number };
    expect(d.priceInUSD).toBeCloseTo(d.priceInTrx * 0.25, 15);
    const pool = stack.devnet.chain.ledger.pool(TronWeb.address.toHex(tokens.MOON!).toLowerCase())!;
    const p = (await post('/launchpad/getCurveProgress', { address: tokens.MOON })).body.data as Record<
      string,
      unknown
    >;
    // by hand: the real TRX is the virtual reserve less the 35,000 TRX it starts at; the curve is full
    // with ceil(35,000 TRX × 1,070M / 270M) − 35,000 TRX = 103,703.703704 TRX of it
    const raised = pool.trxReserve - 35_000_000_000n;
    expect(p).toMatchObject({ currentStatus: 'CREATED', totalForSale: 800_000_000, trxInCurve: Number(raised) / 1e6 });
    expect((p.exact as { trxToLaunchSun: string }).trxToLaunchSun).toBe((103_703_703_704n - raised).toString());
    expect(p.percent).toBeGreaterThan(90);
    const launched = (await post('/launchpad/getCurveProgress', { address: tokens.PKING })).body.data as Record<
      string,
      unknown
    >;
    expect(launched).toMatchObject({ currentStatus: 'LAUNCHED', percent: 100, trxToLaunch: 0 });
    expect((await post('/launchpad/getTokenPrice', {})).body).toMatchObject({
      error: 'Missing address parameter',
      code: '400',
    });
  });
});

describe('transfers', () => {
  it('builds TRX and token transfers to sign, and sends them with a key', async () => {
    const to = (await TronWeb.createAccount()).address.base58;
    const tx = await trader.transfer(buyer.publicKey, to, 3);
    const tw = tronWebFor(stack.devnet.url, buyer.privateKey);
    const id = await trader.broadcast(await tw.trx.sign(tx as never));
    await waitFor(async () => ((await trader.txStatus(id)).state === 'confirmed' ? true : undefined));
    expect(await tw.trx.getBalance(to)).toBe(3_000_000);

    await buy(tokens.TCAT!, 100);
    const held = BigInt((await trader.getTokenBalance(buyer.publicKey, tokens.TCAT!)).balanceInSun);
    const sent = await post('/launchpad/sendTransfer', {
      privateKey: buyer.privateKey,
      toAddress: to,
      amount: '25%',
      tokenAddress: tokens.TCAT,
    });
    expect(sent.status).toBe(200);
    await waitFor(async () =>
      (await trader.txStatus(String(sent.body.signature))).state === 'confirmed' ? true : undefined,
    );
    expect(BigInt((await trader.getTokenBalance(to, tokens.TCAT!)).balanceInSun)).toBe(held / 4n);
  });

  it('answers missing fields and short funds like trade and localTrade', async () => {
    expect((await post('/launchpad/transfer', { toAddress: buyer.publicKey, amount: 1 })).body).toMatchObject({
      error: 'Invalid parameters',
      message: expect.stringMatching(/fromAddress, toAddress and amount/),
    });
    expect((await post('/launchpad/sendTransfer', { toAddress: buyer.publicKey, amount: 1 })).body).toMatchObject({
      error: 'Invalid parameters',
      message: expect.stringMatching(/privateKey, toAddress and amount/),
    });
    const poor = (await TronWeb.createAccount()).address.base58;
    expect(
      (await post('/launchpad/transfer', { fromAddress: poor, toAddress: buyer.publicKey, amount: 5 })).body,
    ).toMatchObject({ error: 'Insufficient funds', code: '400' });
  });
});

describe('live stream', () => {
  it('needs a plan that allows streams', async () => {
    const res = await fetch(stack.url + '/launchpad/stream', { headers: { 'api-key': await stack.key('free') } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'Plan does not allow this', code: '403', status: 'error' });
  });

  it('streams matching events only, and resumes from Last-Event-ID', async () => {
    const url = `${stack.url}/launchpad/stream?events=buy&tokens=${tokens.SDOG}`;
    let open = false;
    const reading = readStream(
      url,
      traderKey,
      (ev) => ev.length >= 1,
      {},
      10_000,
      () => (open = true),
    );
    // the API answered: it holds the stream's cursor from before the buys
    await waitFor(() => (open ? true : undefined));
    await buy(tokens.TCAT!, 10); // filtered out
    const sig = await buy(tokens.SDOG!, 10);
    const { status, events } = await reading;
    expect(status).toBe(200);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'buy',
      data: { kind: 'buy', token: tokens.SDOG, txid: sig, data: { user: buyer.publicKey, symbol: 'SDOG' } },
    });
    // a reconnect with the last id gets what it missed, and nothing twice
    const firstId = events[0]!.id;
    const sig2 = await buy(tokens.SDOG!, 10);
    const again = await readStream(
      `${stack.url}/launchpad/stream?events=buy,sell`,
      traderKey,
      (ev) => ev.some((e) => e.data.txid === sig2),
      { 'last-event-id': String(firstId) },
    );
    expect(again.events.map((e) => e.id).every((id) => id > firstId)).toBe(true);
    expect(again.events.some((e) => e.data.txid === sig)).toBe(false);
  });

  it('drops a consumer that stops reading, not the server', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(2000) });
    const insert = stack.db.$client.prepare(
      "insert into feed_events (kind, token, payload, txid, timestamp) values ('buy', ?, ?, 'ff', 0)",
    );
    const from = await stack.facade.feed.latestSeq();
    stack.db.$client.transaction(() => {
      for (let i = 0; i < 6000; i++) insert.run(tokens.FROG, big);
    })();
    const u = new URL(`${stack.url}/launchpad/stream?tokens=${tokens.FROG}`);
    const closed = await new Promise<boolean>((resolve) => {
      const req = http.get(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname + u.search,
          headers: { 'api-key': traderKey, 'last-event-id': String(from) },
        },
        (res) => {
          res.pause(); // never read
          res.socket.on('close', () => resolve(true));
        },
      );
      req.on('error', () => resolve(true));
      setTimeout(() => resolve(false), 8000);
    });
    expect(closed).toBe(true);
    expect((await post('/launchpad/getTokenPrice', { address: tokens.FROG })).status).toBe(200);
    stack.db.$client.prepare("delete from feed_events where txid = 'ff'").run();
  });

  it('rejects bad filters with the error envelope', async () => {
    const res = await fetch(`${stack.url}/launchpad/stream?events=dance`, { headers: { 'api-key': traderKey } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Invalid parameters' });
  });
});

describe('webhooks', () => {
  const received: Array<{ body: string; sig: string; event: string }> = [];
  let failNext = 0;
  let receiver: http.Server;
  let hookUrl: string;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        if (failNext > 0) {
          failNext--;
          res.statusCode = 500;
          return res.end('no');
        }
        received.push({
          body,
          sig: String(req.headers[SIGNATURE_HEADER]),
          event: String(req.headers['x-launchpad-event']),
        });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('delivers signed events, retries failures with backoff, and keeps a delivery log', async () => {
    const created = await post('/webhooks', { url: hookUrl, events: ['buy'], tokens: [tokens.ECHO] });
    expect(created.status).toBe(200);
    const hook = created.body.data as { id: number; secret: string };
    expect(hook.secret).toMatch(/^whsec_/);
    expect((await post('/webhooks', { url: hookUrl, events: ['buy'] }, await stack.key('starter'))).status).toBe(403);

    failNext = 1;
    const sig = await buy(tokens.ECHO!, 10);
    await stack.facade.webhooks.tick(); // first attempt fails (500)
    expect(received).toHaveLength(0);
    // later (past the 2 s backoff), a fresh dispatcher (as after a restart) retries the pending delivery
    const svc = createWebhooks({
      db: stack.facade.database,
      feed: stack.facade.feed,
      logger: createLogger('silent'),
      allowPrivate: true,
      vault: stack.vault,
      now: () => Date.now() + 3_000,
    });
    await svc.tick();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.sig).toBe('sha256=' + createHmac('sha256', hook.secret).update(got.body).digest('hex'));
    expect(JSON.parse(got.body)).toMatchObject({ kind: 'buy', token: tokens.ECHO, txid: sig });
    // the secret is kept sealed, bound to its webhook: neither readable nor usable from another row
    const stored = stack.db.$client.prepare('SELECT secret FROM webhooks WHERE id = ?').get(hook.id) as {
      secret: string;
    };
    expect(stored.secret).not.toContain(hook.secret.slice(6));
    expect(stack.vault.decrypt(stored.secret, `webhook:${hook.id}`)).toBe(hook.secret);
    expect(() => stack.vault.decrypt(stored.secret, `webhook:${hook.id + 1}`)).toThrow();
    const log = (await fetch(`${stack.url}/webhooks/${hook.id}/deliveries`, { headers: { 'api-key': traderKey } }).then(
      (r) => r.json(),
    )) as { data: Array<{ status: string; attempts: number; lastStatus: number }> };
    expect(log.data).toEqual([expect.objectContaining({ status: 'delivered', attempts: 2, lastStatus: 200 })]);
    // the same event is never delivered twice
    await svc.tick();
    await stack.facade.webhooks.tick();
    expect(received).toHaveLength(1);
    // other tokens and kinds are not delivered
    await buy(tokens.SDOG!, 10);
    await svc.tick();
    expect(received).toHaveLength(1);
  });

  it('seals a secret an older version kept in plain text, and still signs with it', async () => {
    const created = await post('/webhooks', { url: hookUrl, events: ['sell'] });
    const hook = created.body.data as { id: number; secret: string };
    // as an older version left it
    stack.db.$client.prepare('UPDATE webhooks SET secret = ? WHERE id = ?').run(hook.secret, hook.id);
    expect(await stack.facade.webhooks.sealPlainSecrets()).toBe(1);
    expect(await stack.facade.webhooks.sealPlainSecrets()).toBe(0);
    const stored = stack.db.$client.prepare('SELECT secret FROM webhooks WHERE id = ?').get(hook.id) as {
      secret: string;
    };
    expect(stored.secret).not.toContain(hook.secret.slice(6));
    const before = received.length;
    const sig = await trader.trade({
      action: 'sell',
      tokenAddress: tokens.ECHO!,
      amount: 1000,
      privateKey: buyer.privateKey,
    });
    await waitFor(async () => ((await trader.txStatus(sig)).state === 'confirmed' ? true : undefined));
    await stack.facade.indexer.syncOnce();
    await stack.facade.webhooks.tick();
    const got = received[before]!;
    expect(JSON.parse(got.body)).toMatchObject({ kind: 'sell', txid: sig });
    expect(got.sig).toBe('sha256=' + createHmac('sha256', hook.secret).update(got.body).digest('hex'));
  });

  it('lists and deletes webhooks of the key only', async () => {
    const list = (await fetch(`${stack.url}/webhooks`, { headers: { 'api-key': traderKey } }).then((r) =>
      r.json(),
    )) as { data: Array<{ id: number }> };
    expect(list.data.length).toBeGreaterThanOrEqual(1);
    const other = await stack.key('elite');
    const del = await fetch(`${stack.url}/webhooks/${list.data[0]!.id}`, {
      method: 'DELETE',
      headers: { 'api-key': other },
    });
    expect(del.status).toBe(404);
    const mine = await fetch(`${stack.url}/webhooks/${list.data[0]!.id}`, {
      method: 'DELETE',
      headers: { 'api-key': traderKey },
    });
    expect(mine.status).toBe(200);
  });
});

describe('admin routes', () => {
  it('need an operator key, and every change lands in the audit log', async () => {
    expect((await post('/admin/plans', { name: 'vip', rpm: 600, feeBps: 20 })).status).toBe(401);
    const op = (await stack.facade.keys.create('developer', 'ops', true)).key;
    const set = await post(
      '/admin/plans',
      { name: 'vip', rpm: 600, feeBps: 20, streams: true, actor: 'telegram:1' },
      op,
    );
    expect(set.body.data).toEqual({ name: 'vip', rpm: 600, feeBps: 20, streams: true });
    const k = await stack.facade.keys.create('free', 'someone');
    expect((await post(`/admin/keys/${k.id}/plan`, { plan: 'vip', actor: 'telegram:1' }, op)).status).toBe(200);
    const info = (await fetch(`${stack.url}/admin/keys/${k.id}`, { headers: { 'api-key': op } }).then((r) =>
      r.json(),
    )) as { data: { plan: string } };
    expect(info.data.plan).toBe('vip');
    const stats = (await fetch(`${stack.url}/admin/stats`, { headers: { 'api-key': op } }).then((r) => r.json())) as {
      data: { trades: number; volumeTrx: number };
    };
    expect(stats.data.trades).toBeGreaterThan(100);
    const log = await stack.facade.admin.auditLog();
    // the operator key is who acted; the name it gave rides along, never in its place
    const opId = Number(log[0]!.actor.split(' ')[0]!.slice(4));
    expect(log.slice(0, 2).map((a) => [a.actor, a.action])).toEqual([
      [`key:${opId} as telegram:1`, 'key.plan'],
      [`key:${opId} as telegram:1`, 'plan.set'],
    ]);
  });
});
