// Sniping and copy trading on the devnet: tokens created and traded through real TronWeb, rules and
// follows set through the bot's commands, the follower's wallet trading exactly once per event.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let api: LaunchpadClient;
let tokens: Record<string, string>;
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);

beforeAll(async () => {
  h = await startBotStack();
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: h.stack.key() });
  tokens = await demoTokens(h.stack.devnet.url);
  await h.built.services.sniper.start();
});
afterAll(async () => {
  h?.built.services.sniper.stop();
  await h?.close();
});

const store = () => h.built.store;
const sniper = () => h.built.services.sniper;

async function newUser(id: number, trx = 5_000): Promise<string> {
  await h.send(h.tg.message(id, '/start'));
  const address = h.account(id).wallet.address;
  await faucet(h.stack.devnet.url, address, trx);
  return address;
}

/** A wallet outside the bot, driving the devnet with TronWeb as a client on mainnet would. */
async function outsider(trx: number) {
  const acc = await TronWeb.createAccount();
  await faucet(h.stack.devnet.url, acc.address.base58, trx);
  const tw = tronWebFor(h.stack.devnet.url, acc.privateKey);
  const call = async (
    contract: string,
    selector: string,
    params: Array<{ type: string; value: unknown }>,
    callValue = 0,
  ) => {
    const built = await tw.transactionBuilder.triggerSmartContract(
      contract,
      selector,
      { feeLimit: 500e6, callValue },
      params,
      acc.address.base58,
    );
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
    expect(sent.result).toBe(true);
    const info = (await tw.trx.getTransactionInfo(sent.txid)) as {
      blockNumber?: number;
      receipt?: { result?: string };
    };
    expect(info.receipt?.result).toBe('SUCCESS');
    return { txid: sent.txid, block: info.blockNumber! };
  };
  return {
    address: acc.address.base58,
    tw,
    call,
    async create(name: string, symbol: string, firstBuyTrx: number) {
      const r = await call(
        LP,
        'createAndInitPurchase(string,string)',
        [
          { type: 'string', value: name },
          { type: 'string', value: symbol },
        ],
        (20 + firstBuyTrx) * 1e6,
      );
      const evs = await tw.event.getEventsByTransactionID(r.txid);
      return {
        ...r,
        token: TronWeb.address.fromHex(
          String(evs.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress),
        ),
      };
    },
  };
}

const snipesOf = (ruleId: string) =>
  store()
    .db.$client.prepare('select id, status, txid from trades where rule_id = ? order by created_at')
    .all(ruleId) as Array<{
    id: string;
    status: string;
    txid: string | null;
  }>;
const blockOf = (txid: string) =>
  (
    h.stack.devnet.chain.db.$client.prepare('select block_number b from transactions where txid = ?').get(txid) as {
      b: number;
    }
  ).b;
const balance = async (token: string, address: string) =>
  BigInt((await api.getTokenBalance(address, token)).balanceInSun);

