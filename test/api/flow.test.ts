// The full flow over real HTTP with the typed client and real TronWeb signing:
// createWallet -> faucet -> localTrade buy -> sign -> broadcast -> indexed -> approve -> sell 50%.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ApiError, LaunchpadClient } from '../../src/client/index.js';
import { MAX_UINT256 } from '../../src/tron/units.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { buyByHand, sellByHand } from '../helpers/curve.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;
let tokens: Record<string, string>;
let keyId: number;
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);

beforeAll(async () => {
  stack = await startStack({ pollMs: 100 });
  const k = await stack.facade.keys.create('trader', 'flow test'); // 0.5 % router fee
  keyId = k.id;
  client = new LaunchpadClient({ baseUrl: stack.url, apiKey: k.key });
  tokens = await demoTokens(stack.devnet.url);
});
afterAll(async () => stack?.close());

describe('a user buys and sells through the facade', () => {
  let wallet: { publicKey: string; privateKey: string };
  let tw: TronWeb;
  let buyTx: string;
  let sellTx: string;

  it('creates a wallet and funds it', async () => {
    const wallets = await client.createWallet(2);
    expect(wallets).toHaveLength(2);
    wallet = wallets[0]!;
    expect(TronWeb.isAddress(wallet.publicKey)).toBe(true);
    expect(TronWeb.address.fromPrivateKey(wallet.privateKey)).toBe(wallet.publicKey);
    await faucet(stack.devnet.url, wallet.publicKey, 2_000);
    tw = tronWebFor(stack.devnet.url, wallet.privateKey);
    expect(await tw.trx.getBalance(wallet.publicKey)).toBe(2_000_000_000);
  });

  it('buys 500 TRX with localTrade, signs with TronWeb, broadcasts, and the trade is indexed', async () => {
    const token = tokens.TCAT!;
    const pool = stack.devnet.chain.ledger.pool(TronWeb.address.toHex(token).toLowerCase())!;
    const paid = 500_000_000n;
    // the router keeps 0.5 % (2.5 TRX); the launchpad's curve, worked by hand, gives for the rest
    const routerFee = (paid * 50n) / 10_000n;
    const expected = buyByHand(pool, paid - routerFee);

    const quote = await client.quote({ type: 'buy', tokenAddress: token, amount: 500 });
    expect(quote.exact.expectedOut).toBe(expected.tokenOut.toString());
    expect(quote.symbol).toBe('TCAT');
    expect(quote.wallet).toBeUndefined();
    // with userAddress the quote carries the wallet as the trade sees it
    const mine = await client.quote({ type: 'buy', tokenAddress: token, amount: 500, userAddress: wallet.publicKey });
    expect(mine.wallet).toEqual({ trxBalanceSun: '2000000000', tokenBalance: '0', allowance: '0' });
    expect(quote.exact.routerFee).toBe(routerFee.toString());
    expect(quote.exact.minOut).toBe(((expected.tokenOut * 9500n) / 10_000n).toString());

    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: token,
      amount: 500,
      userAddress: wallet.publicKey,
    });
    const signed = await tw.trx.sign(unsignedTx as never);
    buyTx = await client.broadcast(signed);
    expect(buyTx).toBe(unsignedTx.txID);
    // broadcasting again is harmless (the node has it)
    expect(await client.broadcast(signed)).toBe(buyTx);
    const status = await waitFor(async () => {
      const s = await client.txStatus(buyTx, { userAddress: wallet.publicKey, tokenAddress: token });
      return s.state === 'pending' ? undefined : s;
    });
    expect(status.state).toBe('confirmed');
    // the final status says what the trade did (from the receipt) and the wallet's balances after it
    expect(status.trade).toMatchObject({
      type: 'buy',
      user: wallet.publicKey,
      tokenAddress: token,
      trxAmountSun: paid.toString(),
      tokenAmountExact: expected.tokenOut.toString(),
      routerFee: Number(routerFee) / 1e6,
    });
    expect(status.balances).toEqual({
      trxBalanceSun: (2_000_000_000n - paid - BigInt(Math.round(status.fee! * 1e6))).toString(),
      tokenBalance: expected.tokenOut.toString(),
    });

    const bal = await client.getTokenBalance(wallet.publicKey, token);
    expect(bal.balanceInSun).toBe(expected.tokenOut.toString());

    const trade = await waitFor(async () =>
      (await client.getRecentTrades(token, 1, 5)).find((t) => t.signature === buyTx),
    );
    expect(trade).toMatchObject({
      type: 'BUY',
      user: wallet.publicKey,
      tokenAddress: token,
      poolAddress: TronWeb.address.fromHex(FAMILIES[0]!.launchpad),
    });
    expect(trade.trxAmount).toBeCloseTo(Number(paid - routerFee) / 1e6, 6);
    const holders = await client.getTokenHolders(token, { limit: 200 });
    const me = holders.find((h) => h.address === wallet.publicKey);
    expect(me?.type).toBe('trader');
    expect(me?.balance).toBeCloseTo(Number(expected.tokenOut) / 1e18, 6);
  });

  it('approves the router, then sells 50 % with localTrade', async () => {
    const token = tokens.TCAT!;
    expect(await client.allowance(token, wallet.publicKey)).toBe(0n);
    await expect(
      client.localTrade({ type: 'sell', tokenAddress: token, amount: '50%', userAddress: wallet.publicKey }),
    ).rejects.toMatchObject({ status: 400, error: 'Approval required' });
    const approveTx = await client.approve(token, wallet.publicKey);
    const approveId = await client.broadcast(await tw.trx.sign(approveTx as never));
    await waitFor(async () => ((await client.txStatus(approveId)).state === 'confirmed' ? true : undefined));
    expect(await client.allowance(token, wallet.publicKey)).toBe(MAX_UINT256);

    const held = BigInt((await client.getTokenBalance(wallet.publicKey, token)).balanceInSun);
    const pool = stack.devnet.chain.ledger.pool(TronWeb.address.toHex(token).toLowerCase())!;
    // the curve, worked by hand, pays for half the holding; the router keeps 0.5 % of that
    const q = sellByHand(pool, held / 2n);
    const routerFee = (q.trxOut * 50n) / 10_000n;
    const trxBefore = BigInt(await tw.trx.getBalance(wallet.publicKey));
    const { unsignedTx, quote } = await client.localTrade({
      type: 'sell',
      tokenAddress: token,
      amount: '50%',
      userAddress: wallet.publicKey,
    });
    expect(quote.exact.amountIn).toBe((held / 2n).toString());
    expect(quote.exact.expectedOut).toBe((q.trxOut - routerFee).toString());
    sellTx = await client.broadcast(await tw.trx.sign(unsignedTx as never));
    const st = await waitFor(async () => {
      const s = await client.txStatus(sellTx);
      return s.state === 'pending' ? undefined : s;
    });
    expect(st.state).toBe('confirmed');
    expect(st.trade).toMatchObject({
      type: 'sell',
      tokenAmountExact: (held / 2n).toString(),
      trxAmountSun: (q.trxOut - routerFee).toString(),
    });
    expect(st.balances).toBeUndefined();
    const fee = BigInt(Math.round(st.fee! * 1e6));
    expect(BigInt(await tw.trx.getBalance(wallet.publicKey))).toBe(trxBefore + q.trxOut - routerFee - fee);
    expect(BigInt((await client.getTokenBalance(wallet.publicKey, token)).balanceInSun)).toBe(held - held / 2n);
    const sell = await waitFor(async () =>
      (await client.getRecentTrades(token, 1, 5)).find((t) => t.signature === sellTx),
    );
    expect(sell).toMatchObject({ type: 'SELL', user: wallet.publicKey });
  });

  it('books each router fee in the fee ledger, equal to what the router kept on chain for the treasury', async () => {
    const rows = await waitFor(async () => {
      const r = await stack.facade.keys.feesOf(keyId);
      return r.length >= 2 ? r : undefined;
    });
    const onChain = async (txid: string) => {
      const evs = await tronWebFor(stack.devnet.url).event.getEventsByTransactionID(txid);
      const ev = evs.data!.find((e) => e.contract_address === ROUTER && /^Router/.test(e.event_name))!;
      return String(ev.result.fee);
    };
    const byTx = Object.fromEntries(rows.map((r) => [r.txid, r]));
    expect(byTx[buyTx]).toMatchObject({ side: 'buy', feeSun: await onChain(buyTx) });
    expect(byTx[sellTx]).toMatchObject({ side: 'sell', feeSun: await onChain(sellTx) });
    expect(BigInt(byTx[buyTx]!.feeSun)).toBe(2_500_000n); // 0.5 % of 500 TRX
    // version 2 keeps the fees until withdrawFees pays them to the treasury: at least these two are there
    const kept = BigInt(await tronWebFor(stack.devnet.url).trx.getBalance(ROUTER));
    expect(kept).toBeGreaterThanOrEqual(BigInt(byTx[buyTx]!.feeSun) + BigInt(byTx[sellTx]!.feeSun));
  });
});

