// A hostile API in front of the real one rewrites its quotes: the amount in, the minimum out, the
// router's fee, the output, the wallet's holding and the figures people read. The trading side makes
// every trade's terms itself, from the user's words and the node (which the proxy does not touch),
// and checks the API against them: each rewrite is refused with nothing sent, or the trade is signed
// with the user's own figures, for trades by hand, orders, snipes and copies alike. No wallet moves
// more than its user confirmed, and the user is told.
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient, type Quote } from '../../src/client/index.js';
import { toHexAddress } from '../../src/tron/address.js';
import { automationHelpers, ROUTER } from '../helpers/automation.js';
import { startBotStack } from '../helpers/bot.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';
import { hostileProxy } from '../helpers/hostile-proxy.js';

let stack: Stack;
let proxy: Awaited<ReturnType<typeof hostileProxy>>;
let h: Awaited<ReturnType<typeof startBotStack>>;
let helpers: ReturnType<typeof automationHelpers>;
let tokens: Record<string, string>;
/** The honest API, behind no proxy (what the test reads quotes from). */
let honest: LaunchpadClient;
const ALICE = 7101;

beforeAll(async () => {
  stack = await startStack({ pollMs: 100 });
  proxy = await hostileProxy(stack.url);
  h = await startBotStack({ stack, facadeUrl: proxy.url, orders: { follow: false } });
  helpers = automationHelpers(h);
  tokens = await demoTokens(stack.devnet.url);
  honest = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('trader') });
  await helpers.newUser(ALICE, 5_000);
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
  await stack?.close();
});

/** Transactions the address sent that are on the devnet's chain. */
const sentFrom = (address: string): number =>
  (
    stack.devnet.chain.db.$client
      .prepare('select count(*) n from transactions where owner = ?')
      .get(toHexAddress(address).toLowerCase()) as { n: number }
  ).n;
const hex = (a: string) => TronWeb.address.toHex(a).toLowerCase();
/** A token's curve as the devnet's ledger holds it (virtual reserves). */
const curveOf = (token: string) => stack.devnet.chain.ledger.pool(hex(token))!;
const trades = (user: number) =>
  h.sqlite.$client
    .prepare('select id, status, quote from trades where user_id = ? order by created_at')
    .all(user) as Array<{
    id: string;
    status: string;
    quote: string;
  }>;

/**
 * The tokens a curve buy of `paid` sun gets, worked out here: the router takes `bps` of the payment,
 * the launchpad 1 % of the rest (rounded up), and the curve keeps its product (rounded for the curve).
 */
function curveBuyOut(r: { trxReserve: bigint; tokenReserve: bigint }, paid: bigint, bps: bigint): bigint {
  const afterRouter = paid - (paid * bps) / 10_000n;
  const trxIn = afterRouter - (afterRouter * 100n + 9_999n) / 10_000n;
  const k = r.trxReserve * r.tokenReserve;
  return r.tokenReserve - (k + r.trxReserve + trxIn - 1n) / (r.trxReserve + trxIn);
}
/** Whole tokens rounded down to 2 decimals, grouped, as the card writes them. */
function tokensText(units: bigint): string {
  const whole = (units / 10n ** 18n).toLocaleString('en-US');
  const cents = ((units % 10n ** 18n) / 10n ** 16n).toString().padStart(2, '0').replace(/0+$/, '');
  return cents ? `${whole}.${cents}` : whole;
}

/** Sends a command with the proxy rewriting quotes; the bot's answer. */
async function withQuotes(rewrite: (q: Quote) => Quote, text: string) {
  proxy.setQuote((q) => rewrite(q));
  try {
    await h.send(h.tg.message(ALICE, text));
    return h.tg.last(ALICE);
  } finally {
    proxy.setQuote(undefined);
  }
}

