// Every error row of the spec's section 7 (exact error string and code), auth, and bad input.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TronWeb } from 'tronweb';
import { buildApp } from '../../src/api/app.js';
import { createKeysService } from '../../src/service/keys.service.js';
import { createLogger } from '../../src/log.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import type { DataService } from '../../src/service/data/index.js';
import type { TradeService } from '../../src/service/trade/index.js';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let key: string;
let tokens: Record<string, string>;
let rich: string;
let poor: string;

const inject = (method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) =>
  stack.facade.app.inject({
    method,
    url,
    headers: { 'api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });

async function expectError(res: Awaited<ReturnType<typeof inject>>, status: number, error: string, message?: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<Record<string, unknown>>();
  expect(body).toMatchObject({ error, code: String(status), status: 'error' });
  expect(typeof body.message).toBe('string');
  if (message) expect(body.message).toMatch(message);
  expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/); // never a stack trace
}

beforeAll(async () => {
  stack = await startStack();
  key = await stack.key();
  tokens = await demoTokens(stack.devnet.url);
  const a = await TronWeb.createAccount();
  rich = a.address.base58;
  await stack.devnet.chain.faucet(rich, 10_000n * 1_000_000n, { produce: true });
  poor = (await TronWeb.createAccount()).address.base58;
  await stack.devnet.chain.faucet(poor, 5_000_000n, { produce: true });
});
afterAll(async () => stack?.close());

describe('section 7 errors', () => {
  it('getTokenBalance: Invalid publicKey / Invalid tokenAddress (400), Error retrieving token balance (500)', async () => {
    await expectError(
      await inject('GET', `/launchpad/getTokenBalance?publicKey=nope&tokenAddress=${tokens.TCAT}`),
      400,
      'Invalid publicKey',
      /valid address/,
    );
    await expectError(
      await inject('GET', `/launchpad/getTokenBalance?publicKey=${rich}&tokenAddress=Tbad`),
      400,
      'Invalid tokenAddress',
      /valid address/,
    );
    await expectError(
      await inject('POST', '/launchpad/getTokenBalance', { publicKey: rich }),
      400,
      'Invalid tokenAddress',
    );
    // a valid address that is not a token: the balance cannot be read
    await expectError(
      await inject('GET', `/launchpad/getTokenBalance?publicKey=${rich}&tokenAddress=${poor}`),
      500,
      'Error retrieving token balance',
      /retry/,
    );
  });

  it('getRecentTrades: Max limit reached, Missing address parameter', async () => {
    await expectError(
      await inject('POST', '/launchpad/getRecentTrades', { address: tokens.TCAT, limit: 201 }),
      400,
      'Max limit reached',
      /200/,
    );
    await expectError(
      await inject('POST', '/launchpad/getRecentTrades', {}),
      400,
      'Missing address parameter',
      /valid token address/,
    );
    await expectError(
      await inject('POST', '/api/launchpad/getRecentTrades', { limit: 5 }),
      400,
      'Missing address parameter',
    );
  });

  it('getTokenDetails and getTokenHolders: Missing address parameter (both families)', async () => {
    for (const url of [
      '/launchpad/getTokenDetails',
      '/launchpad2/getTokenDetails',
      '/launchpad/getTokenHolders',
      '/launchpad2/getTokenHolders',
    ]) {
      await expectError(await inject('POST', url, {}), 400, 'Missing address parameter');
      await expectError(await inject('POST', url, { address: 'not-an-address' }), 400, 'Missing address parameter');
    }
    await expectError(
      await inject('POST', '/launchpad/getTokenHolders', { address: tokens.TCAT, limit: 500 }),
      400,
      'Max limit reached',
    );
  });

  it('getTokenDetails and getTokenHolders: Failed to fetch token details (500) on a server-side failure', async () => {
    const keys = createKeysService(await openAppDatabase({ sqlite: openDb(':memory:') }));
    const boom = () => {
      throw new Error('database is gone');
    };
    const app = await buildApp({
      data: { getTokenDetails: boom, getTokenHolders: boom } as unknown as DataService,
      trade: {} as TradeService,
      keys,
      logger: createLogger('silent'),
    });
    const k = (await keys.create('free')).key;
    for (const url of ['/launchpad/getTokenDetails', '/launchpad2/getTokenHolders']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { 'api-key': k, 'content-type': 'application/json' },
        payload: JSON.stringify({ address: tokens.TCAT }),
      });
      await expectError(res, 500, 'Failed to fetch token details', /server-side/i);
      expect(res.body).not.toMatch(/database is gone/);
    }
    await app.close();
  });

  it('allowance and approve: Invalid parameters for extra or missing parameters', async () => {
    await expectError(
      await inject('GET', `/launchpad/allowance?tokenAddress=${tokens.TCAT}&userAddress=${rich}&extra=1`),
      400,
      'Invalid parameters',
      /only provide tokenAddress and userAddress/,
    );
    await expectError(
      await inject('GET', `/launchpad/allowance?tokenAddress=${tokens.TCAT}`),
      400,
      'Invalid parameters',
    );
    await expectError(
      await inject('POST', '/launchpad/approve', { tokenAddress: tokens.TCAT, userAddress: rich, amount: 5 }),
      400,
      'Invalid parameters',
      /only provide/,
    );
    await expectError(
      await inject('POST', '/launchpad/approve', { tokenAddress: tokens.TCAT }),
      400,
      'Invalid parameters',
    );
  });

  it('approve, trade, localTrade: Insufficient funds', async () => {
    // an approval's fee limit is the node's estimate of it (some 2.7 TRX), not the trades' ceiling: 5 TRX
    // pay for it; 1 TRX does not pay the 2.2456 TRX it burns
    expect(
      (await inject('POST', '/launchpad/approve', { tokenAddress: tokens.TCAT, userAddress: poor })).statusCode,
    ).toBe(200);
    const broke = (await TronWeb.createAccount()).address.base58;
    await stack.devnet.chain.faucet(broke, 1_000_000n, { produce: true });
    const refused = await inject('POST', '/launchpad/approve', { tokenAddress: tokens.TCAT, userAddress: broke });
    await expectError(refused, 400, 'Insufficient funds', /lacks funds/);
    expect(refused.json<{ message: string }>().message).toMatch(
      /network fee for the approval, has 1 TRX: [\d.]+ TRX missing/,
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'buy',
        tokenAddress: tokens.TCAT,
        amount: 100,
        userAddress: poor,
      }),
      400,
      'Insufficient funds',
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'sell',
        tokenAddress: tokens.TCAT,
        amount: '50%',
        userAddress: rich,
      }),
      400,
      'Insufficient funds',
      /no tokens/,
    );
    const w = await TronWeb.createAccount();
    await stack.devnet.chain.faucet(w.address.base58, 3_000_000n, { produce: true });
    await expectError(
      await inject('POST', '/launchpad/trade', {
        action: 'buy',
        tokenAddress: tokens.TCAT,
        amount: 10,
        privateKey: w.privateKey,
      }),
      400,
      'Insufficient funds',
    );
  });

  it('trade: Invalid parameters when a required field is missing, Invalid action', async () => {
    const w = await TronWeb.createAccount();
    await expectError(
      await inject('POST', '/launchpad/trade', { action: 'buy', tokenAddress: tokens.TCAT, amount: 1 }),
      400,
      'Invalid parameters',
      /action, tokenAddress, amount and privateKey/,
    );
    await expectError(
      await inject('POST', '/launchpad/trade', { tokenAddress: tokens.TCAT, amount: 1, privateKey: w.privateKey }),
      400,
      'Invalid parameters',
    );
    await expectError(
      await inject('POST', '/launchpad/trade', {
        action: 'hold',
        tokenAddress: tokens.TCAT,
        amount: 1,
        privateKey: w.privateKey,
      }),
      400,
      'Invalid action',
      /buy or sell/,
    );
  });

  it('trade and localTrade: Simulation failed (500) when the price impact exceeds the slippage', async () => {
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'buy',
        tokenAddress: tokens.TCAT,
        amount: 5000,
        userAddress: rich,
        slippage: 0.5,
      }),
      500,
      'Simulation failed',
      /max slippage/i,
    );
    const w = await TronWeb.createAccount();
    await stack.devnet.chain.faucet(w.address.base58, 8_000n * 1_000_000n, { produce: true });
    await expectError(
      await inject('POST', '/launchpad/trade', {
        action: 'buy',
        tokenAddress: tokens.TCAT,
        amount: 5000,
        privateKey: w.privateKey,
        slippage: 1,
      }),
      500,
      'Simulation failed',
      /max slippage/i,
    );
  });

  it('localTrade: Invalid parameters when a required field is missing, Invalid type', async () => {
    await expectError(
      await inject('POST', '/launchpad/localTrade', { type: 'buy', tokenAddress: tokens.TCAT, amount: 1 }),
      400,
      'Invalid parameters',
      /type, tokenAddress, amount and userAddress/,
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', { tokenAddress: tokens.TCAT, amount: 1, userAddress: rich }),
      400,
      'Invalid parameters',
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'swap',
        tokenAddress: tokens.TCAT,
        amount: 1,
        userAddress: rich,
      }),
      400,
      'Invalid type',
      /buy or sell/,
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        action: 'swap',
        tokenAddress: tokens.TCAT,
        amount: 1,
        userAddress: rich,
      }),
      400,
      'Invalid type',
    );
  });

  it('createWallet: Invalid amount (400), Error creating wallets (500)', async () => {
    for (const amount of [0, 101, 1.5, '3', -1]) {
      await expectError(
        await inject('POST', '/api/tron/createWallet', { amount }),
        400,
        'Invalid amount',
        /integer between 1 and 100/,
      );
    }
    const spy = vi.spyOn(TronWeb, 'createAccount').mockRejectedValueOnce(new Error('rng failure'));
    const res = await inject('POST', '/tron/createWallet', { amount: 2 });
    spy.mockRestore();
    await expectError(res, 500, 'Error creating wallets', /try again/i);
    expect(res.body).not.toMatch(/rng failure/);
  });
});

