// A stop-loss that must hold for N blocks, in the bot's engine on the devnet: trades are fed to it as
// the live stream would (each with its block and the block's time), its clock is the test's. A
// one-block wick bought back sells nothing; a drop that stays sells in its third block, by trades or,
// when no trade comes, by the clock; the count goes on across a restart of the engine; a stop-loss
// without a hold sells on the first trade, as before. Each fires only when the price the node shows
// holds too (a whale dumps on chain first): a stream telling of a drop the node does not show sells
// nothing.
// The user sees the fill (or nothing) in Telegram, and the wallet's tokens go (or stay).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient, type StreamEvent } from '../../../src/client/index.js';
import type { OrderRow } from '../../../src/trading/store.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
let api: LaunchpadClient;
let clock = Date.now();

beforeAll(async () => {
  h = await startBotStack({ orders: { now: () => clock, follow: false } });
  tokens = await demoTokens(h.stack.devnet.url);
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  await h.built.services.orders.start();
});
afterAll(async () => {
  await h?.built.services.orders.stop();
  await h?.close();
});

const engine = () => h.built.services.orders;
const store = () => h.built.store;

/**
 * A wallet outside the bot that moves the price on chain through the API: it buys `trx` of the token
 * now, and `dump()` sells all of it. A stop-loss fires only when the price the node shows is at or
 * below its level, whatever the stream told: a test that wants it to sell dumps first.
 */
async function whale(token: string, trx = 5_000) {
  const [w] = await api.createWallet(1);
  await faucet(h.stack.devnet.url, w!.publicKey, trx + 200);
  const trade = async (action: 'buy' | 'sell', amount: number | string) => {
    const sig = await api.trade({ action, tokenAddress: token, amount, privateKey: w!.privateKey, slippage: 100 });
    const s = await waitFor(async () => {
      const st = await api.txStatus(sig);
      return st.state === 'pending' || st.state === 'unknown' ? undefined : st;
    });
    expect(s.state).toBe('confirmed');
  };
  await trade('buy', trx);
  return { dump: () => trade('sell', '100%') };
}

/**
 * A new user who bought `trx` of the token by hand (so that a stop-loss has an entry), after a whale
 * whose dump takes the price on chain far under that entry.
 */
async function holder(user: number, token: string, trx = 200): Promise<{ address: string; dump: () => Promise<void> }> {
  const w = await whale(token);
  await h.send(h.tg.message(user, '/start'));
  const address = (await h.account(user)).wallet.address;
  await faucet(h.stack.devnet.url, address, 5_000);
  await h.send(h.tg.message(user, `/buy ${token} ${trx}`));
  await h.send(h.tg.tap(user, h.tg.last(user), h.tg.button(h.tg.last(user), '✅ Confirm')));
  await waitFor(() => (/^✅ <b>Bought/.test(h.tg.sent(user).at(-1)!.text) ? true : undefined), 30_000);
  // the entry comes from the index: wait until it has the buy
  await waitFor(async () => {
    await h.stack.facade.indexer.syncOnce();
    return (await api.getUserTrades(address, { tokenAddress: token })).length ? true : undefined;
  });
  return { address, dump: w.dump };
}

/** A stop-loss 10 % under the entry, selling everything, holding `holdBlocks` (none: the settings'). */
async function stopLoss(user: number, token: string, holdBlocks?: number): Promise<OrderRow> {
  const o = await engine().create((await store().user(user))!, {
    kind: 'sl',
    token,
    lossPct: 10,
    pct: 100,
    holdBlocks,
  });
  expect(o.status).toBe('active');
  return o;
}

const DOWN = { trxReserveSun: '1', tokenReserve: String(10n ** 30n) }; // far under any level
const UP = { trxReserveSun: String(10n ** 30n), tokenReserve: '1' }; // far over it
let seq = 1;
/** A trade of the token in the stream, in `block`, at the test's clock now. */
const trade = (token: string, block: number, reserves: typeof DOWN): StreamEvent => ({
  id: seq++,
  kind: 'sell',
  token,
  txid: '00',
  timestamp: clock,
  data: { ...reserves, blockNumber: block },
});

const held = async (token: string, address: string) => BigInt((await api.getTokenBalance(address, token)).balanceInSun);
const status = async (id: string) => (await store().order(id))!.status;
const filledMessages = (user: number) => h.tg.sent(user).filter((m) => /Order filled/.test(m.text));
/** Waits for the fill, then checks what the user was told and that the wallet sold everything. */
async function soldAll(user: number, o: OrderRow, token: string, address: string): Promise<void> {
  await waitFor(async () => ((await status(o.id)) === 'filled' ? true : undefined), 30_000);
  expect(await store().orderTrades(o.id)).toHaveLength(1);
  const msgs = await waitFor(() => (filledMessages(user).length ? filledMessages(user) : undefined));
  expect(msgs).toHaveLength(1);
  expect(msgs[0]!.text).toMatch(/^✅ <b>Order filled<\/b>: sold 100% of the holding for [\d.,]+ TRX/);
  expect(await held(token, address)).toBe(0n);
}

