// Trading by commands and buttons against a fake Telegram, the real facade and the devnet: what users see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;
const BOB = 1002;
const GROUP = -100500;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(ALICE, '/start'));
});
afterAll(async () => h?.close());

describe('trading by buttons', () => {
  let card: ReturnType<typeof h.tg.last>;

  beforeAll(async () => {
    await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 5_000);
    await h.send(h.tg.message(ALICE, tokens.SDOG!));
    card = h.tg.last(ALICE);
  });

  it('buys 100 TRX: quote, Confirm, pending, result; balances change on the devnet', async () => {
    const w = await h.walletOf(ALICE);
    const trxBefore = h.trxBalance(w.address);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, 'Buy 100 TRX')));
    const quote = h.tg.last(ALICE);
    expect(quote.text).toContain('<b>🟢 Buy $SDOG</b>');
    expect(quote.text).toContain('You pay: 100 TRX');
    expect(quote.text).toMatch(/Minimum \(slippage 5%\)/);
    expect(quote.text).toMatch(/Fees: 0\.995 TRX launchpad \+ 0\.5 TRX bot/); // 1 % of 99.5 and the trader plan's 0.5 %
    expect(quote.text).toMatch(/Price impact: \d+\.\d\d%/);
    expect(h.tg.buttons(quote).map((b) => b.text)).toEqual(['✅ Confirm', '✖️ Cancel']);
    await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 20_000);
    expect(quote.history.some((t) => t.startsWith('⏳ <b>Pending</b>'))).toBe(true);
    expect(quote.text).toMatch(/^✅ <b>Bought<\/b> — received [\d.,KM]+ \$SDOG/);
    expect(quote.text).toMatch(/Tx: <code>[0-9a-f]{64}<\/code>/);
    expect(quote.text).toMatch(/Balance: [\d,.]+ TRX/);
    const held = h.tokenBalance(tokens.SDOG!, w.address);
    expect(held).toBeGreaterThan(0n);
    expect(h.trxBalance(w.address)).toBeLessThanOrEqual(trxBefore - 100_000_000n);
  });

  it('sells 50 % by button, approving the router first, automatically', async () => {
    const w = await h.walletOf(ALICE);
    const held = h.tokenBalance(tokens.SDOG!, w.address);
    const trxBefore = h.trxBalance(w.address);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, 'Sell 50%')));
    const quote = h.tg.last(ALICE);
    expect(quote.text).toContain('<b>🔴 Sell $SDOG</b>');
    await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 30_000);
    expect(quote.text).toMatch(/^✅ <b>Sold<\/b> — received [\d.,]+ TRX/);
    expect(h.tokenBalance(tokens.SDOG!, w.address)).toBe(held - held / 2n);
    expect(h.trxBalance(w.address)).toBeGreaterThan(trxBefore);
  });

  it('sends one transaction for a double tap on Confirm', async () => {
    const w = await h.walletOf(ALICE);
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 10`));
    const quote = h.tg.last(ALICE);
    const data = h.tg.button(quote, '✅ Confirm');
    const id = data.slice(3);
    const before = h.stack.devnet.chain.db.$client
      .prepare('select count(*) n from transactions where owner = ?')
      .get(TronWeb.address.toHex(w.address).toLowerCase()) as { n: number };
    // a hundred taps at once (retried updates, impatient fingers)
    await Promise.all(Array.from({ length: 100 }, () => h.send(h.tg.tap(ALICE, quote, data))));
    await waitFor(() => (quote.text.startsWith('✅') ? true : undefined), 20_000);
    const after = h.stack.devnet.chain.db.$client
      .prepare('select count(*) n from transactions where owner = ?')
      .get(TronWeb.address.toHex(w.address).toLowerCase()) as { n: number };
    expect(after.n - before.n).toBe(1);
    expect((await h.built.store.trade(id))!.status).toBe('confirmed');
    expect(
      h.tg.callbackAnswers().filter((a) => a.text === 'This trade is already being handled.').length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('asks for a fresh confirm when the quote expired', async () => {
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 10`));
    const quote = h.tg.last(ALICE);
    const data = h.tg.button(quote, '✅ Confirm');
    await h.built.store.updateTrade(data.slice(3), { expiresAt: Date.now() - 1 });
    await h.send(h.tg.tap(ALICE, quote, data));
    expect(quote.text).toBe('⌛ Quote expired.');
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: expect.stringMatching(/expired/), show_alert: true });
    const fresh = h.tg.last(ALICE);
    expect(fresh).not.toBe(quote);
    expect(fresh.text).toContain('<b>🟢 Buy $SDOG</b>');
    await h.send(h.tg.tap(ALICE, fresh, h.tg.button(fresh, '✖️ Cancel')));
    expect(fresh.text).toBe('✖️ Cancelled.');
  });

  it('quotes /sell with a percent or a token amount', async () => {
    await h.send(h.tg.message(ALICE, `/sell ${tokens.SDOG} 10%`));
    const q = h.tg.last(ALICE);
    expect(q.text).toContain('<b>🔴 Sell $SDOG</b>');
    expect(q.text).toMatch(/You get: ~[\d,.]+ TRX/);
    await h.send(h.tg.tap(ALICE, q, h.tg.button(q, '✖️ Cancel')));
    await h.send(h.tg.message(ALICE, `/sell ${tokens.SDOG} 1000`));
    expect(h.tg.last(ALICE).text).toContain('You sell: 1,000 $SDOG');
  });

  it('answers bad amounts, bad addresses and unknown tokens helpfully', async () => {
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} -5`));
    expect(h.tg.last(ALICE).text).toMatch(/positive number of TRX/);
    await h.send(h.tg.message(ALICE, `/sell ${tokens.SDOG} 150%`));
    expect(h.tg.last(ALICE).text).toMatch(/percent of your holding/);
    await h.send(h.tg.message(ALICE, '/buy nope 5'));
    expect(h.tg.last(ALICE).text).toMatch(/does not look like a token address/);
    await h.send(h.tg.message(ALICE, `/buy ${(await TronWeb.createAccount()).address.base58} 5`));
    expect(h.tg.last(ALICE).text).toMatch(/could not find token/);
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 100000000`));
    expect(h.tg.last(ALICE).text).toMatch(/Not enough funds|price would move/);
  });

  it("refuses a stranger tapping someone else's buttons in a group", async () => {
    await h.send(h.tg.message(BOB, '/start', BOB));
    await h.send(h.tg.message(ALICE, `/token ${tokens.SDOG}`, GROUP));
    const card = h.tg.last(GROUP);
    const sentBefore = h.tg.sent(GROUP).length;
    await h.send(h.tg.tap(BOB, card, h.tg.button(card, 'Buy 100 TRX')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({
      text: 'These buttons belong to the person who asked.',
      show_alert: true,
    });
    expect(h.tg.sent(GROUP).length).toBe(sentBefore); // no quote for Bob
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, 'Buy 100 TRX')));
    const quote = h.tg.last(GROUP);
    expect(quote.text).toContain('Buy $SDOG');
    await h.send(h.tg.tap(BOB, quote, h.tg.button(quote, '✅ Confirm')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ show_alert: true });
    expect((await h.built.store.trade(h.tg.button(quote, '✅ Confirm').slice(3)))!.status).toBe('quoted');
  });

  it("in a group: a trade's result shows no balance, /start shows no address, and nobody's buttons act for another", async () => {
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 5`, GROUP));
    const quote = h.tg.last(GROUP);
    await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 20_000);
    expect(quote.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(quote.text).not.toContain('Balance');
    await h.send(h.tg.message(BOB, '/start', GROUP));
    const hello = h.tg.last(GROUP);
    expect(hello.text).toBe('Your wallet and trades are in our private chat: open it and send /start there.');
    expect(hello.text).not.toContain((await h.walletOf(BOB)).address);
    // a message whose owner was never recorded acts for nobody
    await h.send(h.tg.tap(BOB, hello, 'w:r'));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'These buttons belong to the person who asked.' });
    // and a re-quote of Alice's trade, forged by Bob in his own chat, is refused: no trade for Bob
    const trades = () =>
      h.sqlite.$client.prepare('select count(*) n from trades where user_id = ?').get(BOB) as { n: number };
    const before = trades().n;
    await h.send(h.tg.message(BOB, '/help'));
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), `rq:${quoteTradeId(quote)}`));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'This trade is no longer available.' });
    expect(trades().n).toBe(before);
  });

  it("in a group, another member's answer never finishes your dialogue", async () => {
    await h.send(h.tg.message(ALICE, `/token ${tokens.SDOG}`, GROUP));
    const card = h.tg.last(GROUP);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, 'Buy X TRX')));
    expect(h.tg.last(GROUP).text).toContain('How many TRX do you want to spend?');
    const sentBefore = h.tg.sent(GROUP).length;
    // Bob answers Alice's question: nothing happens (before, Bob's wallet got a quote for 200 TRX)
    await h.send(h.tg.message(BOB, '200', GROUP));
    expect(h.tg.sent(GROUP).length).toBe(sentBefore);
    // Alice's own answer is the one her dialogue takes
    await h.send(h.tg.message(ALICE, '5', GROUP));
    const quote = h.tg.last(GROUP);
    expect(quote.text).toContain('Buy $SDOG');
    expect(quote.text).toContain('You pay: 5 TRX');
    const row = (await h.built.store.trade(h.tg.button(quote, '✅ Confirm').slice(3)))!;
    expect(row.userId).toBe(ALICE);
    expect(row.amount).toBe('5');
  });
});

/** The trade id a quote message was made for (its row's message id is the quote's). */
function quoteTradeId(quote: ReturnType<typeof h.tg.last>): string {
  const row = h.sqlite.$client
    .prepare('select id from trades where chat_id = ? and message_id = ?')
    .get(quote.chatId, quote.messageId) as { id: string };
  return row.id;
}
