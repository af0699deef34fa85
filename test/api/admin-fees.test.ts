// Referral fees, as the operator's front end sees them over HTTP with the typed client: a key made
// with a fee discount pays its plan's router fee less that percent on chain (rounded down), and
// POST /admin/fees answers exactly the fees booked for the keys asked about.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ApiError, LaunchpadClient, signTx } from '../../src/client/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let operator: LaunchpadClient;
let opKey: string;
let tokens: Record<string, string>;
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);

const clientFor = (apiKey: string) => new LaunchpadClient({ baseUrl: stack.url, apiKey });
const post = async (path: string, body: unknown, apiKey: string) => {
  const res = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Buys `trx` of the demo token TCAT with a fresh wallet through localTrade, sign and broadcast; the txid. */
async function buy(client: LaunchpadClient, trx: string): Promise<string> {
  const [wallet] = await client.createWallet(1);
  await faucet(stack.devnet.url, wallet!.publicKey, 1_000);
  const { unsignedTx } = await client.localTrade({
    type: 'buy',
    tokenAddress: tokens.TCAT!,
    amount: trx,
    userAddress: wallet!.publicKey,
  });
  const txid = await client.broadcast(signTx(unsignedTx, wallet!.privateKey));
  const st = await waitFor(async () => {
    const s = await client.txStatus(txid);
    return s.state === 'pending' ? undefined : s;
  });
  expect(st.state).toBe('confirmed');
  return txid;
}

/** The fee the router's RouterBuy event says it took (sun). */
async function routerFeeOnChain(txid: string): Promise<string> {
  const evs = await tronWebFor(stack.devnet.url).event.getEventsByTransactionID(txid);
  const ev = evs.data!.find((e) => e.contract_address === ROUTER && e.event_name === 'RouterBuy')!;
  return String(ev.result.fee);
}

beforeAll(async () => {
  stack = await startStack({ pollMs: 100 });
  opKey = (await stack.facade.keys.create('developer', 'ops', true)).key;
  operator = clientFor(opKey);
  tokens = await demoTokens(stack.devnet.url);
});
afterAll(async () => stack?.close());

describe('a key with a fee discount', () => {
  let discounted: { id: number; key: string };
  let plain: { id: number; key: string };
  let discountedTx: string;
  let plainTx: string;
  const PAID = 123_456_789n; // 123.456789 TRX: the fee is not a whole number of sun before rounding

  it('is made by an operator with feeDiscountPct, and its key info shows the discount and the fee', async () => {
    discounted = await operator.createKey('free', 'telegram:41', true, 10);
    plain = await operator.createKey('free', 'telegram:42', true);
    expect(await operator.adminKey(discounted.id)).toMatchObject({
      id: discounted.id,
      plan: 'free',
      feeDiscountPct: 10,
      feeBps: 135, // floor(150 * 90 / 100)
    });
    expect(await operator.adminKey(plain.id)).toMatchObject({ feeDiscountPct: 0, feeBps: 150 });
  });

  it('pays the router exactly floor(150 * 90 / 100) = 135 bps on a buy, booked in the fee ledger', async () => {
    const quote = await clientFor(discounted.key).quote({
      type: 'buy',
      tokenAddress: tokens.TCAT!,
      amount: '123.456789',
    });
    const expected = (PAID * 135n) / 10_000n;
    expect(quote.exact.routerFee).toBe(expected.toString());
    discountedTx = await buy(clientFor(discounted.key), '123.456789');
    plainTx = await buy(clientFor(plain.key), '123.456789');
    expect(await routerFeeOnChain(discountedTx)).toBe(expected.toString());
    expect(await routerFeeOnChain(plainTx)).toBe(((PAID * 150n) / 10_000n).toString());
    const [row] = await waitFor(async () => {
      const r = await operator.adminFees([discounted.id]);
      return r.length ? r : undefined;
    });
    expect(row).toEqual({
      txid: discountedTx,
      apiKeyId: discounted.id,
      token: tokens.TCAT,
      side: 'buy',
      feeSun: expected.toString(),
      confirmedAt: expect.any(Number) as number,
      family: 'launchpad',
    });
  });

  it('POST /admin/fees answers exactly the booked fees of the keys asked about, oldest first, from since', async () => {
    const both = await waitFor(async () => {
      const r = await operator.adminFees([plain.id, discounted.id]);
      return r.length === 2 ? r : undefined;
    });
    expect(both.map((r) => [r.txid, r.apiKeyId, r.feeSun])).toEqual([
      [discountedTx, discounted.id, ((PAID * 135n) / 10_000n).toString()],
      [plainTx, plain.id, ((PAID * 150n) / 10_000n).toString()],
    ]);
    expect(both[0]!.confirmedAt).toBeLessThanOrEqual(both[1]!.confirmedAt);
    expect(await operator.adminFees([plain.id])).toEqual([both[1]]);
    expect(await operator.adminFees([plain.id, discounted.id], both[1]!.confirmedAt)).toEqual(
      both.filter((r) => r.confirmedAt >= both[1]!.confirmedAt),
    );
    expect(await operator.adminFees([plain.id, discounted.id], both[1]!.confirmedAt + 1)).toEqual([]);
    // the operator key's own fees and other keys' are not in the answer
    const opId = (await stack.facade.keys.verify(opKey))!.id;
    expect(await operator.adminFees([opId])).toEqual([]);
  });
});

describe('builds made at once', () => {
  it('are each booked to the key that built it, once confirmed', async () => {
    const keys = [
      await operator.createKey('free', 'telegram:43', true),
      await operator.createKey('free', 'telegram:44', true),
    ];
    const wallets = await Promise.all(
      keys.map(async (k) => {
        const [w] = await clientFor(k.key).createWallet(1);
        await faucet(stack.devnet.url, w!.publicKey, 1_000);
        return w!;
      }),
    );
    // eight builds in flight together, the two keys in turn (their fee rows are written together)
    const built = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        clientFor(keys[i % 2]!.key).localTrade({
          type: 'buy',
          tokenAddress: tokens.TCAT!,
          amount: String(1 + i),
          userAddress: wallets[i % 2]!.publicKey,
        }),
      ),
    );
    const txids = await Promise.all(
      built.map((b, i) => operator.broadcast(signTx(b.unsignedTx, wallets[i % 2]!.privateKey))),
    );
    for (const [k, key] of keys.entries()) {
      const mine = txids.filter((_, i) => i % 2 === k);
      const booked = await waitFor(async () => {
        const r = await operator.adminFees([key.id]);
        return r.length === mine.length ? r : undefined;
      });
      expect(booked.map((r) => r.txid).sort()).toEqual([...mine].sort());
      expect(booked.every((r) => r.apiKeyId === key.id && BigInt(r.feeSun) > 0n)).toBe(true);
    }
  });
});

