// Automated orders on the devnet, set through the bot's commands, fired by other wallets' trades (made
// through the API) as the live stream reports them: each kind fills exactly once with the right
// amount, the user gets one message, and the order ends in the right state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../../src/client/index.js';
import { FAMILIES } from '../../../src/devnet/genesis.js';
import { formatPrice } from '../../../src/trading/price.js';
import type { OrderRow } from '../../../src/trading/store.js';
import { createOrderEngine, type OrderEvent } from '../../../src/trading/orders/index.js';
import { createLogger } from '../../../src/log.js';
import { faucet, tronWebFor } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { watchEvents } from '../../helpers/events.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
let api: LaunchpadClient;
let clock = Date.now();
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
/** Which stream events the engine has handled (proof that it has looked at one). */
let events: ReturnType<typeof watchEvents>;

beforeAll(async () => {
  h = await startBotStack({ orders: { now: () => clock } });
  tokens = await demoTokens(h.stack.devnet.url);
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  events = watchEvents(() => h.built.services.orders);
  await h.built.services.orders.start();
});
afterAll(async () => {
  await h?.built.services.orders.stop();
  await h?.close();
});

const engine = () => h.built.services.orders;
const store = () => h.built.store;

/** Buys by hand through the bot (quote, Confirm) and waits until the index has the trade. */
async function buyByHand(user: number, token: string, trx: number): Promise<void> {
  const address = (await h.account(user)).wallet.address;
  const before = (await api.getUserTrades(address, { tokenAddress: token })).length;
  await h.send(h.tg.message(user, `/buy ${token} ${trx}`));
  await h.send(h.tg.tap(user, h.tg.last(user), h.tg.button(h.tg.last(user), '✅ Confirm')));
  await waitFor(() => (/^✅ <b>Bought/.test(h.tg.sent(user).at(-1)!.text) ? true : undefined), 30_000);
  // the entry of a TP/SL comes from the index: wait until it has the buy (a loaded machine may take passes)
  await waitFor(async () => {
    await h.stack.facade.indexer.syncOnce();
    return (await api.getUserTrades(address, { tokenAddress: token })).length > before ? true : undefined;
  });
}

async function newUser(id: number, trx = 20_000): Promise<string> {
  await h.send(h.tg.message(id, '/start'));
  const address = (await h.account(id)).wallet.address;
  await faucet(h.stack.devnet.url, address, trx);
  return address;
}

/** A wallet outside the bot that moves prices through the API. */
async function whale(trx = 200_000) {
  const [w] = await api.createWallet(1);
  await faucet(h.stack.devnet.url, w!.publicKey, trx);
  const trade = async (action: 'buy' | 'sell', token: string, amount: number | string) => {
    const sig = await api.trade({ action, tokenAddress: token, amount, privateKey: w!.privateKey, slippage: 100 });
    const s = await waitFor(async () => {
      const st = await api.txStatus(sig);
      return st.state === 'pending' || st.state === 'unknown' ? undefined : st;
    });
    expect(s.state).toBe('confirmed');
    await h.stack.facade.indexer.syncOnce();
    return sig;
  };
  return { address: w!.publicKey, privateKey: w!.privateKey, trade };
}

interface Reserves {
  trxReserve: bigint;
  tokenReserve: bigint;
}
async function reservesOf(token: string): Promise<Reserves> {
  const p = await api.getTokenPrice(token);
  return {
    trxReserve: BigInt(p.exact.trxReserveSun),
    tokenReserve: BigInt(p.exact.tokenReserve),
  };
}
/**
 * The price as E18 by hand: (trx sun / 1e6) / (token units / 1e18) × 1e18 = trx × 1e30 / units. The
 * tests work their levels out with this and plain percentages, not with the engine's own maths.
 */
const e18Of = (r: Reserves) => (r.trxReserve * 10n ** 30n) / r.tokenReserve;
const priceNow = async (token: string) => e18Of(await reservesOf(token));
/** Whether the price is at or below a level, cross-multiplied so nothing rounds. */
const atOrBelow = (r: Reserves, level: bigint) => r.trxReserve * 10n ** 30n <= level * r.tokenReserve;
/** `pct` percent of a level (110n: 10 % above). */
const pctOf = (level: bigint, pct: bigint) => (level * pct) / 100n;

/** The user's newest order. */
const lastOrder = async (userId: number): Promise<OrderRow> => {
  const rows = h.sqlite.$client
    .prepare('select id from orders where user_id = ? order by created_at desc, rowid desc limit 1')
    .get(userId) as { id: string };
  return (await store().order(rows.id))!;
};
const settled = (id: string) =>
  waitFor(async () => {
    const o = (await store().order(id))!;
    return ['filled', 'failed', 'cancelled', 'paused'].includes(o.status) ? o : undefined;
  }, 30_000);
