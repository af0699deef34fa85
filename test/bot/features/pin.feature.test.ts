// The PIN in front of what a stolen session could use to move funds out or take the wallet over, as a
// user meets it: /pin and /unlock (their messages deleted at once), the guarded wallet buttons (export,
// withdraw, import, switch, remove) refused until a PIN is set and unlocked, wrong tries locking for
// 15 minutes, an hour, then a day, the 24-hour hold after a first PIN on funds or a change, and none of
// it reachable from a group. The PINs' clock is the test's (moved by hand); the rest runs as it does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../../helpers/bot.js';
import { faucet } from '../../helpers/devnet.js';
import { waitFor } from '../../helpers/facade.js';
import { createUserPins } from '../../../src/trading/user-pin.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const DAN = 4001;
const EVE = 4002;
const FAY = 4003;
const GUS = 4004;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// Fri 27 Nov 2026 09:14 UTC
const T0 = Date.UTC(2026, 10, 27, 9, 14);
let now = T0;

beforeAll(async () => {
  h = await startBotStack();
  h.built.services.pins = createUserPins(h.built.store, () => now);
  for (const u of [DAN, EVE, FAY, GUS]) await h.send(h.tg.message(u, '/start'));
});
afterAll(async () => h?.close());

const lastAlert = () => {
  const answer = h.tg.callbackAnswers().at(-1) as { text?: string; show_alert?: boolean } | undefined;
  return answer?.show_alert ? answer.text : undefined;
};

/** Taps a wallet button and gives the alert it was answered with, if any. */
async function tapWallet(user: number, label: string): Promise<string | undefined> {
  await h.send(h.tg.message(user, '/wallet'));
  const view = h.tg.last(user);
  await h.send(h.tg.tap(user, view, h.tg.button(view, label)));
  return lastAlert();
}

/** Taps a wallet's own button (switch to it, export it, remove it) and gives the alert, if any. */
async function tapOwn(user: number, data: string): Promise<string | undefined> {
  await h.send(h.tg.message(user, '/wallet'));
  await h.send(h.tg.tap(user, h.tg.last(user), data));
  return lastAlert();
}

const say = async (user: number, text: string) => {
  await h.send(h.tg.message(user, text));
  return h.tg.last(user).text;
};

