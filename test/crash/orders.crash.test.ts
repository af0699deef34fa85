// Kill -9 while automated orders are executing, restart, and check: every triggered order is filled
// exactly once: one trade each, confirmed on chain, no transaction sent twice.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/facade.js';
import { crashableSystem, routerTransactions } from '../helpers/system.js';

const sys = crashableSystem('lp-orders-crash-');
const { tg, dir, devnetUrl } = sys;
afterAll(() => sys.stop());

const USERS = [9101, 9102, 9103];
const PER_USER = 3;

describe('orders and crashes', () => {
  it('fills each triggered order exactly once across a SIGKILL mid-execution', async () => {
    await tg.start();
    await sys.start();
    await waitFor(() => (tg.calls.some((c) => c.method === 'setMyCommands') ? true : undefined), 60_000);
    const tokens = (await (await fetch(`${devnetUrl}/devnet/tokens`)).json()) as {
      data: Array<{ symbol: string; contractAddress: string }>;
    };
    const token = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
    await sys.fundedUsers(USERS, 5000);

    // limit buys far above the price: each fires the moment it is set
    for (const u of USERS)
      for (let i = 0; i < PER_USER; i++) tg.queue.push(tg.message(u, `/limit ${token} buy ${10 + i} @ 1`));
    await waitFor(
      () =>
        USERS.every((u) => tg.sent(u).filter((m) => m.text.startsWith('✅ <b>Order set')).length === PER_USER)
          ? true
          : undefined,
      30_000,
    );
    // trades on their way: the engine has claimed a first round (its trade row), the others follow
    const botDb = () => new Database(path.join(dir, 'bot.sqlite'), { readonly: true });
    await waitFor(() => {
      const db = botDb();
      const { n } = db.prepare('select count(*) n from trades where order_id is not null').get() as { n: number };
      db.close();
      return n > 0 ? true : undefined;
    }, 20_000);
    // a time, not an event: the kill lands a moment later, among trades quoted, signed and broadcast
    await new Promise((r) => setTimeout(r, 150));
    await sys.kill();

    await sys.start();
    await waitFor(() => {
      const db = botDb();
      const open = db
        .prepare("select count(*) n from orders where status not in ('filled', 'failed', 'cancelled')")
        .get() as { n: number };
      db.close();
      return open.n === 0 ? true : undefined;
    }, 90_000);

    const bot = botDb();
    // the orders' trades are followed to final (their block solid, 19 blocks later)
    await waitFor(() => {
      const { n } = bot.prepare("select count(*) n from trades where status = 'included'").get() as { n: number };
      return n === 0 ? true : undefined;
    }, 30_000);
    const orders = bot.prepare('select id, status from orders').all() as Array<{ id: string; status: string }>;
    expect(orders).toHaveLength(USERS.length * PER_USER);
    for (const o of orders) expect(o.status, sys.log()).toBe('filled');
    const trades = bot
      .prepare('select id, order_id, txid, status from trades where order_id is not null')
      .all() as Array<{
      id: string;
      order_id: string;
      txid: string | null;
      status: string;
    }>;
    // one trade per order, confirmed
    expect(trades).toHaveLength(orders.length);
    expect(new Set(trades.map((t) => t.order_id)).size).toBe(orders.length);
    const devnet = new Database(path.join(dir, 'devnet.sqlite'), { readonly: true });
    for (const t of trades) {
      expect(t.status).toBe('confirmed');
      const onChain = devnet.prepare('select status from transactions where txid = ?').get(t.txid) as
        { status: string } | undefined;
      expect(onChain?.status).toBe('SUCCESS');
    }
    // none sent twice: the wallets made exactly one router transaction per order
    const routerTxs = routerTransactions(bot, devnet);
    expect(routerTxs).toBe(orders.length);
    // one fill message per order
    const fills = (u: number) => tg.sent(u).filter((m) => m.text.startsWith('✅ <b>Order filled')).length;
    await waitFor(() => (USERS.every((u) => fills(u) >= PER_USER) ? true : undefined), 20_000).catch(() => undefined);
    if (USERS.map(fills).some((n) => n !== PER_USER)) console.log(sys.log().slice(-4000));
    expect(USERS.map(fills)).toEqual(USERS.map(() => PER_USER));
    bot.close();
    devnet.close();
  }, 240_000);
});