const messages = (userId: number, re: RegExp) => h.tg.sent(userId).filter((m) => re.test(m.text));
const tokenBalance = async (token: string, address: string) =>
  BigInt((await api.getTokenBalance(address, token)).balanceInSun);
const trxBalance = async (address: string) => BigInt((await api.getWallet(address)).trxBalanceSun);
/** The order's trades, and the one it filled with. */
const tradesOf = async (id: string) => await store().orderTrades(id);

describe('limit orders', () => {
  it('a limit buy fires once when the price falls to its level, and buys the amount set', async () => {
    const U = 8101;
    const me = await newUser(U);
    const token = tokens.TCAT!;
    const w = await whale();
    await w.trade('buy', token, 5_000);
    const p = await priceNow(token);
    const level = pctOf(p, 90n); // 10 % below
    await h.send(h.tg.message(U, `/limit ${token} buy 100 @ ${formatPrice(level, 12)}`));
    expect(h.tg.last(U).text).toMatch(/^✅ <b>Order set<\/b>\n🎯 Limit buy 100 TRX of \$TCAT at ≤ 0\.0000\d+ TRX/);
    const o = await lastOrder(U);
    expect(o.status).toBe('active');
    const trxBefore = await trxBalance(me);
    await w.trade('sell', token, '100%');
    expect(atOrBelow(await reservesOf(token), BigInt(o.triggerE18!))).toBe(true);
    const done = await settled(o.id);
    expect(done.status).toBe('filled');
    expect(await tradesOf(o.id)).toHaveLength(1);
    expect((await tradesOf(o.id))[0]!.status).toBe('confirmed');
    // 100 TRX went in (plus the network fee), tokens came out
    const spent = trxBefore - (await trxBalance(me));
    expect(spent).toBeGreaterThanOrEqual(100_000_000n);
    expect(spent).toBeLessThan(102_000_000n);
    expect(await tokenBalance(token, me)).toBeGreaterThan(0n);
    const msgs = await waitFor(() => {
      const m = messages(U, /Order filled/);
      return m.length ? m : undefined;
    });
    expect(msgs).toHaveLength(1);
    expect(msgs[0]!.text).toMatch(/^✅ <b>Order filled<\/b>: bought [\d.,KM]+ \$TCAT for 100 TRX at ~0\.\d+ TRX/);
    // more trades at the level do not fire it again (checked once the engine has handled the trade)
    await events.handled(await w.trade('buy', token, 10), 'buy');
    expect(await tradesOf(o.id)).toHaveLength(1);
  });

  it('a limit sell with a market-cap level sells the share of the holding when the price rises to it', async () => {
    const U = 8102;
    const me = await newUser(U);
    const token = tokens.SDOG!;
    await buyByHand(U, token, 200);
    const held = await tokenBalance(token, me);
    const details = await api.getTokenDetails(token);
    const mc = Math.ceil(details.data.marketCap * 1.2); // 20 % above now
    await h.send(h.tg.message(U, `/limit ${token} sell 50% @ mc${mc}`));
    const o = await lastOrder(U);
    expect(o.status).toBe('active');
    const w = await whale();
    await w.trade('buy', token, 10_000);
    const done = await settled(o.id);
    expect(done.status).toBe('filled');
    expect(await tokenBalance(token, me)).toBe(held - held / 2n);
    await waitFor(() =>
      messages(U, /Order filled<\/b>: sold 50% of the holding for [\d.,]+ TRX/).length === 1 ? true : undefined,
    );
  });

  it('an order whose condition already holds fires when it is set', async () => {
    const U = 8103;
    const me = await newUser(U);
    const token = tokens.ECHO!;
    const p = await priceNow(token);
    await h.send(h.tg.message(U, `/limit ${token} buy 50 @ ${formatPrice(pctOf(p, 110n), 12)}`));
    const o = await lastOrder(U);
    expect((await settled(o.id)).status).toBe('filled');
    expect(await tokenBalance(token, me)).toBeGreaterThan(0n);
  });
});

