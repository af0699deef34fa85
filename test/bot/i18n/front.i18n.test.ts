// The front door in every language, through the fake Bot API: /start for a new user (the welcome, its
// five buttons, each opening its place), /help and each topic's page (edited in place, every command
// of the topic there, within Telegram's 4,096 characters), an expired button, /cancel; and a group
// whose admin chose its language: /alerts and an alert, in that language; the admin commands in the
// admin's language. Telegram refuses nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { HELP_TOPICS, type HelpTopic } from '../../../src/bot/commands.js';
import { esc } from '../../../src/bot/format.js';
import type { Lang } from '../../../src/bot/i18n.js';
import { startBotStack } from '../../helpers/bot.js';
import { faucet } from '../../helpers/devnet.js';
import { waitFor } from '../../helpers/facade.js';
import { LANGS, speechIn, tr } from '../../helpers/speech.js';
import type { SentMessage } from '../../helpers/telegram.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const REFERRER = 4400;
/** A new user per language, their app set to it. */
const user = (lang: Lang): number => 4401 + LANGS.findIndex((l) => l.lang === lang);
/** A group per language, and its admin. */
const group = (lang: Lang): number => -4410 - LANGS.findIndex((l) => l.lang === lang);
const ADMIN = 4420;

const TOPIC_BUTTON: Record<HelpTopic, string> = {
  trading: 'help-btn-trading',
  orders: 'help-btn-orders',
  automation: 'help-btn-automation',
  wallet: 'help-btn-wallet',
  groups: 'help-btn-groups',
};
const TOPIC_HEAD: Record<HelpTopic, [string, string]> = {
  trading: ['help-trading-title', 'help-trading-intro'],
  orders: ['help-orders-title', 'help-orders-intro'],
  automation: ['help-automation-title', 'help-automation-intro'],
  wallet: ['help-wallet-title', 'help-wallet-intro'],
  groups: ['help-groups-title', 'help-groups-intro'],
};

beforeAll(async () => {
  h = await startBotStack({ admins: [ADMIN] });
  for (const { lang, appCode } of LANGS) h.tg.appLanguages.set(user(lang), appCode);
  await h.send(h.tg.message(REFERRER, '/start'));
});
afterAll(async () => h?.close());

/** The last answer to a button. */
const lastAnswer = () => h.tg.callbackAnswers().at(-1);

/** Taps a button of `m` by its text and returns the bot's newest message in the chat. */
async function tapFor(user: number, m: SentMessage, label: string): Promise<SentMessage> {
  const before = h.tg.sent(m.chatId).length;
  await h.send(h.tg.tap(user, m, h.tg.button(m, label)));
  await waitFor(() => (h.tg.sent(m.chatId).length > before ? true : undefined));
  return h.tg.last(m.chatId);
}