describe('auth', () => {
  it('answers 401 Missing API key and Invalid API key (also for a revoked key)', async () => {
    const res = await stack.facade.app.inject({
      method: 'POST',
      url: '/launchpad/getTokenDetails',
      payload: { address: tokens.TCAT },
    });
    await expectError(res, 401, 'Missing API key');
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT }, { 'api-key': 'lp_nope' }),
      401,
      'Invalid API key',
    );
    const k = await stack.facade.keys.create('free');
    expect(
      (await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT }, { 'api-key': k.key })).statusCode,
    ).toBe(200);
    await stack.facade.keys.revoke(k.id);
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT }, { 'api-key': k.key }),
      401,
      'Invalid API key',
    );
  });

  it('stores keys only as hashes', async () => {
    const { key: plain } = await stack.facade.keys.create('free');
    const rows = stack.db.$client.prepare('select * from api_keys').all() as Array<Record<string, unknown>>;
    expect(JSON.stringify(rows)).not.toContain(plain);
    expect(JSON.stringify(rows)).toContain(plain.slice(0, 9)); // the listing prefix only
  });

  it('limits a key to its plan with 429 Rate limit exceeded and Retry-After', async () => {
    await stack.facade.keys.setPlanLimits('tiny', 3, 100);
    const { key: k } = await stack.facade.keys.create('tiny');
    const call = () => inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT }, { 'api-key': k });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    await expectError(limited, 429, 'Rate limit exceeded', /retry/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another key is not affected
    expect((await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT })).statusCode).toBe(200);
  });
});

