// Orders, positions, the sniper and copy trading in each language, through the fake Telegram against the
// real facade and devnet: a user whose app speaks the language buys, sets a limit order, a TP and an
// SL, lists and cancels, sets /autotpsl and /slhold, views /positions, adds a snipe and a copy rule and
// lists them, and is told of a filled order; every text and button is the language's, and Telegram
// refuses nothing. (The order engine's English notes in other languages: the last tests, without a stack.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lang } from '../../../src/bot/i18n.js';
import { toldText } from '../../../src/bot/error-text.js';
import { esc, txLinker } from '../../../src/bot/format.js';
import { sniperNotifier } from '../../../src/bot/notifiers/sniper.notifier.js';
import { noteText, orderLine } from '../../../src/bot/orders-text.js';
import { createLogger } from '../../../src/log.js';
import { positions } from '../../../src/trading/pnl.js';
import { formatPrice } from '../../../src/trading/price.js';
import { why } from '../../../src/trading/reasons.js';
import { errorNote } from '../../../src/trading/trade-errors.js';
import type { OrderRow } from '../../../src/trading/store.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { LANGS, speechIn, tr } from '../../helpers/speech.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

/** A token per language, so that one user's trades do not move another's orders. */
const SYMBOL: Record<string, string> = { en: 'TCAT', zh: 'SDOG', ru: 'WAVE' };
const SOURCE = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** The text before and after a placeable: what a message with a figure the test cannot know says around it. */
const around = (lang: Lang, key: string, vars: Record<string, string | number>, hole: string) => {
  const [before, after] = tr(lang, key, { ...vars, [hole]: '\u0000' }).split('\u0000');
  return { before: before!, after: after! };
};

