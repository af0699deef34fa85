// Two launchpad families on two networks (issue 48): launchpad on one devnet, launchpad2 on another
// with its own genesis, contracts and demo tokens. Each family's tokens are served under its own path
// and looked up on its own node; trades land on their own chain; a fork on the second network takes
// back only its rows; a caller's `rpc` may name only a served network; a stopped second node fails
// only its family's operations.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utils } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';
import { faucet } from '../helpers/devnet.js';

const sign = (tx: unknown, key: string) => utils.crypto.signTransaction(key, tx) as object;

/** The node's receipt of a transaction (an empty object when its chain does not hold it). */
async function receiptOn(url: string, txid: string): Promise<{ id?: string; blockNumber?: number }> {
  const res = await fetch(`${url}/wallet/gettransactioninfobyid`, {
    method: 'POST',
    body: JSON.stringify({ value: txid }),
  });
  return (await res.json()) as { id?: string; blockNumber?: number };
}

/** A token address of each demo chain (the first demo token it lists). */
async function firstDemo(url: string): Promise<string> {
  return Object.values(await demoTokens(url)).find(Boolean)!;
}

async function post(url: string, body: unknown, key: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'api-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('two families on two networks', () => {
  let stack: Stack;
  let client: LaunchpadClient;
  let key: string;
  let one: string;
  let two: string;
  let buyer: { publicKey: string; privateKey: string };

  beforeAll(async () => {
    stack = await startStack({ networks: 2 });
    key = await stack.key('trader');
    client = new LaunchpadClient({ baseUrl: stack.url, apiKey: key });
    one = await firstDemo(stack.devnet.url);
    two = await firstDemo(stack.devnet2!.url);
    [buyer] = (await client.createWallet(1)) as [{ publicKey: string; privateKey: string }];
    await faucet(stack.devnet.url, buyer.publicKey, 500);
    await faucet(stack.devnet2!.url, buyer.publicKey, 300);
  });
  afterAll(() => stack?.close());

  it('serves the second network’s tokens under /launchpad2 only, each chain knowing only its own', async () => {
    expect((await client.getTokenDetails(two, 'launchpad2')).metadata.contractAddress).toBe(two);
    await expect(client.getTokenDetails(two, 'launchpad')).rejects.toThrow(/No token with this address/);
    await expect(client.getTokenDetails(one, 'launchpad2')).rejects.toThrow(/No token with this address/);
    // a token made now on network 2, built by the API on that chain and broadcast through it
    const unsigned = await client.createToken({
      family: 'launchpad2',
      userAddress: buyer.publicKey,
      name: 'Second Net',
      symbol: 'NET2',
      initialBuy: 5,
    });
    const txid = await client.broadcast(sign(unsigned, buyer.privateKey));
    expect((await receiptOn(stack.devnet2!.url, txid)).id).toBe(txid);
    expect(await receiptOn(stack.devnet.url, txid)).toEqual({});
    await stack.facade.indexer.syncOnce();
    const made = (await client.listTokens({ sort: 'new' })).find((t) => t.symbol === 'NET2');
    expect(made).toMatchObject({ family: 'launchpad2' });
    expect((await client.getTokenDetails(made!.address, 'launchpad2')).metadata.symbol).toBe('NET2');
    await expect(client.getTokenDetails(made!.address, 'launchpad')).rejects.toThrow(/No token/);
  });

  it('lands each family’s trades on its own chain, and shows the wallet on each network', async () => {
    const before = await client.getWallet(buyer.publicKey);
    const sig1 = await client.trade({ action: 'buy', tokenAddress: one, amount: 10, privateKey: buyer.privateKey });
    const sig2 = await client.trade({ action: 'buy', tokenAddress: two, amount: 20, privateKey: buyer.privateKey });
    expect((await receiptOn(stack.devnet.url, sig1)).id).toBe(sig1);
    expect(await receiptOn(stack.devnet2!.url, sig1)).toEqual({});
    expect((await receiptOn(stack.devnet2!.url, sig2)).id).toBe(sig2);
    expect(await receiptOn(stack.devnet.url, sig2)).toEqual({});
    // txStatus finds each on its network, with the trade its router made
    expect(await client.txStatus(sig2)).toMatchObject({ trade: { type: 'buy' } });
    expect(await client.txStatus(sig1)).toMatchObject({ trade: { type: 'buy' } });
    await stack.facade.indexer.syncOnce();
    expect((await client.getRecentTrades(one)).map((t) => t.signature)).toContain(sig1);
    expect((await client.getRecentTrades(two)).map((t) => t.signature)).toContain(sig2);
    const after = await client.getWallet(buyer.publicKey);
    const sun = (w: typeof after, network: string) =>
      BigInt(w.networks!.find((n) => n.network === network)!.trxBalanceSun!);
    // 20 TRX and its fees left network 2; network 1 paid only for its own 10 TRX buy
    expect(sun(before, 'launchpad2') - sun(after, 'launchpad2')).toBeGreaterThanOrEqual(20_000_000n);
    expect(sun(before, 'launchpad') - sun(after, 'launchpad')).toBeLessThan(20_000_000n);
    expect(after.networks!.map((n) => [n.network, n.name, n.families])).toEqual([
      ['launchpad', 'devnet', ['launchpad']],
      ['launchpad2', 'devnet 2', ['launchpad2']],
    ]);
    expect(after.positions.map((p) => p.token)).toEqual(expect.arrayContaining([one, two]));
    // the fee ledger says which network each router fee was paid on (referral payouts count the first's)
    const keyId = (await stack.facade.keys.verify(key))?.id;
    const fees = await stack.facade.admin.fees([keyId!]);
    expect(fees.filter((f) => [sig1, sig2].includes(f.txid)).map((f) => [f.txid, f.family])).toEqual(
      expect.arrayContaining([
        [sig1, 'launchpad'],
        [sig2, 'launchpad2'],
      ]),
    );
    // each network's index lag, by network
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    for (const network of ['launchpad', 'launchpad2'])
      expect(metrics).toMatch(new RegExp(`^launchpad_network_index_lag_blocks\\{network="${network}"\\} \\d+$`, 'm'));
  });

  it('reads a balance on the network `rpc` names, and never fetches a URL it does not serve', async () => {
    const asked: string[] = [];
    const trap = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end('{}');
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    const trapUrl = `http://127.0.0.1:${(trap.address() as { port: number }).port}`;
    try {
      const balance = (rpc: string) =>
        post(`${stack.url}/launchpad/getTokenBalance`, { publicKey: buyer.publicKey, tokenAddress: two, rpc }, key);
      const onTwo = await balance(stack.devnet2!.url);
      expect(onTwo.status).toBe(200);
      expect(BigInt((onTwo.body.data as Array<{ balanceInSun: string }>)[0]!.balanceInSun)).toBeGreaterThan(0n);
      // the same token asked on the other network: that chain holds no such token
      expect((await balance(stack.devnet.url)).status).not.toBe(400);
      for (const rpc of [trapUrl, `${stack.devnet2!.url}/`, 'file:///etc/passwd']) {
        const refused = await balance(rpc);
        expect(refused).toEqual({
          status: 400,
          body: expect.objectContaining({ error: 'Invalid parameters', status: 'error' }),
        });
      }
      const wallet = (rpc: string) => post(`${stack.url}/api/tron/createWallet`, { amount: 1, rpc }, key);
      expect((await wallet(stack.devnet2!.url)).status).toBe(200);
      expect((await wallet(trapUrl)).status).toBe(400);
      expect(asked).toEqual([]);
    } finally {
      trap.close();
    }
  });
});

