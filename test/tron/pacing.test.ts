// Calls to a real node are paced by a token bucket and retried on 429 and 503 (TronGrid's "too many
// requests"), against a node double that answers as TronGrid does when it is busy.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTronWeb } from '../../src/tron/client.js';
import { retryAfterMs } from '../../src/tron/pacing.js';

/** A node whose next answers are scripted: a status (with Retry-After) or a block. */
let script: Array<{ status: number; retryAfter?: string }> = [];
const arrivals: number[] = [];
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    arrivals.push(Date.now());
    req.resume();
    req.on('end', () => {
      const next = script.shift();
      if (next) {
        res.writeHead(next.status, {
          'content-type': 'application/json',
          ...(next.retryAfter !== undefined ? { 'retry-after': next.retryAfter } : {}),
        });
        return res.end(
          JSON.stringify({
            Error: 'The key exceeds the frequency limit(15), and the query server is suspended for 30s',
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ blockID: 'ab'.repeat(32), block_header: { raw_data: { number: 7, timestamp: 1 } } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('pacing a real node', () => {
  it('retries 429 and 503, honouring Retry-After, and the caller sees the answer', async () => {
    const retries: number[] = [];
    const tw = createTronWeb({
      host: url,
      pacing: { rps: 100, baseDelayMs: 5, onRetry: (r) => retries.push(r.status) },
    });
    script = [{ status: 429, retryAfter: '0' }, { status: 503 }];
    arrivals.length = 0;
    const block = (await tw.trx.getCurrentBlock()) as { block_header: { raw_data: { number: number } } };
    expect(block.block_header.raw_data.number).toBe(7);
    expect(retries).toEqual([429, 503]);
    expect(arrivals).toHaveLength(3);
  });

  it('gives up after its retries, and does not retry other errors', async () => {
    const tw = createTronWeb({ host: url, pacing: { rps: 100, retries: 2, baseDelayMs: 1 } });
    script = [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }];
    arrivals.length = 0;
    await expect(tw.trx.getCurrentBlock()).rejects.toBeDefined();
    expect(arrivals).toHaveLength(3);
    script = [{ status: 500 }];
    arrivals.length = 0;
    await expect(tw.trx.getCurrentBlock()).rejects.toBeDefined();
    expect(arrivals).toHaveLength(1);
    script = [];
  });

  it('sends at most a second of requests at once, then the rate', async () => {
    const tw = createTronWeb({ host: url, pacing: { rps: 20 } });
    arrivals.length = 0;
    const start = Date.now();
    await Promise.all(Array.from({ length: 40 }, () => tw.trx.getCurrentBlock()));
    // 20 at once (the bucket is full), the other 20 at 20 a second: not before ~1 s
    expect(arrivals).toHaveLength(40);
    expect(arrivals[39]! - start).toBeGreaterThanOrEqual(900);
    const firstSecond = arrivals.filter((t) => t - start < 500).length;
    expect(firstSecond).toBeLessThanOrEqual(30);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs(undefined)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
