// Wallets against a fake Telegram, the real facade and the devnet: view, import, export, new, switch,
// remove, withdraw (a dialogue) and /cancel; each guarded action behind the PIN (the PINs' clock is
// the test's, moved by hand).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { runDueDeletes } from '../../../src/bot/index.js';
import { createUserPins } from '../../../src/trading/user-pin.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;
let now = Date.now();
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startBotStack();
  h.built.services.pins = createUserPins(h.built.store, () => now);
  tokens = await demoTokens(h.stack.devnet.url);
  // Alice holds $SDOG, bought through the bot
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 5_000);
  await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 100`));
  const quote = h.tg.last(ALICE);
  await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
  await waitFor(() => (quote.text.startsWith('✅') ? true : undefined), 20_000);
  // and the API lists it (the indexer has seen the buy)
  const { client, wallet } = await h.account(ALICE);
  await waitFor(async () => ((await client.getWallet(wallet.address)).positions.length ? true : undefined));
});
afterAll(async () => h?.close());

describe('wallets', () => {
  const CAROL = 1003;

  it('shows address, balance and positions with the wallet buttons', async () => {
    await h.send(h.tg.message(ALICE, '/wallet'));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>👛 Wallet 1 of 1</b>');
    expect(m.text).toContain((await h.walletOf(ALICE)).address);
    expect(m.text).toMatch(/Balance: <b>[\d,.]+ TRX<\/b>/);
    expect(m.text).toMatch(/\$SDOG: [\d.,KM]+ ≈/);
    expect(h.tg.buttons(m).map((b) => b.text)).toEqual([
      '➕ New wallet',
      '📥 Import',
      '🔑 Export',
      '🔀 Switch',
      '💸 Withdraw TRX',
      '🗑 Remove',
      '🔄 Refresh',
    ]);
  });

  it('imports a key once a PIN is set and unlocked, deleting the message that held it at once, and stores it only sealed', async () => {
    await h.send(h.tg.message(CAROL, '/start'));
    await h.send(h.tg.message(CAROL, '/wallet'));
    const view = h.tg.last(CAROL);
    // a stolen session cannot slip its own key in: import needs a PIN
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '📥 Import')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/^Set a PIN first/),
    });
    expect(await h.built.store.peekPendingInput(CAROL)).toBeUndefined();
    // an empty wallet: a first PIN starts no hold
    await h.send(h.tg.message(CAROL, '/pin 1234'));
    expect(h.tg.last(CAROL).text).not.toContain('held');
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '📥 Import')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: expect.stringMatching(/^Send \/unlock/) });
    await h.send(h.tg.message(CAROL, '/unlock 1234'));
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
    expect((await h.walletOf(CAROL)).address).toBe(acc.address.base58);
    const rows =
      JSON.stringify(h.sqlite.$client.prepare('select * from wallets').all()) +
      JSON.stringify(h.sqlite.$client.prepare('select * from conversations').all());
    expect(rows).not.toContain(acc.privateKey);
    expect(rows).not.toContain(acc.privateKey.toLowerCase());
  });

  it('exports a key after a confirmation, protected from forwarding, and deletes that message after 60 s', async () => {
    await h.send(h.tg.message(CAROL, '/wallet'));
    const view = h.tg.last(CAROL);
    await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '🔑 Export')));
    const ask = h.tg.last(CAROL);
    expect(ask.text).toMatch(/Export a private key\?/);
    const target = (await h.built.store.wallets(CAROL)).at(-1)!;
    await h.send(h.tg.tap(CAROL, ask, `w:expok:${target.id}`));
    const keyMsg = h.tg.last(CAROL);
    const plain = h.built.services.accounts.withKey(target, (k) => k);
    expect(keyMsg.text).toContain(`<tg-spoiler><code>${plain}</code></tg-spoiler>`);
    const sent = h.tg.calls.filter((c) => c.method === 'sendMessage' && String(c.payload.text).includes(plain));
    expect(sent.map((c) => c.payload.protect_content)).toEqual([true]);
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
    const first = (await h.built.store.wallets(CAROL))[0]!;
    // the switch list's buttons pass the PIN too: two minutes on, they ask for /unlock again
    now += 2 * 60_000;
    await h.send(h.tg.tap(CAROL, list, `w:use:${first.id}`));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: expect.stringMatching(/^Send \/unlock/) });
    expect((await h.walletOf(CAROL)).id).not.toBe(first.id);
    await h.send(h.tg.message(CAROL, '/unlock 1234'));
    await h.send(h.tg.tap(CAROL, list, `w:use:${first.id}`));
    expect((await h.walletOf(CAROL)).id).toBe(first.id);
  });

  it('removes a wallet after a warning, erasing its key; never the active or only one, nor one that rules trade', async () => {
    const [first, imported, made] = await h.built.store.wallets(CAROL);
    /** Taps Remove, then a wallet of the list: the alert it got, if any. */
    const pick = async (id: number) => {
      await h.send(h.tg.message(CAROL, '/wallet'));
      const view = h.tg.last(CAROL);
      await h.send(h.tg.tap(CAROL, view, h.tg.button(view, '🗑 Remove')));
      const list = h.tg.last(CAROL);
      expect(list.text).toMatch(/Remove a wallet from the bot\?/);
      await h.send(h.tg.tap(CAROL, list, `w:rm:${id}`));
      const a = h.tg.callbackAnswers().at(-1) as { text?: string; show_alert?: boolean };
      return a.show_alert ? a.text : undefined;
    };
    expect(await pick(first!.id)).toBe('This is your active wallet: switch to another one first.');
    // a snipe rule set on the newest wallet (active then) keeps it
    await h.send(h.tg.message(CAROL, '/wallet'));
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), `w:use:${made!.id}`));
    await h.send(h.tg.message(CAROL, '/snipe add 5 name:keep'));
    expect(h.tg.last(CAROL).text).toMatch(/Snipe rule set/);
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), `w:use:${first!.id}`));
    expect((await h.walletOf(CAROL)).id).toBe(first!.id);
    expect(await pick(made!.id)).toBe('Snipe or copy rules trade this wallet: delete them first (/snipe, /copy).');
    // the imported one: a warning first, nothing removed until "Remove for good"
    expect(await pick(imported!.id)).toBeUndefined();
    const warning = h.tg.last(CAROL);
    expect(warning.text).toContain(`Remove wallet <code>${imported!.address}</code>?`);
    expect(warning.text).toContain('It holds <b>0 TRX</b>.');
    expect(warning.text).toContain('Its private key is erased from the bot <b>for good</b>. Unless you exported it');
    expect(h.tg.buttons(warning).map((b) => b.text)).toEqual(['🗑 Remove for good', '✖️ Cancel']);
    expect(await h.built.store.wallets(CAROL)).toHaveLength(3);
    await h.send(h.tg.tap(CAROL, warning, h.tg.button(warning, '🗑 Remove for good')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Wallet removed' });
    expect(warning.text).toContain('Wallet 1 of 2');
    const gone = (await h.built.store.wallet(CAROL, imported!.id))!;
    expect(gone.keyEnc).toBe('');
    expect(gone.removedAt).not.toBeNull();
    expect(() => h.built.services.accounts.withKey(gone, (k) => k)).toThrow(/removed/);
    // gone from the lists: switch and export offer the other two only
    await h.send(h.tg.message(CAROL, '/wallet'));
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), 'w:sw'));
    expect(h.tg.buttons(h.tg.last(CAROL)).map((b) => b.data)).toEqual([
      `w:use:${first!.id}`,
      `w:use:${made!.id}`,
      'w:no',
    ]);
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), `w:use:${imported!.id}`));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'No such wallet' });
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), `w:expok:${imported!.id}`));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'No such wallet' });
    // once its rule is deleted the newest goes too; the last one left stays
    const [rule] = await h.built.services.automation.rules(CAROL);
    await h.built.services.automation.setRule(CAROL, rule!.id, 'delete');
    expect(await pick(made!.id)).toBeUndefined();
    await h.send(h.tg.tap(CAROL, h.tg.last(CAROL), `w:rmok:${made!.id}`));
    expect(await pick(first!.id)).toBe('This is your only wallet: it cannot be removed.');
    expect((await h.built.store.wallets(CAROL)).map((w) => w.id)).toEqual([first!.id]);
  });

  it('withdraws TRX through a dialogue with a confirmation', async () => {
    const w = await h.walletOf(ALICE);
    const dest = (await TronWeb.createAccount()).address.base58;
    // Alice's wallet holds TRX and $SDOG: her first PIN holds withdrawals for 24 hours
    await h.send(h.tg.message(ALICE, '/pin 97531'));
    expect(h.tg.last(ALICE).text).toMatch(/held for 24 hours, until \d{1,2} \w{3} \d{4} \d\d:\d\d UTC/);
    await h.send(h.tg.message(ALICE, '/unlock 97531'));
    await h.send(h.tg.message(ALICE, '/wallet'));
    const held = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, held, h.tg.button(held, '💸 Withdraw TRX')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: expect.stringMatching(/^Held until/) });
    now += DAY;
    await h.send(h.tg.message(ALICE, '/unlock 97531'));
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
    const before = h.trxBalance(w.address);
    await h.send(h.tg.tap(ALICE, confirm, 'wd:yes'));
    // a first withdrawal to this address: said, and sent only on a second tap after a short wait
    expect(confirm.text).toMatch(/^⚠️ You never sent to <code>T\w+<\/code> before\./);
    await h.send(h.tg.tap(ALICE, confirm, 'wd:yes'));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/^Wait 1 s more/),
    });
    expect(h.trxBalance(dest)).toBe(0n);
    // a time: the rule under test is a wait (300 ms in the test bot, 30 s in production)
    await new Promise((r) => setTimeout(r, 350));
    await h.send(h.tg.tap(ALICE, confirm, 'wd:yes'));
    expect(confirm.text).toMatch(/^✅ Sent 12\.5 TRX/);
    expect(h.trxBalance(dest)).toBe(12_500_000n);
    expect(h.trxBalance(w.address)).toBeLessThan(before - 12_500_000n);
    // to an address sent to before, one tap sends
    await h.send(h.tg.message(ALICE, '/wallet'));
    const again = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, again, h.tg.button(again, '💸 Withdraw TRX')));
    await h.send(h.tg.message(ALICE, dest));
    await h.send(h.tg.message(ALICE, '1'));
    const second = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, second, 'wd:yes'));
    expect(second.text).toMatch(/^✅ Sent 1 TRX/);
    expect(h.trxBalance(dest)).toBe(13_500_000n);
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