describe('the admin routes refuse', () => {
  it('a feeDiscountPct that is not an integer from 0 to 100, with the error envelope', async () => {
    for (const feeDiscountPct of [101, -1, 1.5, '10']) {
      const res = await post('/admin/keys', { plan: 'free', managed: true, feeDiscountPct }, opKey);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Invalid parameters', code: '400', status: 'error' });
      expect(res.body.message).toMatch(/feeDiscountPct/);
    }
    const err = await operator.createKey('free', 'x', true, 101).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, error: 'Invalid parameters' });
  });

  it('POST /admin/fees with a key that is not an operator key, as the other admin routes do', async () => {
    const user = (await operator.createKey('free', 'telegram:43', true)).key;
    const fees = await post('/admin/fees', { keyIds: [1] }, user);
    const keys = await post('/admin/keys', { plan: 'free' }, user);
    expect(fees.status).toBe(401);
    expect(fees.body).toEqual(keys.body);
    expect(fees.body).toMatchObject({ error: 'Invalid API key', code: '401', status: 'error' });
    await expect(clientFor(user).adminFees([1])).rejects.toMatchObject({ status: 401, error: 'Invalid API key' });
  });

  it('POST /admin/fees without 1 to 1000 integer key ids, or with a bad since', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => i + 1);
    for (const body of [{}, { keyIds: [] }, { keyIds: many }, { keyIds: [1.5] }, { keyIds: [1], since: 'x' }]) {
      const res = await post('/admin/fees', body, opKey);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'Invalid parameters', code: '400', status: 'error' });
    }
    expect(await operator.adminFees(many.slice(0, 1000), Date.now() + 60_000)).toEqual([]);
  });
});