describe('sniper', () => {
  it('buys a matching new token exactly once, in the block after its creation; leaves the others', async () => {
    const U = 8801;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/autotpsl +100% 50% -30% 100%'));
    await h.send(h.tg.message(U, '/snipe add 50 name:cat'));
    expect(h.tg.last(U).text).toMatch(/^✅ <b>Snipe rule set<\/b>\n🎯 50 TRX of every new token \(name has “cat”\)/);
    const rule = sniper().rules(U)[0]!;
    const dev = await outsider(10_000);
    const made = await dev.create('Super Cat', 'SCAT', 100);
    const sniped = await waitFor(() => {
      const t = snipesOf(rule.id);
      return t[0]?.status === 'confirmed' ? t : undefined;
    }, 30_000);
    expect(sniped).toHaveLength(1);
    expect(sniped[0]!.id).toBe(`s:${rule.id}:${made.token}`);
    expect(blockOf(sniped[0]!.txid!)).toBe(made.block + 1);
    expect(await balance(made.token, me)).toBeGreaterThan(0n);
    // the automatic TP/SL of the settings attaches to the snipe
    const auto = await waitFor(() => {
      const l = h.built.services.orders.list(U, made.token);
      return l.length === 2 ? l : undefined;
    }, 20_000);
    expect(auto.map((o) => [o.kind, o.auto])).toEqual([
      ['tp', true],
      ['sl', true],
    ]);
    await waitFor(() =>
      h.tg.sent(U).some((m) => /^🎯 <b>Sniped<\/b>: bought [\d.,KM]+ \$SCAT for 50 TRX/.test(m.text))
        ? true
        : undefined,
    );
    // the same creation again (a repeated event, a second process): nothing more
    await sniper().onEvent({
      id: 0,
      kind: 'create',
      token: made.token,
      txid: made.txid,
      timestamp: Date.now(),
      data: { name: 'Super Cat', symbol: 'SCAT', creator: dev.address, devBuyPct: 1 },
    });
    expect(snipesOf(rule.id)).toHaveLength(1);
    // a token that does not match
    const other = await dev.create('Plain Dog', 'PDOG', 10);
    await new Promise((r) => setTimeout(r, 800));
    expect(await balance(other.token, me)).toBe(0n);
    expect(snipesOf(rule.id)).toHaveLength(1);
  });

  it('stops at its daily budget, and keeps to maxdev', async () => {
    const U = 8802;
    await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 100 name:frog budget:150 maxdev:5'));
    const rule = sniper().rules(U)[0]!;
    const dev = await outsider(200_000);
    await dev.create('Frog One', 'FRG1', 10);
    await waitFor(() => (snipesOf(rule.id)[0]?.status === 'confirmed' ? true : undefined), 30_000);
    // the creator bought far more than 5 % of the supply: not bought
    await dev.create('Frog Whale', 'FRGW', 30_000);
    await dev.create('Frog Two', 'FRG2', 10);
    await waitFor(
      () =>
        h.tg
          .sent(U)
          .some((m) => m.text.startsWith("⏭ Snipe of $FRG2 skipped: the rule's daily budget of 150 TRX is spent"))
          ? true
          : undefined,
      30_000,
    );
    expect(snipesOf(rule.id)).toHaveLength(1);
    expect(sniper().spent(rule.id)).toBe(100_000_000n);
  });

  it('with launch, buys at the graduation on the DEX instead of at the creation', async () => {
    const U = 8803;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 40 name:moon launch maxdev:50'));
    const rule = sniper().rules(U)[0]!;
    const token = tokens.MOON!;
    const whale = await outsider(50_000);
    await whale.call(
      ROUTER,
      'buy(address,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
      ],
      20_000e6,
    );
    expect(snipesOf(rule.id)).toHaveLength(0); // not at a trade, not before the launch
    await whale.call(LP, 'launchToDEX(address)', [{ type: 'address', value: token }]);
    await waitFor(() => (snipesOf(rule.id)[0]?.status === 'confirmed' ? true : undefined), 30_000);
    const details = await api.getTokenDetails(token);
    // the index may take another pass to have it (a loaded machine)
    const mine = await waitFor(async () => {
      await h.stack.facade.indexer.syncOnce();
      return (await api.getRecentTrades(token, 1, 5)).find((t) => t.user === me);
    });
    expect(mine.poolAddress).toBe(details.data.dex!.pairAddress);
  });
});