describe('take-profit and stop-loss', () => {
  it('are set from the entry; the TP fills and cancels its SL', async () => {
    const U = 8201;
    const me = await newUser(U);
    const token = tokens.WAVE!;
    await buyByHand(U, token, 300);
    const held = await tokenBalance(token, me);
    await h.send(h.tg.message(U, `/tp ${token} +15% 50%`));
    const tp = await lastOrder(U);
    expect(h.tg.last(U).text).toMatch(/💰 Take profit on \$WAVE: sell 50% at ≥ [\d.]+ TRX \(entry [\d.]+ TRX\)/);
    await h.send(h.tg.message(U, `/sl ${token} -20% 100%`));
    const sl = await lastOrder(U);
    expect(sl.groupId).toBe(tp.groupId);
    expect(BigInt(tp.triggerE18!)).toBe((BigInt(tp.entryE18!) * 115n) / 100n);
    expect(BigInt(sl.triggerE18!)).toBe((BigInt(sl.entryE18!) * 80n) / 100n);
    // orders belong to their wallet: a new active wallet neither moves nor runs them
    const other = await h.built.services.accounts.newWallet((await store().user(U))!);
    expect(other.address).not.toBe(me);
    const w = await whale();
    await w.trade('buy', token, 8_000);
    expect((await settled(tp.id)).status).toBe('filled');
    const slDone = await settled(sl.id);
    expect(slDone.status).toBe('cancelled');
    expect(slDone.note).toBe('its TP filled');
    expect(await tokenBalance(token, me)).toBe(held - held / 2n);
    expect((await tradesOf(tp.id))[0]!.walletId).toBe(tp.walletId);
    await waitFor(() => (messages(U, /Order cancelled<\/b>: its TP filled/).length === 1 ? true : undefined));
    expect(messages(U, /Order filled/)).toHaveLength(1);
  });
});

describe('automatic TP/SL', () => {
  it('attaches a TP and an SL at the entry after every buy by hand, replacing the previous pair', async () => {
    const U = 8202;
    await newUser(U);
    const token = tokens.SDOG!;
    await h.send(h.tg.message(U, '/autotpsl +100% 50% -30% 100%'));
    expect(h.tg.last(U).text).toMatch(/^Automatic TP\/SL is on/);
    await h.send(h.tg.message(U, '/settings'));
    expect(h.tg.last(U).text).toContain('Automatic TP/SL on every buy: TP +100% sell 50%, SL −30% sell 100%');
    await buyByHand(U, token, 100);
    const first = await waitFor(async () => {
      const l = await engine().list(U, token);
      return l.length === 2 ? l : undefined;
    }, 20_000);
    expect(first.map((o) => [o.kind, o.auto, o.amount])).toEqual([
      ['tp', true, '5000'],
      ['sl', true, '10000'],
    ]);
    const [tp, sl] = first;
    expect(tp!.groupId).toBe(sl!.groupId);
    expect(BigInt(tp!.triggerE18!)).toBe(BigInt(tp!.entryE18!) * 2n);
    expect(BigInt(sl!.triggerE18!)).toBe((BigInt(sl!.entryE18!) * 70n) / 100n);
    await buyByHand(U, token, 100);
    const second = await waitFor(async () => {
      const l = await engine().list(U, token);
      return l.length === 2 && l[0]!.id !== tp!.id ? l : undefined;
    }, 20_000);
    // the new pair is at the new average entry (the second buy paid more per token)
    expect(BigInt(second[0]!.entryE18!)).toBeGreaterThan(BigInt(tp!.entryE18!));
    expect((await store().order(tp!.id))!.status).toBe('cancelled');
    expect((await store().order(sl!.id))!.status).toBe('cancelled');
    await h.send(h.tg.message(U, '/autotpsl off'));
    expect(store().settings((await store().user(U))!).autoTpSl).toBeNull();
  });
});

describe('trailing stop', () => {
  it('follows a rise, then sells on the drop below its high', async () => {
    const U = 8301;
    const me = await newUser(U);
    const token = tokens.FROG!;
    const w = await whale();
    await w.trade('buy', token, 1_000);
    await buyByHand(U, token, 100);
    await h.send(h.tg.message(U, `/trail ${token} 10% 100%`));
    const o = await lastOrder(U);
    const high0 = BigInt(o.highE18!);
    await w.trade('buy', token, 4_000); // up: the high follows, nothing fires
    const high1 = await waitFor(async () => {
      const x = BigInt((await store().order(o.id))!.highE18!);
      return x > high0 ? x : undefined;
    });
    expect(high1).toBe(await priceNow(token));
    expect((await store().order(o.id))!.status).toBe('active');
    await w.trade('sell', token, '100%'); // down more than 10 % from the high
    expect((await settled(o.id)).status).toBe('filled');
    expect(await tokenBalance(token, me)).toBe(0n);
  });
});

