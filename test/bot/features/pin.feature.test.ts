// The PIN in front of what could move funds out of a stolen session, as a user meets it: /pin and
// /unlock (their messages deleted at once), the guarded buttons, wrong tries and the lockout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const DAN = 4001;
const EVE = 4002;

beforeAll(async () => {
  h = await startBotStack();
  await h.send(h.tg.message(DAN, '/start'));
  await h.send(h.tg.message(EVE, '/start'));
});
afterAll(async () => h?.close());

/** Taps a wallet button and gives the alert it was answered with, if any. */
async function tapWallet(user: number, label: string): Promise<string | undefined> {
  await h.send(h.tg.message(user, '/wallet'));
  const view = h.tg.last(user);
  await h.send(h.tg.tap(user, view, h.tg.button(view, label)));
  const answer = h.tg.callbackAnswers().at(-1) as { text?: string; show_alert?: boolean } | undefined;
  return answer?.show_alert ? answer.text : undefined;
}

describe('the PIN', () => {
  it('is asked for before an export or a withdrawal, until one is set', async () => {
    expect(await tapWallet(DAN, '🔑 Export')).toMatch(/^Set a PIN first: send \/pin and 4 to 8 digits/);
    expect(await tapWallet(DAN, '💸 Withdraw TRX')).toMatch(/^Set a PIN first/);
  });

  it('is set with /pin, and the message holding it is deleted at once', async () => {
    await h.send(h.tg.message(DAN, '/pin 12'));
    expect(h.tg.last(DAN).text).toBe('A PIN is 4 to 8 digits, for example /pin 482913.');
    const sent = h.tg.message(DAN, '/pin 482913');
    await h.send(sent);
    expect(h.tg.last(DAN).text).toMatch(/^🔒 PIN set\./);
    const deleted = h.tg.calls
      .filter((c) => c.method === 'deleteMessage' && Number(c.payload.chat_id) === DAN)
      .map((c) => Number(c.payload.message_id));
    expect(deleted).toContain(sent.message!.message_id);
    expect((await h.built.store.user(DAN))!.pinHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect((await h.built.store.user(DAN))!.pinHash).not.toContain('482913');
  });

  it('guards the buttons until /unlock, which opens them for two minutes', async () => {
    expect(await tapWallet(DAN, '🔑 Export')).toBe('Send /unlock and your PIN first: it opens this for 2 minutes.');
    await h.send(h.tg.message(DAN, '/unlock 482913'));
    expect(h.tg.last(DAN).text).toMatch(/^🔓 Unlocked for 2 minutes/);
    expect(await tapWallet(DAN, '🔑 Export')).toBeUndefined();
    expect(h.tg.last(DAN).text).toMatch(/Export a private key\?/);
    // two minutes later it is closed again
    await h.built.store.updatePin(DAN, { unlockedUntil: Date.now() - 1 });
    expect(await tapWallet(DAN, '🔑 Export')).toMatch(/^Send \/unlock/);
  });

  it('locks the guarded actions for 15 minutes after five wrong PINs, even for the right one', async () => {
    await h.send(h.tg.message(EVE, '/pin 2468'));
    for (let i = 1; i <= 4; i++) {
      await h.send(h.tg.message(EVE, '/unlock 1111'));
      expect(h.tg.last(EVE).text).toBe(`Wrong PIN (${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left).`);
    }
    await h.send(h.tg.message(EVE, '/unlock 1111'));
    expect(h.tg.last(EVE).text).toBe('Too many wrong PINs: locked for 15 minutes.');
    await h.send(h.tg.message(EVE, '/unlock 2468'));
    expect(h.tg.last(EVE).text).toBe('Too many wrong PINs: locked for 15 minutes.');
    expect(await tapWallet(EVE, '💸 Withdraw TRX')).toMatch(/^Too many wrong PINs/);
    // changing the PIN needs the right one, and is locked too
    await h.send(h.tg.message(EVE, '/pin 2468 1357'));
    expect(h.tg.last(EVE).text).toBe('Too many wrong PINs: locked for 15 minutes.');
    // after the lock, the right PIN opens again
    await h.built.store.updatePin(EVE, { pinLockedUntil: Date.now() - 1 });
    await h.send(h.tg.message(EVE, '/unlock 2468'));
    expect(h.tg.last(EVE).text).toMatch(/^🔓 Unlocked/);
  });

  it('guards turning confirmations off, not turning them on', async () => {
    await h.send(h.tg.message(EVE, '/settings'));
    const m = h.tg.last(EVE);
    await h.built.store.updatePin(EVE, { unlockedUntil: null });
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: on/)));
    expect((h.tg.callbackAnswers().at(-1) as { text: string }).text).toMatch(/^Send \/unlock/);
    expect(m.text).toContain('Confirm before trading: on');
    await h.send(h.tg.message(EVE, '/unlock 2468'));
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: on/)));
    expect(m.text).toContain('Confirm before trading: off');
    await h.built.store.updatePin(EVE, { unlockedUntil: null });
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: off/)));
    expect(m.text).toContain('Confirm before trading: on');
  });

  it('sent in a group, is deleted there and never used', async () => {
    const GROUP = -100777;
    const sent = h.tg.message(DAN, '/unlock 482913', GROUP);
    await h.built.store.updatePin(DAN, { unlockedUntil: null });
    await h.send(sent);
    expect(h.tg.last(GROUP).text).toMatch(/^A PIN is for our private chat only/);
    const deleted = h.tg.calls
      .filter((c) => c.method === 'deleteMessage' && Number(c.payload.chat_id) === GROUP)
      .map((c) => Number(c.payload.message_id));
    expect(deleted).toContain(sent.message!.message_id);
    expect((await h.built.store.user(DAN))!.unlockedUntil).toBeNull();
  });
});
