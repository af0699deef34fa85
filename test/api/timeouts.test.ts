// The HTTP server's timeouts (src/api/timeouts.ts), on the facade as it listens: the defaults are set
// on the server; a client that sends its request a byte a second (slowloris), in its headers or in
// its body, gets 408 and its socket is closed once the request timeout has passed; a live stream,
// whose request arrived at once, stays open well past it and still delivers; an idle keep-alive
// connection waits for its keep-alive timeout, not the request timeout; and the server's close does
// not wait for a stream's answer, which never ends.
import http from 'node:http';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/db/index.js';
import { startFacade, type Facade } from '../../src/facade.js';
import { HEARTBEAT_MS } from '../../src/api/live.routes.js';
import { HTTP_TIMEOUTS, type HttpTimeouts } from '../../src/api/timeouts.js';
import { createLogger } from '../../src/log.js';
import { Vault } from '../../src/vault.js';

/** The facade alone on a fresh database: no node behind it (nothing here reads the chain). */
function facade(timeouts?: Partial<HttpTimeouts>): Promise<Facade> {
  return startFacade({
    db: openDb(':memory:'),
    tronHost: 'http://127.0.0.1:9',
    families: [],
    trxUsd: 0.25,
    feeLimitSun: 100_000_000n,
    logger: createLogger('silent'),
    indexer: { pollMs: 0 },
    vault: new Vault(randomBytes(32)),
    webhookMs: 0,
    listen: { host: '127.0.0.1', port: 0 },
    timeouts,
  });
}

async function closeAll(f: Facade | undefined): Promise<void> {
  await f?.close();
  await f?.database.close();
}

describe('the HTTP server as it listens', () => {
  it('has the timeouts of HTTP_TIMEOUTS, in the order they must keep', async () => {
    const f = await facade();
    try {
      const server = f.app.server;
      expect({
        requestTimeout: server.requestTimeout,
        headersTimeout: server.headersTimeout,
        connectionTimeout: server.timeout,
        keepAliveTimeout: server.keepAliveTimeout,
      }).toEqual({
        requestTimeout: 30_000,
        headersTimeout: 15_000,
        connectionTimeout: 120_000,
        keepAliveTimeout: 72_000,
      });
    } finally {
      await closeAll(f);
    }
    // a balancer's idle timeout (AWS ALB: 60 s) runs out first: it never sends on a socket we close
    expect(HTTP_TIMEOUTS.keepAliveTimeout).toBeGreaterThan(60_000);
    // a quiet stream's heartbeats keep its socket from looking idle, with room to spare
    expect(HTTP_TIMEOUTS.connectionTimeout).toBeGreaterThan(2 * HEARTBEAT_MS);
    expect(HTTP_TIMEOUTS.headersTimeout).toBeLessThanOrEqual(HTTP_TIMEOUTS.requestTimeout);
  });
});

/** Small enough to wait for: 2.5 s to send a whole request, checked every 100 ms. */
const REQUEST_MS = 2_500;
const CHECK_MS = 100;
/** The slowloris client's pace. */
const BYTE_MS = 1_000;

/**
 * Sends `head` at once, then `slow` a byte a second; resolves when the server closes the socket,
 * with how long after the first byte and what it answered.
 */
function dribble(port: number, head: string, slow: string): Promise<{ ms: number; answer: string; sent: number }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    let started = 0;
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined); // a reset is a close too
    socket.on('connect', () => {
      started = Date.now();
      socket.write(head);
      timer = setInterval(() => {
        if (sent < slow.length && !socket.destroyed) socket.write(slow[sent++]!);
      }, BYTE_MS);
    });
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ ms: Date.now() - started, answer, sent });
    });
    // far past any timeout here: fail rather than hang
    setTimeout(() => reject(new Error('the server kept the slow client')), 4 * REQUEST_MS).unref();
  });
}

/** Headers sent a byte a second: what a slowloris client does. */
const slowHeaders = (port: number) =>
  dribble(port, 'G', 'ET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n');