describe('server-side trade with a private key', () => {
  it('buys, then sells 100 % (approving automatically) and returns signatures', async () => {
    const [w] = await client.createWallet(1);
    await faucet(stack.devnet.url, w!.publicKey, 1_000);
    const token = tokens.SDOG!;
    const buy = await client.trade({ action: 'buy', tokenAddress: token, amount: 100, privateKey: w!.privateKey });
    expect(buy).toMatch(/^[0-9a-f]{64}$/);
    await waitFor(async () => ((await client.txStatus(buy)).state === 'confirmed' ? true : undefined));
    const held = BigInt((await client.getTokenBalance(w!.publicKey, token)).balanceInSun);
    expect(held).toBeGreaterThan(0n);
    const sell = await client.trade({ action: 'sell', tokenAddress: token, amount: '100%', privateKey: w!.privateKey });
    await waitFor(async () => ((await client.txStatus(sell)).state === 'confirmed' ? true : undefined));
    expect((await client.getTokenBalance(w!.publicKey, token)).balanceInSun).toBe('0');
  });

  it('reports a failed transaction with its reason', async () => {
    const [w] = await client.createWallet(1);
    await faucet(stack.devnet.url, w!.publicKey, 500);
    const tw = tronWebFor(stack.devnet.url, w!.privateKey);
    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: tokens.SDOG!,
      amount: 50,
      userAddress: w!.publicKey,
      slippage: 0.5,
    });
    // someone else buys first, so the price moves past the 0.5 % slippage guard
    await client.trade({
      action: 'buy',
      tokenAddress: tokens.SDOG!,
      amount: 200,
      privateKey: await (async () => {
        const [x] = await client.createWallet(1);
        await faucet(stack.devnet.url, x!.publicKey, 1_000);
        return x!.privateKey;
      })(),
    });
    const id = await client.broadcast(await tw.trx.sign(unsignedTx as never));
    const st = await waitFor(async () => {
      const s = await client.txStatus(id);
      return s.state === 'pending' ? undefined : s;
    });
    expect(st.state).toBe('failed');
    expect(st.reason).toMatch(/slippage/);
  });

  it('throws ApiError with the envelope for errors', async () => {
    const err = await client.getTokenDetails('TAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
  });
});