describe('managed keys (a front end limits its own users)', () => {
  it('a managed key on a limited plan is never refused for its rate and pays its plan fee', async () => {
    await stack.facade.keys.setPlanLimits('tiny2', 3, 120);
    const managed = await stack.facade.keys.create('tiny2', 'telegram:1', false, true);
    const outside = await stack.facade.keys.create('tiny2', 'outside');
    const call = (k: string) => inject('POST', '/launchpad/getTokenPrice', { address: tokens.TCAT }, { 'api-key': k });
    const codes = [];
    for (let i = 0; i < 20; i++) codes.push((await call(managed.key)).statusCode);
    expect(codes).toEqual(Array.from({ length: 20 }, () => 200));
    // an outside key on the same plan keeps its limit
    for (let i = 0; i < 3; i++) expect((await call(outside.key)).statusCode).toBe(200);
    await expectError(await call(outside.key), 429, 'Rate limit exceeded', /retry/);
    // the plan's fee applies to the managed key's trades
    const q = await inject(
      'POST',
      '/launchpad/quote',
      { type: 'buy', tokenAddress: tokens.TCAT, amount: 100 },
      { 'api-key': managed.key },
    );
    expect(q.json<{ data: { exact: { routerFee: string } } }>().data.exact.routerFee).toBe('1200000');
  });

  it('only operators make managed keys, through POST /admin/keys', async () => {
    const op = (await stack.facade.keys.create('developer', 'op', true)).key;
    const res = await inject(
      'POST',
      '/admin/keys',
      { plan: 'free', label: 'telegram:7', managed: true },
      { 'api-key': op },
    );
    expect(res.statusCode).toBe(200);
    const made = res.json<{ id: number; key: string }>();
    expect(await stack.facade.keys.verify(made.key)).toMatchObject({ plan: 'free', managed: true, operator: false });
    const notOp = await inject('POST', '/admin/keys', { plan: 'free', managed: true }, { 'api-key': made.key });
    await expectError(notOp, 401, 'Invalid API key', /operator key/);
  });
});