describe('a trade by hand, with the quote rewritten', () => {
  const refusals: Array<[string, (q: Quote) => Quote, RegExp]> = [
    [
      'a 1,500 TRX amount in, shown and exact, for a buy of 10',
      (q) => ({ ...q, amountIn: 1500, exact: { ...q.exact, amountIn: '1500000000' } }),
      /the quote is for another amount than you asked/,
    ],
    [
      'a 1,500 TRX exact amount behind a display of 10',
      (q) => ({ ...q, exact: { ...q.exact, amountIn: '1500000000' } }),
      /the quote shows one amountIn and pins another/,
    ],
    [
      'a display of a higher output over the real one',
      (q) => ({ ...q, expectedOut: q.expectedOut * 2 }),
      /the quote shows one expectedOut and pins another/,
    ],
    [
      "a router fee of 15 %, above the bot's cap of 10 %",
      (q) => ({ ...q, exact: { ...q.exact, routerFeeBps: '1500' } }),
      /the router fee of 15 % is above this bot's cap/,
    ],
    [
      'an output 2 % below the market on the node',
      (q) => {
        const out = (BigInt(q.exact.expectedOut) * 98n) / 100n;
        return { ...q, expectedOut: Number(out) / 1e18, exact: { ...q.exact, expectedOut: out.toString() } };
      },
      /more than 1 % less than the market the node shows|shows one expectedOut/,
    ],
  ];

  it.each(refusals)('refuses %s: nothing is quoted to confirm, nothing sent', async (_what, rewrite, why) => {
    const address = (await h.account(ALICE)).wallet.address;
    const [before, rows] = [sentFrom(address), trades(ALICE).length];
    const answer = await withQuotes(rewrite, `/buy ${tokens.SDOG} 10`);
    expect(answer.text).toMatch(/^⚠️ Stopped for your safety: /);
    expect(answer.text).toMatch(why);
    expect(trades(ALICE)).toHaveLength(rows);
    expect(sentFrom(address)).toBe(before);
  });

  it('does not believe a minimum of 1: the card shows, and the trade signs, the minimum made from the node', async () => {
    const token = tokens.SDOG!;
    const bps = BigInt((await honest.quote({ type: 'buy', tokenAddress: token, amount: 10 })).exact.routerFeeBps);
    const out = curveBuyOut(curveOf(token), 10_000_000n, bps);
    const min = (out * 9_500n) / 10_000n; // the user's 5 % slippage
    const address = (await h.account(ALICE)).wallet.address;
    const [trxBefore, held] = [h.trxBalance(address), h.tokenBalance(token, address)];
    const card = await withQuotes(
      (q) => ({ ...q, minOut: 1e-18, exact: { ...q.exact, minOut: '1' } }),
      `/buy ${token} 10`,
    );
    expect(card.text).toContain('You pay: 10 TRX');
    expect(card.text).toContain(`You get: ~${tokensText(out)} $SDOG`);
    expect(card.text).toContain(`Minimum (slippage 5%): ${tokensText(min)} $SDOG`);
    proxy.setQuote((q) => ({ ...q, minOut: 1e-18, exact: { ...q.exact, minOut: '1' } }));
    try {
      await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '✅ Confirm')));
      await waitFor(() => (/^(✅|❌)/.test(card.text) ? true : undefined), 20_000);
    } finally {
      proxy.setQuote(undefined);
    }
    expect(card.text).toMatch(/^✅ <b>Bought<\/b>/);
    // the build was asked for exactly the user's amount and the node's minimum
    expect(proxy.asked('/launchpad/localTrade')).toMatchObject({ amount: '10', minOut: min.toString() });
    // 10 TRX and the network fee (at most the card's: the router is sponsored) left the wallet, nothing
    // more; the tokens are at least the minimum
    const spent = trxBefore - h.trxBalance(address);
    expect(spent).toBeGreaterThanOrEqual(10_000_000n);
    expect(spent).toBeLessThan(10_000_000n + 2_000_000n);
    expect(h.tokenBalance(token, address) - held).toBeGreaterThanOrEqual(min);
  });

  it('sells the share of what the node shows, and refuses a holding or an amount the API makes up', async () => {
    const token = tokens.SDOG!;
    const address = (await h.account(ALICE)).wallet.address;
    const held = h.tokenBalance(token, address);
    expect(held).toBeGreaterThan(0n);
    const before = sentFrom(address);
    const more = await withQuotes(
      (q) => ({ ...q, wallet: { ...q.wallet!, tokenBalance: (held * 10n).toString() } }),
      `/sell ${token} 10%`,
    );
    expect(more.text).toMatch(
      /^⚠️ Stopped for your safety: the API reports a holding above what your wallet holds on chain/,
    );
    const all = await withQuotes(
      (q) => ({ ...q, amountIn: Number(held) / 1e18, exact: { ...q.exact, amountIn: held.toString() } }),
      `/sell ${token} 10%`,
    );
    expect(all.text).toMatch(/^⚠️ Stopped for your safety: the quote is for another amount than you asked/);
    expect(sentFrom(address)).toBe(before);
    // honest: a tenth of what the node shows, to the unit
    await h.send(h.tg.message(ALICE, `/sell ${token} 10%`));
    const card = h.tg.last(ALICE);
    expect(card.text).toContain(`You sell: ${tokensText(held / 10n)} $SDOG`);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '✅ Confirm')));
    await waitFor(() => (/^(✅|❌)/.test(card.text) ? true : undefined), 30_000);
    expect(card.text).toMatch(/^✅ <b>Sold<\/b>/);
    expect(h.tokenBalance(token, address)).toBe(held - held / 10n);
  });
});

