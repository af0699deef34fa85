// Sniping on the devnet: tokens created and traded through real TronWeb, rules set through the bot's
// commands, the user's wallet trading exactly once per token, within its budget and under its caps.
// (Copy trading: copy.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { automationHelpers, LP, ROUTER } from '../helpers/automation.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { watchEvents } from '../helpers/events.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let api: LaunchpadClient;
let tokens: Record<string, string>;
let newUser: ReturnType<typeof automationHelpers>['newUser'];
let outsider: ReturnType<typeof automationHelpers>['outsider'];
let snipesOf: ReturnType<typeof automationHelpers>['tradesOf'];
let blockOf: ReturnType<typeof automationHelpers>['blockOf'];
/** Which stream events the sniper has handled (proof that it has looked at one). */
let events: ReturnType<typeof watchEvents>;

beforeAll(async () => {
  h = await startBotStack();
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  tokens = await demoTokens(h.stack.devnet.url);
  ({ newUser, outsider, tradesOf: snipesOf, blockOf } = automationHelpers(h));
  events = watchEvents(() => h.built.services.automation);
  await h.built.services.automation.start();
});
afterAll(async () => {
  h?.built.services.automation.stop();
  await h?.close();
});

const store = () => h.built.store;
const sniper = () => h.built.services.automation;
const balance = async (token: string, address: string) =>
  BigInt((await api.getTokenBalance(address, token)).balanceInSun);