describe('orders, positions, snipe and copy in every language', () => {
  for (const [i, { lang, appCode }] of LANGS.entries())
    it(`${lang}: texts, buttons, answers and the order's notification`, async () => {
      const U = 4701 + i;
      const n = speechIn(lang).n;
      const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
      const sym = SYMBOL[lang]!;
      const token = tokens[sym]!;
      const symbol = `$${sym}`;
      h.tg.appLanguages.set(U, appCode);
      const say = async (text: string) => {
        await h.send(h.tg.message(U, text));
        return h.tg.last(U);
      };
      const texts = (m: { text: string }) => h.tg.buttons(m as Parameters<typeof h.tg.buttons>[0]).map((b) => b.text);
      const level = (e18: string | null) => `${n.priceE18(e18!)} TRX`;

      // a wallet with TRX and a buy the index knows (the TP/SL's entry)
      await say('/start');
      const { client, wallet, key } = await h.account(U);
      await faucet(h.stack.devnet.url, wallet.address, 3_000);
      const sig = await client.trade({ action: 'buy', tokenAddress: token, amount: 200, privateKey: key() });
      await waitFor(async () => ((await client.txStatus(sig)).state === 'confirmed' ? true : undefined), 30_000);
      await waitFor(async () => {
        await h.stack.facade.indexer.syncOnce();
        return (await client.getUserTrades(wallet.address, { tokenAddress: token })).length ? true : undefined;
      });
      const price = async () => {
        const p = await client.getTokenPrice(token);
        return (BigInt(p.exact.trxReserveSun) * 10n ** 30n) / BigInt(p.exact.tokenReserve);
      };
      const orders = () => h.built.services.orders.list(U, token);

      // a limit buy at half the price (in Russian typed with a decimal comma), a TP and an SL with a hold
      const low = formatPrice((await price()) / 2n, 12);
      const set = await say(`/limit ${token} buy 10 @ ${lang === 'ru' ? low.replace('.', ',') : low}`);
      const [limit] = await orders();
      expect(limit).toMatchObject({ kind: 'limit', side: 'buy', amount: '10000000', status: 'active' });
      expect(set.text).toBe(
        [
          t('order-set'),
          t('order-line-limit-buy', { amount: n.trx(10_000_000n), symbol, level: level(limit!.triggerE18) }),
        ].join('\n'),
      );
      expect(texts(set)).toEqual([t('order-btn-cancel'), t('order-btn-orders')]);
      const tpSet = await say(`/tp ${token} +100% 50%`);
      const slSet = await say(`/sl ${token} -30% 100% hold:3`);
      const [, tp, sl] = await orders();
      const tpLine = t('order-line-tp', {
        symbol,
        share: n.pct(50),
        level: level(tp!.triggerE18),
        entry: level(tp!.entryE18),
      });
      const slLine = `${t('order-line-sl', {
        symbol,
        share: n.pct(100),
        level: level(sl!.triggerE18),
        entry: level(sl!.entryE18),
      })} · ${t('order-line-holds', { blocks: 3 })}`;
      expect(tpSet.text).toBe(`${t('order-set')}\n${tpLine}`);
      expect(slSet.text).toBe(`${t('order-set')}\n${slLine}`);

      // /orders: the list, a cancel and a resume-less row per order; the first cancelled
      const list = await say('/orders');
      expect(list.text).toBe(
        [t('order-list-title'), '', `1. ${orderLine(speechIn(lang), limit!, 0)}`, `2. ${tpLine}`, `3. ${slLine}`].join(
          '\n',
        ),
      );
      expect(texts(list)).toEqual([1, 2, 3].map((k) => t('order-btn-cancel-n', { n: k })));
      await h.send(h.tg.tap(U, list, h.tg.button(list, t('order-btn-cancel-n', { n: 1 }))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('order-cancelled') });
      expect((await h.built.store.order(limit!.id))!.status).toBe('cancelled');
      await h.send(h.tg.tap(U, list, h.tg.button(list, t('order-btn-cancel-n', { n: 1 }))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('order-cancel-none') });

      // /autotpsl and /slhold
      const terms = { gain: n.pct(100), tpShare: n.pct(50), loss: n.pct(30), slShare: n.pct(100) };
      expect((await say('/autotpsl +100% 50% -30% 100%')).text).toBe(t('order-autotpsl-on', terms));
      expect((await say('/autotpsl 100%')).text).toBe(t('order-autotpsl-usage'));
      const hold3 = t('order-sl-hold', { blocks: 3 });
      expect((await say('/slhold 3')).text).toBe(
        [t('order-slhold-set', { rule: hold3 }), t('order-slhold-set-note')].join('\n'),
      );
      expect((await say('/slhold')).text).toBe(
        [t('order-slhold-now', { rule: hold3 }), t('order-slhold-usage', { max: 100 })].join('\n'),
      );
      expect((await say('/autotpsl +100% 50% -30% 100%')).text).toBe(
        t('order-autotpsl-on-held', { ...terms, blocks: 3 }),
      );
      expect((await say('/autotpsl off')).text).toBe(t('order-autotpsl-off'));
      await say('/slhold 1');

      // /positions: each line from the wallet's figures, in the language's numbers; its buttons
      const [w, trades] = await Promise.all([client.getWallet(wallet.address), client.getUserTrades(wallet.address)]);
      const [p] = positions(w, trades);
      const trx = (x: number) => n.trxNum(Math.round(x * 1e4) / 1e4);
      const pos = await say('/positions');
      expect(pos.text).toBe(
        [
          t('pos-title'),
          `<code>${wallet.address}</code>`,
          '',
          t('pos-head', { symbol, amount: n.compact(p!.balance) }),
          `  ${t('pos-value', { value: trx(p!.valueTrx), cost: trx(p!.costTrx) })}`,
          `  ${t('pos-pnl-pct', { pnl: `${p!.pnlTrx >= 0 ? '+' : ''}${trx(p!.pnlTrx)}`, pct: n.signedPct(p!.pnlPct!) })}`,
        ].join('\n'),
      );
      expect(texts(pos)).toEqual([
        symbol,
        t('pos-btn-sell-all', { symbol }),
        t('pos-btn-orders'),
        t('pos-btn-share-pnl'),
        t('pos-btn-refresh'),
        t('pos-btn-wallet'),
      ]);

      // a snipe rule (Russian: the amount with a decimal comma), the list, a pause
      const amount = lang === 'ru' ? '2,5' : '25';
      const sun = lang === 'ru' ? 2_500_000n : 25_000_000n;
      const added = await say(`/snipe add ${amount} name:moon maxmc:50k`);
      const ruleLine = `🎯 ${t('snipe-rule-with', {
        rule: t('snipe-rule-new', { amount: n.trx(sun) }),
        conds: [t('snipe-cond-name', { word: 'moon' }), t('snipe-cond-maxmc', { mc: `$${n.compact(50_000)}` })].join(
          t('snipe-cond-sep'),
        ),
      })} · ${t('snipe-today', { spent: n.compact(0), budget: n.compact(Number(sun * 10n) / 1e6) })}`;
      expect(added.text).toBe(`${t('snipe-added')}\n${ruleLine}`);
      expect(texts(added)).toEqual([t('snipe-btn-pause'), t('snipe-btn-delete')]);
      expect((await say('/snipe add lots')).text.startsWith(`${t('snipe-usage-title')}\n`)).toBe(true);
      const rules = await say('/snipe');
      expect(rules.text).toBe([t('snipe-list-title'), '', `1. ${ruleLine}`].join('\n'));
      expect(texts(rules)).toEqual([t('snipe-btn-pause-n', { n: 1 }), t('snipe-btn-delete-n', { n: 1 })]);
      await h.send(h.tg.tap(U, rules, h.tg.button(rules, t('snipe-btn-pause-n', { n: 1 }))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('snipe-done-pause') });
      await h.send(h.tg.tap(U, rules, h.tg.button(rules, t('snipe-btn-pause-n', { n: 1 }))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('snipe-unchanged') });

      // a copy rule, the list, a removal
      expect((await say('/copy')).text).toBe(
        [
          t('copy-none'),
          '',
          t('copy-usage-title'),
          t('copy-usage-add'),
          t('copy-usage-options'),
          t('copy-usage-limits'),
          // the bot serves both families (one network): they are named as they are
          t('copy-usage-family', { choices: '<code>launchpad</code>, <code>launchpad2</code>' }),
          t('copy-usage-list'),
        ].join('\n'),
      );
      const copied = await say(`/copy ${SOURCE} 20 sells`);
      const [f] = await h.built.services.automation.follows(U);
      const followLine = [
        `👀 <code>${SOURCE}</code>`,
        t('copy-buys', { size: n.trx(20_000_000n) }),
        t('copy-sells-too'),
        t('snipe-today', { spent: n.compact(0), budget: n.compact(Number(f!.budgetSun) / 1e6) }),
        t('copy-token-cap', { amount: n.trx(f!.tokenCapSun) }),
        t('copy-min', { amount: n.trx(f!.minSourceSun) }),
      ].join(' · ');
      expect(copied.text).toBe(`${t('copy-added')}\n${followLine}`);
      expect(texts(copied)).toEqual([t('snipe-btn-pause'), t('copy-btn-remove')]);
      const follows = await say('/copy');
      expect(follows.text).toBe([t('copy-list-title'), '', `1. ${followLine}`].join('\n'));
      expect(texts(follows)).toEqual([t('snipe-btn-pause-n', { n: 1 }), t('copy-btn-remove-n', { n: 1 })]);
      await h.send(h.tg.tap(U, follows, h.tg.button(follows, t('copy-btn-remove-n', { n: 1 }))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('copy-done-delete') });
      expect(await h.built.services.automation.follows(U)).toHaveLength(0);

      // a limit buy at ten times the price fires at once: the fill is told in the language
      await say(`/limit ${token} buy 5 @ ${formatPrice((await price()) * 10n, 12)}`);
      const filledTitle = around(lang, 'order-filled-at', { price: '' }, 'did').before;
      const told = await waitFor(() => h.tg.sent(U).find((m) => m.text.startsWith(filledTitle)), 30_000);
      const [filled, what, tx] = told.text.split('\n');
      // what it got and the price are the chain's: any figure there
      const did = t('order-did-buy-got', { symbol, cost: n.trx(5_000_000n), amount: '\u0001' });
      expect(filled).toMatch(
        new RegExp(
          `^${escapeRe(t('order-filled-at', { did, price: '\u0002' }))
            .replace('\u0001', '[\\d.,\\s万亿KMBтысмлн]+')
            .replace('\u0002', '[\\d.,]+ TRX')}$`,
        ),
      );
      expect(what).toMatch(
        new RegExp(
          `^${escapeRe(t('order-line-limit-buy', { amount: n.trx(5_000_000n), symbol, level: '\u0000' })).replace('\u0000', '.+')}$`,
        ),
      );
      expect(tx!.startsWith(around(lang, 'order-tx', {}, 'link').before)).toBe(true);
      // the position has grown since it was shown (once the API shows the fill): Refresh edits it, and says so
      await waitFor(async () => {
        await h.stack.facade.indexer.syncOnce();
        const now = (await client.getWallet(wallet.address)).positions.find((x) => x.token === token);
        return now && now.balance > p!.balance ? true : undefined;
      }, 30_000);
      await h.send(h.tg.tap(U, pos, h.tg.button(pos, t('pos-btn-refresh'))));
      expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: t('pos-updated') });
      expect(pos.text.startsWith(`${t('pos-title')}\n`)).toBe(true);

      // the sniper's messages speak it too, with the automation's reasons read
      const tell = sniperNotifier(h.bot.api, createLogger('silent'), txLinker(), h.built.services.speechOf);
      const auto = { userId: U, side: 'buy' as const, token, symbol: sym, amount: '2.5' };
      const spent = why('err-snipe-budget-spent', { budget: { sun: '25500000' } });
      const english = "the rule's daily budget of 25.5 TRX is spent (no more notices today)";
      await tell({ ...auto, kind: 'snipe', state: 'skipped', reason: english, why: spent });
      expect(h.tg.last(U).text).toBe(
        t('snipe-skipped', { symbol, reason: esc(toldText(speechIn(lang), spent, english)) }),
      );
      // a reason without one to word: the engine's words known here, else as they are (escaped)
      await tell({ ...auto, kind: 'copy', state: 'failed', source: SOURCE, reason: 'the holding is gone' });
      expect(h.tg.last(U).text).toBe(t('copy-failed', { symbol, reason: t('order-note-holding-gone') }));
      await tell({ ...auto, kind: 'copy', state: 'failed', source: SOURCE, reason: 'REVERT <opcode>' });
      expect(h.tg.last(U).text).toBe(t('copy-failed', { symbol, reason: 'REVERT &lt;opcode&gt;' }));
      await tell({ ...auto, kind: 'snipe', state: 'failed' });
      expect(h.tg.last(U).text).toBe(t('snipe-failed', { symbol, reason: t('snipe-reason-unknown') }));
      await tell({
        ...auto,
        kind: 'copy',
        state: 'filled',
        source: SOURCE,
        outcome: { state: 'confirmed', txid: 'ab12', received: 1234 },
      });
      expect(h.tg.last(U).text).toBe(
        [
          t('snipe-bought-got', {
            who: t('copy-who', { source: 'TLa2f…YjU7' }),
            symbol,
            cost: n.trx(2_500_000n),
            amount: n.compact(1234),
          }),
          t('snipe-tx', { link: txLinker()('ab12') }),
        ].join('\n'),
      );
      expect(h.tg.refusals).toEqual([]);
    }, 120_000);
});

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("the engine's notes and a DCA's next round, in each language", () => {
  const dca = (nextInMin: number): OrderRow =>
    ({
      id: 'o1',
      kind: 'dca',
      side: 'buy',
      symbol: 'CAT',
      amount: '50000000',
      done: 2,
      rounds: 10,
      status: 'active',
      nextAt: 1_000_000 + nextInMin * 60_000,
      triggerE18: null,
      auto: false,
      note: null,
      holdBlocks: 1,
    }) as unknown as OrderRow;

  it('says "next in N min" with the plural of each language', () => {
    const ru = speechIn('ru');
    expect(orderLine(ru, dca(1), 1_000_000)).toContain('через 1 минуту');
    expect(orderLine(ru, dca(3), 1_000_000)).toContain('через 3 минуты');
    expect(orderLine(ru, dca(5), 1_000_000)).toContain('через 5 минут');
    expect(orderLine(speechIn('en'), dca(5), 1_000_000)).toBe('🔁 DCA 50 TRX of $CAT, 2/10 done · next in 5 min');
    for (const { lang } of LANGS)
      expect(orderLine(speechIn(lang), dca(0), 1_000_000)).toContain(tr(lang, 'order-dca-next-now'));
  });

  it('reads the notes and reasons the engine writes; any other is shown escaped', () => {
    const funds = why('err-funds-trx-buy', {
      have: { sun: 12_500_000n },
      need: { sun: 1_050_250_000n },
      fee: { sun: 50_250_000n },
      missing: { sun: 1_037_750_000n },
    });
    const english = 'Not enough funds: you have 12.5 TRX; this needs <1050.25> TRX.';
    const paused = errorNote(funds, english);
    for (const { lang } of LANGS) {
      const s = speechIn(lang);
      // a pause's note (JSON with its reason): worded by error-text.ts, escaped
      expect(noteText(s, paused)).toBe(esc(toldText(s, funds, english)));
      expect(noteText(s, paused)).not.toContain('{');
      expect(noteText(s, 'its TP filled')).toBe(tr(lang, 'order-note-tp-filled'));
      expect(noteText(s, 'round 3 of 10 failed: the holding is gone')).toBe(
        tr(lang, 'order-note-round-failed', { done: 3, rounds: 10, reason: tr(lang, 'order-note-holding-gone') }),
      );
      expect(noteText(s, 'round 4 of 10 skipped: the price was above 0.00002 TRX')).toBe(
        tr(lang, 'order-note-round-skipped', { done: 4, rounds: 10, level: `${s.n.decimal('0.00002')} TRX` }),
      );
      expect(noteText(s, 'something <new>')).toBe('something &lt;new&gt;');
      // a paused order's line says it in the language
      const o = { ...dca(5), status: 'paused', note: 'its wallet is gone' } as OrderRow;
      expect(orderLine(s, o, 1_000_000).split('\n')[1]).toBe(
        `   ${tr(lang, 'order-paused-note', { note: tr(lang, 'order-note-wallet-gone') })}`,
      );
    }
  });
});
