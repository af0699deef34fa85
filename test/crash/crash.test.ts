// Kill -9 in the middle of bot trades and indexing, restart, and check: no confirmed trade lost, none
// sent twice, the indexer's tables equal a fresh re-index, the fee ledger equals the router's fees.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { createTronWeb } from '../../src/tron/client.js';
import { hostOf, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { waitFor } from '../helpers/facade.js';
import { crashableSystem } from '../helpers/system.js';
import { fund } from '../helpers/system.js';

const sys = crashableSystem('lp-crash-');
const { tg, dir, devnetUrl, devnet2Url } = sys;
afterAll(() => sys.stop());

const USERS = [9001, 9002, 9003];

describe('crash safety', () => {
  it('survives SIGKILL mid-trade and mid-index with nothing lost or doubled', async () => {
    await tg.start();
    await sys.start();
    await waitFor(() => (tg.calls.some((c) => c.method === 'setMyCommands') ? true : undefined), 60_000);
    const tokens = (await (await fetch(`${devnetUrl}/devnet/tokens`)).json()) as {
      data: Array<{ symbol: string; contractAddress: string }>;
    };
    const token = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
    for (const u of USERS) tg.queue.push(tg.message(u, '/start'));
    await waitFor(() => (USERS.every((u) => tg.sent(u).length) ? true : undefined), 20_000);
    // funded once the faucet's transfers are in a block
    for (const u of USERS) await fund(devnetUrl, /<code>(T\w{33})<\/code>/.exec(tg.sent(u)[0]!.text)![1]!, 5000);

    /** One trade by Telegram: /buy, wait for the quote, tap Confirm. */
    const trade = async (u: number, amount: number) => {
      const before = tg.sent(u).length;
      tg.queue.push(tg.message(u, `/buy ${token} ${amount}`));
      const quote = await waitFor(
        () =>
          tg
            .sent(u)
            .slice(before)
            .find((m) => m.text.includes('Buy $TCAT')),
        30_000,
      );
      tg.queue.push(tg.tap(u, quote, quote.replyMarkup!.inline_keyboard[0]![0]!.callback_data!));
      return quote;
    };
    const quotes: Array<ReturnType<typeof tg.last>> = [];
    // a stream of trades; the process dies right after a Confirm while others are in flight
    for (let i = 0; i < 4; i++) {
      quotes.push(await trade(USERS[i % USERS.length]!, 20 + i));
      if (i < 3)
        await waitFor(
          () => (quotes.at(-1)!.text.startsWith('✅') || quotes.at(-1)!.text.startsWith('❌') ? true : undefined),
          30_000,
        );
    }
    // the last one is on its way: its tap claimed the trade (four trades past their quotes)
    const botFile = new Database(path.join(dir, 'bot.sqlite'), { readonly: true });
    await waitFor(() => {
      const { n } = botFile
        .prepare("select count(*) n from trades where status not in ('quoted', 'cancelled', 'expired')")
        .get() as { n: number };
      return n >= 4 ? true : undefined;
    }, 30_000);
    botFile.close();
    await sys.kill();
    // a message sent while the bot is down is answered after the restart
    tg.queue.push(tg.message(USERS[1]!, `/buy ${token} 31`));

    await sys.start();
    await waitFor(
      () => (quotes[3]!.text.startsWith('✅') || quotes[3]!.text.startsWith('❌') ? true : undefined),
      60_000,
    );
    const late = await waitFor(() => tg.sent(USERS[1]!).find((m) => m.text.includes('You pay: 31 TRX')), 30_000);
    tg.queue.push(tg.tap(USERS[1]!, late, late.replyMarkup!.inline_keyboard[0]![0]!.callback_data!));
    await waitFor(() => (late.text.startsWith('✅') ? true : undefined), 30_000);

    const bot = new Database(path.join(dir, 'bot.sqlite'), { readonly: true });
    // trades in a head block are followed to final (19 blocks later), across the restart too
    await waitFor(() => {
      const { n } = bot.prepare("select count(*) n from trades where status = 'included'").get() as { n: number };
      return n === 0 ? true : undefined;
    }, 30_000);
    const all = bot
      .prepare("select id, txid, status, result from trades where status not in ('quoted', 'cancelled', 'expired')")
      .all() as Array<{ id: string; txid: string | null; status: string; result: string | null }>;
    const botTrades = all.filter((t) => t.txid !== null) as Array<{ id: string; txid: string; status: string }>;
    const devnet = new Database(path.join(dir, 'devnet.sqlite'), { readonly: true });
    const routerHex = FAMILIES[0]!.router;
    // every trade the bot took on is final; one killed before sending says so and sent nothing
    expect(all.length).toBe(5);
    for (const t of all) expect(['confirmed', 'failed']).toContain(t.status);
    for (const t of all.filter((x) => x.txid === null))
      expect((JSON.parse(t.result!) as { reason: string }).reason).toMatch(/nothing was sent/);
    // no confirmed trade lost: every trade that was sent is confirmed, as on the chain
    expect(botTrades.length).toBeGreaterThanOrEqual(4);
    for (const t of botTrades) {
      const onChain = devnet.prepare('select status from transactions where txid = ?').get(t.txid) as
        { status: string } | undefined;
      expect(onChain?.status, t.id).toBe('SUCCESS');
      expect(t.status).toBe('confirmed');
    }
    // none sent twice: one router transaction per bot trade, per wallet
    const wallets = bot.prepare('select address from wallets').all() as Array<{ address: string }>;
    const routerTxs = wallets
      .map(
        (w) =>
          devnet
            .prepare(
              "select count(*) n from transactions t where owner = ? and json_extract(t.signed, '$.raw_data.contract[0].parameter.value.contract_address') = ?",
            )
            .get(TronWeb.address.toHex(w.address).toLowerCase(), routerHex) as { n: number },
      )
      .reduce((s, r) => s + r.n, 0);
    expect(routerTxs).toBe(botTrades.length);

    // the fee ledger equals the router's fees on chain for these trades, once the indexer has them all
    const app = new Database(path.join(dir, 'app.sqlite'), { readonly: true });
    const indexed = app.prepare('select count(*) n from trades where txid = ?');
    await waitFor(
      () => (botTrades.every((t) => (indexed.get(t.txid) as { n: number }).n > 0) ? true : undefined),
      30_000,
    );
    const ledger = app.prepare('select txid, fee_sun from fee_ledger order by txid').all() as Array<{
      txid: string;
      fee_sun: string;
    }>;
    const chainFees = botTrades
      .map((t) => {
        const ev = devnet
          .prepare("select result from events where txid = ? and event_name = 'RouterBuy'")
          .get(t.txid) as { result: string };
        return { txid: t.txid, fee_sun: String((JSON.parse(ev.result) as { fee: string }).fee) };
      })
      .sort((a, b) => a.txid.localeCompare(b.txid));
    expect(ledger).toEqual(chainFees);

    // the indexer's tables equal a fresh re-index of the same chain
    // (each network from its own devnet, as npm start indexes them)
    const fresh = openDb(':memory:');
    const config = loadConfig({ DEVNET_PORT: new URL(devnetUrl).port, DEVNET2_PORT: new URL(devnet2Url).port });
    const freshDb = await openAppDatabase({ sqlite: fresh });
    for (const n of config.networks)
      await new Indexer({
        db: freshDb,
        tronWeb: createTronWeb({ host: hostOf(config, n.id) }),
        families: config.families.filter((f) => f.network === n.id),
        network: n.id,
        logger: createLogger('silent'),
      }).syncOnce();
    const q = (d: Database.Database, sql: string) => d.prepare(sql).all();
    const snap = (d: Database.Database) => ({
      tokens: q(d, 'select * from tokens order by address'),
      trades: q(
        d,
        'select txid, event_index, token, type, user, trx_amount, token_amount, fee, router_fee, trx_reserve_after, token_reserve_after, timestamp from trades order by txid, event_index',
      ),
      holders: q(d, 'select * from holders order by token, address'),
    });
    const head = (await (await fetch(`${devnetUrl}/wallet/getnowblock`)).json()) as {
      block_header: { raw_data: { timestamp: number } };
    };
    // compare up to a block both have seen: the live index may be one poll behind
    expect(snap(app)).toEqual(snap(fresh.$client));
    expect(head.block_header.raw_data.timestamp).toBeGreaterThan(0);
    for (const d of [bot, devnet, app]) d.close();
  }, 240_000);
});