describe('the PIN', () => {
  it('is asked for before export, withdraw, import, switch and remove, until one is set', async () => {
    const SET_FIRST = /^Set a PIN first: send \/pin and 4 to 8 digits/;
    for (const label of ['🔑 Export', '💸 Withdraw TRX', '📥 Import', '🔀 Switch', '🗑 Remove'])
      expect(await tapWallet(DAN, label), label).toMatch(SET_FIRST);
    // nor do the buttons of one wallet pass (an old list, or a forged tap)
    const [w] = await h.built.store.wallets(DAN);
    for (const pick of ['use', 'expok', 'rm', 'rmok'])
      expect(await tapOwn(DAN, `w:${pick}:${w!.id}`), pick).toMatch(SET_FIRST);
    expect(h.tg.sent(DAN).some((m) => /Private key|Send me the private key|Choose the active/.test(m.text))).toBe(
      false,
    );
    // /unlock without a PIN opens nothing
    expect(await say(DAN, '/unlock 1111')).toMatch(SET_FIRST);
    expect(await tapWallet(DAN, '🔑 Export')).toMatch(SET_FIRST);
  });

  it('is set with /pin, the message holding it deleted at once; on an empty wallet no hold starts', async () => {
    expect(await say(DAN, '/pin 12')).toBe('A PIN is 4 to 8 digits, for example /pin 482913.');
    const sent = h.tg.message(DAN, '/pin 482913');
    await h.send(sent);
    expect(h.tg.last(DAN).text).toBe(
      '🔒 PIN set. To export, withdraw, import, switch and remove a wallet, send /unlock and your PIN first: it opens them for 2 minutes.',
    );
    const deleted = h.tg.calls
      .filter((c) => c.method === 'deleteMessage' && Number(c.payload.chat_id) === DAN)
      .map((c) => Number(c.payload.message_id));
    expect(deleted).toContain(sent.message!.message_id);
    const row = (await h.built.store.user(DAN))!;
    expect(row.pinHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(row.pinHash).not.toContain('482913');
    expect(row.pinHoldUntil).toBeNull();
    // a second /pin NEW does not replace it
    expect(await say(DAN, '/pin 111111')).toBe('You have a PIN: change it with /pin OLD NEW.');
  });

  it('guards the buttons until /unlock, which opens them for two minutes', async () => {
    expect(await tapWallet(DAN, '🔑 Export')).toBe('Send /unlock and your PIN first: it opens this for 2 minutes.');
    expect(await tapWallet(DAN, '🔀 Switch')).toMatch(/^Send \/unlock/);
    expect(await say(DAN, '/unlock 482913')).toMatch(/^🔓 Unlocked for 2 minutes: you can export, withdraw, import/);
    expect(await tapWallet(DAN, '🔑 Export')).toBeUndefined();
    expect(h.tg.last(DAN).text).toMatch(/Export a private key\?/);
    expect(await tapWallet(DAN, '📥 Import')).toBeUndefined();
    expect(h.tg.last(DAN).text).toMatch(/^📥 Send me the private key/);
    await h.send(h.tg.message(DAN, '/cancel'));
    // two minutes later it is closed again
    now += 2 * MIN;
    expect(await tapWallet(DAN, '🔑 Export')).toMatch(/^Send \/unlock/);
  });

  it('locks after five wrong PINs for 15 minutes, then an hour, then a day each; waiting does not reset the count', async () => {
    await say(EVE, '/pin 2468');
    for (let i = 1; i <= 4; i++)
      expect(await say(EVE, '/unlock 1111')).toBe(`Wrong PIN (${5 - i} ${5 - i === 1 ? 'try' : 'tries'} left).`);
    // a week later the fifth wrong one still locks
    now += 7 * DAY; // Fri 4 Dec 2026 09:16 UTC
    expect(await say(EVE, '/unlock 1111')).toBe(
      'Too many wrong PINs: locked for 15 minutes, until 4 Dec 2026 09:31 UTC.',
    );
    // even the right PIN, the guarded buttons and a change wait
    expect(await say(EVE, '/unlock 2468')).toBe(
      'Too many wrong PINs: locked for 15 minutes, until 4 Dec 2026 09:31 UTC.',
    );
    expect(await tapWallet(EVE, '💸 Withdraw TRX')).toBe(
      'Too many wrong PINs: locked for 15 minutes, until 4 Dec 2026 09:31 UTC.',
    );
    expect(await say(EVE, '/pin 2468 1357')).toMatch(/^Too many wrong PINs: locked for 15 minutes/);
    // the sixth wrong one in a row: an hour
    now += 15 * MIN;
    expect(await say(EVE, '/unlock 1111')).toBe('Too many wrong PINs: locked for 1 hour, until 4 Dec 2026 10:31 UTC.');
    // the seventh, and every later one: a day
    now += HOUR;
    expect(await say(EVE, '/unlock 9999')).toBe('Too many wrong PINs: locked for 1 day, until 5 Dec 2026 10:31 UTC.');
    now += DAY - 1;
    expect(await say(EVE, '/unlock 2468')).toMatch(/until 5 Dec 2026 10:31 UTC\.$/);
    now += 1;
    expect(await say(EVE, '/unlock 1111')).toBe('Too many wrong PINs: locked for 1 day, until 6 Dec 2026 10:31 UTC.');
    // only the right PIN, after the lock, starts the count again
    now += DAY;
    expect(await say(EVE, '/unlock 2468')).toMatch(/^🔓 Unlocked/);
    expect(await say(EVE, '/unlock 1111')).toBe('Wrong PIN (4 tries left).');
    expect(await say(EVE, '/unlock 2468')).toMatch(/^🔓 Unlocked/);
  });

  it('guards turning confirmations off, not turning them on', async () => {
    await h.send(h.tg.message(EVE, '/settings'));
    const m = h.tg.last(EVE);
    now += 2 * MIN;
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: on/)));
    expect(lastAlert()).toMatch(/^Send \/unlock/);
    expect(m.text).toContain('Confirm before trading: on');
    await h.send(h.tg.message(EVE, '/unlock 2468'));
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: on/)));
    expect(m.text).toContain('Confirm before trading: off');
    now += 2 * MIN;
    await h.send(h.tg.tap(EVE, m, h.tg.button(m, /^Confirm: off/)));
    expect(m.text).toContain('Confirm before trading: on');
  });
});

