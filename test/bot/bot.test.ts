// The real bot against a fake Telegram, the real facade and the devnet: what users see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { pngSize } from '../helpers/telegram.js';
import { CHART_SIZE } from '../../src/charts/render.js';
import { runDueDeletes } from '../../src/bot/index.js';
import { LaunchpadClient } from '../../src/client/index.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;
const BOB = 1002;
const GROUP = -100500;

const tokenBalance = (token: string, holder: string) =>
  h.stack.devnet.chain.ledger.tokenBalance(
    TronWeb.address.toHex(token).toLowerCase(),
    TronWeb.address.toHex(holder).toLowerCase(),
  );
const trxBalance = (a: string) => h.stack.devnet.chain.ledger.balance(TronWeb.address.toHex(a).toLowerCase());
const walletOf = (user: number) => {
  const u = h.built.store.user(user)!;
  return h.built.services.accounts.activeWallet(u);
};

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

describe('/start', () => {
  it('creates a wallet and a sealed API key, and shows the address', async () => {
    await h.send(h.tg.message(ALICE, '/start'));
    const m = h.tg.last(ALICE);
    const w = walletOf(ALICE);
    expect(m.text).toContain('Welcome!');
    expect(m.text).toContain(w.address);
    expect(TronWeb.isAddress(w.address)).toBe(true);
    const row = h.built.store.user(ALICE)!;
    expect(row.apiKeyEnc.startsWith('v1.')).toBe(true);
    expect(row.apiKeyEnc).not.toMatch(/lp_/);
    await h.send(h.tg.message(ALICE, '/start'));
    expect(h.tg.last(ALICE).text).toContain('Welcome back!');
    expect(h.built.store.wallets(ALICE)).toHaveLength(1);
  });
});