describe('creating a token through the facade', () => {
  it('builds the creation, and the indexer attaches the metadata given with it', async () => {
    const [w] = await client.createWallet(1);
    await faucet(stack.devnet.url, w!.publicKey, 1_000);
    const tw = tronWebFor(stack.devnet.url, w!.privateKey);
    const tx = await client.createToken({
      userAddress: w!.publicKey,
      name: 'Flow Token',
      symbol: 'FLOW',
      description: 'made in a test',
      twitter: 'https://x.com/flow',
      initialBuy: 50,
    });
    const id = await client.broadcast(await tw.trx.sign(tx as never));
    await waitFor(async () => ((await client.txStatus(id)).state === 'confirmed' ? true : undefined));
    const created = await waitFor(async () =>
      (await client.listTokens({ sort: 'new', limit: 1 })).find((t) => t.symbol === 'FLOW'),
    );
    const d = await client.getTokenDetails(created.address);
    expect(d.metadata).toMatchObject({
      name: 'Flow Token',
      description: 'made in a test',
      twitter: 'https://x.com/flow',
      telegram: null,
      website: null,
      ownerAddress: w!.publicKey,
    });
    expect(d.data.trxReserve).toBeCloseTo(49.5, 6); // 50 TRX less the 1 % launchpad fee
    await expect(
      client.createToken({ userAddress: w!.publicKey, name: 'x', symbol: 'bad symbol!' }),
    ).rejects.toMatchObject({ status: 400 });
  });
});