/** Waits until `done()` holds, checking every 20 ms, at most 5 s. */
async function until(done: () => boolean): Promise<void> {
  const end = Date.now() + 5_000;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

describe('with a short request timeout', () => {
  let f: Facade;
  let port: number;

  beforeAll(async () => {
    f = await facade({ requestTimeout: REQUEST_MS, headersTimeout: REQUEST_MS, checkEveryMs: CHECK_MS });
    port = Number(new URL(f.url!).port);
  });
  afterAll(() => closeAll(f));

  it('cuts off a client that sends its headers a byte a second', async () => {
    const r = await slowHeaders(port);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(r.ms).toBeLessThan(REQUEST_MS + CHECK_MS + 1000);
    expect(r.sent).toBeLessThan(10);
  });

  it('cuts off a client that sends its body a byte a second', async () => {
    const key = (await f.keys.create('trader')).key;
    const body = JSON.stringify({ address: 'T'.repeat(34) });
    const head =
      'POST /launchpad/getTokenPrice HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      `api-key: ${key}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const r = await dribble(port, head, body);
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.ms).toBeGreaterThanOrEqual(REQUEST_MS - 50);
    expect(r.ms).toBeLessThan(REQUEST_MS + CHECK_MS + 1000);
  });

  it('keeps a live stream open past it, and the stream still delivers', async () => {
    const key = (await f.keys.create('trader')).key;
    const chunks: string[] = [];
    let closed = false;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/launchpad/stream', headers: { 'api-key': key } }, resolve)
        .on('error', reject);
    });
    const opened = Date.now();
    expect(res.statusCode).toBe(200);
    res.setEncoding('utf8');
    res.on('data', (c: string) => chunks.push(c));
    res.socket.on('close', () => (closed = true));
    try {
      // a slow client that came after the stream is cut: the server has checked the stream's
      // request, older than the timeout by then, and left it (twice over)
      for (let i = 0; i < 2; i++) expect((await slowHeaders(port)).answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(2 * REQUEST_MS - 100);
      expect(closed).toBe(false);
      // an event written now comes down the same connection
      const { q, t } = f.database;
      await q.insert(t.feedEvents).values({
        kind: 'create',
        token: 'TStreamStaysOpen',
        payload: JSON.stringify({ token: 'TStreamStaysOpen', symbol: 'OPEN' }),
        txid: 'aa'.repeat(32),
        timestamp: Date.now(),
      });
      f.feed.notify();
      await until(() => closed || chunks.join('').includes('event: create'));
      expect(chunks.join('')).toMatch(/event: create\ndata: \{[^\n]*"symbol":"OPEN"/);
      expect(closed).toBe(false);
    } finally {
      res.destroy();
    }
  });
});

describe('with a short request timeout and a longer keep-alive', () => {
  const KEEP_ALIVE_MS = 3_000;

  it('keeps an idle keep-alive connection past the request timeout for the next request, and closes it at its own', async () => {
    const f = await facade({
      requestTimeout: 1_000,
      headersTimeout: 1_000,
      keepAliveTimeout: KEEP_ALIVE_MS,
      checkEveryMs: CHECK_MS,
    });
    const port = Number(new URL(f.url!).port);
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let closed = false;
    socket.on('data', (d) => (answer += d.toString()));
    const closing = new Promise((r) => socket.on('close', r));
    socket.on('close', () => (closed = true));
    const ask = () => {
      answer = '';
      socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    };
    try {
      await new Promise((r) => socket.on('connect', r));
      ask();
      await until(() => answer.includes('"ok"'));
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      // idle between requests: a slow client that came after is cut, and this connection is left
      // (the keep-alive timeout counts here, not the request timeout)
      expect((await slowHeaders(port)).answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed).toBe(false);
      ask();
      await until(() => closed || answer.includes('"ok"'));
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      // then left idle, it is closed once the keep-alive timeout has passed (Node waits 1 s more
      // than the `Keep-Alive: timeout=N` it announces, for a request already on its way)
      expect(answer).toContain(`Keep-Alive: timeout=${KEEP_ALIVE_MS / 1000}`);
      const idle = Date.now();
      await closing;
      expect(Date.now() - idle).toBeGreaterThanOrEqual(KEEP_ALIVE_MS - 100);
      expect(Date.now() - idle).toBeLessThan(KEEP_ALIVE_MS + 1_000 + 500);
    } finally {
      socket.destroy();
      await closeAll(f);
    }
  });
});

describe('closing', () => {
  it('ends the open streams instead of waiting for them', async () => {
    const f = await facade();
    const key = (await f.keys.create('trader')).key;
    const port = Number(new URL(f.url!).port);
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/launchpad/stream', headers: { 'api-key': key } }, resolve)
        .on('error', reject);
    });
    expect(res.statusCode).toBe(200);
    res.resume();
    const ended = new Promise((r) => res.socket.on('close', r));
    const started = Date.now();
    // without it, close() waited for the stream until the test's own timeout
    await closeAll(f);
    await ended;
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
