// GET /admin/energy and the pool's gauge, over HTTP on a devnet made as `npm start` makes it (no demo
// history): the routers' origin (ROUTER_OWNER) has 10,000,000 TRX staked for energy and pays all of
// its users' trade energy. Operator keys only, the spec's envelope for bad input; a router trade shows
// in the last day and draws on the pool; an operator that unstakes everything leaves the pool empty,
// unsponsored and low, and the gauge at 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient, signTx } from '../../src/client/index.js';
import { FAMILIES, ROUTER_OWNER } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let opKey: string;
let operator: LaunchpadClient;
const OWNER = TronWeb.address.fromHex(ROUTER_OWNER.address);
const ROUTERS = FAMILIES.map((f) => TronWeb.address.fromHex(f.router));

/**
 * The devnet's energy: 180,000,000,000 a day over the network's 18,000,000,000 staked TRX plus the
 * devnet's own stakes (java-tron's formula: staked TRX × limit ÷ total weight, rounded down).
 * 10,000,000 × 180,000,000,000 ÷ 18,010,000,000 = 99,944,475.29 → 99,944,475.
 */
const GENESIS_ENERGY = 99_944_475;
/** TYPICAL_TRADE_ENERGY.curve, written out: the pool's energy a sponsored (0 %) trade takes. */
const PER_TRADE = 100_000;