describe('a stop-loss that must hold for 3 blocks', () => {
  it('does not sell on a one-block wick that is bought back, by trades or by the clock', async () => {
    const U = 9101;
    const token = tokens.TCAT!;
    const { address: me, dump } = await holder(U, token);
    const before = await held(token, me);
    const o = await stopLoss(U, token, 3);
    expect(o.holdBlocks).toBe(3);
    await dump(); // down on chain too: only the hold keeps it from selling
    await engine().onEvent(trade(token, 1_000, DOWN)); // the dump
    clock += 3_000;
    await engine().onEvent(trade(token, 1_001, UP)); // bought back in the next block
    clock += 3_000;
    await engine().onEvent(trade(token, 1_002, DOWN)); // a new dump: a new count from 1002
    await engine().onEvent(trade(token, 1_003, DOWN));
    // the clock one ms short of two blocks since 1002
    clock += 6_000 - 1;
    await engine().tick();
    expect(await status(o.id)).toBe('active');
    await engine().onEvent(trade(token, 1_004, UP)); // bought back again
    clock += 60_000;
    await engine().tick();
    await engine().onEvent(trade(token, 1_005, DOWN)); // down for one block only ...
    await engine().onEvent(trade(token, 1_006, UP)); // ... and up
    clock += 60_000;
    await engine().tick();
    expect(await status(o.id)).toBe('active');
    // the engine has handled every event and tick above (each awaited) and claimed no round: nothing to tell
    expect(await store().orderTrades(o.id)).toHaveLength(0);
    expect(filledMessages(U)).toHaveLength(0);
    expect(await held(token, me)).toBe(before);
    await engine().cancel(U, o.id);
  });

  it('sells in the third block of a drop that stays, by trades', async () => {
    const U = 9102;
    const token = tokens.SDOG!;
    const { address: me, dump } = await holder(U, token);
    const o = await stopLoss(U, token, 3);
    await dump();
    await engine().onEvent(trade(token, 2_000, DOWN));
    clock += 3_000;
    await engine().onEvent(trade(token, 2_001, DOWN));
    expect(await status(o.id)).toBe('active');
    expect(await store().orderTrades(o.id)).toHaveLength(0);
    clock += 3_000;
    await engine().onEvent(trade(token, 2_002, DOWN)); // the third block
    expect(await status(o.id)).not.toBe('active');
    await soldAll(U, o, token, me);
  });

  it('sells once two blocks of time have passed since the drop when no trade comes, by the clock', async () => {
    const U = 9103;
    const token = tokens.ECHO!;
    const { address: me, dump } = await holder(U, token);
    const o = await stopLoss(U, token, 3);
    await dump();
    const dropAt = clock;
    await engine().onEvent(trade(token, 3_000, DOWN));
    clock = dropAt + 3_000;
    await engine().tick();
    clock = dropAt + 6_000 - 1;
    await engine().tick();
    expect(await status(o.id)).toBe('active');
    expect(await store().orderTrades(o.id)).toHaveLength(0);
    clock = dropAt + 6_000; // (3 − 1) blocks of 3 s
    await engine().tick();
    expect(await status(o.id)).not.toBe('active');
    await soldAll(U, o, token, me);
  });
});

describe('a stop-loss that must hold, across a restart', () => {
  it('goes on counting: the third block of the drop sells, not the third after the restart', async () => {
    const U = 9105;
    const token = tokens.TCAT!;
    const { address: me, dump } = await holder(U, token);
    const o = await stopLoss(U, token, 3);
    await dump();
    await engine().onEvent(trade(token, 5_000, DOWN));
    clock += 3_000;
    await engine().onEvent(trade(token, 5_001, DOWN));
    expect(await status(o.id)).toBe('active');
    // the process stops and comes back on the same database (or another instance takes over)
    await engine().stop();
    await h.restart();
    // the book is read again (start() would also look at the real price, which this test has not moved)
    await engine().tick();
    clock += 3_000;
    await engine().onEvent(trade(token, 5_002, DOWN)); // the drop's third block
    expect(await status(o.id)).not.toBe('active');
    await soldAll(U, o, token, me);
  });
});

describe('a stop-loss without a hold (1 block, the default)', () => {
  it('sells on the first trade at or below its level, as before', async () => {
    const U = 9104;
    const token = tokens.WAVE!;
    const { address: me, dump } = await holder(U, token);
    const o = await stopLoss(U, token); // the settings' hold: 1
    expect(o.holdBlocks).toBe(1);
    // a stream that tells of a drop the node does not show fires nothing (the stream is the API's word)
    await engine().onEvent(trade(token, 3_999, DOWN));
    expect(await status(o.id)).toBe('active');
    expect(await store().orderTrades(o.id)).toHaveLength(0);
    await dump();
    await engine().onEvent(trade(token, 4_000, DOWN));
    expect(await status(o.id)).not.toBe('active');
    await soldAll(U, o, token, me);
  });
});
