// Referrals and share links against a fake Telegram, the real facade and the devnet: who is bound by a
// link (first wins, newcomers only), the referee's discounted fee on chain, /referral, share links
// opening a card (in private and in a group), the card's Share button, the admins' terms and totals,
// and a confirmed payout told once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { BOT_INFO, type SentMessage } from '../../helpers/telegram.js';
import type { Api } from 'grammy';
import { tellPayouts } from '../../../src/bot/notifiers/referral.notifier.js';
import { txLinker } from '../../../src/bot/format.js';
import { createLogger } from '../../../src/log.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ADMIN = 5000;
const ALICE = 5001; // the referrer
const BOB = 5002; // joins through Alice's link
const CAROL = 5003; // used the bot before any link
const DAVE = 5004; // joins through a share link
const ERIN = 5005; // opens a link whose code nobody has
const GINA = 5006; // first seen in a group, through a share link
const GROUP = -100777;
const BOT = BOT_INFO.username;
let aliceCode: string;

const referrals = () => h.built.services.referrals;
const keyOf = async (id: number) => (await h.built.store.user(id))!.apiKeyId!;
const urlButton = (m: SentMessage, text: string) =>
  m.replyMarkup?.inline_keyboard.flat().find((b) => b.text === text)?.url;
/** The TRX side's fee the router takes at `bps`, rounded down (FeeRouter.sol: msg.value * feeBps / BPS). */
const routerFee = (sun: bigint, bps: number) => (sun * BigInt(bps)) / 10_000n;

beforeAll(async () => {
  h = await startBotStack({ admins: [ADMIN] });
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(ALICE, '/start'));
  await h.send(h.tg.message(CAROL, '/start'));
});
afterAll(async () => h?.close());

describe('/referral', () => {
  it('shows the link, the counts and a button to share it', async () => {
    await h.send(h.tg.message(ALICE, '/referral'));
    const m = h.tg.last(ALICE);
    const link = new RegExp(`https://t\\.me/${BOT}\\?start=r_([a-z0-9]+)`).exec(m.text);
    expect(link).not.toBeNull();
    aliceCode = link![1]!;
    expect(aliceCode).toBe(await referrals().codeOf(ALICE));
    expect(m.text).toContain('Joined through it: <b>0</b>');
    expect(m.text).toContain('Owed: <b>0 TRX</b>');
    expect(m.text).toContain('30% for days 1–30, 20% for days 31–60, 10% after');
    expect(m.text).toContain('pay 10% less fee');
    const share = urlButton(m, '📤 Share your link')!;
    expect(share.startsWith(`https://t.me/share/url?url=${encodeURIComponent(link![0])}&text=`)).toBe(true);
    expect(new URL(share).searchParams.get('url')).toBe(link![0]);
  });
});

describe('binding a link to its opener', () => {
  it('binds a newcomer through a referral link, whose key then has the discount', async () => {
    await h.send(h.tg.message(BOB, `/start r_${aliceCode}`));
    const hello = h.tg.last(BOB);
    expect(hello.text).toContain('Welcome!');
    expect(hello.text).toContain('your trading fee is 10% lower');
    expect(await referrals().store.referrerOf(BOB)).toMatchObject({ referrer: ALICE, via: 'link' });
    const key = await h.stack.facade.admin.keyInfo(await keyOf(BOB));
    expect(key).toMatchObject({ plan: 'trader', feeDiscountPct: 10, feeBps: Math.floor((50 * 90) / 100) });
  });

  it('keeps the first link: a second one later changes nothing', async () => {
    const carolCode = await referrals().codeOf(CAROL);
    await h.send(h.tg.message(BOB, `/start r_${carolCode}`));
    expect(h.tg.last(BOB).text).toContain('Welcome back!');
    expect(h.tg.last(BOB).text).not.toContain('lower');
    expect(await referrals().store.referrerOf(BOB)).toMatchObject({ referrer: ALICE });
  });

  it('never binds someone who used the bot before, nor a code nobody has', async () => {
    await h.send(h.tg.message(CAROL, `/start r_${aliceCode}`));
    expect(h.tg.last(CAROL).text).toContain('Welcome back!');
    expect(await referrals().store.referrerOf(CAROL)).toBeUndefined();
    // Alice, who brought Bob, opening Bob's link: she is not new (and it would be a cycle)
    const bobCode = await referrals().codeOf(BOB);
    await h.send(h.tg.message(ALICE, `/start r_${bobCode}`));
    expect(await referrals().store.referrerOf(ALICE)).toBeUndefined();
    await h.send(h.tg.message(ERIN, '/start r_nosuchcode'));
    expect(h.tg.last(ERIN).text).toContain('Welcome!');
    expect(h.tg.last(ERIN).text).not.toContain('lower');
    expect(await referrals().store.referrerOf(ERIN)).toBeUndefined();
    expect((await h.stack.facade.admin.keyInfo(await keyOf(ERIN))).feeBps).toBe(50);
  });

  it('refuses self-referral and cycles below the bot', async () => {
    expect(await referrals().bind(ALICE, aliceCode, 'link')).toBe('self');
    expect(await referrals().bind(ALICE, await referrals().codeOf(BOB), 'link')).toBe('cycle');
    expect(await referrals().bind(BOB, aliceCode, 'link')).toBe('already');
    expect(await referrals().bind(ERIN, 'nosuchcode', 'link')).toBe('unknown-code');
  });
});

