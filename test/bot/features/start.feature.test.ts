// /start against a fake Telegram, the real facade and the devnet: what a new and a returning user see,
// the invitation to set a PIN before the first deposit, the buttons to the main places, and /help's pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const ALICE = 1001;
const GROUP = -1090;

beforeAll(async () => {
  h = await startBotStack();
});
afterAll(async () => h?.close());

describe('/start', () => {
  it('creates a wallet and a sealed API key, and shows the address', async () => {
    await h.send(h.tg.message(ALICE, '/start'));
    const m = h.tg.last(ALICE);
    const w = await h.walletOf(ALICE);
    expect(m.text).toContain('Welcome!');
    expect(m.text).toContain(w.address);
    expect(TronWeb.isAddress(w.address)).toBe(true);
    const row = (await h.built.store.user(ALICE))!;
    expect(row.apiKeyEnc.startsWith('v1.')).toBe(true);
    expect(row.apiKeyEnc).not.toMatch(/lp_/);
    await h.send(h.tg.message(ALICE, '/start'));
    expect(h.tg.last(ALICE).text).toContain('Welcome back!');
    expect(await h.built.store.wallets(ALICE)).toHaveLength(1);
  });

  it('asks for a PIN before the first deposit, until one is set', async () => {
    const INVITE = '🔒 Before your first deposit, set a PIN: /pin and 4 to 8 digits.';
    const BEA = 1002;
    await h.send(h.tg.message(BEA, '/start'));
    const hello = h.tg.last(BEA).text;
    expect(hello).toContain(INVITE);
    expect(hello.indexOf(INVITE)).toBeLessThan(hello.indexOf('Send TRX to it'));
    await h.send(h.tg.message(BEA, '/pin 246810'));
    await h.send(h.tg.message(BEA, '/start'));
    expect(h.tg.last(BEA).text).toContain('Welcome back!');
    expect(h.tg.last(BEA).text).not.toContain('set a PIN');
  });
});

describe('the short welcome and /help', () => {
  it('says how to fund the wallet, lists no commands, and has buttons to the main places', async () => {
    const CARL = 1003;
    await h.send(h.tg.message(CARL, '/start'));
    const hello = h.tg.last(CARL);
    const w = await h.walletOf(CARL);
    expect(hello.text).toBe(
      [
        '👋 <b>Welcome!</b> I made you a wallet:',
        `<code>${w.address}</code>`,
        '',
        '🔒 Before your first deposit, set a PIN: /pin and 4 to 8 digits. It guards export, withdraw and your wallets.',
        '💰 Send TRX to it: you trade with the TRX in this wallet.',
        '🔎 Then paste a launchpad token address to see its card and trade, or tap 🆕 New or 🔥 Top.',
      ].join('\n'),
    );
    expect(h.tg.buttons(hello)).toEqual([
      { text: '🆕 New', data: 'go:new' },
      { text: '🔥 Top', data: 'go:top' },
      { text: '👛 Wallet', data: 'go:wallet' },
      { text: '⚙️ Settings', data: 'go:settings' },
      { text: '❓ Help', data: 'go:help' },
    ]);
    await h.send(h.tg.tap(CARL, hello, 'go:top'));
    expect(h.tg.last(CARL).text).toContain('Top by 24 h volume');
    await h.send(h.tg.tap(CARL, hello, 'go:settings'));
    expect(h.tg.last(CARL).text).toContain('Slippage');
    await h.send(h.tg.tap(CARL, hello, 'go:wallet'));
    expect(h.tg.last(CARL).text).toContain(w.address);
    await h.send(h.tg.tap(CARL, hello, 'go:help'));
    expect(h.tg.last(CARL).text.split('\n')[0]).toBe('<b>❓ How to trade</b>');
    expect(h.tg.refusals).toEqual([]);
  });

  it('/help: how to trade, then a page per topic, edited in place, and back', async () => {
    await h.send(h.tg.message(ALICE, '/help'));
    const help = h.tg.last(ALICE);
    expect(help.text).toBe(
      [
        '<b>❓ How to trade</b>',
        '1. Fund your wallet with TRX (/wallet shows its address).',
        '2. Paste a token address (or /token ADDRESS) to see its card.',
        '3. Tap a Buy or Sell button, check the quote, and Confirm.',
        '',
        'The commands, by topic:',
      ].join('\n'),
    );
    expect(h.tg.buttons(help).map((b) => b.text)).toEqual([
      '📈 Trading',
      '🎯 Orders',
      '🤖 Automation',
      '🔐 Wallet and security',
      '👥 Groups',
    ]);
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '📈 Trading')));
    expect(help.history).toHaveLength(2);
    expect(help.text).toContain('/buy — Buy: /buy ADDRESS TRX');
    expect(help.text).not.toContain('/limit');
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '⬅️ Back')));
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '🤖 Automation')));
    expect(help.text).toContain(
      '/snipe — Sniper rules: /snipe add TRX name:WORD [safe] [launch] [maxprice:P] [maxmc:USD]',
    );
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '⬅️ Back')));
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '👥 Groups')));
    expect(help.text).toContain('/alerts — Alerts for a group or channel (its admins)');
    expect(h.tg.refusals).toEqual([]);
  });

  it("in a group: /start points to the private chat; /help pages are the asker's; wallet and settings are private", async () => {
    await h.send(h.tg.message(ALICE, '/start', GROUP));
    expect(h.tg.last(GROUP).text).toBe(
      'Your wallet and trades are in our private chat: open it and send /start there.',
    );
    await h.send(h.tg.message(ALICE, '/help', GROUP));
    const help = h.tg.last(GROUP);
    await h.send(h.tg.tap(1002, help, h.tg.button(help, '📈 Trading')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ show_alert: true });
    expect(help.history).toHaveLength(1);
    await h.send(h.tg.tap(ALICE, help, h.tg.button(help, '📈 Trading')));
    expect(help.text).toContain('/buy — Buy: /buy ADDRESS TRX');
    // a start button forged onto the asker's message: the wallet is never shown in a group
    const sent = h.tg.sent(GROUP).length;
    await h.send(h.tg.tap(ALICE, help, 'go:wallet'));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ show_alert: true });
    expect(h.tg.sent(GROUP)).toHaveLength(sent);
    expect(h.tg.refusals).toEqual([]);
  });
});