describe('the 24-hour hold', () => {
  it('starts with a first PIN on a wallet with TRX: export, withdraw, import, switch and remove wait, then /unlock opens them', async () => {
    const { wallet, client } = await h.account(FAY);
    await faucet(h.stack.devnet.url, wallet.address, 50);
    await waitFor(async () => ((await client.getWallet(wallet.address)).trxBalance > 0 ? true : undefined));
    now = Date.UTC(2026, 11, 10, 8, 5); // Thu 10 Dec 2026 08:05 UTC
    const set = await say(FAY, '/pin 97531');
    expect(set).toMatch(/^🔒 PIN set\./);
    expect(set).toContain('⏳ For your safety these are held for 24 hours, until 11 Dec 2026 08:05 UTC.');
    expect(await say(FAY, '/unlock 97531')).toContain(
      '⏳ Export, withdraw, import, switch and remove stay held until 11 Dec 2026 08:05 UTC.',
    );
    const HELD =
      /^Held until 11 Dec 2026 08:05 UTC: for 24 hours after a PIN is set on a wallet with funds, or changed, no one can export/;
    for (const label of ['🔑 Export', '💸 Withdraw TRX', '📥 Import', '🔀 Switch', '🗑 Remove'])
      expect(await tapWallet(FAY, label), label).toMatch(HELD);
    expect(await tapOwn(FAY, `w:expok:${wallet.id}`)).toMatch(HELD);
    expect(h.tg.sent(FAY).some((m) => m.text.includes('Private key'))).toBe(false);
    // a minute before it ends it still holds, unlocked or not; after it, /unlock opens export
    now = Date.UTC(2026, 11, 11, 8, 3);
    await say(FAY, '/unlock 97531');
    now += MIN;
    expect(await tapWallet(FAY, '🔑 Export')).toMatch(HELD);
    now = Date.UTC(2026, 11, 11, 8, 5, 1);
    expect(await tapWallet(FAY, '🔑 Export')).toBe('Send /unlock and your PIN first: it opens this for 2 minutes.');
    await say(FAY, '/unlock 97531');
    expect(await tapWallet(FAY, '🔑 Export')).toBeUndefined();
    await h.send(h.tg.tap(FAY, h.tg.last(FAY), `w:expok:${wallet.id}`));
    expect(h.tg.last(FAY).text).toContain('<b>Private key</b>');
  });

  it('starts with a PIN change, funds or not', async () => {
    now = Date.UTC(2026, 11, 20, 23, 30);
    await say(GUS, '/pin 8642');
    await say(GUS, '/unlock 8642');
    expect(await tapWallet(GUS, '🔀 Switch')).toBeUndefined();
    const changed = await say(GUS, '/pin 8642 975310');
    expect(changed).toMatch(/^🔒 PIN changed\./);
    expect(changed).toContain('until 21 Dec 2026 23:30 UTC.');
    await say(GUS, '/unlock 975310');
    expect(await tapWallet(GUS, '🔀 Switch')).toMatch(/^Held until 21 Dec 2026 23:30 UTC/);
    // the old PIN opens nothing
    expect(await say(GUS, '/unlock 8642')).toBe('Wrong PIN (4 tries left).');
  });
});

describe('in a group', () => {
  const GROUP = -100777;

  it('a PIN sent there is deleted and never used; the sender is sent to the private chat', async () => {
    const sent = h.tg.message(DAN, '/unlock 482913', GROUP);
    await h.send(sent);
    const reply = h.tg.last(GROUP);
    expect(reply.text).toMatch(/^Open me in a private chat for this/);
    expect(reply.text).toContain('choose a new one there with /pin OLD NEW');
    expect(reply.replyMarkup?.inline_keyboard.flat()[0]?.url).toBe('https://t.me/launchpad_test_bot');
    const deleted = h.tg.calls
      .filter((c) => c.method === 'deleteMessage' && Number(c.payload.chat_id) === GROUP)
      .map((c) => Number(c.payload.message_id));
    expect(deleted).toContain(sent.message!.message_id);
    expect(h.tg.sent(DAN).at(-1)!.text).not.toMatch(/Unlocked/);
    await h.send(h.tg.message(DAN, '/pin 482913 1234', GROUP));
    expect(await say(DAN, '/unlock 1234')).toMatch(/^Wrong PIN/);
  });

  it('a wallet is neither shown nor changed there', async () => {
    await h.send(h.tg.message(DAN, '/wallet', GROUP));
    expect(h.tg.last(GROUP).text).toMatch(/^Open me in a private chat for this/);
    // a wallet button tapped there (on a message of the user's own): an alert, nothing done
    const msg = h.tg.last(GROUP);
    await h.built.store.own(GROUP, msg.messageId, DAN);
    await say(DAN, '/unlock 482913');
    const before = h.tg.sent(GROUP).length;
    for (const data of ['w:exp', 'w:sw', 'w:imp', 'w:new', 'w:rm']) {
      await h.send(h.tg.tap(DAN, msg, data));
      expect(lastAlert(), data).toMatch(/^Open me in a private chat for this/);
    }
    expect(h.tg.sent(GROUP)).toHaveLength(before);
    expect(await h.built.store.wallets(DAN)).toHaveLength(1);
  });
});
