// Data operations on the seeded devnet, through real HTTP.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { demoTokens, startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;
let key: string;
let tokens: Record<string, string>;

beforeAll(async () => {
  stack = await startStack();
  key = await stack.key();
  client = new LaunchpadClient({ baseUrl: stack.url, apiKey: key });
  tokens = await demoTokens(stack.devnet.url);
});
afterAll(async () => stack?.close());

const post = async (path: string, body: unknown) => {
  const res = await fetch(stack.url + path, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('getTokenDetails', () => {
  it('reports metadata and curve figures that agree with the chain', async () => {
    const d = await client.getTokenDetails(tokens.MOON!);
    expect(d.status).toBe('success');
    expect(d.code).toBe('200');
    expect(d.metadata).toMatchObject({
      name: 'Moon Rocket',
      symbol: 'MOON',
      twitter: 'https://x.com/moonrocket_demo',
      telegram: null,
      contractAddress: tokens.MOON,
    });
    const pool = stack.devnet.chain.ledger.pool(TronWeb.address.toHex(tokens.MOON!).toLowerCase())!;
    expect(d.metadata.ownerAddress).toBe(TronWeb.address.fromHex(pool.creator));
    // by hand: the real TRX is the virtual reserve less the 35,000 TRX it starts at; the curve is full
    // when 270,000,000 tokens are left of 1,070,000,000, at ceil(35,000 TRX × 1,070 / 270) =
    // 138,703.703704 TRX, so 103,703.703704 TRX of real TRX fill it
    const raised = pool.trxReserve - 35_000_000_000n;
    expect(d.data.trxReserve).toBe(Number(raised) / 1e6);
    expect(d.data.pumpPercentage).toBe(Number((raised * 100n) / 103_703_703_704n));
    expect(d.data.pumpPercentage).toBeGreaterThanOrEqual(90);
    expect(d.data.currentSold + d.data.tokenReserve).toBeCloseTo(800_000_000, 3);
    expect(d.data.priceInTrx).toBeCloseTo(Number(pool.trxReserve) / 1e6 / (Number(pool.tokenReserve) / 1e18), 12);
    expect(d.data.marketCap).toBeCloseTo(d.data.priceInTrx * 1e9 * 0.25, 1);
    expect(d.data).toMatchObject({
      currentStatus: 'CREATED',
      totalSupply: 1_000_000_000,
      launchTxHash: null,
      active: true,
    });
    expect(d.data.volume24Hr).toBeGreaterThan(0);
    expect(d.data.createTxHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('shows a launched token as LAUNCHED with its launch transaction', async () => {
    const d = await client.getTokenDetails(tokens.PKING!);
    expect(d.data).toMatchObject({
      currentStatus: 'LAUNCHED',
      pumpPercentage: 100,
      active: false,
      trxReserve: 0,
      currentSold: 800_000_000,
    });
    expect(d.data.launchTxHash).toMatch(/^[0-9a-f]{64}$/);
    const holders = await client.getTokenHolders(tokens.PKING!, { limit: 200 });
    const pool = holders.find((h) => h.type === 'pool')!; // the DEX pair holds the 200M reserve
    expect(pool.balance).toBeGreaterThanOrEqual(200_000_000);
    expect(holders.some((h) => h.type === 'curve')).toBe(false);
  });

  it('serves launchpad2 tokens on its own path', async () => {
    const d = await client.getTokenDetails(tokens.WAVE!, 'launchpad2');
    expect(d.metadata.symbol).toBe('WAVE');
    const holders = await client.getTokenHolders(tokens.WAVE!, { family: 'launchpad2' });
    expect(holders.find((h) => h.type === 'curve')!.address).toBe(TronWeb.address.fromHex(FAMILIES[1]!.launchpad));
  });
});

describe('getRecentTrades', () => {
  it('lists trades newest first, pages without overlap, defaults to 20', async () => {
    const all = await client.getRecentTrades(tokens.TCAT!, 1, 200);
    expect(all.length).toBeGreaterThan(20);
    const times = all.map((t) => t.timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const p1 = await client.getRecentTrades(tokens.TCAT!);
    expect(p1).toHaveLength(20);
    const p2 = await client.getRecentTrades(tokens.TCAT!, 2, 20);
    expect(p2.map((t) => t.signature)).toEqual(all.slice(20, 40).map((t) => t.signature));
    const demoUsers = new Set(all.map((t) => t.user));
    expect(demoUsers.has(TronWeb.address.fromHex(FAMILIES[0]!.router))).toBe(false); // router trades name the real user
    for (const t of all) {
      expect(['BUY', 'SELL']).toContain(t.type);
      expect(t.trxAmount).toBeGreaterThan(0);
      expect(t.priceInTrx).toBeGreaterThan(35_000 / 1.07e9 - 1e-9);
    }
  });

  it('is also reachable under /api and takes page and limit as strings', async () => {
    const r = await post('/api/launchpad/getRecentTrades', { address: tokens.TCAT, page: '1', limit: '3' });
    expect(r.status).toBe(200);
    expect((r.body.data as unknown[]).length).toBe(3);
  });
});

describe('getTokenHolders', () => {
  it('sorts by balance, types curve/dev/trader, percentages of supply, accepts page as a string', async () => {
    const r = await post('/launchpad/getTokenHolders', { address: tokens.TCAT, page: '1', limit: 200 });
    const holders = r.body.data as Array<{
      address: string;
      balance: number;
      percentage: number;
      type: string;
      valueInTrx: number;
      priceInTrx: number;
    }>;
    const balances = holders.map((h) => h.balance);
    expect([...balances].sort((a, b) => b - a)).toEqual(balances);
    expect(holders.find((h) => h.type === 'curve')!.address).toBe(TronWeb.address.fromHex(FAMILIES[0]!.launchpad));
    expect(holders.filter((h) => h.type === 'dev')).toHaveLength(1);
    expect(holders.reduce((s, h) => s + h.percentage, 0)).toBeCloseTo(100, 6);
    for (const h of holders) expect(h.valueInTrx).toBeCloseTo(h.balance * h.priceInTrx, 6);
    const first = await client.getTokenHolders(tokens.TCAT!, { page: 1, limit: 2 });
    const second = await client.getTokenHolders(tokens.TCAT!, { page: 2, limit: 2 });
    expect([...first, ...second].map((h) => h.address)).toEqual(holders.slice(0, 4).map((h) => h.address));
  });
});

describe('getTokenBalance', () => {
  it('answers GET with a JSON body, GET with a query string and POST alike', async () => {
    const holder = (await client.getTokenHolders(tokens.TCAT!)).find((h) => h.type === 'trader')!.address;
    const viaQuery = await client.getTokenBalance(holder, tokens.TCAT!);
    const viaGetBody = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const body = JSON.stringify({ publicKey: holder, tokenAddress: tokens.TCAT });
      const u = new URL(stack.url + '/launchpad/getTokenBalance');
      const req = http.request(
        {
          host: u.hostname,
          port: u.port,
          path: u.pathname,
          method: 'GET',
          headers: { 'api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    const viaPost = await post('/launchpad/getTokenBalance', {
      publicKey: holder,
      tokenAddress: tokens.TCAT,
      tokenDecimals: 18,
    });
    expect(viaGetBody).toMatchObject({ status: 'success', code: '200', data: [viaQuery] });
    expect(viaPost.body).toMatchObject({ data: [viaQuery] });
    expect(viaQuery.priceInUSD).toBeCloseTo(viaQuery.priceInTRX * 0.25, 12);
    const onChain = stack.devnet.chain.ledger.tokenBalance(
      TronWeb.address.toHex(tokens.TCAT!).toLowerCase(),
      TronWeb.address.toHex(holder).toLowerCase(),
    );
    expect(viaQuery.balanceInSun).toBe(onChain.toString());
    expect(viaQuery.convertedBalance).toBeCloseTo(Number(onChain) / 1e18, 6);
  });
});

describe('listTokens and docs', () => {
  it('sorts by new, volume and progress', async () => {
    const byNew = await client.listTokens({ sort: 'new', limit: 50 });
    expect(byNew[0]!.symbol).toBe('FROG');
    expect(byNew).toHaveLength(7);
    const byProgress = await client.listTokens({ sort: 'progress' });
    expect(byProgress.slice(0, 2).map((t) => t.symbol)).toEqual(['PKING', 'MOON']);
    const byVolume = await client.listTokens({ sort: 'volume', limit: 3 });
    expect(byVolume).toHaveLength(3);
    expect(byVolume[0]!.volume24Hr).toBeGreaterThanOrEqual(byVolume[1]!.volume24Hr);
  });

  it('publishes the OpenAPI document without a key, generated from the route schemas', async () => {
    const res = await fetch(stack.url + '/docs/json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
      components: { securitySchemes: object };
    };
    for (const p of [
      '/launchpad/getTokenBalance',
      '/launchpad/getRecentTrades',
      '/api/launchpad/getRecentTrades',
      '/launchpad/getTokenDetails',
      '/launchpad2/getTokenDetails',
      '/launchpad/getTokenHolders',
      '/launchpad2/getTokenHolders',
      '/launchpad/allowance',
      '/launchpad/approve',
      '/launchpad/trade',
      '/launchpad/localTrade',
      '/api/tron/createWallet',
      '/tron/createWallet',
      '/launchpad/quote',
      '/launchpad/broadcast',
      '/launchpad/txStatus',
      '/launchpad/listTokens',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
    expect(doc.paths['/launchpad/localTrade']!.post!.requestBody).toBeDefined();
    expect(doc.components.securitySchemes).toHaveProperty('apiKey');
    expect((await fetch(stack.url + '/docs')).status).toBe(200);
  });
});