describe.each(LANGS)('the front door in $lang', ({ lang }) => {
  const id = () => user(lang);
  const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);

  it("/start welcomes a new user with the wallet, the PIN reminder, a friend's discount and five buttons", async () => {
    const code = await h.built.services.referrals.codeOf(REFERRER);
    await h.send(h.tg.message(id(), `/start r_${code}`));
    const hello = h.tg.last(id());
    const address = (await h.walletOf(id())).address;
    const discount = (await h.built.services.referrals.settings()).discountPct;
    expect(hello.text).toBe(
      [
        t('start-welcome-new'),
        `<code>${address}</code>`,
        '',
        t('start-pin'),
        t('start-fund'),
        t('start-trade'),
        '',
        t('start-discount', { pct: speechIn(lang).n.pct(discount) }),
      ].join('\n'),
    );
    expect(h.tg.buttons(hello).map((b) => b.text)).toEqual([
      t('start-btn-new'),
      t('start-btn-top'),
      t('start-btn-wallet'),
      t('start-btn-settings'),
      t('start-btn-help'),
    ]);
    // short: no list of commands
    expect(hello.text).not.toContain('/limit');
    // once more: welcome back, no discount line
    await h.send(h.tg.message(id(), '/start'));
    expect(h.tg.last(id()).text.split('\n')[0]).toBe(t('start-welcome-back'));
    expect(h.tg.last(id()).text).not.toContain(t('start-discount', { pct: speechIn(lang).n.pct(discount) }));
  });

  it("each button opens its place: the same message as its command's", async () => {
    const hello = h.tg.last(id());
    for (const [button, command] of [
      ['start-btn-new', '/new'],
      ['start-btn-top', '/top'],
      ['start-btn-wallet', '/wallet'],
      ['start-btn-settings', '/settings'],
    ] as const) {
      const opened = await tapFor(id(), hello, t(button));
      expect(lastAnswer()).not.toHaveProperty('text');
      await h.send(h.tg.message(id(), command));
      const asked = h.tg.last(id());
      expect(opened.text).toBe(asked.text);
      expect(h.tg.buttons(opened)).toEqual(h.tg.buttons(asked));
    }
    // New lists the tokens, each with a button to its card; the wallet shows its address
    const list = await tapFor(id(), hello, t('start-btn-new'));
    expect(h.tg.buttons(list).some((b) => /\$FROG/.test(b.text) && b.data.startsWith('r:T'))).toBe(true);
    const wallet = await tapFor(id(), hello, t('start-btn-wallet'));
    expect(wallet.text).toContain((await h.walletOf(id())).address);
    // Help: its first page
    const help = await tapFor(id(), hello, t('start-btn-help'));
    expect(help.text.split('\n')[0]).toBe(t('help-title'));
  });

  it('/help is how to trade, with a page per topic edited in place, each with its commands', async () => {
    await h.send(h.tg.message(id(), '/help'));
    const help = h.tg.last(id());
    const first = [t('help-title'), t('help-step-1'), t('help-step-2'), t('help-step-3'), '', t('help-topics')];
    expect(help.text).toBe(first.join('\n'));
    const topics = Object.keys(HELP_TOPICS) as HelpTopic[];
    expect(h.tg.buttons(help).map((b) => b.text)).toEqual(topics.map((topic) => t(TOPIC_BUTTON[topic])));
    for (const topic of topics) {
      const shown = help.history.length;
      await h.send(h.tg.tap(id(), help, h.tg.button(help, t(TOPIC_BUTTON[topic]))));
      expect(help.history).toHaveLength(shown + 1); // edited, not a new message
      const [title, intro] = TOPIC_HEAD[topic];
      expect(help.text).toBe(
        [
          t(title),
          t(intro),
          '',
          ...HELP_TOPICS[topic].map((command) => `/${command} — ${esc(t(`cmd-${command}`))}`),
        ].join('\n'),
      );
      expect([...help.visibleText!].length).toBeLessThanOrEqual(4096);
      expect(h.tg.buttons(help).map((b) => b.text)).toEqual([t('help-btn-back')]);
      await h.send(h.tg.tap(id(), help, h.tg.button(help, t('help-btn-back'))));
      expect(help.text).toBe(first.join('\n'));
    }
  });

  it('answers an expired button, stray text and /cancel', async () => {
    await h.send(h.tg.tap(id(), h.tg.last(id()), 'zz:gone'));
    expect(lastAnswer()).toMatchObject({ text: t('bot-expired') });
    await h.send(h.tg.message(id(), 'hello there'));
    expect(h.tg.last(id()).text).toBe(t('bot-stray-text'));
    await h.send(h.tg.message(id(), '/cancel'));
    expect(h.tg.last(id()).text).toBe(t('bot-cancelled'));
    expect(h.tg.refusals).toEqual([]);
  });
});