describe('rate limits under overload', () => {
  it("holds each plan's number within 5 % under ten times the load", async () => {
    for (const [plan, rpm] of [
      ['burst40', 40],
      ['burst100', 100],
    ] as const) {
      await stack.facade.keys.setPlanLimits(plan, rpm, 100);
      const { key: k } = await stack.facade.keys.create(plan);
      const results = await Promise.all(
        Array.from({ length: rpm * 10 }, () =>
          inject('POST', '/launchpad/getTokenPrice', { address: tokens.TCAT }, { 'api-key': k }).then(
            (r) => r.statusCode,
          ),
        ),
      );
      const ok = results.filter((c) => c === 200).length;
      expect(results.filter((c) => c !== 200 && c !== 429)).toEqual([]);
      expect(Math.abs(ok - rpm)).toBeLessThanOrEqual(Math.ceil(rpm * 0.05));
    }
  });
});

describe('bad input never crashes', () => {
  it('answers malformed JSON, huge bodies, wrong types and unknown fields with a 400 envelope', async () => {
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', '{"address": '),
      400,
      'Invalid parameters',
      /valid JSON/,
    );
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT, pad: 'x'.repeat(100_000) }),
      400,
      'Invalid parameters',
      /too large/,
    );
    await expectError(
      await inject('POST', '/launchpad/getRecentTrades', { address: tokens.TCAT, page: 'two' }),
      400,
      'Invalid parameters',
      /page/,
    );
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', { address: tokens.TCAT, extra: true }),
      400,
      'Invalid parameters',
      /unknown field/,
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'buy',
        tokenAddress: tokens.TCAT,
        amount: -5,
        userAddress: rich,
      }),
      400,
      'Invalid parameters',
    );
    await expectError(
      await inject('POST', '/launchpad/localTrade', {
        type: 'buy',
        tokenAddress: tokens.TCAT,
        amount: '1.0000001',
        userAddress: rich,
      }),
      400,
      'Invalid parameters',
      /6 decimals/,
    );
    await expectError(await inject('POST', '/launchpad/nothing', {}), 404, 'Not found');
  });

  it('answers an unknown token with 404 Token not found', async () => {
    await expectError(await inject('POST', '/launchpad/getTokenDetails', { address: rich }), 404, 'Token not found');
    // a launchpad2 token is not found under launchpad, and the reverse
    await expectError(
      await inject('POST', '/launchpad/getTokenDetails', { address: tokens.WAVE }),
      404,
      'Token not found',
    );
    await expectError(
      await inject('POST', '/launchpad2/getTokenDetails', { address: tokens.TCAT }),
      404,
      'Token not found',
    );
  });
});
