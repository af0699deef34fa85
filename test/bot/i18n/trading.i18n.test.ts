// The token card and trading by hand in each language, against a fake Telegram, the real facade and
// the devnet: a user whose app speaks English, Chinese or Russian pastes an address, reads the card and
// its buttons in that language, buys with a preset, confirms, reads the quote and the result with
// amounts in the language's formats, then sells; holders, trades and lists speak it too. Telegram
// refuses nothing on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { LANGS, speechIn, tr } from '../../helpers/speech.js';
import { tokenCard } from '../../../src/bot/format.js';
import { tokenNumber, trxNumber } from '../../../src/tron/units.js';
import { QUOTE_TTL_MS } from '../../../src/trading/trade-flow.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const TRX_USD = 0.25; // the test stack's rate
/** How the languages this test knows write 1,000 TRX, a two-decimal percent and a TRX figure. */
const FORMATS: Record<string, { thousand: string; impact: RegExp; figure: RegExp }> = {
  en: { thousand: '1,000 TRX', impact: /\d\.\d\d%$/, figure: /^\d{1,3}(,\d{3})*(\.\d+)?$/ },
  zh: { thousand: '1,000 TRX', impact: /\d\.\d\d%$/, figure: /^\d{1,3}(,\d{3})*(\.\d+)?$/ },
  ru: { thousand: '1\u00a0000 TRX', impact: /\d,\d\d\u00a0%$/, figure: /^\d{1,3}(\u00a0\d{3})*(,\d+)?$/ },
};

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

/** Whether a message is done: a trade's result (or failure) replaced its progress. */
const settled = (m: { text: string }) => (/^(✅|❌|🚀)/u.test(m.text) ? true : undefined);