describe("a group's alerts, in the language its admin chose", () => {
  it('/alerts and its buttons speak it, and so do the alerts sent there', async () => {
    h.tg.chatAdmins.add(ADMIN);
    for (const { lang } of LANGS) {
      await h.send(h.tg.message(ADMIN, `/language ${lang}`, group(lang)));
      await h.send(h.tg.message(ADMIN, '/alerts', group(lang)));
      const rules = h.tg.last(group(lang));
      expect(rules.text).toContain(tr(lang, 'alert-rules-title'));
      expect(rules.text).toContain(tr(lang, 'alert-rules-new', { on: 'no' }));
      expect(rules.text).toContain(tr(lang, 'alert-rules-tokens-all'));
      expect(h.tg.buttons(rules).map((b) => b.text)).toEqual([
        tr(lang, 'alert-btn-new', { mark: '—' }),
        tr(lang, 'alert-btn-launches', { mark: '—' }),
        tr(lang, 'alert-btn-buys-off'),
        tr(lang, 'alert-btn-progress-off'),
      ]);
      await h.send(h.tg.tap(ADMIN, rules, h.tg.button(rules, tr(lang, 'alert-btn-new', { mark: '—' }))));
      expect(lastAnswer()).toMatchObject({ text: tr(lang, 'alert-saved') });
      expect(rules.text).toContain(tr(lang, 'alert-rules-new', { on: 'yes' }));
      expect(h.tg.buttons(rules)[0]!.text).toBe(tr(lang, 'alert-btn-new', { mark: '✅' }));
      // a member who is no admin: refused in the group's language
      await h.send(h.tg.tap(user('en'), rules, h.tg.button(rules, tr(lang, 'alert-btn-launches', { mark: '—' }))));
      expect(lastAnswer()).toMatchObject({ text: tr(lang, 'alert-admins-only-change'), show_alert: true });
    }

    // a new token: each group told in its own language
    const alerter = await h.streamOpened(() => h.alerter());
    const { client, wallet, key: keyOf } = await h.account(user('ru'));
    await faucet(h.stack.devnet.url, wallet.address, 2_000);
    const key = keyOf();
    const created = await client.createToken({ userAddress: wallet.address, name: 'Front Coin', symbol: 'FRNT' });
    const tw = new TronWeb({ fullHost: h.stack.devnet.url, privateKey: key });
    await client.broadcast(await tw.trx.sign(created as never));
    const alertIn = (lang: Lang) => h.tg.sent(group(lang)).find((m) => m.text.includes('$FRNT'));
    await waitFor(() => (LANGS.every(({ lang }) => alertIn(lang)) ? true : undefined), 20_000);
    await alerter.stop();
    for (const { lang } of LANGS) {
      const text = alertIn(lang)!.text;
      const token = /start=(T\w{33})/.exec(text)![1]!;
      expect(text).toBe(
        tr(lang, 'alert-new', {
          name: 'Front Coin',
          symbol: '$FRNT',
          url: `https://t.me/launchpad_test_bot?start=${token}`,
        }),
      );
    }
    expect(h.tg.refusals).toEqual([]);
  });
});

describe("the admin commands, in the admin's language", () => {
  it.each(LANGS)('$lang', async ({ lang }) => {
    await h.send(h.tg.message(ADMIN, `/language ${lang}`));
    await h.send(h.tg.message(ADMIN, '/plans'));
    const plans = h.tg.last(ADMIN).text.split('\n');
    expect(plans[0]).toBe(tr(lang, 'admin-plans-title'));
    const terms = tr(lang, 'admin-plan-terms', { rpm: '300', fee: speechIn(lang).n.pct(0.5), streams: 'yes' });
    expect(plans).toContain(tr(lang, 'admin-plan-line', { name: 'trader', terms }));
    await h.send(h.tg.message(ADMIN, '/plan set broken'));
    expect(h.tg.last(ADMIN).text).toBe(tr(lang, 'admin-plan-usage'));
    await h.send(h.tg.message(ADMIN, '/user 999999'));
    expect(h.tg.last(ADMIN).text).toBe(tr(lang, 'admin-no-user'));
    await h.send(h.tg.message(ADMIN, '/referrals set bonus=5'));
    expect(h.tg.last(ADMIN).text).toBe(
      [
        tr(lang, 'admin-not-saved', { reason: tr(lang, 'admin-referrals-unknown', { word: 'bonus=5' }) }),
        tr(lang, 'admin-referrals-usage'),
      ].join('\n'),
    );
    await h.send(h.tg.message(ADMIN, '/stats'));
    expect(h.tg.last(ADMIN).text.split('\n')[0]).toBe(tr(lang, 'admin-stats-title'));
    expect(h.tg.refusals).toEqual([]);
  });
});
