// The devnet's clock moved two days ahead of the machine's (POST /devnet/advance), and what users and
// clients see follows the chain's: a bot trade built on the head after the jump is signed and lands
// (its expiration and deadline are block times), the API's last 24 hours, newest candle and a token's
// age count from the chain's time, and a DCA's rounds come due, and are told, on the chain's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient } from '../../src/client/index.js';
import type { OrderRow } from '../../src/trading/store.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ALICE = 4501;

let h: Awaited<ReturnType<typeof startBotStack>>;
let api: LaunchpadClient;
let token: string;

beforeAll(async () => {
  h = await startBotStack();
  token = (await demoTokens(h.stack.devnet.url)).SDOG!;
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 5_000);
  await h.built.services.orders.start();
});
afterAll(async () => {
  await h?.built.services.orders.stop();
  await h?.close();
});

/** Moves the devnet's clock forward; the block it makes at once carries the new time. */
async function advance(seconds: number): Promise<{ block: number; timestamp: number }> {
  const res = await fetch(`${h.stack.devnet.url}/devnet/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { block: number; timestamp: number };
}

/** A buy by hand (/buy, Confirm) to its result; the index is brought up to it. */
async function buy(trx: number): Promise<string> {
  await h.send(h.tg.message(ALICE, `/buy ${token} ${trx}`));
  const quote = h.tg.last(ALICE);
  await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
  await waitFor(() => (/^[✅❌]/u.test(quote.text) ? true : undefined), 30_000);
  await h.stack.facade.indexer.syncOnce();
  return quote.text;
}

const volume24h = async () => (await api.getTokenDetails(token)).data.volume24Hr;

describe('two days later on the chain', () => {
  let moved: { block: number; timestamp: number };

  it('the API counts the last 24 hours, the newest candle and the age from the chain’s time', async () => {
    expect(await buy(100)).toMatch(/^✅ <b>Bought<\/b>/);
    expect(await volume24h()).toBeGreaterThanOrEqual(99.5);
    moved = await advance(2 * 86_400);
    // the chain's block is two days ahead of the machine's clock
    expect(moved.timestamp).toBeGreaterThan(Date.now() + 2 * DAY - 10 * 60_000);
    // the buy is two days old on the chain: out of the last 24 hours, and the price has not moved since
    const d = await waitFor(async () => {
      const x = await api.getTokenDetails(token);
      return x.data.volume24Hr === 0 ? x : undefined;
    });
    expect(d.data.priceChange24Hr).toBe(0);
    const listed = (await api.listTokens({ sort: 'volume', limit: 50 })).find((t) => t.address === token);
    expect(listed?.volume24Hr).toBe(0);
    // the newest candle is the chain's hour (that of the advance's block, or one after it), empty
    const c = await api.getCandles(token, '1h', { limit: 2 });
    expect(c.candles.at(-1)!.time).toBeGreaterThanOrEqual(Math.floor(moved.timestamp / HOUR) * HOUR);
    expect(c.candles.at(-1)!.time).toBeLessThanOrEqual(Date.now() + 2 * DAY);
    expect(c.candles.at(-1)!).toMatchObject({ volume: 0, trades: 0 });
    expect((await api.getTokenSafety(token)).ageSeconds).toBeGreaterThanOrEqual(2 * 86_400);
  });

  it('a bot trade built on the new head is signed and lands; it alone is the last 24 hours', async () => {
    // the API builds it with the head's time + 60 s as expiration and + 300 s as deadline: block times
    expect(await buy(100)).toMatch(/^✅ <b>Bought<\/b> — received/);
    // by hand: 100 TRX less the trader plan's 0.5 % router fee reach the launchpad (its 1 % fee within)
    expect(await volume24h()).toBe(99.5);
    // the candles since the advance's hour, up to the chain's now, hold it and nothing else
    const since = (await api.getCandles(token, '1h', { from: moved.timestamp })).candles;
    expect(since[0]!.time).toBe(Math.floor(moved.timestamp / HOUR) * HOUR);
    expect(since.reduce((n, x) => n + x.volume, 0)).toBe(99.5);
    expect(since.reduce((n, x) => n + x.trades, 0)).toBe(1);
  });
});

describe('orders on the chain’s clock', () => {
  const lastOrder = async (): Promise<OrderRow> => {
    const row = h.sqlite.$client
      .prepare('select id from orders where user_id = ? order by created_at desc, rowid desc limit 1')
      .get(ALICE) as { id: string };
    return (await h.built.store.order(row.id))!;
  };
  const order = async (id: string) => (await h.built.store.order(id))!;

  it('a DCA’s next round is an hour of the chain’s away, told so, and comes due when the chain moves an hour', async () => {
    await h.send(h.tg.message(ALICE, `/dca ${token} 20 every 1h x 2`));
    const o = await lastOrder();
    const first = await waitFor(async () => {
      const x = await order(o.id);
      return x.done === 1 && x.status === 'active' ? x : undefined;
    }, 30_000);
    // an hour after the round on the chain, which is two days ahead of the machine
    expect(first.nextAt).toBeGreaterThan(Date.now() + 2 * DAY);
    const told = await waitFor(() => h.tg.sent(ALICE).find((m) => m.text.startsWith('✅ <b>Order filled</b>')));
    expect(told.text).toMatch(/1\/2 done · next in (59|60) min/);
    await h.send(h.tg.message(ALICE, '/orders'));
    expect(h.tg.last(ALICE).text).toMatch(/1\/2 done · next in (59|60) min/);
    // the machine's clock has moved seconds; the chain's, an hour: the round is due
    await advance(3_600);
    const done = await waitFor(async () => {
      await h.built.services.orders.tick();
      const x = await order(o.id);
      return x.status === 'filled' ? x : undefined;
    }, 30_000);
    expect(done.done).toBe(2);
    expect((await h.built.store.orderTrades(o.id)).map((t) => t.status)).toEqual(['confirmed', 'confirmed']);
  });
});