describe('sniper', () => {
  it('buys a matching new token exactly once, in the block after its creation; leaves the others', async () => {
    const U = 8801;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/autotpsl +100% 50% -30% 100%'));
    await h.send(h.tg.message(U, '/snipe add 50 name:cat'));
    expect(h.tg.last(U).text).toMatch(/^✅ <b>Snipe rule set<\/b>\n🎯 50 TRX of every new token \(name has “cat”\)/);
    const rule = (await sniper().rules(U))[0]!;
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
    const auto = await waitFor(async () => {
      const l = await h.built.services.orders.list(U, made.token);
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
    await events.handled(other.txid, 'create');
    expect(await balance(other.token, me)).toBe(0n);
    expect(snipesOf(rule.id)).toHaveLength(1);
  });

  it('stops at its daily budget, and keeps to maxdev', async () => {
    const U = 8802;
    await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 100 name:frog budget:150 maxdev:5'));
    const rule = (await sniper().rules(U))[0]!;
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
    expect(await sniper().spent(rule.id)).toBe(100_000_000n);
    // more matching tokens the same day: still skipped, and the user is not told again
    await dev.create('Frog Three', 'FRG3', 10);
    const four = await dev.create('Frog Four', 'FRG4', 10);
    await events.handled(four.txid, 'create'); // and the one before it, handled first
    expect(snipesOf(rule.id)).toHaveLength(1);
    expect(h.tg.sent(U).filter((m) => m.text.includes('daily budget'))).toHaveLength(1);
  });

  it('with launch, buys at the graduation on the DEX instead of at the creation', async () => {
    const U = 8803;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 40 name:moon launch maxdev:50'));
    const rule = (await sniper().rules(U))[0]!;
    const token = tokens.MOON!;
    const whale = await outsider(50_000);
    await whale.call(
      ROUTER,
      'buy(address,uint256,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '4102444800' },
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
    const rule = (await sniper().rules(U))[0]!;
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
    expect((await sniper().rules(U))[0]!.status).toBe('paused');
    const late = await (await outsider(1_000)).create('Guard Late', 'GLATE', 10);
    await events.handled(late.txid, 'create');
    expect(snipesOf(rule.id)).toHaveLength(1); // paused: nothing bought
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🗑 Delete #1')));
    expect(await sniper().rules(U)).toHaveLength(0);
  });
});

/** The minimum out the signed transaction carries: the router's buy(token, minOut, feeBps). */
function signedMinOut(signedTx: string): bigint {
  const tx = JSON.parse(signedTx) as { raw_data: { contract: Array<{ parameter: { value: { data: string } } }> } };
  const data = tx.raw_data.contract[0]!.parameter.value.data;
  return BigInt(`0x${data.slice(8 + 64, 8 + 128)}`);
}
/** The fewest tokens (18 decimals) `sun` may buy at a price of at most `capE18` TRX per token. */
const capMinimum = (sun: bigint, capE18: bigint) => {
  const per = 1_000_000n * capE18;
  return (sun * 10n ** 36n + per - 1n) / per;
};

describe('snipe caps', () => {
  it('skips a token above its price or market-cap cap, says why once a day a rule, and lists the caps', async () => {
    const U = 8805;
    const me = await newUser(U);
    await h.send(h.tg.message(U, '/snipe add 20 name:pricy maxprice:0.00001'));
    expect(h.tg.last(U).text).toContain('🎯 20 TRX of every new token (name has “pricy”, price ≤ 0.00001 TRX)');
    await h.send(h.tg.message(U, '/snipe add 20 name:pricy maxmc:2k'));
    expect(h.tg.last(U).text).toContain('(name has “pricy”, market cap ≤ $2,000)');
    const [byPrice, byMc] = await sniper().rules(U);
    // a new token starts at about 0.0000327 TRX per token: about 8,200 USD of market cap at 0.25 USD a TRX
    const made = await (await outsider(1_000)).create('Pricy Cat', 'PRCY', 10);
    const told = await waitFor(() => {
      const m = h.tg.sent(U).filter((x) => x.text.startsWith('⏭ Snipe of $PRCY skipped'));
      return m.length === 2 ? m.map((x) => x.text) : undefined;
    }, 30_000);
    // the price cap's, and the market cap's (2,000 USD over a billion tokens at 0.25 USD a TRX)
    expect(told.find((t) => !t.includes('market cap at most'))).toMatch(
      /^⏭ Snipe of \$PRCY skipped: the price with fees, 0\.0000\d+ TRX per token, is above the rule's cap of 0\.00001 \(no more notices of tokens above this cap today\)$/,
    );
    expect(told.find((t) => t.includes('market cap at most'))).toMatch(
      /^⏭ Snipe of \$PRCY skipped: the price with fees, 0\.0000\d+ TRX per token, is above the rule's cap of 0\.000008 \(2,000 USD market cap at most; no more notices of tokens above this cap today\)$/,
    );
    expect(snipesOf(byPrice!.id)).toHaveLength(0);
    expect(snipesOf(byMc!.id)).toHaveLength(0);
    expect(await balance(made.token, me)).toBe(0n);

    // the next token above the caps the same day: skipped again, not told again; a rule added now is
    // told of its first, even while the shared record of notices cannot be read
    await h.send(h.tg.message(U, '/snipe add 20 name:pricy maxprice:0.00002'));
    const claim = store().claimWindow.bind(store());
    store().claimWindow = () => Promise.reject(new Error('database unavailable'));
    try {
      const next = await (await outsider(1_000)).create('Pricy Two', 'PRC2', 10);
      await waitFor(
        () => (h.tg.sent(U).some((m) => m.text.startsWith('⏭ Snipe of $PRC2 skipped')) ? true : undefined),
        30_000,
      );
      await events.handled(next.txid, 'create'); // it tells before it returns: all it had to say is said
      expect(
        h.tg
          .sent(U)
          .filter((m) => m.text.startsWith('⏭ Snipe of $PRC2'))
          .map((m) => m.text),
      ).toEqual([
        expect.stringMatching(
          /is above the rule's cap of 0\.00002 \(no more notices of tokens above this cap today\)$/,
        ),
      ]);
      expect(await balance(next.token, me)).toBe(0n);
    } finally {
      store().claimWindow = claim;
    }

    await h.send(h.tg.message(U, '/snipe'));
    expect(h.tg.last(U).text).toMatch(
      /1\. 🎯 20 TRX of every new token \(name has “pricy”, price ≤ 0\.00001 TRX\) · 0\/200 TRX today\n2\. 🎯 20 TRX of every new token \(name has “pricy”, market cap ≤ \$2,000\) · 0\/200 TRX today\n3\. 🎯 20 TRX of every new token \(name has “pricy”, price ≤ 0\.00002 TRX\) · 0\/200 TRX today/,
    );
  });

  it('under the cap buys with a signed minimum out that holds the cap, and buys nothing when someone buys first', async () => {
    const U = 8806;
    const me = await newUser(U);
    // a wide slippage: the cap, not the slippage, sets the minimum out
    await store().saveSettings(U, { ...store().settings((await store().user(U))!), slippage: 50 });
    const cap = 42_500_000_000_000n; // 0.0000425 TRX per token, about 1.3 × a new token's price
    await h.send(h.tg.message(U, '/snipe add 50 name:capped maxprice:0.0000425 maxmc:100k'));
    const rule = (await sniper().rules(U))[0]!;
    const dev = await outsider(1_000);
    const one = await dev.create('Capped One', 'CAP1', 10);
    const bought = await waitFor(() => {
      const t = snipesOf(rule.id)[0];
      return t?.status === 'confirmed' ? t : undefined;
    }, 30_000);
    const least = capMinimum(50_000_000n, cap);
    // the trade kept the quote, with the cap's minimum (above the slippage's), and signed exactly it
    const kept = JSON.parse(bought.quote) as { venue: string; amountIn: string; minOut: string; expectedOut: string };
    expect(kept).toMatchObject({ venue: 'curve', amountIn: '50000000', minOut: least.toString() });
    expect(BigInt(kept.expectedOut) / 2n).toBeLessThan(least);
    expect(signedMinOut(bought.signed_tx!)).toBe(least);
    expect(await balance(one.token, me)).toBeGreaterThanOrEqual(least);
    await waitFor(() =>
      h.tg.sent(U).some((m) => /^🎯 <b>Sniped<\/b>: bought [\d.,KM]+ \$CAP1 for 50 TRX/.test(m.text))
        ? true
        : undefined,
    );

    // someone buys 10,000 TRX of the next one between the snipe's signing and its broadcast: the price
    // passes the cap (about 1.6 × what it was, still within the 50 % slippage), and the signed minimum
    // out makes the snipe buy nothing on chain
    const whale = await outsider(30_000);
    const client = (await h.account(U)).client;
    const send = client.broadcast.bind(client);
    client.broadcast = async (signed: object) => {
      client.broadcast = send;
      const data = (signed as { raw_data: { contract: Array<{ parameter: { value: { data: string } } }> } }).raw_data
        .contract[0]!.parameter.value.data;
      await whale.buy(TronWeb.address.fromHex(`41${data.slice(8 + 24, 8 + 64)}`), 10_000);
      return send(signed);
    };
    try {
      const two = await dev.create('Capped Two', 'CAP2', 10);
      const failed = await waitFor(() => {
        const t = snipesOf(rule.id)[1];
        return t?.status === 'failed' ? t : undefined;
      }, 30_000);
      expect(failed.id).toBe(`s:${rule.id}:${two.token}`);
      expect(signedMinOut(failed.signed_tx!)).toBe(least);
      // it reached the chain, and was refused there
      const onChain = h.stack.devnet.chain.db.$client
        .prepare('select status from transactions where txid = ?')
        .get(failed.txid) as { status: string };
      expect(onChain.status).not.toBe('SUCCESS');
      expect(await balance(two.token, me)).toBe(0n);
      await waitFor(() => (h.tg.sent(U).some((m) => m.text.startsWith('❌ Snipe of $CAP2 failed')) ? true : undefined));
    } finally {
      client.broadcast = send;
    }
  });
});
