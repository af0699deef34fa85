// Copy trading on the devnet: follows set through the bot's commands, the follower's wallet trading
// exactly once per source trade, within its limits. A followed wallet that sends hundreds of buys
// (tiny ones, many of one token, a few each of many tokens) must not farm its followers: their buys
// stay within the minimum, the per-token cap and the daily budget, and the budget is told once a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { automationHelpers, ROUTER } from '../helpers/automation.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { watchEvents } from '../helpers/events.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let api: LaunchpadClient;
let tokens: Record<string, string>;
let helpers: ReturnType<typeof automationHelpers>;
/** Which stream events the automation has handled (proof that it has looked at one). */
let events: ReturnType<typeof watchEvents>;
/** The sniper's clock runs this far ahead of the wall clock (a day later, for the budget's window). */
let ahead = 0;

beforeAll(async () => {
  h = await startBotStack({ orders: { now: () => Date.now() + ahead } });
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  tokens = await demoTokens(h.stack.devnet.url);
  helpers = automationHelpers(h);
  events = watchEvents(() => h.built.services.automation);
  await h.built.services.automation.start();
});
afterAll(async () => {
  h?.built.services.automation.stop();
  await h?.close();
});

const sniper = () => h.built.services.automation;
const balance = async (token: string, address: string) =>
  BigInt((await api.getTokenBalance(address, token)).balanceInSun);
const TRX = 1_000_000n;

describe('copy trading', () => {
  it('mirrors a followed wallet’s buy and, with sells, its sell in proportion, once each', async () => {
    const { newUser, outsider, tradesOf } = helpers;
    const U = 8901;
    const me = await newUser(U);
    const source = await outsider(20_000);
    await h.send(h.tg.message(U, `/copy ${source.address} 30 sells`));
    // the defaults: a day's budget of 10 copies, one copy's worth a token, source buys from 1 TRX
    expect(h.tg.last(U).text).toMatch(
      /^✅ <b>Copying<\/b>\n👀 <code>T\w{33}<\/code> · buys 30 TRX · sells too · 0\/300 TRX today · ≤ 30 TRX a token · its buys from 1 TRX$/,
    );
    const follow = (await sniper().follows(U))[0]!;
    const token = tokens.SDOG!;
    const buy = await source.buy(token, 500);
    const bought = await waitFor(() => {
      const t = tradesOf(follow.id);
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
    await source.call(ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: ((srcHeld * 40n) / 100n).toString() },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '4102444800' },
    ]);
    await waitFor(
      () => (tradesOf(follow.id).length === 2 && tradesOf(follow.id)[1]!.status === 'confirmed' ? true : undefined),
      30_000,
    );
    expect(await balance(token, me)).toBe(held - (held * 4000n) / 10_000n);
    // a buy by someone else is not copied (checked once the automation has handled its event)
    const stranger = await (await outsider(1_000)).buy(token, 50);
    await events.handled(stranger.txid, 'buy');
    expect(tradesOf(follow.id)).toHaveLength(2);
    // the list, with what it spent today, pause and remove
    await h.send(h.tg.message(U, '/copy'));
    const list = h.tg.last(U);
    expect(list.text).toContain('· 30/300 TRX today ·');
    expect(h.tg.buttons(list).map((b) => b.text)).toEqual(['⏸ Pause #1', '🗑 Remove #1']);
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🗑 Remove #1')));
    expect(await sniper().follows(U)).toHaveLength(0);
  });
});