describe('sniper rules in the bot', () => {
  it('buys only safe tokens with safe, and lists rules with pause, resume and delete', async () => {
    const U = 8804;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 10 name:guard safe'));
    const rule = sniper().rules(U)[0]!;
    const hog = await outsider(60_000);
    const risky = await hog.create('Guard Hog', 'GHOG', 35_000); // the creator takes most of the supply
    const report = await waitFor(() => api.getTokenSafety(risky.token).catch(() => undefined));
    expect(report.verdict).toBe('danger');
    const fair = await (await outsider(1_000)).create('Guard Fair', 'GFAIR', 10);
    await waitFor(() => (snipesOf(rule.id)[0]?.status === 'confirmed' ? true : undefined), 30_000);
    expect(snipesOf(rule.id)).toHaveLength(1);
    expect(await balance(fair.token, me)).toBeGreaterThan(0n);
    expect(await balance(risky.token, me)).toBe(0n);

    await h.send(h.tg.message(U, '/snipe'));
    const list = h.tg.last(U);
    expect(list.text).toMatch(
      /^<b>🎯 Your snipe rules<\/b>\n\n1\. 🎯 10 TRX of every new token \(name has “guard”, safe only\) · 10\/100 TRX today/,
    );
    await h.send(h.tg.tap(U, list, h.tg.button(list, '⏸ Pause #1')));
    expect(sniper().rules(U)[0]!.status).toBe('paused');
    await (await outsider(1_000)).create('Guard Late', 'GLATE', 10);
    await new Promise((r) => setTimeout(r, 800));
    expect(snipesOf(rule.id)).toHaveLength(1); // paused: nothing bought
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🗑 Delete #1')));
    expect(sniper().rules(U)).toHaveLength(0);
  });
});

describe('copy trading', () => {
  it('mirrors a followed wallet’s buy and, with sells, its sell in proportion, once each', async () => {
    const U = 8901;
    const me = await newUser(U);
    const source = await outsider(20_000);
    await h.send(h.tg.message(U, `/copy ${source.address} 30 sells`));
    expect(h.tg.last(U).text).toMatch(/^✅ <b>Copying<\/b>\n👀 <code>T\w{33}<\/code> · buys 30 TRX · sells too/);
    const follow = sniper().follows(U)[0]!;
    const token = tokens.SDOG!;
    const buy = await source.call(
      ROUTER,
      'buy(address,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
      ],
      500e6,
    );
    const bought = await waitFor(() => {
      const t = snipesOf(follow.id);
      return t[0]?.status === 'confirmed' ? t[0] : undefined;
    }, 30_000);
    expect(bought.id).toBe(`c:${follow.id}:${buy.txid}`);
    const held = await balance(token, me);
    expect(held).toBeGreaterThan(0n);
    await waitFor(() =>
      h.tg
        .sent(U)
        .some((m) => /^👀 <b>Copied<\/b> <code>T\w{4}…\w{4}<\/code>: bought [\d.,KM]+ \$SDOG for 30 TRX/.test(m.text))
        ? true
        : undefined,
    );

    // it sells 40 % of its holding: the follower sells 40 % of theirs
    const srcHeld = BigInt((await api.getTokenBalance(source.address, token)).balanceInSun);
    await source.call(token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: srcHeld.toString() },
    ]);
    await source.call(ROUTER, 'sell(address,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: ((srcHeld * 40n) / 100n).toString() },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
    ]);
    await waitFor(
      () => (snipesOf(follow.id).length === 2 && snipesOf(follow.id)[1]!.status === 'confirmed' ? true : undefined),
      30_000,
    );
    expect(await balance(token, me)).toBe(held - (held * 4000n) / 10_000n);
    // a buy by someone else is not copied
    const stranger = await outsider(1_000);
    await stranger.call(
      ROUTER,
      'buy(address,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
      ],
      50e6,
    );
    await new Promise((r) => setTimeout(r, 800));
    expect(snipesOf(follow.id)).toHaveLength(2);
    // the list, with pause and remove
    await h.send(h.tg.message(U, '/copy'));
    const list = h.tg.last(U);
    expect(h.tg.buttons(list).map((b) => b.text)).toEqual(['⏸ Pause #1', '🗑 Remove #1']);
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🗑 Remove #1')));
    expect(sniper().follows(U)).toHaveLength(0);
  });
});
