// A receiver that holds its connection (its answer one byte at a time, or no answer at all) gets one
// deadline for the whole delivery and holds up only its own deliveries: an honest receiver's events
// arrive while the slow one is still being sent to, and the slow one's extra deliveries wait behind
// its own, at most two at a time.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb, sqliteAppDatabase, type AppDatabase } from '../../src/db/index.js';
import { createLogger } from '../../src/log.js';
import { createFeed } from '../../src/service/feed.service.js';
import { createKeysService } from '../../src/service/keys.service.js';
import { createWebhooks, type Webhooks } from '../../src/service/webhooks.service.js';
import { Vault } from '../../src/vault.js';
import { waitFor } from '../helpers/facade.js';

const vault = new Vault(randomBytes(32));

/** A TCP server that reads the request and then answers as `answer` does, keeping count of its connections. */
function tarpit(answer: (socket: net.Socket) => void) {
  const sockets = new Set<net.Socket>();
  const stats = { connections: 0, open: 0, closed: 0, connectedAt: [] as number[] };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    stats.connections++;
    stats.open++;
    stats.connectedAt.push(Date.now());
    socket.once('data', () => answer(socket));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      stats.open--;
      stats.closed++;
    });
  });
  return {
    server,
    stats,
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    /** Hangs up on every connection (the receiver gives up), so nothing is left in flight. */
    hangUp: () => sockets.forEach((s) => s.destroy()),
  };
}

/** Sends a status line and then header bytes, one every `everyMs`, never finishing the headers. */
const drip = (everyMs: number) => (socket: net.Socket) => {
  socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
  const timer = setInterval(() => socket.write('a'), everyMs);
  socket.on('close', () => clearInterval(timer));
};

const dripping = tarpit(drip(100));
const silent = tarpit(() => undefined);
const arrivals: Array<{ at: number; id: number }> = [];
let arrived: () => void = () => undefined;
const honest = http.createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += String(c)));
  req.on('end', () => {
    arrivals.push({ at: Date.now(), id: (JSON.parse(text) as { id: number }).id });
    arrived();
    res.end('ok');
  });
});
const honestUrl = () => `http://127.0.0.1:${(honest.address() as AddressInfo).port}/hook`;
/** Resolves when the honest receiver has the event `id`, with the time it came. */
const arrival = (id: number) =>
  new Promise<number>((resolve) => {
    const check = () => {
      const got = arrivals.find((a) => a.id === id);
      if (got) resolve(got.at);
    };
    const before = arrived;
    arrived = () => {
      before();
      check();
    };
    check();
  });

beforeAll(async () => {
  for (const s of [dripping.server, silent.server, honest])
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
});
afterAll(async () => {
  dripping.hangUp();
  silent.hangUp();
  for (const s of [dripping.server, silent.server, honest]) await new Promise<void>((r) => s.close(() => r()));
});

describe('webhook deliveries to a slow receiver', () => {
  let db: AppDatabase;
  let hooks: Webhooks;
  let keyId: number;
  const setUp = async (timeoutMs: number) => {
    db = sqliteAppDatabase(openDb(':memory:'));
    keyId = (await createKeysService(db).create('trader')).id;
    hooks = createWebhooks({
      db,
      feed: createFeed(db),
      logger: createLogger('silent'),
      allowPrivate: true,
      vault,
      timeoutMs,
    });
  };
  /** Publishes a buy; returns the time it was published and its feed id. */
  const publish = async () => {
    const at = Date.now();
    const [row] = await db.tx((q) =>
      q
        .insert(db.t.feedEvents)
        .values({ kind: 'buy', token: 'T1', payload: '{}', txid: 'ab', timestamp: 1 })
        .returning(),
    );
    return { at, id: row!.seq };
  };
  afterEach(async () => {
    dripping.hangUp();
    silent.hangUp();
    await hooks.stop();
    await db.close();
  });

  it('ends at its deadline, whatever the receiver sends, and records a timeout', async () => {
    await setUp(500);
    const slow = await hooks.create(keyId, { url: dripping.url(), events: ['buy'] });
    const mute = await hooks.create(keyId, { url: silent.url(), events: ['buy'] });
    const fine = await hooks.create(keyId, { url: honestUrl(), events: ['buy'] });
    const closedBefore = dripping.stats.closed;
    const event = await publish();
    const started = Date.now();
    await hooks.tick();
    // one deadline over the whole attempt (the drip's bytes keep an idle timer from ever firing)
    expect(Date.now() - started).toBeLessThan(1_500);
    for (const id of [slow.id, mute.id])
      expect(await hooks.deliveries(keyId, id)).toEqual([
        expect.objectContaining({ status: 'pending', attempts: 1, lastStatus: null, lastError: 'timeout' }),
      ]);
    expect(await hooks.deliveries(keyId, fine.id)).toEqual([
      expect.objectContaining({ status: 'delivered', lastStatus: 200 }),
    ]);
    expect((await arrival(event.id)) - event.at).toBeLessThan(1_000);
    // the socket was destroyed at the deadline, not left dripping
    await waitFor(() => dripping.stats.closed > closedBefore);
  });

  it("does not hold up another receiver's deliveries, in the same pass or the next", async () => {
    await setUp(4_000);
    await hooks.create(keyId, { url: silent.url(), events: ['buy'] });
    await hooks.create(keyId, { url: honestUrl(), events: ['buy'] });
    hooks.start(50);
    const first = await publish();
    expect((await arrival(first.id)) - first.at).toBeLessThan(1_500);
    // the silent receiver now holds its delivery; the next event still reaches the honest one at once
    await waitFor(() => silent.stats.open > 0);
    const second = await publish();
    expect((await arrival(second.id)) - second.at).toBeLessThan(1_500);
    expect(silent.stats.open).toBeGreaterThan(0); // still being sent to: the honest one did not wait for it
  });

  it("queues a slow receiver's extra deliveries behind its own, two at a time", async () => {
    await setUp(400);
    const slow = await hooks.create(keyId, { url: silent.url(), events: ['buy'] });
    const before = silent.stats.connections;
    for (let i = 0; i < 3; i++) await publish();
    await hooks.tick();
    expect((await hooks.deliveries(keyId, slow.id)).map((d) => d.lastError)).toEqual(['timeout', 'timeout', 'timeout']);
    const [a, b, c] = silent.stats.connectedAt.slice(before);
    expect(silent.stats.connections - before).toBe(3);
    expect(b! - a!).toBeLessThan(300); // two side by side
    expect(c! - a!).toBeGreaterThanOrEqual(350); // the third only when one of them reached its deadline (400 ms)
  });
});