describe('each network’s clock', () => {
  let stack: Stack;
  let client: LaunchpadClient;

  beforeAll(async () => {
    stack = await startStack({ networks: 2 });
    client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('trader') });
  });
  afterAll(() => stack?.close());

  it('counts a token’s last 24 hours and its age on its own network’s chain time', async () => {
    const one = await firstDemo(stack.devnet.url);
    const two = await firstDemo(stack.devnet2!.url);
    const [before1, before2] = [await client.getTokenDetails(one), await client.getTokenDetails(two, 'launchpad2')];
    expect(before1.data.volume24Hr).toBeGreaterThan(0);
    expect(before2.data.volume24Hr).toBeGreaterThan(0);
    // the second network's chain moves two days ahead; the first's stays on the machine's clock
    const res = await fetch(`${stack.devnet2!.url}/devnet/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 2 * 86_400 }),
    });
    expect(res.status).toBe(200);
    await stack.facade.indexer.syncOnce();
    // the demo's day of trades is two days old on network 2 (the clock learns the new head on its next read)
    const after2 = await waitFor(async () => {
      const d = await client.getTokenDetails(two, 'launchpad2');
      return d.data.volume24Hr === 0 ? d : undefined;
    });
    expect(after2.data.volume24Hr).toBe(0);
    expect((await client.getTokenSafety(two)).ageSeconds).toBeGreaterThanOrEqual(2 * 86_400);
    expect((await client.getTokenDetails(one)).data.volume24Hr).toBe(before1.data.volume24Hr);
    expect((await client.getTokenSafety(one)).ageSeconds).toBeLessThan(2 * 86_400);
  });
});

describe('a fork and a stop on the second network', () => {
  const SOLID_AFTER = 19;
  let stack: Stack;
  let client: LaunchpadClient;
  let one: string;
  let two: string;
  let buyer: { publicKey: string; privateKey: string };

  beforeAll(async () => {
    stack = await startStack({ networks: 2, solidAfter: SOLID_AFTER });
    client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('trader') });
    one = await firstDemo(stack.devnet.url);
    two = await firstDemo(stack.devnet2!.url);
    [buyer] = (await client.createWallet(1)) as [{ publicKey: string; privateKey: string }];
    await faucet(stack.devnet.url, buyer.publicKey, 500);
    await faucet(stack.devnet2!.url, buyer.publicKey, 500);
    await stack.facade.indexer.syncOnce();
  });
  afterAll(() => stack?.close());

  const buy = (token: string, trx: number) =>
    client.trade({ action: 'buy', tokenAddress: token, amount: trx, privateKey: buyer.privateKey });
  const signatures = async (token: string) => (await client.getRecentTrades(token)).map((t) => t.signature);

  it('takes back only the second network’s rows when its chain forks', async () => {
    const sig1 = await buy(one, 10);
    const sig2 = await buy(two, 10);
    await stack.facade.indexer.syncOnce();
    const firstBefore = {
      details: await client.getTokenDetails(one),
      trades: await client.getRecentTrades(one),
      holders: await client.getTokenHolders(one, { limit: 100 }),
    };
    expect(firstBefore.trades.map((t) => t.signature)).toContain(sig1);
    expect(await signatures(two)).toContain(sig2);
    // network 2 drops the block of its trade; network 1's chain, at a similar height, stays
    const res = await fetch(`${stack.devnet2!.url}/devnet/fork`, {
      method: 'POST',
      body: JSON.stringify({ blocks: 1, drop: true }),
    });
    expect(res.status).toBe(200);
    await stack.facade.indexer.syncOnce();
    expect(await signatures(two)).not.toContain(sig2);
    expect({
      details: await client.getTokenDetails(one),
      trades: await client.getRecentTrades(one),
      holders: await client.getTokenHolders(one, { limit: 100 }),
    }).toEqual(firstBefore);
    expect((await client.getRecentTrades(one))[0]).toMatchObject({ signature: sig1, confirmed: false });
  });

  it('fails only the second family’s operations once its node stops; the first keeps serving', async () => {
    await stack.devnet2!.close();
    const key = await stack.key('trader');
    const quote = (token: string) =>
      post(
        `${stack.url}/launchpad/quote`,
        { type: 'buy', tokenAddress: token, amount: 5, userAddress: buyer.publicKey },
        key,
      );
    const q2 = await quote(two);
    expect(q2).toEqual({
      status: 500,
      body: {
        error: 'Internal error',
        message: 'Something went wrong on our side; try again',
        code: '500',
        status: 'error',
      },
    });
    expect((await quote(one)).status).toBe(200);
    // the first network's indexer goes on: a new trade there is indexed; the second's cycle fails
    const sig = await buy(one, 3);
    await expect(stack.facade.indexer.syncOnce()).rejects.toThrow();
    expect(await signatures(one)).toContain(sig);
    // a wallet's view still answers: the first network's TRX, the second's unknown (null)
    const w = await client.getWallet(buyer.publicKey);
    expect(w.networks!.map((n) => [n.network, n.trxBalanceSun === null])).toEqual([
      ['launchpad', false],
      ['launchpad2', true],
    ]);
    // a transfer on the first network is still built and broadcast
    const unsigned = await client.transfer(buyer.publicKey, (await client.createWallet(1))[0]!.publicKey, 1);
    expect(await client.broadcast(sign(unsigned, buyer.privateKey))).toMatch(/^[0-9a-f]{64}$/);
    // the instance stays ready (readiness follows the first network); each network's lag is shown
    const ready = await fetch(`${stack.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { networks: Array<{ network: string; indexedBlock: number | null }> };
    expect(body.networks.map((n) => n.network)).toEqual(['launchpad', 'launchpad2']);
    expect(body.networks.every((n) => typeof n.indexedBlock === 'number')).toBe(true);
    const metrics = await (await fetch(`${stack.url}/metrics`)).text();
    expect(metrics).toMatch(/^launchpad_network_index_lag_blocks\{network="launchpad"\} \d+$/m);
    // the stopped node gives no lag (left out of the scrape, not shown at its last figure)
    expect(metrics).not.toMatch(/launchpad_network_index_lag_blocks\{network="launchpad2"\}/);
    // the index still serves the second family's tokens as they were
    expect((await client.getTokenDetails(two, 'launchpad2')).metadata.contractAddress).toBe(two);
  });
});