describe('automated trades, with the quote or the build rewritten', () => {
  it('an order whose quote names another amount is paused and its user told; nothing is sent', async () => {
    const token = tokens.ECHO!;
    const address = (await h.account(ALICE)).wallet.address;
    const before = sentFrom(address);
    // a limit buy at a level far above the price: it fires as it is set
    proxy.setQuote((q) => ({ ...q, amountIn: 1500, exact: { ...q.exact, amountIn: '1500000000' } }));
    let paused;
    try {
      await h.send(h.tg.message(ALICE, `/limit ${token} buy 10 @ 1`));
      paused = await waitFor(() => h.tg.sent(ALICE).find((m) => /^⏸ <b>Order paused<\/b>/.test(m.text)));
    } finally {
      proxy.setQuote(undefined);
    }
    expect(paused.text).toMatch(/Stopped for your safety: the quote is for another amount than you asked/);
    expect(paused.text).toContain('Tap Resume to try again.');
    expect(sentFrom(address)).toBe(before);
  });

  it('a snipe whose build names another amount or a fee above the cap fails with nothing sent, and says why', async () => {
    const U = 7102;
    const me = await helpers.newUser(U, 2_000);
    await h.built.services.automation.addRule(U, { trx: '10', word: 'hostile' });
    const dev = await helpers.outsider(1_000);
    const rewrites: Array<[(q: Quote) => Quote, RegExp]> = [
      [(q) => ({ ...q, amountIn: 1500, exact: { ...q.exact, amountIn: '1500000000' } }), /another amount/],
      [(q) => ({ ...q, exact: { ...q.exact, routerFeeBps: '2000' } }), /router fee of 20 % is above/],
    ];
    for (const [i, [rewrite, why]] of rewrites.entries()) {
      const made = await dev.create(`hostile cat ${i}`, `HC${i}`, 1);
      proxy.setQuote((q, route) => (route === 'localTrade' ? rewrite(q) : q));
      try {
        await h.built.services.automation.onEvent({
          id: 900 + i,
          kind: 'create',
          token: made.token,
          txid: made.txid,
          timestamp: Date.now(),
          data: { name: `hostile cat ${i}`, symbol: `HC${i}`, creator: dev.address },
        });
        const told = await waitFor(() =>
          h.tg.sent(U).find((m) => new RegExp(`^❌ Snipe of \\$HC${i} failed: Stopped for your safety`).test(m.text)),
        );
        expect(told.text).toMatch(why);
      } finally {
        proxy.setQuote(undefined);
      }
    }
    expect(sentFrom(me)).toBe(0);
  });

  it('a copied sell sells the share of the position the bot recorded, not of tokens sent to the wallet', async () => {
    const U = 7103;
    const token = tokens.TCAT!;
    const me = await helpers.newUser(U, 2_000);
    const source = await helpers.outsider(2_000);
    await h.built.services.automation.addFollow(U, { source: source.address, trx: '20', sells: true });
    const buy = await source.buy(token, 100);
    await h.built.services.automation.onEvent({
      ...helpers.sourceBuy(source.address, token, 'TCAT', 100_000_000n),
      txid: buy.txid,
    });
    const copied = await waitFor(
      () => (h.tokenBalance(token, me) > 0n ? h.tokenBalance(token, me) : undefined),
      20_000,
    );
    await waitFor(() =>
      h.sqlite.$client.prepare("select 1 from trades where user_id = ? and status = 'confirmed'").get(U)
        ? true
        : undefined,
    );
    // someone sends the follower more of the token: the node shows it, the bot's record does not
    const gift = await helpers.outsider(1_000);
    await gift.buy(token, 50);
    const gifted = h.tokenBalance(token, gift.address);
    await gift.call(token, 'transfer(address,uint256)', [
      { type: 'address', value: me },
      { type: 'uint256', value: gifted.toString() },
    ]);
    expect(h.tokenBalance(token, me)).toBe(copied + gifted);
    // the source sells half of what it holds
    const srcHeld = h.tokenBalance(token, source.address);
    await source.call(token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: srcHeld.toString() },
    ]);
    const sold = await source.call(ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: (srcHeld / 2n).toString() },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '4102444800' },
    ]);
    await h.built.services.automation.onEvent({
      id: 950,
      kind: 'sell',
      token,
      txid: sold.txid,
      timestamp: Date.now(),
      data: {
        user: source.address,
        symbol: 'TCAT',
        trxAmountSun: '50000000',
        tokenAmountExact: (srcHeld / 2n).toString(),
      },
    });
    await waitFor(() => (h.tokenBalance(token, me) < copied + gifted ? true : undefined), 20_000);
    // half of the copied position went; the gift stayed
    expect(h.tokenBalance(token, me)).toBe(copied + gifted - copied / 2n);
    // an order selling all (a limit sell far under the price: it fires as it is set) sells the rest of
    // the position; the quote's report of the whole balance is the truth, not a lie to refuse
    await h.send(h.tg.message(U, `/limit ${token} sell 100% @ 0.000000001`));
    await waitFor(() => h.tg.sent(U).find((m) => /^(✅ <b>Order filled|⏸|❌ <b>Order)/.test(m.text)), 30_000);
    expect(h.tg.sent(U).find((m) => /^⏸|^❌ <b>Order/.test(m.text))).toBeUndefined();
    expect(h.tokenBalance(token, me)).toBe(gifted);
  });
});