for (const { lang, appCode } of LANGS)
  describe(`trading in ${lang}`, () => {
    const user = 4101 + LANGS.findIndex((l) => l.lang === lang);
    const formats = FORMATS[lang];
    const s = speechIn(lang);
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);
    const SYM = '$SDOG';

    beforeAll(async () => {
      h.tg.appLanguages.set(user, appCode);
      await h.send(h.tg.message(user, '/start'));
    });

    it("/wallet tells the wallet's energy and bandwidth in the language", async () => {
      await h.send(h.tg.message(user, '/wallet'));
      const text = h.tg.last(user).text;
      expect(text).toContain(t('energy-wallet-energy-none'));
      expect(text).toContain(t('energy-wallet-bandwidth', { left: s.n.num(600, 0), limit: s.n.num(600, 0) }));
    });

    it('shows the card with its caption and every button in the language, then buys and sells', async () => {
      const { wallet, client } = await h.account(user);
      await faucet(h.stack.devnet.url, wallet.address, 5_000);
      const token = tokens.SDOG!;

      // the card: its text is the card in this language, its buttons too
      await h.send(h.tg.message(user, token));
      const card = h.tg.last(user);
      expect(card.kind).toBe('photo');
      expect(card.visibleText!.length).toBeLessThanOrEqual(1024);
      const [details, safety] = await Promise.all([client.getTokenDetails(token), client.getTokenSafety(token)]);
      expect(card.text).toBe(tokenCard(s, details, TRX_USD, safety));
      expect(card.text).toContain(
        t('card-price', { price: s.n.price(details.data.priceInTrx), usd: s.n.usd(details.data.priceInTrx * TRX_USD) }),
      );
      expect(card.text).toContain(t('card-market-cap', { usd: s.n.usd(details.data.marketCap) }));
      expect(card.text).toContain(t('card-status', { status: t('card-status-created') }));
      expect(h.tg.buttons(card).map((b) => b.text)).toEqual([
        t('card-interval-5m'),
        `• ${t('card-interval-1h')}`,
        t('card-interval-1d'),
        t('card-buy', { amount: '100' }),
        t('card-buy', { amount: '500' }),
        t('card-buy', { amount: '1000' }),
        t('card-buy-x'),
        t('card-sell', { pct: '25' }),
        t('card-sell', { pct: '50' }),
        t('card-sell', { pct: '100' }),
        t('card-sell-x'),
        t('card-holders'),
        t('card-trades'),
        t('card-refresh'),
        t('card-share'),
        t('card-orders'),
        t('card-positions'),
        t('card-wallet'),
      ]);
      if (lang !== 'en') expect(card.text).not.toMatch(/Price:|Market cap|Status:/);

      // buy 1000 TRX by the preset: the quote in the language, the amount in its format
      await h.send(h.tg.tap(user, card, h.tg.button(card, t('card-buy', { amount: '1000' }))));
      expect(h.tg.callbackAnswers().at(-1)?.text).toBe(t('trade-getting-quote'));
      const quote = h.tg.last(user);
      const lines = quote.text.split('\n');
      expect(lines[0]).toBe(t('trade-quote-buy-title', { symbol: SYM }));
      expect(lines[1]).toBe(t('trade-quote-pay', { amount: s.n.trx(1_000_000_000n) }));
      if (formats) expect(s.n.trx(1_000_000_000n)).toBe(formats.thousand);
      expect(lines[3]!.startsWith(t('trade-quote-minimum', { slippage: s.n.pct(5), amount: '' }))).toBe(true);
      expect(lines.at(-1)).toBe(t('trade-quote-valid', { seconds: QUOTE_TTL_MS / 1000 }));
      // the price impact: two decimals, the language's decimal sign and percent sign
      expect(lines[5]!.startsWith(t('trade-quote-impact', { impact: '' }))).toBe(true);
      if (formats) expect(lines[5]).toMatch(formats.impact);
      expect(h.tg.buttons(quote).map((b) => b.text)).toEqual([t('trade-confirm'), t('trade-cancel')]);

      // Confirm: sending, pending, then the result with what was received and the balance
      await h.send(h.tg.tap(user, quote, h.tg.button(quote, t('trade-confirm'))));
      expect(h.tg.callbackAnswers().at(-1)?.text).toBe(t('trade-sending-answer'));
      await waitFor(() => settled(quote), 30_000);
      expect(quote.history).toContain(t('trade-sending'));
      expect(quote.history.some((x) => x.startsWith(t('trade-pending')))).toBe(true);
      const held = h.tokenBalance(token, wallet.address);
      expect(held).toBeGreaterThan(0n);
      const bought = quote.text.split('\n');
      expect(bought[0]).toBe(t('trade-bought-received', { amount: `${s.n.compact(tokenNumber(held, 18))} ${SYM}` }));
      expect(bought[1]).toMatch(new RegExp(`^${escapeRe(t('trade-tx', { link: '<code>' }))}[0-9a-f]{64}</code> · `));
      expect(bought[2]).toBe(
        t('trade-balance', {
          trx: s.n.trxNum(trxNumber(h.trxBalance(wallet.address))),
          tokens: `${s.n.compact(tokenNumber(held, 18))} ${SYM}`,
        }),
      );
      expect([t('trade-final'), t('trade-not-final')]).toContain(bought.at(-1));
      expect(h.tg.buttons(quote).map((b) => b.text)).toEqual([`⬅️ ${SYM}`, t('card-positions')]);

      // sell it all by the preset: the token amount in the language's format, then the result
      await h.send(h.tg.tap(user, card, h.tg.button(card, t('card-sell', { pct: '100' }))));
      const sell = h.tg.last(user);
      expect(sell.text.split('\n').slice(0, 2)).toEqual([
        t('trade-quote-sell-title', { symbol: SYM }),
        t('trade-quote-sell', { amount: `${s.n.tokens(held)} ${SYM}` }),
      ]);
      await h.send(h.tg.tap(user, sell, h.tg.button(sell, t('trade-confirm'))));
      await waitFor(() => settled(sell), 30_000);
      expect(h.tokenBalance(token, wallet.address)).toBe(0n);
      const sold = sell.text.split('\n');
      const received = new RegExp(`^${escapeRe(t('trade-sold-received', { amount: '' }))}(.+) TRX$`).exec(sold[0]!);
      expect(received, sell.text).not.toBeNull();
      // the TRX received, written as the language writes numbers
      const figure = received![1]!;
      if (formats) expect(figure).toMatch(formats.figure);
      expect(sold[2]).toBe(
        t('trade-balance', { trx: s.n.trxNum(trxNumber(h.trxBalance(wallet.address))), tokens: `0 ${SYM}` }),
      );
      expect(h.tg.refusals).toEqual([]);
    }, 90_000);

    it('reads amounts with a decimal comma, explains a bad one, and cancels in the language', async () => {
      await h.send(h.tg.message(user, `/buy ${tokens.SDOG} 1,5`));
      const quote = h.tg.last(user);
      expect(quote.text.split('\n')[1]).toBe(t('trade-quote-pay', { amount: s.n.trx(1_500_000n) }));
      expect(s.n.trx(1_500_000n)).toBe(lang === 'ru' ? '1,5 TRX' : '1.5 TRX');
      await h.send(h.tg.tap(user, quote, h.tg.button(quote, t('trade-cancel'))));
      expect(h.tg.callbackAnswers().at(-1)?.text).toBe(t('trade-cancelled-answer'));
      expect(quote.text).toBe(t('trade-cancelled'));
      await h.send(h.tg.message(user, `/buy ${tokens.SDOG} -5`));
      expect(h.tg.last(user).text).toBe(t('trade-amount-help-buy'));
      await h.send(h.tg.message(user, '/buy'));
      expect(h.tg.last(user).text).toBe(t('trade-buy-usage'));
      await h.send(h.tg.message(user, '/token hello'));
      expect(h.tg.last(user).text).toBe(t('card-not-an-address'));
      expect(h.tg.refusals).toEqual([]);
    });

    it('pages holders and trades and lists tokens in the language', async () => {
      await h.send(h.tg.message(user, `/holders ${tokens.SDOG}`));
      const holders = h.tg.last(user);
      expect(holders.text.split('\n')[0]).toBe(t('list-holders-title', { symbol: SYM, page: 1 }));
      expect(h.tg.buttons(holders).map((b) => b.text)).toContain(t('list-back-to-token'));
      await h.send(h.tg.message(user, `/trades ${tokens.SDOG}`));
      const trades = h.tg.last(user);
      expect(trades.text.split('\n')[0]).toBe(t('list-trades-title', { symbol: SYM, page: 1 }));
      expect(trades.text.split('\n')[2]).toMatch(/^(🟢|🔴) \d\d-\d\d \d\d:\d\d <code>T\w{4}…\w{4}<\/code> .+ TRX · /u);
      await h.send(h.tg.message(user, '/new'));
      const list = h.tg.last(user);
      expect(list.text.split('\n')[0]).toBe(`<b>${t('list-new-title')}</b>`);
      expect(list.text).toMatch(pattern(t('list-token-volume', { volume: '\u0000' })));
      await h.send(h.tg.message(user, '/top'));
      expect(h.tg.last(user).text.split('\n')[0]).toBe(`<b>${t('list-top-title')}</b>`);
      expect(h.tg.refusals).toEqual([]);
    });
  });

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message with a figure left open (written as NUL), as a pattern. */
function pattern(text: string): RegExp {
  return new RegExp(escapeRe(text).replace('\u0000', '.+'));
}
