// Trading from the Mini App through the bot's trade flow, on the devnet: a quote and its confirmation
// land once, show in the app's positions, in the bot's chat and in the bot's /positions; orders are
// placed, listed and cancelled; the live stream delivers a token's trades as the index takes them in.
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../helpers/miniapp.js';
import type { LiveTrade, Order, Position, Quote, TradeState } from '../../src/web/contract.js';

let m: MiniAppHarness;
let tokens: Record<string, string>;
const ALICE = 5301;
const BOB = 5302;

/** Transactions a wallet has sent on the devnet. */
const sentBy = (address: string) =>
  (
    m.h.stack.devnet.chain.db.$client
      .prepare('select count(*) n from transactions where owner = ?')
      .get(TronWeb.address.toHex(address).toLowerCase()) as { n: number }
  ).n;

/** Follows a trade in the app until it is in a block (or failed). */
const settled = (userId: number, id: string) =>
  waitFor(async () => {
    const r = await m.call<TradeState>(userId, 'GET', `/app/api/trades/${id}`);
    return ['landed', 'final', 'failed', 'expired'].includes(r.body.status) ? r.body : undefined;
  }, 30_000);

beforeAll(async () => {
  m = await startMiniApp();
  tokens = await demoTokens(m.h.stack.devnet.url);
  for (const u of [ALICE, BOB]) {
    await m.h.send(m.h.tg.message(u, '/start'));
    await faucet(m.h.stack.devnet.url, (await m.h.walletOf(u)).address, 2_000);
  }
});
afterAll(async () => m?.close());

