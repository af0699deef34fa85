// The account in every language, through the fake Bot API: /wallet (its text and every button), a new
// wallet, the PIN (set, a wrong one, unlocked) in front of export, import and withdraw, the withdraw
// dialogue's prompts and its second tap for a new address, /settings with its 🌐 button opening the
// choice of language, slippage edited in a dialogue (a decimal comma too), /referral with its share
// button, a payout's notice, and a group sent to the private chat. Telegram refuses nothing, and no
// alert is longer than the 200 characters Telegram allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { typedNumber } from '../../../src/bot/account-text.js';
import { txLinker } from '../../../src/bot/format.js';
import type { Lang } from '../../../src/bot/i18n.js';
import { tellPayouts } from '../../../src/bot/notifiers/referral.notifier.js';
import { heldText, lockedText, setOne, unlockFirst } from '../../../src/bot/pin-gate.js';
import { createLogger } from '../../../src/log.js';
import { startBotStack } from '../../helpers/bot.js';
import { LANGS, speechIn, tr } from '../../helpers/speech.js';
import type { SentMessage } from '../../helpers/telegram.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
/** A user per language, their app set to it. */
const USER: Record<Lang, number> = { en: 4601, zh: 4602, ru: 4603 };
const GROUP: Record<Lang, number> = { en: -4610, zh: -4611, ru: -4612 };
const PIN = '4826';
/** 2.5 as each language writes it. */
const TWO_AND_A_HALF: Record<Lang, string> = { en: '2.5', zh: '2.5', ru: '2,5' };

beforeAll(async () => {
  h = await startBotStack();
  for (const { lang, appCode } of LANGS) h.tg.appLanguages.set(USER[lang]!, appCode);
});
afterAll(async () => h?.close());

/** The last answer to a button. */
const lastAnswer = () => h.tg.callbackAnswers().at(-1) as { text?: string; show_alert?: boolean } | undefined;

/** Taps a button of `m` by its text. */
const tap = (user: number, m: SentMessage, label: string) => h.send(h.tg.tap(user, m, h.tg.button(m, label)));

