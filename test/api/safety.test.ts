// The token safety report: tokens made to be dangerous (a creator holding most of the supply, a creator
// who dumped an earlier token) and one made fairly, through the API and real TronWeb signing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utils } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { faucet } from '../helpers/devnet.js';
import { startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;

beforeAll(async () => {
  stack = await startStack({ seed: false, pollMs: 0 });
  client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key() });
});
afterAll(async () => stack?.close());

async function wallet(trx: number) {
  const [w] = await client.createWallet(1);
  await faucet(stack.devnet.url, w!.publicKey, trx);
  return w!;
}
const final = (sig: string) =>
  waitFor(async () => {
    const s = await client.txStatus(sig);
    return s.state === 'pending' || s.state === 'unknown' ? undefined : s;
  });

/** Creates a token with a first buy; returns its address once indexed. */
async function create(w: { publicKey: string; privateKey: string }, symbol: string, initialBuy: number) {
  const tx = await client.createToken({ userAddress: w.publicKey, name: `Safety ${symbol}`, symbol, initialBuy });
  const signed = utils.crypto.signTransaction(w.privateKey, tx) as object;
  const sig = await client.broadcast(signed);
  expect((await final(sig)).state).toBe('confirmed');
  await stack.facade.indexer.syncOnce();
  const list = await client.listTokens({ sort: 'new', limit: 100 });
  return list.find((t) => t.symbol === symbol)!.address;
}

async function trade(w: { privateKey: string }, action: 'buy' | 'sell', token: string, amount: number | string) {
  const sig = await client.trade({ action, tokenAddress: token, amount, privateKey: w.privateKey, slippage: 100 });
  expect((await final(sig)).state).toBe('confirmed');
  await stack.facade.indexer.syncOnce();
}

describe('getTokenSafety', () => {
  it('says danger when the creator holds most of the supply', async () => {
    const whale = await wallet(50_000);
    const token = await create(whale, 'HOG', 35_000);
    const s = await client.getTokenSafety(token);
    expect(s.verdict).toBe('danger');
    expect(s.creatorSharePct).toBeGreaterThan(50);
    expect(s.creatorFirstBuyPct).toBe(s.creatorSharePct);
    expect(s.reasons[0]).toBe(`the creator holds ${s.creatorSharePct}% of the supply`);
    expect(s.top10SharePct).toBe(s.creatorSharePct); // the only holder besides the curve
    expect(s.holderCount).toBe(1);
  });

  it('says danger for a creator who dumped an earlier token, and counts what they sold of their first buy', async () => {
    const dev = await wallet(5_000);
    const first = await create(dev, 'DUMP', 500);
    await trade(dev, 'sell', first, '100%');
    const s1 = await client.getTokenSafety(first);
    expect(s1.creatorSoldPct).toBe(100);
    expect(s1.verdict).toBe('caution');
    expect(s1.reasons).toContain('the creator sold 100% of their first buy');
    const second = await create(dev, 'AGAIN', 100);
    const s2 = await client.getTokenSafety(second);
    expect(s2.creatorTokens).toBe(1);
    expect(s2.creatorDumps).toBe(1);
    expect(s2.verdict).toBe('danger');
    expect(s2.reasons).toContain('the creator dumped 1 of 1 earlier token');
  });

  it('says ok for a small creator buy and a spread of holders, and the API documents it', async () => {
    const dev = await wallet(1_000);
    const token = await create(dev, 'FAIR', 50);
    for (let i = 0; i < 12; i++) await trade(await wallet(500), 'buy', token, 300);
    const s = await client.getTokenSafety(token);
    expect(s).toMatchObject({ verdict: 'ok', reasons: [], holderCount: 13, creatorDumps: 0, bundleBuys: 0 });
    expect(s.creatorSharePct).toBeLessThan(1);
    expect(s.top10SharePct).toBeLessThan(60);
    expect(s.ageSeconds).toBeGreaterThanOrEqual(0);
    const doc = (await (await fetch(`${stack.url}/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/launchpad/getTokenSafety');
    const res = await fetch(`${stack.url}/launchpad/getTokenSafety`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': await stack.key() },
      body: JSON.stringify({ address: 'nope' }),
    });
    expect(res.status).toBe(400);
  });
});