const get = async (path: string, apiKey?: string) => {
  const res = await fetch(`${stack.url}${path}`, { headers: apiKey ? { 'api-key': apiKey } : {} });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const gauge = async (family: string): Promise<number | undefined> => {
  const text = await (await fetch(`${stack.url}/metrics`)).text();
  const m = new RegExp(`^launchpad_energy_pool_available\\{family="${family}"\\} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : undefined;
};

beforeAll(async () => {
  stack = await startStack({ seed: false, pollMs: 100 });
  opKey = (await stack.facade.keys.create('developer', 'ops', true)).key;
  operator = new LaunchpadClient({ baseUrl: stack.url, apiKey: opKey });
});
afterAll(async () => stack?.close());

describe('GET /admin/energy', () => {
  it('answers operator keys only, and bad input with the envelope', async () => {
    expect(await get('/admin/energy')).toEqual({
      status: 401,
      body: { error: 'Missing API key', message: 'Send your key in the api-key header', code: '401', status: 'error' },
    });
    const user = await stack.key('trader');
    expect(await get('/admin/energy', user)).toEqual({
      status: 401,
      body: { error: 'Invalid API key', message: 'This route needs an operator key', code: '401', status: 'error' },
    });
    const bad = await get('/admin/energy?family=launchpad9', opKey);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Invalid parameters', code: '400', status: 'error' });
    expect(String(bad.body.message)).toContain('family');
    expect((await get('/admin/energy?family=launchpad&x=1', opKey)).status).toBe(400);
  });

  it("shows each family's pool at genesis: the operator's stake, its energy, sponsored trades", async () => {
    const pools = await operator.adminEnergy();
    expect(pools.map((p) => p.family)).toEqual(['launchpad', 'launchpad2']);
    for (const [i, p] of pools.entries())
      expect(p).toEqual({
        family: FAMILIES[i]!.family,
        router: ROUTERS[i],
        origin: OWNER,
        stakedTrx: 10_000_000,
        stakedSun: '10000000000000',
        lentTrx: 0,
        unstaking: [],
        energyLimit: GENESIS_ENERGY,
        energyLeft: GENESIS_ENERGY,
        userPaysPercent: 0,
        originEnergyLimit: 10_000_000,
        energyPerTrade: PER_TRADE,
        sponsored: true,
        tradesLeft: 999, // 99,944,475 ÷ 100,000
        tradesADay: 999,
        lastDay: { curve: 0, dex: 0 },
        sharedBy: ['launchpad', 'launchpad2'],
        energyPerHour: 0,
        hoursLeft: null,
        low: false,
      });
    expect((await operator.adminEnergy('launchpad2')).map((p) => p.family)).toEqual(['launchpad2']);
    expect(await gauge('launchpad')).toBe(GENESIS_ENERGY);
    expect(await gauge('launchpad2')).toBe(GENESIS_ENERGY);
  });

  it("counts the last day's router trades, and the pool pays their energy", async () => {
    const client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('developer') });
    const [dev, trader] = await client.createWallet(2);
    await faucet(stack.devnet.url, dev!.publicKey, 2_000);
    await faucet(stack.devnet.url, trader!.publicKey, 2_000);
    const createTx = await client.createToken({ userAddress: dev!.publicKey, name: 'Pool', symbol: 'POOL' });
    await client.broadcast(signTx(createTx, dev!.privateKey));
    const token = await waitFor(async () => (await client.listTokens({ sort: 'new' }))[0]?.address);
    const txid = await client.trade({
      action: 'buy',
      tokenAddress: token,
      amount: 100,
      privateKey: trader!.privateKey,
    });
    const info = await waitFor(async () => {
      const r = (await tronWebFor(stack.devnet.url).trx.getUnconfirmedTransactionInfo(txid)) as {
        blockNumber?: number;
        receipt?: { origin_energy_usage?: number; energy_usage_total?: number };
      };
      return r.blockNumber !== undefined ? r : undefined;
    });
    // the pool paid all of the trade's energy
    const used = info.receipt!.origin_energy_usage!;
    expect(used).toBe(info.receipt!.energy_usage_total);
    // the index has the trade
    await waitFor(async () => ((await client.getRecentTrades(token)).length ? true : undefined));
    const [p] = await operator.adminEnergy('launchpad');
    expect(p!.lastDay).toEqual({ curve: 1, dex: 0 });
    // what the trade used, less what recovered since (a few blocks of 28,800 a day: a handful of units)
    expect(p!.energyLeft).toBeLessThanOrEqual(GENESIS_ENERGY);
    expect(p!.energyLeft).toBeGreaterThanOrEqual(GENESIS_ENERGY - used);
    expect(p!.energyLeft).toBeLessThan(GENESIS_ENERGY - used + 100);
    expect(p!.tradesLeft).toBe(Math.floor(p!.energyLeft / PER_TRADE));
    // one trade a day: 100,000 ÷ 24 = 4,166.7 → 4,167 energy an hour
    expect(p!.energyPerHour).toBe(4_167);
    expect(p!.hoursLeft).toBe(Math.floor((p!.energyLeft / 4_167) * 10) / 10);
    expect(p!.low).toBe(false);
    // the other family shares the pool: the same hour, none of its own trades
    const [q] = await operator.adminEnergy('launchpad2');
    expect(q).toMatchObject({ lastDay: { curve: 0, dex: 0 }, energyPerHour: 4_167, energyLeft: p!.energyLeft });
  });

  it('shows the pool empty, unsponsored and low once the operator unstakes it all, and the gauge at 0', async () => {
    const tw = tronWebFor(stack.devnet.url);
    const tx = await tw.transactionBuilder.unfreezeBalanceV2(10_000_000 * 1_000_000, 'ENERGY', OWNER);
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx, ROUTER_OWNER.privateKey));
    expect(sent.result).toBe(true);
    const pools = await waitFor(async () => {
      const all = await operator.adminEnergy();
      return all.every((p) => p.stakedTrx === 0) ? all : undefined;
    });
    for (const p of pools) {
      expect(p).toMatchObject({
        stakedTrx: 0,
        energyLimit: 0,
        energyLeft: 0,
        sponsored: false,
        tradesLeft: 0,
        tradesADay: 0,
        energyPerHour: 4_167,
        hoursLeft: 0,
        low: true,
      });
      expect(p.unstaking).toEqual([
        { resource: 'ENERGY', amountTrx: 10_000_000, amountSun: '10000000000000', withdrawableAt: expect.any(Number) },
      ]);
      expect(p.unstaking[0]!.withdrawableAt).toBeGreaterThan(Date.now());
    }
    expect(await gauge('launchpad')).toBe(0);
  });

  it('is in the OpenAPI document, with its errors', async () => {
    const doc = (await (await fetch(`${stack.url}/docs/json`)).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, unknown>; parameters?: Array<{ name: string }> }>
      >;
    };
    const op = doc.paths['/admin/energy']!.get!;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '429', '500', '502']);
    expect(op.parameters?.map((p) => p.name)).toEqual(['family']);
  });
});