describe('token card', () => {
  it('shows the card for a pasted address with buy/sell presets, holders, trades and refresh', async () => {
    await h.send(h.tg.message(ALICE, `look at ${tokens.TCAT}`));
    const card = h.tg.last(ALICE);
    expect(card.parseMode).toBe('HTML');
    expect(card.text).toContain('<b>Tron Cat</b> ($TCAT)');
    expect(card.text).toMatch(/Price: [\d.e-]+ TRX \(\$/);
    expect(card.text).toMatch(/Market cap: \$/);
    expect(card.text).toMatch(/Curve: [▰▱]{10} \d+%/);
    expect(card.text).toContain('trading on the curve');
    expect(card.text).toContain('<a href="https://x.com/troncat_demo">X</a>');
    expect(h.tg.buttons(card).map((b) => b.text)).toEqual([
      '5m',
      '• 1h',
      '1d',
      'Buy 100 TRX',
      'Buy 500 TRX',
      'Buy 1000 TRX',
      'Buy X TRX',
      'Sell 25%',
      'Sell 50%',
      'Sell 100%',
      'Sell X',
      '👥 Holders',
      '📜 Trades',
      '🔄 Refresh',
      '📋 Orders',
      '📊 Positions',
      '👛 Wallet',
    ]);
    for (const b of h.tg.buttons(card)) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);
    // the token's orders: none yet, with one-tap TP, SL and trailing stop
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '📋 Orders')));
    const orders = h.tg.last(ALICE);
    expect(orders.text).toContain('No open orders.');
    expect(h.tg.buttons(orders).map((b) => b.text)).toEqual([
      '💰 TP +100% ×50%',
      '🛑 SL −30% ×100%',
      '📉 Trail 20% ×100%',
      '⬅️ Token',
    ]);
    // nothing new: Telegram would refuse an identical edit, so the tap says so and the card stays
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '🔄 Refresh')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Up to date' });
    expect(card.history).toHaveLength(1);
  });

  it('is a picture: the chart as a PNG, the card as its caption, the interval switched in place', async () => {
    await h.send(h.tg.message(ALICE, tokens.TCAT!));
    const card = h.tg.last(ALICE);
    expect(card.kind).toBe('photo');
    expect(pngSize(card.photo!)).toEqual(CHART_SIZE);
    expect(card.caption).toContain('<b>Tron Cat</b> ($TCAT)');
    expect(card.visibleText!.length).toBeLessThanOrEqual(1024);
    const hourly = card.fileId;
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '5m')));
    expect(h.tg.last(ALICE)).toBe(card); // edited, not sent anew
    expect(card.fileId).not.toBe(hourly);
    expect(
      h.tg
        .buttons(card)
        .slice(0, 3)
        .map((b) => b.text),
    ).toEqual(['• 5m', '1h', '1d']);
    const uploads = h.tg.calls.filter((c) => c.method === 'editMessageMedia' || c.method === 'sendPhoto').length;
    // the same card again: sent by file_id, not drawn and uploaded again
    await h.send(h.tg.message(ALICE, tokens.TCAT!));
    const again = h.tg.last(ALICE);
    expect(again.fileId).toBe(hourly);
    const last = h.tg.calls.at(-1)!;
    expect(last.method).toBe('sendPhoto');
    expect(last.payload.photo).toBe(hourly);
    expect(last.files ?? []).toEqual([]);
    expect(h.tg.calls.filter((c) => c.method === 'editMessageMedia' || c.method === 'sendPhoto').length).toBe(
      uploads + 1,
    );
  });

  it('finds launchpad2 tokens and launched tokens', async () => {
    await h.send(h.tg.message(ALICE, `/token ${tokens.WAVE}`));
    expect(h.tg.last(ALICE).text).toContain('Second Wave');
    await h.send(h.tg.message(ALICE, `/token ${tokens.PKING}`));
    expect(h.tg.last(ALICE).text).toContain('launched to the DEX');
  });

  it('answers bad input helpfully', async () => {
    await h.send(h.tg.message(ALICE, '/token hello'));
    expect(h.tg.last(ALICE).text).toMatch(/does not look like a token address/);
    await h.send(h.tg.message(ALICE, '/token'));
    expect(h.tg.last(ALICE).text).toMatch(/Usage: <code>\/token ADDRESS/);
    const nobody = (await TronWeb.createAccount()).address.base58;
    await h.send(h.tg.message(ALICE, `/token ${nobody}`));
    expect(h.tg.last(ALICE).text).toMatch(/could not find token/);
    await h.send(h.tg.message(ALICE, 'hello there'));
    expect(h.tg.last(ALICE).text).toMatch(/Paste a token address/);
  });
});

describe('holders, trades and lists', () => {
  beforeAll(async () => {
    // more holders than one page shows
    const client = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: h.stack.key() });
    for (const w of await client.createWallet(4)) {
      await faucet(h.stack.devnet.url, w.publicKey, 200);
      await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 50, privateKey: w.privateKey });
    }
    await waitFor(async () =>
      (await client.getTokenHolders(tokens.TCAT!, { limit: 50 })).length > 10 ? true : undefined,
    );
  });

  it('pages holders in place with next/previous', async () => {
    await h.send(h.tg.message(ALICE, `/holders ${tokens.TCAT}`));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>Holders of $TCAT</b> — page 1');
    expect(m.text).toMatch(/1\. <code>T\w{4}…\w{4}<\/code> <i>\((curve|dev)\)<\/i>/);
    const next = h.tg.button(m, 'Next ▶️');
    await h.send(h.tg.tap(ALICE, m, next));
    expect(m.history).toHaveLength(2); // edited, not a new message
    expect(m.text).toContain('page 2');
    expect(h.tg.buttons(m).map((b) => b.text)).toContain('◀️ Prev');
  });

  it('pages trades newest first', async () => {
    await h.send(h.tg.message(ALICE, `/trades ${tokens.TCAT}`));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>Trades of $TCAT</b> — page 1');
    expect(m.text.split('\n').filter((l) => /^[🟢🔴]/u.test(l))).toHaveLength(10);
    await h.send(h.tg.tap(ALICE, m, h.tg.button(m, 'Next ▶️')));
    expect(m.text).toContain('page 2');
  });

  it('lists new and top tokens with buttons to their cards', async () => {
    await h.send(h.tg.message(ALICE, '/new'));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('Newest tokens');
    expect(m.text.indexOf('Fresh Frog')).toBeLessThan(m.text.indexOf('Tron Cat'));
    await h.send(h.tg.tap(ALICE, m, h.tg.button(m, /\$FROG/)));
    expect(m.text).toContain('<b>Fresh Frog</b>');
    await h.send(h.tg.message(ALICE, '/top'));
    expect(h.tg.last(ALICE).text).toContain('Top by 24 h volume');
  });
});

