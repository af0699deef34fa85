// Settings against a fake Telegram, the real facade and the devnet: the view, toggles, edits through a
// dialogue (a slippage above 15 % behind the PIN), trading without confirmations, and none of it from a
// group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const BOB = 1002;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(BOB, '/start'));
});
afterAll(async () => h?.close());

describe('settings', () => {
  it('shows settings, toggles confirmations and edits slippage through a dialogue', async () => {
    await h.send(h.tg.message(BOB, '/settings'));
    const m = h.tg.last(BOB);
    expect(m.text).toContain('Slippage: 5%');
    expect(m.text).toContain('Buy presets: 100 / 500 / 1000 TRX');
    // turning confirmations off takes a PIN entered in the last two minutes
    await h.send(h.tg.message(BOB, '/pin 482913'));
    await h.send(h.tg.message(BOB, '/unlock 482913'));
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Confirm: on/)));
    expect(m.text).toContain('Confirm before trading: off');
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Slippage/)));
    await h.send(h.tg.message(BOB, '80'));
    expect(h.tg.last(BOB).text).toMatch(/from 0\.1 to 50/);
    await h.send(h.tg.message(BOB, '2.5'));
    expect(h.tg.last(BOB).text).toContain('Slippage: 2.5%');
    // above 15 %, the PIN must have been unlocked in the last two minutes
    await h.built.store.updatePin(BOB, { unlockedUntil: null });
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:slip'));
    await h.send(h.tg.message(BOB, '15'));
    expect(h.tg.last(BOB).text).toContain('Slippage: 15%');
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:slip'));
    await h.send(h.tg.message(BOB, '20'));
    expect(h.tg.last(BOB).text).toBe(
      'Send /unlock and your PIN first: it opens this for 2 minutes.\nA slippage above 15% is not saved without it.',
    );
    expect(h.built.store.settings((await h.built.store.user(BOB))!).slippage).toBe(15);
    await h.send(h.tg.message(BOB, '/unlock 482913'));
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:slip'));
    await h.send(h.tg.message(BOB, '20'));
    expect(h.tg.last(BOB).text).toContain('Slippage: 20%');
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:slip'));
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
    await faucet(h.stack.devnet.url, (await h.walletOf(BOB)).address, 500);
    await h.send(h.tg.message(BOB, `/buy ${tokens.SDOG} 20`));
    const m = h.tg.last(BOB);
    await waitFor(() => (m.text.startsWith('✅') || m.text.startsWith('❌') ? true : undefined), 20_000);
    expect(m.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(m.history[0]).toBe('⏳ Sending…');
  });

  it('changes nothing from a group: commands and buttons there send the user to the private chat', async () => {
    const CARL = 1004;
    const GROUP = -100500;
    await h.send(h.tg.message(CARL, '/start'));
    await h.send(h.tg.message(CARL, '/pin 5555'));
    const settings = async () => h.built.store.settings((await h.built.store.user(CARL))!);
    const before = await settings();
    expect(before.confirm).toBe(true);
    for (const cmd of ['/settings', '/autotpsl +100% 50% -30% 100%', '/slhold 3', '/snipe add 5 name:x', '/copy']) {
      await h.send(h.tg.message(CARL, cmd, GROUP));
      const reply = h.tg.last(GROUP);
      expect(reply.text, cmd).toBe(
        'Open me in a private chat for this: settings, wallets, PINs and rules change only there.',
      );
      expect(reply.replyMarkup?.inline_keyboard).toEqual([
        [{ text: '💬 Open a private chat', url: 'https://t.me/launchpad_test_bot' }],
      ]);
    }
    // a settings keyboard of Carl's own in the group (as one posted before this rule): "Confirm: on"
    // tapped there, PIN set and locked, turns nothing off; nor does a tap after /unlock in private
    const old = h.tg.last(GROUP);
    await h.built.store.own(GROUP, old.messageId, CARL);
    for (const pin of [undefined, '5555']) {
      if (pin) await h.send(h.tg.message(CARL, `/unlock ${pin}`));
      for (const data of ['st:conf', 'st:slip', 'st:buy']) {
        await h.send(h.tg.tap(CARL, old, data));
        expect(h.tg.callbackAnswers().at(-1), data).toEqual(
          expect.objectContaining({ show_alert: true, text: expect.stringMatching(/^Open me in a private chat/) }),
        );
      }
    }
    // nothing asked in the group waits for an answer there either
    await h.send(h.tg.message(CARL, '30', GROUP));
    expect(await settings()).toEqual(before);
    expect(await h.built.services.automation.rules(CARL)).toHaveLength(0);
  });
});
