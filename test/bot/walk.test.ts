// A new user's first minute, on the default plan (free: 30 requests/min for an outside client), and a
// user who floods the bot while another trades. Nothing they asked for may fail for our own reasons.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tr } from '../helpers/speech.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
/** Every call the bot makes to the facade, by path, in order. */
const apiCalls: string[] = [];
const NEW_USER = 5001;
const FLOODER = 5002;
const TRADER = 5003;

beforeAll(async () => {
  const realFetch = globalThis.fetch;
  // the bot's clients take the global fetch when they are made: count what reaches the facade
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (h && url.startsWith(h.stack.url)) apiCalls.push(new URL(url).pathname);
    return realFetch(input, init);
  });
  // the default plan and the default per-user limits of npm start
  h = await startBotStack({ defaultPlan: 'free', bot: { userRate: 3, userRatePerMinute: 40 } });
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await h?.close();
});

const NON_POLLING = (calls: string[]) => calls.filter((p) => p !== '/launchpad/txStatus');
/** A person's pace: no more than three messages or taps a second (what the spam limit allows). A time:
 * the limit under test counts updates a second. */
const pause = () => new Promise((r) => setTimeout(r, 350));
/** Sends a user's update at a person's pace. */
const act = async (u: Parameters<typeof h.send>[0]) => {
  await pause();
  await h.send(u);
};

/** Taps Confirm on the last quote and waits for its final edit. */
async function confirm(user: number) {
  const quote = h.tg.last(user);
  expect(quote.text).toMatch(/<b>(🟢 Buy|🔴 Sell) \$/);
  await h.send(h.tg.tap(user, quote, h.tg.button(quote, '✅ Confirm')));
  await waitFor(() => (/^(✅|❌)/u.test(quote.text) ? true : undefined), 30_000);
  return quote;
}

describe("a new user's first minute on the free plan", () => {
  it('start, card, buy, positions, wallet, sell 50 %, sell 100 %, five more cards: every step succeeds', async () => {
    const started = Date.now();
    await act(h.tg.message(NEW_USER, '/start'));
    expect(h.tg.last(NEW_USER).text).toContain('Welcome!');
    const address = (await h.account(NEW_USER)).wallet.address;
    await faucet(h.stack.devnet.url, address, 1_000);

    await act(h.tg.message(NEW_USER, tokens.TCAT!));
    const card = h.tg.last(NEW_USER);
    expect(card.text).toContain('<b>Tron Cat</b> ($TCAT)');

    // buy: quote -> Confirm -> result, in at most 5 API calls apart from status polls
    let mark = apiCalls.length;
    await act(h.tg.tap(NEW_USER, card, h.tg.button(card, 'Buy 100 TRX')));
    const bought = await confirm(NEW_USER);
    expect(bought.text).toMatch(/^✅ <b>Bought<\/b> — received [\d.,KM]+ \$TCAT/);
    expect(bought.text).toMatch(/Balance: [\d,.]+ TRX · [\d.,KM]+ \$TCAT/);
    // a way back from the result
    expect(h.tg.buttons(bought)).toEqual([
      { text: '⬅️ $TCAT', data: `r:${tokens.TCAT}` },
      { text: '📊 Positions', data: 'pos' },
    ]);
    const buyCalls = NON_POLLING(apiCalls.slice(mark));
    expect(buyCalls).toEqual(['/launchpad/quote', '/launchpad/localTrade', '/launchpad/broadcast']);

    await act(h.tg.message(NEW_USER, '/positions'));
    expect(h.tg.last(NEW_USER).text).toMatch(/<b>\$TCAT<\/b> — [\d.,KM]+/);
    await act(h.tg.message(NEW_USER, '/wallet'));
    expect(h.tg.last(NEW_USER).text).toContain('<b>👛 Wallet 1 of 1</b>');

    // the first sell approves the router too: still at most 5 calls apart from polls
    mark = apiCalls.length;
    await act(h.tg.message(NEW_USER, `/sell ${tokens.TCAT} 50%`));
    const sold = await confirm(NEW_USER);
    expect(sold.text).toMatch(/^✅ <b>Sold<\/b> — received [\d.,]+ TRX/);
    const sellCalls = NON_POLLING(apiCalls.slice(mark));
    expect(sellCalls.length).toBeLessThanOrEqual(5);
    expect(sellCalls).toEqual([
      '/launchpad/quote',
      '/launchpad/approve',
      '/launchpad/broadcast',
      '/launchpad/localTrade',
      '/launchpad/broadcast',
    ]);

    await act(h.tg.message(NEW_USER, `/sell ${tokens.TCAT} 100%`));
    const all = await confirm(NEW_USER);
    expect(all.text).toMatch(/^✅ <b>Sold<\/b> — received [\d.,]+ TRX/);
    expect(all.text).toMatch(/· 0 \$TCAT/);

    for (const symbol of ['SDOG', 'MOON', 'FROG', 'WAVE', 'ECHO']) {
      await act(h.tg.message(NEW_USER, tokens[symbol]!));
      expect(h.tg.last(NEW_USER).text).toContain(`($${symbol})`);
    }
    // all of it inside one minute, and the free plan's 30 requests/min never refused a step
    expect(Date.now() - started).toBeLessThan(60_000);
    const key = (await h.stack.facade.keys.list()).find((k) => k.label === `telegram:${NEW_USER}`)!;
    expect(key.plan).toBe('free');
    expect((await h.stack.facade.keys.plans()).find((p) => p.name === 'free')!.rpm).toBe(30);
    for (const m of h.tg.sent(NEW_USER)) {
      expect(m.text).not.toMatch(/Too many requests|something went wrong/i);
      for (const t of m.history) expect(t).not.toMatch(/Too many requests|something went wrong/i);
    }
  });
});