describe('DCA', () => {
  it('buys on the clock, counts its rounds, and skips a round above its cap', async () => {
    const U = 8401;
    const me = await newUser(U);
    const token = tokens.TCAT!;
    await h.send(h.tg.message(U, `/dca ${token} 20 every 1h x 3`));
    const o = await lastOrder(U);
    await waitFor(
      async () =>
        (await store().order(o.id))!.done === 1 && (await store().order(o.id))!.status === 'active' ? true : undefined,
      30_000,
    );
    expect((await store().order(o.id))!.nextAt).toBe(clock + 3_600_000);
    await engine().tick(); // not due yet
    expect(await tradesOf(o.id)).toHaveLength(1);
    clock += 3_600_000;
    await engine().tick();
    await waitFor(
      async () =>
        (await store().order(o.id))!.done === 2 && (await store().order(o.id))!.status === 'active' ? true : undefined,
      30_000,
    );
    clock += 3_600_000;
    await engine().tick();
    expect((await settled(o.id)).status).toBe('filled');
    expect((await tradesOf(o.id)).map((t) => t.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect((await store().order(o.id))!.done).toBe(3);
    expect(await tokenBalance(token, me)).toBeGreaterThan(0n);

    // a cap below the price: the rounds are skipped, nothing is bought
    const p = await priceNow(token);
    await h.send(h.tg.message(U, `/dca ${token} 20 every 1h x 2 max ${formatPrice(pctOf(p, 50n), 12)}`));
    const capped = await lastOrder(U);
    await waitFor(async () => ((await store().order(capped.id))!.done === 1 ? true : undefined));
    clock += 3_600_000;
    await engine().tick();
    expect((await settled(capped.id)).status).toBe('filled');
    expect(await tradesOf(capped.id)).toHaveLength(0);
    await waitFor(() => (messages(U, /DCA round skipped/).length >= 2 ? true : undefined));
    expect(messages(U, /DCA round skipped/)).toHaveLength(2);
  });
});

describe('what an order cannot do', () => {
  it('pauses for lack of funds and says so; cancels a sell whose holding is gone', async () => {
    const U = 8501;
    await newUser(U, 150);
    const token = tokens.SDOG!;
    const p = await priceNow(token);
    await h.send(h.tg.message(U, `/limit ${token} buy 1000 @ ${formatPrice(pctOf(p, 120n), 12)}`));
    const o = await lastOrder(U);
    const paused = await settled(o.id);
    expect(paused.status).toBe('paused');
    await waitFor(() => (messages(U, /^⏸ <b>Order paused<\/b>: Not enough funds/).length === 1 ? true : undefined));
    expect(h.tg.buttons(messages(U, /Order paused/)[0]!).map((b) => b.text)).toEqual(['▶️ Resume', '✖️ Cancel']);
    expect(await tradesOf(o.id)).toHaveLength(0);

    await h.send(h.tg.message(U, `/limit ${token} sell 50% @ ${formatPrice(pctOf(p, 80n), 12)}`));
    const sell = await lastOrder(U);
    const gone = await settled(sell.id);
    expect(gone.status).toBe('cancelled');
    expect(gone.note).toBe('the holding is gone');
  });

  it('refuses a TP without a position, and lists and cancels orders by button', async () => {
    const U = 8502;
    await newUser(U, 1_000);
    const token = tokens.ECHO!;
    await h.send(h.tg.message(U, `/tp ${token} +50% 50%`));
    expect(h.tg.last(U).text).toMatch(/holds no \$ECHO bought here/);
    const p = await priceNow(token);
    await h.send(h.tg.message(U, `/limit ${token} buy 10 @ ${formatPrice(pctOf(p, 50n), 12)}`));
    await h.send(h.tg.message(U, '/orders'));
    const list = h.tg.last(U);
    expect(list.text).toMatch(/^<b>📋 Your open orders<\/b>\n\n1\. 🎯 Limit buy 10 TRX of \$ECHO/);
    await h.send(h.tg.tap(U, list, h.tg.button(list, '✖️ Cancel #1')));
    expect(await engine().list(U)).toHaveLength(0);
    // a stream that tells of a price the node does not show fires nothing: the node is asked first
    await h.send(h.tg.message(U, `/limit ${token} buy 10 @ ${formatPrice(pctOf(p, 50n), 12)}`));
    const forged = await lastOrder(U);
    const down = { trxReserveSun: '1', tokenReserve: String(10n ** 30n) };
    await engine().onEvent({ id: 1, kind: 'buy', token, txid: '00', timestamp: Date.now(), data: down });
    expect((await store().order(forged.id))!.status).toBe('active');
    expect(await tradesOf(forged.id)).toHaveLength(0);
    await engine().cancel(U, forged.id);
    // a double trigger finds the order taken: one claim, one trade. A whale's buy and sale take the
    // price on chain under the level; the stream tells the engine of the sale, and so do three more
    // copies of it at once
    const w = await whale();
    await w.trade('buy', token, 5_000);
    await h.send(h.tg.message(U, `/limit ${token} buy 10 @ ${formatPrice(pctOf(await priceNow(token), 90n), 12)}`));
    const o = await lastOrder(U);
    expect(o.status).toBe('active');
    await w.trade('sell', token, '100%');
    const r = await reservesOf(token);
    const event = {
      id: 2,
      kind: 'sell' as const,
      token,
      txid: '00',
      timestamp: Date.now(),
      data: { trxReserveSun: r.trxReserve.toString(), tokenReserve: r.tokenReserve.toString() },
    };
    await Promise.all([engine().onEvent(event), engine().onEvent(event), engine().onEvent(event)]);
    expect((await settled(o.id)).status).toBe('filled');
    expect(await tradesOf(o.id)).toHaveLength(1);
  });
});

describe('across the launch', () => {
  it('a limit sell set on the curve fires on the DEX after the token launched', async () => {
    const U = 8601;
    const me = await newUser(U, 30_000);
    const token = tokens.MOON!;
    await buyByHand(U, token, 500);
    const held = await tokenBalance(token, me);
    // above anything the curve can reach: only the DEX gets there
    const top = 513n * 10n ** 12n; // ~0.000513 TRX, the curve's last price
    await h.send(h.tg.message(U, `/limit ${token} sell 100% @ ${formatPrice(pctOf(top, 120n), 12)}`));
    const o = await lastOrder(U);
    const w = await whale(300_000);
    await w.trade('buy', token, 20_000); // fills the curve
    const tw = tronWebFor(h.stack.devnet.url, w.privateKey);
    const built = await tw.transactionBuilder.triggerSmartContract(
      LP,
      'launchToDEX(address)',
      { feeLimit: 500e6 },
      [{ type: 'address', value: token }],
      w.address,
    );
    expect((await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction))).result).toBe(true);
    expect((await store().order(o.id))!.status).toBe('active');
    await w.trade('buy', token, 40_000); // on the DEX now: up past the level
    const done = await settled(o.id);
    expect(done.status).toBe('filled');
    expect(await tokenBalance(token, me)).toBe(0n);
    expect(held).toBeGreaterThan(0n);
    const q = JSON.parse((await tradesOf(o.id))[0]!.quote) as { venue: string };
    expect(q.venue).toBe('dex');
  });
});

