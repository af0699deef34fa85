// The automatic take-profit and stop-loss of a buy are the trade flow's, once per buy, and survive a
// stop between the buy's inclusion and their placing: the bot is stopped while the buy waits for its
// entry (the API's answer held, never given, as for a process that died there), and the bot that
// starts again on the same database places them, once; a second restart places nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../../helpers/bot.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../../helpers/facade.js';
import { hostileProxy } from '../../helpers/hostile-proxy.js';

let stack: Stack;
let proxy: Awaited<ReturnType<typeof hostileProxy>>;
let h: Awaited<ReturnType<typeof startBotStack>>;
const U = 9301;

beforeAll(async () => {
  stack = await startStack({ pollMs: 100 });
  proxy = await hostileProxy(stack.url);
  h = await startBotStack({ stack, facadeUrl: proxy.url, orders: { follow: false } });
});
afterAll(async () => {
  await h?.built.trading.stop();
  await h?.close();
  await proxy?.close();
  await stack?.close();
});

/** The user's automatic orders of the token that are still open, by kind. */
const autoOrders = (token: string) =>
  h.sqlite.$client
    .prepare("select kind, status from orders where user_id = ? and token = ? and auto = 1 and status = 'active'")
    .all(U, token) as Array<{ kind: string; status: string }>;
const buyMark = () =>
  (
    h.sqlite.$client.prepare("select auto_orders_at m from trades where user_id = ? and side = 'buy'").get(U) as {
      m: number | null;
    }
  ).m;

describe('the automatic TP/SL of a buy', () => {
  it('are placed once after a stop between the inclusion and their placing', async () => {
    const token = (await demoTokens(stack.devnet.url)).TCAT!;
    await h.send(h.tg.message(U, '/start'));
    await faucet(stack.devnet.url, (await h.walletOf(U)).address, 2_000);
    await h.send(h.tg.message(U, '/autotpsl +100% 50% -30% 100%'));
    expect(h.tg.last(U).text).toMatch(/^Automatic TP\/SL is on/);

    // the entry comes from the API's trades of the wallet: that answer never comes
    proxy.hold(/\/launchpad\/getUserTrades$/);
    await h.send(h.tg.message(U, `/buy ${token} 50`));
    const card = h.tg.last(U);
    await h.send(h.tg.tap(U, card, h.tg.button(card, '✅ Confirm')));
    await waitFor(() => (/^✅ <b>Bought/.test(card.text) ? true : undefined), 30_000);
    // the flow is on its way to the orders: it asked for the entry
    await waitFor(() => proxy.asked('/launchpad/getUserTrades'));
    expect(autoOrders(token)).toEqual([]);
    expect(buyMark()).toBeNull();

    // the process stops there; another starts on the same database (the held answer never comes)
    await h.restart();
    proxy.hold(undefined);
    await h.built.trading.start();
    await waitFor(() => (autoOrders(token).length === 2 ? true : undefined), 30_000);
    expect(
      autoOrders(token)
        .map((o) => o.kind)
        .sort(),
    ).toEqual(['sl', 'tp']);
    expect(buyMark()).toBeGreaterThan(0);

    // a second restart places nothing more: the buy is marked
    await h.built.trading.stop();
    await h.restart();
    await h.built.trading.start();
    expect(autoOrders(token)).toHaveLength(2);
    const all = h.sqlite.$client.prepare('select count(*) n from orders where user_id = ?').get(U) as { n: number };
    expect(all.n).toBe(2);
  });
});
