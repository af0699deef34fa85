// Kill -9 while snipes and copies are executing, restart, and check: every snipe and copy that was
// claimed ends final, none that was broadcast is lost, none is sent twice.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { tronWebFor } from '../helpers/devnet.js';
import { waitFor } from '../helpers/facade.js';
import { crashableSystem, routerTransactions } from '../helpers/system.js';
import { fund } from '../helpers/system.js';

const sys = crashableSystem('lp-snipe-crash-');
const { tg, dir, devnetUrl } = sys;
afterAll(() => sys.stop());

const USERS = [9201, 9202, 9203];

describe('snipes, copies and crashes', () => {
  it('loses no broadcast snipe or copy and sends none twice across a SIGKILL', async () => {
    await tg.start();
    await sys.start();
    await waitFor(() => (tg.calls.some((c) => c.method === 'setMyCommands') ? true : undefined), 60_000);
    // TRX from the faucet, once it is in a block
    const faucet = (address: string, amountTrx: number) => fund(devnetUrl, address, amountTrx);
    const source = await TronWeb.createAccount();
    const creator = await TronWeb.createAccount();
    const tokens = (await (await fetch(`${devnetUrl}/devnet/tokens`)).json()) as {
      data: Array<{ symbol: string; contractAddress: string }>;
    };
    const tcat = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
    await sys.fundedUsers(USERS, 5000);
    await faucet(source.address.base58, 50_000);
    await faucet(creator.address.base58, 50_000);
    for (const u of USERS) {
      tg.queue.push(tg.message(u, '/snipe add 20 name:crash'));
      tg.queue.push(tg.message(u, `/copy ${source.address.base58} 15`));
    }
    await waitFor(
      () => (USERS.every((u) => tg.sent(u).some((m) => m.text.startsWith('✅ <b>Copying'))) ? true : undefined),
      30_000,
    );

    // three new tokens whose names match, and a buy by the followed wallet
    const send = async (
      who: { privateKey: string; address: { base58: string } },
      contract: string,
      selector: string,
      params: Array<{ type: string; value: unknown }>,
      callValue: number,
    ) => {
      const tw = tronWebFor(devnetUrl, who.privateKey);
      const built = await tw.transactionBuilder.triggerSmartContract(
        contract,
        selector,
        { feeLimit: 500e6, callValue },
        params,
        who.address.base58,
      );
      const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
      expect(sent.result).toBe(true);
    };
    for (let i = 0; i < 3; i++)
      await send(
        creator,
        TronWeb.address.fromHex(FAMILIES[0]!.launchpad),
        'createAndInitPurchase(string,string)',
        [
          { type: 'string', value: `Crash ${i}` },
          { type: 'string', value: `CR${i}` },
        ],
        (20 + 10) * 1e6,
      );
    await send(
      source,
      TronWeb.address.fromHex(FAMILIES[0]!.router),
      'buy(address,uint256,uint256,uint256)',
      [
        { type: 'address', value: tcat },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '4102444800' },
      ],
      100e6,
    );
    // the next block carries them; the snipes and copies start right after it
    const botDb = () => new Database(path.join(dir, 'bot.sqlite'), { readonly: true });
    const count = () => {
      const db = botDb();
      const n = (db.prepare('select count(*) n from trades where rule_id is not null').get() as { n: number }).n;
      db.close();
      return n;
    };
    await waitFor(() => (count() > 0 ? true : undefined), 20_000);
    // a time, not an event: the kill lands a moment after the first claim, among the snipes in flight
    await new Promise((r) => setTimeout(r, 60));
    await sys.kill();

    await sys.start();
    const expected = USERS.length * 4; // three snipes and one copy each
    await waitFor(() => {
      const db = botDb();
      const rows = db.prepare('select status from trades where rule_id is not null').all() as Array<{ status: string }>;
      db.close();
      return rows.length === expected && rows.every((r) => ['confirmed', 'failed'].includes(r.status))
        ? true
        : undefined;
    }, 90_000).catch((e: unknown) => {
      const db = botDb();
      console.log(
        JSON.stringify(db.prepare('select id, status, result from trades where rule_id is not null').all()),
        sys.log().slice(-3000),
      );
      db.close();
      throw e;
    });
    const bot = botDb();
    const trades = bot.prepare('select id, txid, status from trades where rule_id is not null').all() as Array<{
      id: string;
      txid: string | null;
      status: string;
    }>;
    const devnet = new Database(path.join(dir, 'devnet.sqlite'), { readonly: true });
    // every one sent is confirmed on chain, as in the bot
    for (const t of trades) {
      expect(t.status, `${t.id}\n${sys.log()}`).toBe('confirmed');
      const onChain = devnet.prepare('select status from transactions where txid = ?').get(t.txid) as
        { status: string } | undefined;
      expect(onChain?.status).toBe('SUCCESS');
    }
    // none sent twice: one router transaction per snipe and copy, per wallet
    const routerTxs = routerTransactions(bot, devnet);
    expect(routerTxs).toBe(expected);
    bot.close();
    devnet.close();
  }, 240_000);
});