describe('the engine without the bot', () => {
  it('takes a client, the stream, the wallets and a notifier: a stop-loss fires from a fed event', async () => {
    const U = 8701;
    const me = await newUser(U);
    const token = tokens.ECHO!;
    const w = await whale();
    await w.trade('buy', token, 3_000); // the price is up when the user buys
    await buyByHand(U, token, 200);
    const events: OrderEvent[] = [];
    const { store: st, accounts, trading } = h.built.services;
    const direct = createOrderEngine({
      store: st,
      accounts,
      trading,
      client: h.built.operator,
      notify: (e) => void events.push(e),
      logger: createLogger('silent'),
      trxUsd: 0.25,
      follow: false,
    });
    await direct.start();
    const o = await direct.create((await st.user(U))!, { kind: 'sl', token, lossPct: 10, pct: 100 });
    expect(o.status).toBe('active');
    await w.trade('sell', token, '100%'); // and back down, more than 10 % below the entry
    // the index may take another pass to show the sale (a loaded machine)
    const r = await waitFor(async () => {
      const now = await reservesOf(token);
      return atOrBelow(now, BigInt(o.triggerE18!)) ? now : undefined;
    });
    // an event without reserves says nothing about the price: ignored
    await direct.onEvent({ id: 0, kind: 'sell', token, txid: '00', timestamp: Date.now(), data: {} });
    expect((await st.order(o.id))!.status).toBe('active');
    await direct.onEvent({
      id: 0,
      kind: 'sell',
      token,
      txid: '00',
      timestamp: Date.now(),
      data: { trxReserveSun: r.trxReserve.toString(), tokenReserve: r.tokenReserve.toString() },
    });
    await waitFor(() => (events.some((e) => e.kind === 'filled') ? true : undefined), 30_000);
    expect(events.map((e) => [e.kind, e.order.id])).toEqual([['filled', o.id]]);
    expect(await tokenBalance(token, me)).toBe(0n);
    await direct.stop();
  });
});