describe('a user who floods the bot', () => {
  it('is told to slow down, while another user trades normally', async () => {
    await h.send(h.tg.message(TRADER, '/start'));
    const address = (await h.account(TRADER)).wallet.address;
    await faucet(h.stack.devnet.url, address, 500);
    // the flooder's one-second windows start with this /start (it takes one place in the first)
    const firstCounted = Date.now();
    await h.send(h.tg.message(FLOODER, '/start'));
    const before = h.tg.sent(FLOODER).length;

    // 60 messages in well under 10 s, each of them work for the bot (a card)
    const floodStart = Date.now();
    const flood = Array.from({ length: 60 }, () => h.send(h.tg.message(FLOODER, tokens.SDOG!)));
    // meanwhile the trader's card and buy go through
    await h.send(h.tg.message(TRADER, tokens.MOON!));
    const card = h.tg.last(TRADER);
    expect(card.text).toContain('($MOON)');
    await h.send(h.tg.tap(TRADER, card, h.tg.button(card, 'Buy 100 TRX')));
    await Promise.all(flood);
    const floodEnd = Date.now();
    const floodSeconds = Math.ceil((Date.now() - floodStart) / 1000);
    expect(floodSeconds).toBeLessThan(10);
    const bought = await confirm(TRADER);
    expect(bought.text).toMatch(/^✅ <b>Bought<\/b>/);

    const replies = h.tg.sent(FLOODER).slice(before);
    const cards = replies.filter((m) => m.text.includes('($SDOG)'));
    const warnings = replies.filter((m) => m.text === tr('en', 'bot-slow-down'));
    expect(warnings).toHaveLength(1); // said once, not sixty times
    expect(cards.length).toBeGreaterThan(0);
    // at most 3 a window got through; the rest was shed before any work. The limiter's windows are
    // fixed 1-s ones (its in-memory store forgets every count each second, wherever a user's first
    // update fell), so a span of S seconds from the /start meets at most floor(S) + 2 of them
    const windows = Math.floor((floodEnd - firstCounted) / 1000) + 2;
    expect(cards.length).toBeLessThanOrEqual(3 * windows - 1);
    expect(cards.length).toBeLessThan(60 / 4);
  });
});