describe('copy trading cannot be farmed', () => {
  it('keeps a follower within the minimum, the per-token cap and the budget, and tells the budget once a day', async () => {
    const { newUser, tradesOf, sourceBuy } = helpers;
    const U = 8903;
    const me = await newUser(U);
    const source = (await TronWeb.createAccount()).address.base58;
    await h.send(h.tg.message(U, `/copy ${source} 10 budget:30 token:20 min:2`));
    const follow = (await sniper().follows(U))[0]!;
    const before = h.tg.sent(U).length;
    const [A, B, C, D, E] = [tokens.TCAT!, tokens.SDOG!, tokens.FROG!, tokens.WAVE!, tokens.ECHO!];
    const buys = (token: string, symbol: string, n: number, sun: bigint) =>
      Promise.all(
        Array.from({ length: n }, () => sniper().onEvent(sourceBuy(source, token, symbol, sun, Date.now() + ahead))),
      );
    const confirmed = (n: number) =>
      waitFor(() => {
        const t = tradesOf(follow.id);
        return t.length === n && t.every((x) => x.status === 'confirmed') ? t : undefined;
      }, 30_000);

    // 200 tiny buys, all at once: under the minimum, none copied and nothing said
    await buys(A, 'TCAT', 200, TRX / 2n);
    expect(tradesOf(follow.id)).toHaveLength(0);
    // 50 small buys of one token above the minimum: copied up to the per-token cap (2 × 10 TRX)
    await buys(A, 'TCAT', 50, 3n * TRX);
    await confirmed(2);
    // a few buys each of many tokens: the budget (30 TRX) has room for one more copy, then none
    for (const [token, symbol] of [
      [B, 'SDOG'],
      [C, 'FROG'],
      [D, 'WAVE'],
      [E, 'ECHO'],
    ] as const)
      await buys(token, symbol, 5, 5n * TRX);
    const trades = await confirmed(3);
    expect(trades.map((t) => t.token)).toEqual([A, A, B]);
    expect(await sniper().spent(follow.id)).toBe(30n * TRX);
    expect(await balance(A, me)).toBeGreaterThan(0n);
    expect(await balance(B, me)).toBeGreaterThan(0n);
    for (const t of [C, D, E]) expect(await balance(t, me)).toBe(0n);

    // what the user saw: the three copies and one budget notice; the minimum and the per-token cap
    // skip silently
    const said = await waitFor(() => {
      const m = h.tg.sent(U).slice(before);
      return m.filter((x) => x.text.startsWith('👀 <b>Copied')).length === 3 ? m.map((x) => x.text) : undefined;
    });
    const skips = said.filter((t) => t.startsWith('⏭'));
    expect(skips).toEqual([
      "⏭ Copy of $SDOG skipped: this copy's daily budget of 30 TRX is spent; copies resume as it frees up (no more notices today)",
    ]);
    expect(said).toHaveLength(4);
    await h.send(h.tg.message(U, '/copy'));
    expect(h.tg.last(U).text).toContain('· buys 10 TRX · 30/30 TRX today · ≤ 20 TRX a token · its buys from 2 TRX');

    // a day later the budget has room again, and a budget spent again is told again, once
    ahead = 86_400_000 + 60_000;
    try {
      for (const [token, symbol] of [
        [C, 'FROG'],
        [D, 'WAVE'],
        [E, 'ECHO'],
        [A, 'TCAT'],
        [B, 'SDOG'],
      ] as const)
        await buys(token, symbol, 3, 5n * TRX);
      // two copies of the first token (its cap), one of the next (the budget), then nothing
      expect((await confirmed(6)).slice(3).map((t) => t.token)).toEqual([C, C, D]);
      // every buy above was handled (buys() awaits onEvent, which tells a budget's skip before it returns)
      const notices = () => h.tg.sent(U).filter((m) => m.text.startsWith('⏭'));
      expect(notices().map((m) => m.text)).toEqual([
        skips[0],
        "⏭ Copy of $WAVE skipped: this copy's daily budget of 30 TRX is spent; copies resume as it frees up (no more notices today)",
      ]);
      expect(tradesOf(follow.id)).toHaveLength(6);
    } finally {
      ahead = 0;
    }
  });
});

describe('copied sells cannot be farmed either', () => {
  it('copies no sell under the minimum and at most three sells of a token a day', async () => {
    const { newUser, outsider, tradesOf } = helpers;
    const U = 8931;
    await newUser(U);
    const source = await outsider(20_000);
    await h.send(h.tg.message(U, `/copy ${source.address} 30 sells`));
    const follow = (await sniper().follows(U))[0]!;
    const token = tokens.FROG!;
    await source.buy(token, 500);
    await waitFor(() => (tradesOf(follow.id)[0]?.status === 'confirmed' ? true : undefined), 30_000);
    const held = BigInt((await api.getTokenBalance(source.address, token)).balanceInSun);
    await source.call(token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: held.toString() },
    ]);
    const sell = (amount: bigint) =>
      source.call(ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
        { type: 'address', value: token },
        { type: 'uint256', value: amount.toString() },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '4102444800' },
      ]);
    // crumbs: each sell brings the source well under 1 TRX
    for (let i = 0; i < 5; i++) await sell(held / 100_000n);
    // then six real sells of a tenth each
    let last = { txid: '' };
    for (let i = 0; i < 6; i++) last = await sell(held / 10n);
    // every sell's event handled (in order: the last one last), so every copy there is to make is claimed
    await events.handled(last.txid, 'sell');
    // the follow's trades after its one buy
    const sells = () => tradesOf(follow.id).slice(1);
    await waitFor(
      () => (sells().length === 3 && sells().every((t) => t.status === 'confirmed') ? true : undefined),
      30_000,
    );
    expect(sells()).toHaveLength(3);
  });
});