describe('a referee trading', () => {
  it('pays the discounted router fee on chain, and the referrer sees it in /referral', async () => {
    await faucet(h.stack.devnet.url, (await h.walletOf(BOB)).address, 1_000);
    await h.send(h.tg.message(BOB, tokens.SDOG!));
    const card = h.tg.last(BOB);
    await h.send(h.tg.tap(BOB, card, h.tg.button(card, 'Buy 100 TRX')));
    const quote = h.tg.last(BOB);
    await h.send(h.tg.tap(BOB, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') ? true : undefined), 20_000);
    const fees = await waitFor(async () => {
      const rows = await h.stack.facade.admin.fees([await keyOf(BOB)]);
      return rows.length ? rows : undefined;
    }, 20_000);
    const fee = routerFee(100_000_000n, Math.floor((50 * (100 - 10)) / 100));
    expect(fee).toBe(450_000n);
    expect(fees.map((f) => f.feeSun)).toEqual([fee.toString()]);
    // Alice earns 30 % of it in Bob's first 30 days
    const text = await waitFor(async () => {
      await h.send(h.tg.message(ALICE, '/referral'));
      const t = h.tg.last(ALICE).text;
      return t.includes('Their volume: 100 TRX') ? t : undefined;
    }, 20_000);
    expect(text).toContain('Joined through it: <b>1</b>');
    expect(text).toContain('Earned: 0.135 TRX');
    expect(text).toContain('Paid: 0 TRX');
    expect(text).toContain('Owed: <b>0.135 TRX</b>');
  });
});

describe('share links', () => {
  it('the card has a Share button with the token and the card user’s code', async () => {
    await h.send(h.tg.message(CAROL, tokens.TCAT!));
    const share = urlButton(h.tg.last(CAROL), '📤 Share')!;
    const url = new URL(share);
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    const link = url.searchParams.get('url')!;
    const param = `t_${tokens.TCAT}_${await referrals().codeOf(CAROL)}`;
    expect(link).toBe(`https://t.me/${BOT}?start=${param}`);
    expect(param).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });

  it('binds a newcomer and opens the card', async () => {
    await h.send(h.tg.message(DAVE, `/start t_${tokens.SDOG}_${aliceCode}`));
    const [hello, card] = h.tg.sent(DAVE);
    expect(hello!.text).toContain('Welcome!');
    expect(hello!.text).toContain('your trading fee is 10% lower');
    expect(card!.text).toContain('($SDOG)');
    expect(await referrals().store.referrerOf(DAVE)).toMatchObject({ referrer: ALICE, via: 'share' });
    expect((await h.stack.facade.admin.keyInfo(await keyOf(DAVE))).feeDiscountPct).toBe(10);
  });

  it('opens only the card for someone who used the bot before, unbound', async () => {
    const before = h.tg.sent(CAROL).length;
    await h.send(h.tg.message(CAROL, `/start t_${tokens.SDOG}_${aliceCode}`));
    expect(h.tg.sent(CAROL).length).toBe(before + 1);
    expect(h.tg.last(CAROL).text).toContain('($SDOG)');
    expect(await referrals().store.referrerOf(CAROL)).toBeUndefined();
  });

  it('opens the card in a group, binding a newcomer', async () => {
    await h.send(h.tg.message(CAROL, `/start@${BOT} t_${tokens.TCAT}_${aliceCode}`, GROUP));
    expect(h.tg.last(GROUP).text).toContain('($TCAT)');
    await h.send(h.tg.message(GINA, `/start@${BOT} t_${tokens.SDOG}_${aliceCode}`, GROUP));
    const card = h.tg.last(GROUP);
    expect(card.text).toContain('($SDOG)');
    expect(card.text).not.toMatch(/Your wallet|Welcome/);
    expect(await referrals().store.referrerOf(GINA)).toMatchObject({ referrer: ALICE, via: 'share' });
    // the group's card shares with the code of the person who asked
    const link = new URL(urlButton(card, '📤 Share')!).searchParams.get('url');
    expect(link).toBe(`https://t.me/${BOT}?start=t_${tokens.SDOG}_${await referrals().codeOf(GINA)}`);
  });
});

describe('payouts told', () => {
  it('tells a confirmed payout to its referrer once', async () => {
    const store = referrals().store;
    const to = (await h.walletOf(ALICE)).address;
    const txid = 'ab'.repeat(32);
    const at = Date.now();
    const row = { referrer: ALICE, amountSun: '12500000', fromAddress: to, toAddress: to, txid, signedTx: '{}' };
    expect(await store.claimPayout({ id: `${ALICE}:1`, ...row, status: 'signed', createdAt: at, updatedAt: at })).toBe(
      true,
    );
    const tell = tellPayouts(h.bot.api, referrals(), createLogger('silent'), txLinker(), h.built.services.speechOf);
    expect(await tell()).toBe(0); // not confirmed yet
    expect(await store.settlePayout(`${ALICE}:1`, 'confirmed', at + 1)).toBe(true);
    const before = h.tg.sent(ALICE).length;
    expect(await Promise.all([tell(), tell()])).toEqual([1, 0]);
    expect(await tell()).toBe(0);
    expect(h.tg.sent(ALICE).length).toBe(before + 1);
    expect(h.tg.last(ALICE).text).toBe(
      `💸 Referral payout: 12.5 TRX sent to <code>${to}</code>\nTx: <code>${txid}</code>`,
    );
    await h.send(h.tg.message(ALICE, '/referral'));
    expect(h.tg.last(ALICE).text).toContain('Paid: 12.5 TRX');
  });

  it('tells a payout again when the network failed its message, and gives up on a chat that blocked the bot', async () => {
    const store = referrals().store;
    const to = (await h.walletOf(ALICE)).address;
    const at = Date.now();
    const row = { referrer: ALICE, amountSun: '1000000', fromAddress: to, toAddress: to, signedTx: '{}' };
    await store.claimPayout({
      id: `${ALICE}:2`,
      ...row,
      txid: 'cd'.repeat(32),
      status: 'signed',
      createdAt: at,
      updatedAt: at,
    });
    await store.settlePayout(`${ALICE}:2`, 'confirmed', at);
    let down = true;
    const flaky = {
      sendMessage: (...a: Parameters<Api['sendMessage']>) =>
        down ? Promise.reject(new Error('socket hang up')) : h.bot.api.sendMessage(...a),
    } as unknown as Api;
    const tell = tellPayouts(flaky, referrals(), createLogger('silent'), txLinker(), h.built.services.speechOf);
    const before = h.tg.sent(ALICE).length;
    expect(await tell()).toBe(0);
    down = false;
    expect(await tell()).toBe(1);
    expect(await tell()).toBe(0);
    expect(h.tg.sent(ALICE).length).toBe(before + 1);
    expect(h.tg.last(ALICE).text).toContain('💸 Referral payout: 1 TRX');
  });
});

describe('admins', () => {
  it('/referrals shows the terms and totals, and sets them, audited; /stats has the totals', async () => {
    await h.send(h.tg.message(CAROL, '/referrals'));
    expect(h.tg.last(CAROL).text).toMatch(/Paste a token address/);
    await h.send(h.tg.message(ADMIN, '/referrals'));
    const shown = h.tg.last(ADMIN).text;
    expect(shown).toContain('Shares: 30% for days 1–30, 20% for days 31–60, 10% after');
    expect(shown).toContain("Referee discount: 10% off the plan's fee");
    expect(shown).toContain('Payout threshold: 10 TRX');
    expect(shown).toContain('Referrals: 1 referrers, 3 referred · earned 0.135 TRX, paid 13.5 TRX, owed 0 TRX');
    await h.send(h.tg.message(ADMIN, '/referrals set shares=40,25,5 days=10,20 discount=20 threshold=5.5'));
    const set = h.tg.last(ADMIN).text;
    expect(set).toContain('terms saved');
    expect(set).toContain('Shares: 40% for days 1–10, 25% for days 11–30, 5% after');
    expect(set).toContain('Referee discount: 20%');
    expect(set).toContain('Payout threshold: 5.5 TRX');
    await h.send(h.tg.message(ADMIN, '/referrals set shares=30,20 days=30,30'));
    expect(h.tg.last(ADMIN).text).toContain('Not saved: give one share more than periods');
    await h.send(h.tg.message(ADMIN, '/referrals set bonus=5'));
    expect(h.tg.last(ADMIN).text).toContain('Not saved: I do not know &quot;bonus=5&quot;');
    expect((await referrals().settings()).discountPct).toBe(20);
    const audit = h.sqlite.$client.prepare('select telegram_id, action, detail from admin_audit').all() as Array<{
      telegram_id: number;
      action: string;
      detail: string;
    }>;
    expect(audit.map((a) => [a.telegram_id, a.action])).toEqual([[ADMIN, 'referrals.set']]);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ sharesPct: [40, 25, 5], thresholdSun: '5500000' });
    await h.send(h.tg.message(ADMIN, '/stats'));
    expect(h.tg.last(ADMIN).text).toContain('Referrals: 1 referrers, 3 referred');
  });
});
