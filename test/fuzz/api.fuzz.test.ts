// Thousands of generated requests against every endpoint: no crash, no 5xx but the spec's, every
// error in the spec's shape. Bounded in count and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let key: string;
let tokens: Record<string, string>;

/** The 5xx answers the spec defines; anything else 5xx is a defect. */
const SPEC_500 = new Set([
  'Simulation failed',
  'Error retrieving token balance',
  'Failed to fetch token details',
  'Error creating wallets',
]);

const ROUTES: Array<{ method: 'GET' | 'POST' | 'DELETE'; url: string }> = [
  { method: 'GET', url: '/launchpad/getTokenBalance' },
  { method: 'POST', url: '/launchpad/getTokenBalance' },
  { method: 'POST', url: '/launchpad/getRecentTrades' },
  { method: 'POST', url: '/api/launchpad/getRecentTrades' },
  { method: 'POST', url: '/launchpad/getTokenDetails' },
  { method: 'POST', url: '/launchpad2/getTokenDetails' },
  { method: 'POST', url: '/launchpad/getTokenHolders' },
  { method: 'POST', url: '/launchpad2/getTokenHolders' },
  { method: 'GET', url: '/launchpad/allowance' },
  { method: 'POST', url: '/launchpad/approve' },
  { method: 'POST', url: '/launchpad/trade' },
  { method: 'POST', url: '/launchpad/localTrade' },
  { method: 'POST', url: '/api/tron/createWallet' },
  { method: 'POST', url: '/launchpad/quote' },
  { method: 'POST', url: '/launchpad/broadcast' },
  { method: 'POST', url: '/launchpad/txStatus' },
  { method: 'POST', url: '/launchpad/listTokens' },
  { method: 'POST', url: '/launchpad/getTokenPrice' },
  { method: 'POST', url: '/launchpad/getCurveProgress' },
  { method: 'POST', url: '/launchpad/getWallet' },
  { method: 'POST', url: '/launchpad/getUserTrades' },
  { method: 'POST', url: '/launchpad/transfer' },
  { method: 'POST', url: '/launchpad/sendTransfer' },
  { method: 'POST', url: '/launchpad/createToken' },
  { method: 'POST', url: '/webhooks' },
  { method: 'DELETE', url: '/webhooks/1' },
  { method: 'POST', url: '/admin/plans' },
];

const FIELDS = [
  'address',
  'publicKey',
  'tokenAddress',
  'userAddress',
  'fromAddress',
  'toAddress',
  'page',
  'limit',
  'type',
  'action',
  'amount',
  'slippage',
  'priorityFee',
  'privateKey',
  'signature',
  'signedTx',
  'sort',
  'url',
  'events',
  'tokens',
  'name',
  'symbol',
  'tokenDecimals',
];

function valueArb(): fc.Arbitrary<unknown> {
  const addr = fc.constantFrom(
    ...Object.values(tokens),
    'TQ7Nf8mBX2eZCxEHF9v5bM8vJbr6qJzUTh',
    'T' + 'A'.repeat(33),
    '41' + 'ab'.repeat(20),
  );
  const leaf = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.bigInt().map((b) => b.toString()),
    fc.constantFrom('buy', 'sell', '50%', '-1', '1e400', 'NaN', '0.0000001', '100%', '101%', ''),
    addr,
    fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER, 0.000001, 201, 1000000),
  );
  return fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), tie('v'), { maxKeys: 3 }),
    ),
  })).v;
}

function bodyArb(): fc.Arbitrary<string | undefined> {
  const obj = fc
    .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })), valueArb(), { maxKeys: 7 })
    .map((o) => JSON.stringify(o));
  const raw = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('{', '{"a":', '[]', 'null', '"x"', '1', '{"address": {"$gt": ""}}', '{"__proto__": {"x": 1}}'),
  );
  const deep = fc.integer({ min: 50, max: 5000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n));
  const huge = fc.constant(JSON.stringify({ address: 'x'.repeat(70_000) }));
  return fc.oneof(
    { weight: 8, arbitrary: obj },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: deep },
    { weight: 1, arbitrary: huge },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

beforeAll(async () => {
  stack = await startStack();
  key = await stack.key('developer');
  tokens = await demoTokens(stack.devnet.url);
});
afterAll(async () => stack?.close());

describe('fuzzing the API', () => {
  it('answers every generated request in the spec shape, never with an unexpected 5xx', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        bodyArb(),
        fc.dictionary(fc.constantFrom('publicKey', 'tokenAddress', 'userAddress', 'x'), fc.string({ maxLength: 40 }), {
          maxKeys: 3,
        }),
        fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
        async (route, body, query, contentType) => {
          const qs = new URLSearchParams(query).toString();
          const res = await stack.facade.app.inject({
            method: route.method,
            url: route.url + (qs ? `?${qs}` : ''),
            headers: { 'api-key': key, ...(contentType && body !== undefined ? { 'content-type': contentType } : {}) },
            ...(body !== undefined && route.method !== 'GET' ? { payload: body } : {}),
          });
          checked++;
          expect(res.statusCode).toBeLessThan(600);
          const json = JSON.parse(res.body) as Record<string, unknown>;
          expect(res.body).not.toMatch(/at [\w.<>]+ \(.*:\d+:\d+\)/); // no stack trace
          if (res.statusCode >= 400) {
            expect(json).toMatchObject({
              error: expect.any(String),
              message: expect.any(String),
              code: String(res.statusCode),
              status: 'error',
            });
          }
          if (res.statusCode >= 500) expect(SPEC_500.has(String(json.error)), `${route.url} ${res.body}`).toBe(true);
        },
      ),
      { numRuns: 2500, interruptAfterTimeLimit: 60_000 },
    );
    expect(checked).toBeGreaterThan(500);
  }, 120_000);

  it('answers wrong methods and unknown paths with the envelope', async () => {
    for (const [method, url] of [
      ['PUT', '/launchpad/trade'],
      ['PATCH', '/launchpad/getTokenDetails'],
      ['GET', '/launchpad/localTrade'],
      ['DELETE', '/nope'],
    ] as const) {
      const res = await stack.facade.app.inject({ method, url, headers: { 'api-key': key } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not found', code: '404', status: 'error' });
    }
  });
});