describe.each(LANGS)('the account in $lang', ({ lang }) => {
  const id = () => USER[lang]!;
  const group = () => GROUP[lang]!;
  const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
  const s = speechIn(lang);
  const minutes2 = () => t('common-duration', { unit: 'minute', n: 2 });
  const hint = () => ` ${t('ask-cancel-hint')}`;
  const say = async (text: string) => {
    await h.send(h.tg.message(id(), text));
    return h.tg.last(id()).text;
  };
  const walletButtons = () =>
    [
      'wallet-btn-new',
      'wallet-btn-import',
      'wallet-btn-export',
      'wallet-btn-switch',
      'wallet-btn-withdraw',
      'wallet-btn-remove',
      'wallet-btn-refresh',
    ].map((k) => t(k));

  it('/wallet shows the wallet and its buttons; a new wallet is said under the button', async () => {
    await h.send(h.tg.message(id(), '/start'));
    await h.send(h.tg.message(id(), '/wallet'));
    const view = h.tg.last(id());
    const address = (await h.walletOf(id())).address;
    expect(
      view.text.startsWith([t('wallet-title', { index: 1, count: 1 }), `<code>${address}</code>`].join('\n')),
    ).toBe(true);
    expect(view.text).toContain(t('wallet-balance', { balance: s.n.trxNum(0) }));
    expect(view.text.endsWith(`\n\n${t('wallet-no-positions')}`)).toBe(true);
    expect(h.tg.buttons(view).map((b) => b.text)).toEqual(walletButtons());

    await tap(id(), view, t('wallet-btn-new'));
    expect(lastAnswer()?.text).toBe(t('wallet-created'));
    expect(view.text).toContain(t('wallet-title', { index: 2, count: 2 }));
    expect(h.tg.buttons(view).map((b) => b.text)).toEqual(walletButtons());
  });

  it('asks for a PIN before export, refuses a wrong one, and opens export, import and withdraw once unlocked', async () => {
    await h.send(h.tg.message(id(), '/wallet'));
    const view = h.tg.last(id());
    await tap(id(), view, t('wallet-btn-export'));
    expect(lastAnswer()).toMatchObject({ show_alert: true, text: t('pin-set-one') });
    expect(h.tg.last(id())).toBe(view);

    expect(await say('/pin 12')).toBe(t('pin-bad'));
    // an empty wallet: the first PIN starts no hold
    expect(await say(`/pin ${PIN}`)).toBe(t('pin-done', { changed: 'no', span: minutes2() }));
    expect(await say('/pin 5555')).toBe(t('pin-exists'));
    await tap(id(), view, t('wallet-btn-export'));
    expect(lastAnswer()).toMatchObject({ show_alert: true, text: t('pin-unlock-first', { span: minutes2() }) });
    expect(await say('/unlock 1111')).toBe(t('pin-wrong', { left: 4 }));
    expect(await say(`/unlock ${PIN}`)).toBe(t('pin-unlocked', { span: minutes2() }));

    // export: the warning and a button per wallet; Cancel takes it away
    await tap(id(), view, t('wallet-btn-export'));
    const ask = h.tg.last(id());
    expect(ask.text).toBe(t('wallet-export-ask', { span: t('common-duration', { unit: 'second', n: 60 }) }));
    const labels = h.tg.buttons(ask).map((b) => b.text);
    expect(labels).toHaveLength(3);
    expect(labels.at(-1)).toBe(t('wallet-btn-cancel'));
    await tap(id(), ask, t('wallet-btn-cancel'));
    expect(lastAnswer()?.text).toBe(t('wallet-cancelled'));
    expect(ask.deleted).toBe(true);

    // import: the prompt, and a message that is no key (deleted, and said)
    await tap(id(), view, t('wallet-btn-import'));
    expect(h.tg.last(id()).text).toBe(t('wallet-import-prompt'));
    const bad = h.tg.message(id(), 'not-a-key');
    await h.send(bad);
    expect(h.tg.messages.get(`${id()}:${bad.message!.message_id}`)!.deleted).toBe(true);
    expect(h.tg.last(id()).text).toBe(t('wallet-import-not-a-key'));
  });

  it("walks the withdraw dialogue's prompts, a decimal comma, and the second tap a new address waits for", async () => {
    await h.send(h.tg.message(id(), '/wallet'));
    const view = h.tg.last(id());
    await tap(id(), view, t('wallet-btn-withdraw'));
    expect(h.tg.last(id()).text).toBe(t('ask-withdraw-to') + hint());
    expect(await say('nowhere')).toBe(t('ask-withdraw-not-address'));
    const to = (await TronWeb.createAccount()).address.base58;
    expect(await say(to)).toBe(t('ask-withdraw-amount') + hint());
    expect(await say('0')).toBe(t('ask-withdraw-amount-help'));
    await h.send(h.tg.message(id(), '1,5'));
    const confirm = h.tg.last(id());
    const amount = s.n.trxNum(1.5);
    expect(confirm.text).toBe(t('ask-withdraw-confirm', { amount, to }));
    expect(h.tg.buttons(confirm).map((b) => b.text)).toEqual([t('ask-btn-send'), t('ask-btn-cancel')]);
    // a first withdrawal to this address: said, and a second tap only after the wait (300 ms here)
    await tap(id(), confirm, t('ask-btn-send'));
    expect(confirm.text).toBe(t('ask-withdraw-new-address', { to, seconds: 1, amount }));
    await tap(id(), confirm, t('ask-btn-send'));
    expect(lastAnswer()).toMatchObject({ show_alert: true, text: t('ask-wait-more', { seconds: 1 }) });
    await tap(id(), confirm, t('ask-btn-cancel'));
    expect(confirm.text).toBe(t('ask-withdraw-cancelled'));
    expect(h.trxBalance(to)).toBe(0n);
  });

  it('/settings shows the settings and a 🌐 button that opens the choice of language', async () => {
    await h.send(h.tg.message(id(), '/settings'));
    const m = h.tg.last(id());
    const st = h.built.store.settings((await h.built.store.user(id()))!);
    expect(m.text.startsWith(t('settings-title'))).toBe(true);
    expect(m.text).toContain(t('settings-slippage', { pct: typedNumber(s, st.slippage) }));
    expect(m.text).toContain(t('settings-confirm', { on: 'yes' }));
    expect(m.text).toContain(t('settings-auto-tpsl', { what: t('settings-off') }));
    expect(h.tg.buttons(m).map((b) => b.text)).toEqual([
      t('settings-btn-slippage', { pct: typedNumber(s, st.slippage) }),
      t('settings-btn-fee', { fee: typedNumber(s, st.extraFeeLimit) }),
      t('settings-btn-buy'),
      t('settings-btn-sell'),
      t('settings-btn-confirm', { on: 'yes' }),
      t('settings-btn-language', { language: t('language-name') }),
    ]);
    await tap(id(), m, t('settings-btn-language', { language: t('language-name') }));
    expect(h.tg.last(id()).text).toBe(t('language-pick', { current: t('language-name') }));
  });

  it('edits the slippage in a dialogue (a decimal comma too); "Saved." shows the settings as /settings does', async () => {
    await h.send(h.tg.message(id(), '/settings'));
    const m = h.tg.last(id());
    await tap(id(), m, h.tg.buttons(m)[0]!.text);
    const range = { min: s.n.num(0.1, 6), max: s.n.num(50, 6) };
    expect(h.tg.last(id()).text).toBe(t('ask-slippage', range) + hint());
    expect(await say('80')).toBe(t('ask-number-range', range));
    await h.send(h.tg.message(id(), lang === 'ru' ? '2,5' : '2.5'));
    const saved = h.tg.last(id());
    expect(saved.text).toContain(t('settings-slippage', { pct: TWO_AND_A_HALF[lang]! }));
    expect(h.tg.buttons(saved)[0]?.text).toBe(t('settings-btn-slippage', { pct: TWO_AND_A_HALF[lang]! }));
    await h.send(h.tg.message(id(), '/settings'));
    expect(saved.text).toBe(`${t('settings-saved')}\n\n${h.tg.last(id()).text}`);
    // above 15 %, the PIN must be unlocked
    await h.built.store.updatePin(id(), { unlockedUntil: null });
    await tap(id(), saved, h.tg.buttons(saved)[0]!.text);
    expect(await say('20')).toBe(
      `${t('pin-unlock-first', { span: minutes2() })}\n${t('ask-slippage-guarded', { pct: 15 })}`,
    );
  });

  it('/referral shows the link, the figures and the terms, with a share button; a payout is told in the language', async () => {
    await h.send(h.tg.message(id(), '/referral'));
    const m = h.tg.last(id());
    const terms = await h.built.services.referrals.settings();
    expect(m.text.startsWith(`${t('ref-title')}\n\n${t('ref-your-link')}\nhttps://t.me/`)).toBe(true);
    for (const line of [
      t('ref-joined', { count: 0 }),
      t('ref-earned', { earned: s.n.trx(0n) }),
      t('ref-owed', { owed: s.n.trx(0n) }),
      t('ref-terms-discount', { pct: terms.discountPct }),
      t('ref-terms-payout', { threshold: s.n.trx(terms.thresholdSun) }),
    ])
      expect(m.text).toContain(line);
    expect(m.text).toContain(t('ref-period', { pct: terms.sharesPct[0]!, from: 1, to: terms.days[0]! }));
    const share = m.replyMarkup!.inline_keyboard.flat();
    expect(share.map((b) => b.text)).toEqual([t('ref-share-button')]);
    expect(new URL(share[0]!.url!).searchParams.get('text')).toBe(t('ref-pitch-discount', { pct: terms.discountPct }));

    const store = h.built.services.referrals.store;
    const to = (await h.walletOf(id())).address;
    const at = Date.now();
    const txid = lang.padEnd(64, 'a');
    const pid = `${id()}:1`;
    const row = { id: pid, referrer: id(), amountSun: '1500000', fromAddress: to, toAddress: to, txid, signedTx: '{}' };
    expect(await store.claimPayout({ ...row, status: 'signed', createdAt: at, updatedAt: at })).toBe(true);
    expect(await store.settlePayout(pid, 'confirmed', at)).toBe(true);
    const tell = tellPayouts(
      h.bot.api,
      h.built.services.referrals,
      createLogger('silent'),
      txLinker(),
      h.built.services.speechOf,
    );
    expect(await tell()).toBe(1);
    expect(h.tg.last(id()).text).toBe(
      t('ref-payout', { amount: s.n.trx(1_500_000n), address: to, tx: `<code>${txid}</code>` }),
    );
  });

  it('sends a group to the private chat, with a button there', async () => {
    await h.send(h.tg.message(id(), '/wallet', group()));
    const reply = h.tg.last(group());
    expect(reply.text).toBe(t('common-open-private'));
    expect(reply.replyMarkup?.inline_keyboard).toEqual([
      [{ text: t('common-open-private-button'), url: 'https://t.me/launchpad_test_bot' }],
    ]);
    await h.send(h.tg.message(id(), '/unlock 1234', group()));
    expect(h.tg.last(group()).text).toBe(`${t('common-open-private')} ${t('pin-group-also')}`);
  });

  it("keeps every alert within Telegram's 200 characters", async () => {
    const user = (await h.built.store.user(id()))!;
    const pins = h.built.services.pins;
    const until = Date.UTC(2026, 10, 28, 9, 14);
    const alerts = [
      setOne(s),
      unlockFirst(s),
      heldText(s, until),
      lockedText(s, pins, { ...user, pinLockedUntil: until }),
      t('common-open-private'),
      t('wallet-not-removed-only'),
      t('wallet-not-removed-active'),
      t('wallet-not-removed-orders'),
      t('wallet-not-removed-rules'),
      t('wallet-not-removed-trading'),
      t('ask-wait-more', { seconds: 30 }),
    ];
    for (const a of alerts) expect(a.length, a).toBeLessThanOrEqual(200);
    expect(heldText(s, until)).toContain(lang === 'en' ? '28 Nov 2026 09:14 UTC' : '09:14 UTC');
  });

  it('left Telegram nothing to refuse', () => {
    expect(h.tg.refusals).toEqual([]);
  });
});