describe('trading by buttons', () => {
  let card: ReturnType<typeof h.tg.last>;

  beforeAll(async () => {
    await faucet(h.stack.devnet.url, walletOf(ALICE).address, 5_000);
    await h.send(h.tg.message(ALICE, tokens.SDOG!));
    card = h.tg.last(ALICE);
  });

  it('buys 100 TRX: quote, Confirm, pending, result; balances change on the devnet', async () => {
    const w = walletOf(ALICE);
    const trxBefore = trxBalance(w.address);
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
    const held = tokenBalance(tokens.SDOG!, w.address);
    expect(held).toBeGreaterThan(0n);
    expect(trxBalance(w.address)).toBeLessThan(trxBefore - 100_000_000n);
  });

  it('sells 50 % by button, approving the router first, automatically', async () => {
    const w = walletOf(ALICE);
    const held = tokenBalance(tokens.SDOG!, w.address);
    const trxBefore = trxBalance(w.address);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, 'Sell 50%')));
    const quote = h.tg.last(ALICE);
    expect(quote.text).toContain('<b>🔴 Sell $SDOG</b>');
    await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 30_000);
    expect(quote.text).toMatch(/^✅ <b>Sold<\/b> — received [\d.,]+ TRX/);
    expect(tokenBalance(tokens.SDOG!, w.address)).toBe(held - held / 2n);
    expect(trxBalance(w.address)).toBeGreaterThan(trxBefore);
  });

  it('sends one transaction for a double tap on Confirm', async () => {
    const w = walletOf(ALICE);
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
    expect(h.built.store.trade(id)!.status).toBe('confirmed');
    expect(
      h.tg.callbackAnswers().filter((a) => a.text === 'This trade is already being handled.').length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('asks for a fresh confirm when the quote expired', async () => {
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 10`));
    const quote = h.tg.last(ALICE);
    const data = h.tg.button(quote, '✅ Confirm');
    h.built.store.updateTrade(data.slice(3), { expiresAt: Date.now() - 1 });
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
    await h.send(h.tg.message(ALICE, '/help'));
    expect(h.tg.last(ALICE).text).toContain('/buy — Buy: /buy ADDRESS TRX');
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
    expect(h.built.store.trade(h.tg.button(quote, '✅ Confirm').slice(3))!.status).toBe('quoted');
  });
});

describe('wallets', () => {
  const CAROL = 1003;

  it('shows address, balance and positions with the wallet buttons', async () => {
    await h.send(h.tg.message(ALICE, '/wallet'));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>👛 Wallet 1 of 1</b>');
    expect(m.text).toContain(walletOf(ALICE).address);
    expect(m.text).toMatch(/Balance: <b>[\d,.]+ TRX<\/b>/);
    expect(m.text).toMatch(/\$SDOG: [\d.,KM]+ ≈/);
    expect(h.tg.buttons(m).map((b) => b.text)).toEqual([
      '➕ New wallet',
      '📥 Import',
      '🔑 Export',
      '🔀 Switch',
      '💸 Withdraw TRX',
      '🔄 Refresh',
    ]);
  });

  it('imports a key, deleting the message that held it at once, and stores it only sealed', async () => {
    await h.send(h.tg.message(CAROL, '/start'));
    await h.send(h.tg.message(CAROL, '/wallet'));
    const view = h.tg.last(CAROL);
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '📥 Import')));
    expect(h.tg.last(CAROL).text).toMatch(/Send me the private key/);
    // a wrong answer is deleted too
    const bad = h.tg.message(CAROL, 'not-a-key');
    await h.send(bad);
    expect(h.tg.messages.get(`${CAROL}:${bad.message!.message_id}`)!.deleted).toBe(true);
    expect(h.tg.last(CAROL).text).toMatch(/not a private key/);
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '📥 Import')));
    const acc = await TronWeb.createAccount();
    const msg = h.tg.message(CAROL, acc.privateKey);
    await h.send(msg);
    expect(h.tg.messages.get(`${CAROL}:${msg.message!.message_id}`)!.deleted).toBe(true);
    expect(h.tg.last(CAROL).text).toContain(`Imported <code>${acc.address.base58}</code>`);
    expect(walletOf(CAROL).address).toBe(acc.address.base58);
    const rows =
      JSON.stringify(h.built.db.$client.prepare('select * from wallets').all()) +
      JSON.stringify(h.built.db.$client.prepare('select * from conversations').all());
    expect(rows).not.toContain(acc.privateKey);
    expect(rows).not.toContain(acc.privateKey.toLowerCase());
  });

  it('exports a key after a confirmation and deletes that message after 60 s', async () => {
    await h.send(h.tg.message(CAROL, '/wallet'));
    const view = h.tg.last(CAROL);
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '🔑 Export')));
    const ask = h.tg.last(CAROL);
    expect(ask.text).toMatch(/Export a private key\?/);
    const target = h.built.store.wallets(CAROL).at(-1)!;
    await h.send(h.tg.tap(CAROL, ask, `w:expok:${target.id}`));
    const keyMsg = h.tg.last(CAROL);
    const plain = h.built.services.accounts.withKey(target, (k) => k);
    expect(keyMsg.text).toContain(`<tg-spoiler><code>${plain}</code></tg-spoiler>`);
    expect(await runDueDeletes(h.bot.api, h.built.store, Date.now())).toBe(0);
    expect(keyMsg.deleted).toBe(false);
    expect(await runDueDeletes(h.bot.api, h.built.store, Date.now() + 61_000)).toBe(1);
    expect(keyMsg.deleted).toBe(true);
  });

  it('makes a new wallet and switches between wallets', async () => {
    await h.send(h.tg.message(CAROL, '/wallet'));
    const view = h.tg.last(CAROL);
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '➕ New wallet')));
    expect(view.text).toContain('Wallet 3 of 3');
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '🔀 Switch')));
    const list = h.tg.last(CAROL);
    const first = h.built.store.wallets(CAROL)[0]!;
    await h.send(h.tg.tap(CAROL, list, `w:use:${first.id}`));
    expect(walletOf(CAROL).id).toBe(first.id);
  });

  it('withdraws TRX through a dialogue with a confirmation', async () => {
    const w = walletOf(ALICE);
    const dest = (await TronWeb.createAccount()).address.base58;
    await h.send(h.tg.message(ALICE, '/wallet'));
    const view = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, view, h.tg.button(view, '💸 Withdraw TRX')));
    expect(h.tg.last(ALICE).text).toMatch(/address to withdraw TRX to/);
    await h.send(h.tg.message(ALICE, 'nowhere'));
    expect(h.tg.last(ALICE).text).toMatch(/not a Tron address/);
    await h.send(h.tg.message(ALICE, dest));
    expect(h.tg.last(ALICE).text).toMatch(/How many TRX/);
    await h.send(h.tg.message(ALICE, '12.5'));
    const confirm = h.tg.last(ALICE);
    expect(confirm.text).toContain(`Send <b>12.5 TRX</b> to <code>${dest}</code>?`);
    const before = trxBalance(w.address);
    await h.send(h.tg.tap(ALICE, confirm, 'wd:yes'));
    expect(confirm.text).toMatch(/^✅ Sent 12\.5 TRX/);
    expect(trxBalance(dest)).toBe(12_500_000n);
    expect(trxBalance(w.address)).toBeLessThan(before - 12_500_000n);
  });

  it('cancels a dialogue with /cancel', async () => {
    await h.send(h.tg.message(ALICE, '/wallet'));
    const view = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, view, h.tg.button(view, '💸 Withdraw TRX')));
    await h.send(h.tg.message(ALICE, '/cancel'));
    expect(h.tg.last(ALICE).text).toBe('Cancelled.');
    await h.send(h.tg.message(ALICE, 'hello'));
    expect(h.tg.last(ALICE).text).toMatch(/Paste a token address/);
  });
});

describe('settings', () => {
  it('shows settings, toggles confirmations and edits slippage through a dialogue', async () => {
    await h.send(h.tg.message(BOB, '/settings'));
    const m = h.tg.last(BOB);
    expect(m.text).toContain('Slippage: 5%');
    expect(m.text).toContain('Buy presets: 100 / 500 / 1000 TRX');
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Confirm: on/)));
    expect(m.text).toContain('Confirm before trading: off');
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Slippage/)));
    await h.send(h.tg.message(BOB, '80'));
    expect(h.tg.last(BOB).text).toMatch(/from 0\.1 to 50/);
    await h.send(h.tg.message(BOB, '2.5'));
    expect(h.tg.last(BOB).text).toContain('Slippage: 2.5%');
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:buy'));
    await h.send(h.tg.message(BOB, '10 20 30'));
    expect(h.tg.last(BOB).text).toContain('Buy presets: 10 / 20 / 30 TRX');
    await h.send(h.tg.message(BOB, `/token ${tokens.SDOG}`));
    expect(
      h.tg
        .buttons(h.tg.last(BOB))
        .slice(3, 6)
        .map((b) => b.text),
    ).toEqual(['Buy 10 TRX', 'Buy 20 TRX', 'Buy 30 TRX']);
  });

  it('trades at once when confirmations are off', async () => {
    await faucet(h.stack.devnet.url, walletOf(BOB).address, 500);
    await h.send(h.tg.message(BOB, `/buy ${tokens.SDOG} 20`));
    const m = h.tg.last(BOB);
    await waitFor(() => (m.text.startsWith('✅') || m.text.startsWith('❌') ? true : undefined), 20_000);
    expect(m.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(m.history[0]).toBe('⏳ Sending…');
  });
});

describe('restart', () => {
  it('resumes a trade that was signed but not confirmed before the crash, sending it once', async () => {
    const w = walletOf(ALICE);
    const user = h.built.store.user(ALICE)!;
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 15`));
    const quote = h.tg.last(ALICE);
    const id = h.tg.button(quote, '✅ Confirm').slice(3);
    // the process dies right after storing the signed transaction
    expect(h.built.services.trading.claim(id, ALICE)).toBe('ok');
    const client = h.built.services.accounts.clientFor(user);
    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: tokens.SDOG!,
      amount: '15',
      userAddress: w.address,
    });
    const { utils } = await import('tronweb');
    const signed = h.built.services.accounts.withKey(w, (k) =>
      utils.crypto.signTransaction(k, unsignedTx as never),
    ) as { txID: string };
    h.built.store.updateTrade(id, {
      status: 'signed',
      txid: signed.txID,
      signedTx: JSON.stringify(signed),
    });
    const held = tokenBalance(tokens.SDOG!, w.address);

    const fresh = h.restart();
    const n = await fresh.services.trading.resume(fresh.services.events(fresh.bot.api));
    expect(n).toBe(1);
    expect(fresh.store.trade(id)!.status).toBe('confirmed');
    expect(quote.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(tokenBalance(tokens.SDOG!, w.address)).toBeGreaterThan(held);
    // resuming again does nothing
    expect(await fresh.services.trading.resume(fresh.services.events(fresh.bot.api))).toBe(0);
  });
});