describe('a buy from the app', () => {
  let quote: Quote;

  it('quotes the terms the trading side pins: 100 TRX in, the fees, the minimum at the slippage', async () => {
    const r = await m.call<Quote>(ALICE, 'POST', '/app/api/quotes', { token: tokens.SDOG, side: 'buy', amount: '100' });
    expect(r.status).toBe(200);
    quote = r.body;
    expect(quote).toMatchObject({
      side: 'buy',
      token: tokens.SDOG,
      symbol: 'SDOG',
      venue: 'curve',
      amountIn: '100000000',
      slippagePct: 5,
      decimals: 18,
      // the trader plan's 0.5 % of 100 TRX, and the launchpad's 1 % of the 99.5 TRX that reach it
      routerFeeSun: '500000',
      feeBps: 50,
      launchpadFeeSun: '995000',
    });
    // at least 95 % of the expected tokens (slippage 5 %)
    expect(BigInt(quote.minOut)).toBe((BigInt(quote.expectedOut) * 9_500n) / 10_000n);
    expect(quote.expiresAt).toBeGreaterThan(Date.now());
    expect(quote.expiresAt).toBeLessThanOrEqual(Date.now() + 30_000);
  });

  it('refuses to confirm another user\u2019s quote', async () => {
    const r = await m.call(BOB, 'POST', `/app/api/trades/${quote.id}`);
    expect(r).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect((await m.call<TradeState>(ALICE, 'GET', `/app/api/trades/${quote.id}`)).body.status).toBe('quoted');
  });

  it('lands once on the devnet however often it is confirmed, told in the bot chat', async () => {
    const w = await m.h.walletOf(ALICE);
    const before = sentBy(w.address);
    const chatBefore = m.h.tg.sent(ALICE).length;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => m.call<TradeState>(ALICE, 'POST', `/app/api/trades/${quote.id}`)),
    );
    expect(answers.every((a) => a.status === 200 && a.body.id === quote.id)).toBe(true);
    expect(answers.every((a) => a.body.status !== 'quoted' && a.body.status !== 'failed')).toBe(true);
    const done = await settled(ALICE, quote.id);
    expect(done.status, JSON.stringify(done)).toMatch(/^(landed|final)$/);
    expect(done.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(sentBy(w.address) - before).toBe(1);
    // what it received is what the wallet holds now, at least the minimum signed
    const held = m.h.tokenBalance(tokens.SDOG!, w.address);
    expect(BigInt(done.received!)).toBe(held);
    expect(held).toBeGreaterThanOrEqual(BigInt(quote.minOut));
    // the bot's trade message in the user's chat: sent when confirmed, edited to the result
    const msg = await waitFor(() => {
      const last = m.h.tg.last(ALICE);
      return /^✅ <b>Bought<\/b>/.test(last.text) ? last : undefined;
    }, 20_000);
    expect(m.h.tg.sent(ALICE).length).toBe(chatBefore + 1);
    expect(msg.history[0]).toBe('⏳ Sending…');
    expect(msg.text).toContain(done.txid);
  });

  it('shows the position in the app (cost to the sun) and in the bot\u2019s /positions', async () => {
    const w = await m.h.walletOf(ALICE);
    const held = m.h.tokenBalance(tokens.SDOG!, w.address);
    const pos = await waitFor(async () => {
      const r = await m.call<Position[]>(ALICE, 'GET', '/app/api/positions');
      return r.body.find((p) => p.token === tokens.SDOG && p.costSun !== '0');
    }, 20_000);
    expect(pos).toMatchObject({ symbol: 'SDOG', decimals: 18, heldUnits: held.toString() });
    // everything held was bought here for 100 TRX, its fees included
    expect(pos.costSun).toBe('100000000');
    expect(BigInt(pos.pnlSun)).toBe(BigInt(pos.valueSun) - 100_000_000n);
    expect(pos.pnlPct).toBeCloseTo(((Number(pos.valueSun) - 100e6) / 100e6) * 100, 1);
    await m.h.send(m.h.tg.message(ALICE, '/positions'));
    expect(m.h.tg.last(ALICE).text).toMatch(/\$SDOG<\/b> — [\d.,KM]+\n {2}value [\d,.]+ TRX · cost 100 TRX/);
  });

  it('quotes a sell of a share of the holding, which can be dropped unconfirmed', async () => {
    const w = await m.h.walletOf(ALICE);
    const held = m.h.tokenBalance(tokens.SDOG!, w.address);
    const before = sentBy(w.address);
    const r = await m.call<Quote>(ALICE, 'POST', '/app/api/quotes', {
      token: tokens.SDOG,
      side: 'sell',
      amount: '50%',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ side: 'sell', amountIn: (held / 2n).toString() });
    const dropped = await m.call<TradeState>(ALICE, 'DELETE', `/app/api/trades/${r.body.id}`);
    expect(dropped.body.status).toBe('expired');
    const late = await m.call<TradeState>(ALICE, 'POST', `/app/api/trades/${r.body.id}`);
    expect(late.body.status).toBe('expired');
    expect(sentBy(w.address)).toBe(before);
  });

  it('refuses a confirmation after the quote expired, and bad amounts in the user\u2019s words', async () => {
    const r = await m.call<Quote>(ALICE, 'POST', '/app/api/quotes', { token: tokens.SDOG, side: 'buy', amount: '10' });
    await m.h.built.store.updateTrade(r.body.id, { expiresAt: Date.now() - 1 });
    const late = await m.call<TradeState>(ALICE, 'POST', `/app/api/trades/${r.body.id}`);
    expect(late.body).toMatchObject({ status: 'expired', reason: '⌛ Quote expired.' });
    const bad = await m.call(ALICE, 'POST', '/app/api/quotes', { token: tokens.SDOG, side: 'buy', amount: '-5' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'amount', message: expect.stringMatching(/positive number of TRX/) });
    const poor = await m.call<{ message: string }>(BOB, 'POST', '/app/api/quotes', {
      token: tokens.SDOG,
      side: 'buy',
      amount: '100000',
    });
    expect(poor.status).toBe(400);
    expect(poor.body.message).toMatch(/TRX/);
    const none = await m.call(ALICE, 'POST', '/app/api/quotes', {
      token: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      side: 'buy',
      amount: '1',
    });
    expect(none.status).toBe(404);
  });
});

describe('orders from the app', () => {
  it('places a limit buy, lists it (in the bot too), and cancels it', async () => {
    const placed = await m.call<Order>(ALICE, 'POST', '/app/api/orders', {
      token: tokens.SDOG,
      kind: 'limit',
      side: 'buy',
      amount: '5',
      trigger: '0.000000001',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body).toMatchObject({
      token: tokens.SDOG,
      symbol: 'SDOG',
      kind: 'limit',
      side: 'buy',
      status: 'active',
    });
    expect(placed.body.text).toMatch(/5 TRX/);
    expect(placed.body.text).not.toMatch(/[<>]/);
    const list = await m.call<Order[]>(ALICE, 'GET', '/app/api/orders');
    expect(list.body.map((o) => o.id)).toContain(placed.body.id);
    await m.h.send(m.h.tg.message(ALICE, '/orders'));
    expect(m.h.tg.last(ALICE).text).toContain('SDOG');
    // another user cannot cancel it
    expect((await m.call(BOB, 'DELETE', `/app/api/orders/${placed.body.id}`)).status).toBe(404);
    const cancelled = await m.call(ALICE, 'DELETE', `/app/api/orders/${placed.body.id}`);
    expect(cancelled).toMatchObject({ status: 200, body: { id: placed.body.id, cancelled: true } });
    const after = await m.call<Order[]>(ALICE, 'GET', '/app/api/orders');
    expect(after.body.map((o) => o.id)).not.toContain(placed.body.id);
    expect((await m.call(ALICE, 'DELETE', `/app/api/orders/${placed.body.id}`)).status).toBe(404);
  });

  it('places a take-profit from the entry of the holding; refuses what does not read', async () => {
    const tp = await m.call<Order>(ALICE, 'POST', '/app/api/orders', {
      token: tokens.SDOG,
      kind: 'tp',
      side: 'sell',
      amount: '50',
      trigger: '+100',
    });
    expect(tp.status, JSON.stringify(tp.body)).toBe(200);
    expect(tp.body).toMatchObject({ kind: 'tp', side: 'sell', status: 'active' });
    expect((await m.call(ALICE, 'DELETE', `/app/api/orders/${tp.body.id}`)).status).toBe(200);
    const buyTp = await m.call(ALICE, 'POST', '/app/api/orders', {
      token: tokens.SDOG,
      kind: 'tp',
      side: 'buy',
      amount: '50',
      trigger: '+100',
    });
    expect(buyTp).toMatchObject({ status: 400, body: { error: 'order', message: expect.stringMatching(/sell/) } });
    const badPrice = await m.call(ALICE, 'POST', '/app/api/orders', {
      token: tokens.SDOG,
      kind: 'limit',
      side: 'buy',
      amount: '5',
      trigger: 'cheap',
    });
    expect(badPrice).toMatchObject({ status: 400, body: { error: 'order' } });
    // the engine's own checks, worded for the user: a stop-loss of BOB, who holds none
    const noEntry = await m.call(BOB, 'POST', '/app/api/orders', {
      token: tokens.SDOG,
      kind: 'sl',
      side: 'sell',
      amount: '100',
      trigger: '-30',
    });
    expect(noEntry).toMatchObject({ status: 400, body: { error: 'refused' } });
  });
});

describe('the live stream', () => {
  it('delivers a trade of the token made on the devnet, as the index takes it in', async () => {
    const ctrl = new AbortController();
    const got: LiveTrade[] = [];
    const initData = encodeURIComponent(m.initDataFor(ALICE));
    let reading: Promise<void> | undefined;
    let contentType: string | null = null;
    // open, and wait until the trading side's stream to the API is open (events from then on reach it)
    await m.h.streamOpened(async () => {
      const res = await fetch(`${m.url}/app/api/live?token=${tokens.TCAT}&auth=${initData}`, {
        signal: ctrl.signal,
      });
      contentType = res.headers.get('content-type');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
      const reader = res.body!.getReader();
      reading = (async () => {
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          buf += new TextDecoder().decode(value);
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (/^event: trade$/m.test(block) && data) got.push(JSON.parse(data) as LiveTrade);
          }
        }
      })();
    });
    expect(contentType).toMatch(/^text\/event-stream/);
    // BOB buys TCAT with his own key, outside the app
    const { client, key } = await m.h.account(BOB);
    const txid = await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 20, privateKey: key() });
    const trade = await waitFor(() => got.find((t) => t.txid === txid), 20_000);
    expect(trade).toMatchObject({ token: tokens.TCAT, type: 'BUY', trxAmount: expect.any(Number) });
    expect(trade.priceTrx).toBeGreaterThan(0);
    expect(trade.tokenAmount).toBeGreaterThan(0);
    // only that token's trades
    const other = await client.trade({ action: 'buy', tokenAddress: tokens.SDOG!, amount: 5, privateKey: key() });
    const again = await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 5, privateKey: key() });
    await waitFor(() => got.find((t) => t.txid === again), 20_000);
    expect(got.some((t) => t.txid === other)).toBe(false);
    expect(got.every((t) => t.token === tokens.TCAT)).toBe(true);
    ctrl.abort();
    await reading;
  });

  it('refuses a stream without a valid initData', async () => {
    const res = await fetch(`${m.url}/app/api/live?token=${tokens.TCAT}`);
    expect(res.status).toBe(401);
    const old = encodeURIComponent(m.initDataFor(ALICE, { authDate: new Date(Date.now() - 2 * 3600_000) }));
    const expired = await fetch(`${m.url}/app/api/live?token=${tokens.TCAT}&auth=${old}`);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ reason: 'expired' });
  });
});
