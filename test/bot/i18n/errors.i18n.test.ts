// Failures in the user's language (src/bot/error-text.ts): the trading side's TradeError and UserError
// by their reason (a key of locales/<lang>/errors.ftl and typed variables, money written exactly in the
// language's number format), the API's answers by their error type, anything else as "something went
// wrong"; reasons kept on rows read back the same; and, end to end, a buy larger than the wallet
// answered in each language with the missing TRX in that language's numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendly, noteErrorText, reasonText, toldText } from '../../../src/bot/error-text.js';
import { ApiError } from '../../../src/client/index.js';
import { UserError } from '../../../src/trading/accounts.js';
import { checkSpec } from '../../../src/trading/orders/spec.js';
import { feeBpsOf } from '../../../src/trading/terms.js';
import { errorNote, friendly as englishFriendly, reasonOf, TradeError, why } from '../../../src/trading/trade-flow.js';
import { PinError } from '../../../src/trading/tx-pinning.js';
import type { Lang } from '../../../src/bot/i18n.js';
import { startBotStack } from '../../helpers/bot.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens } from '../../helpers/facade.js';
import { LANGS, speechIn, tr } from '../../helpers/speech.js';

/** What a call throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('nothing was thrown');
}

/** 1,234.567891 TRX as each language writes it (its group and decimal separators, every digit kept). */
const EXACT_TRX: Record<Lang, string> = { en: '1,234.567891 TRX', zh: '1,234.567891 TRX', ru: '1\u00a0234,567891 TRX' };

describe('failures in words, in each language', () => {
  for (const { lang } of LANGS) {
    const s = speechIn(lang);
    const t = (key: string, vars?: Record<string, string | number>) => tr(lang, key, vars);

    it(`${lang}: a TradeError short of TRX, with every figure exact in the language's numbers`, () => {
      const e = new TradeError(
        'you have 1234.567891 TRX; this needs 3000.5 TRX (the amount and 0.5 TRX of network fee): 1765.932109 TRX missing',
        'funds',
        why('err-funds-trx-buy', {
          have: { sun: 1_234_567_891n },
          need: { sun: 3_000_500_000n },
          fee: { sun: 500_000n },
          missing: { sun: 1_765_932_109n },
        }),
      );
      const text = friendly(s, e);
      expect(text).toBe(
        t('err-funds-trx-buy', {
          have: s.n.trx(1_234_567_891n),
          need: s.n.trx(3_000_500_000n),
          fee: s.n.trx(500_000n),
          missing: s.n.trx(1_765_932_109n),
        }),
      );
      expect(text).toContain(EXACT_TRX[lang]);
      expect(text).toContain(s.n.trx(1_765_932_109n));
      if (lang === 'ru') expect(text).toContain('1\u00a0765,932109 TRX');
      else expect(text).toContain('1,765.932109 TRX');
      // a token shortfall: exact to the last of 18 decimals
      const tokens = new TradeError(
        'short',
        'funds',
        why('err-funds-tokens', { held: { units: 1_234_500_000_000_000_000_001n, decimals: 18 } }),
      );
      expect(friendly(s, tokens)).toBe(
        t('err-funds-tokens', { held: s.n.tokens(1_234_500_000_000_000_000_001n, 18, 18) }),
      );
      expect(friendly(s, tokens)).toContain(
        lang === 'ru' ? '1\u00a0234,500000000000000001' : '1,234.500000000000000001',
      );
    });

    it(`${lang}: refused for the user's safety, nothing left to sell, a market that does not trade`, () => {
      // the quote's router fee above the bot's cap (terms.ts)
      const fee = thrown(() => feeBpsOf({ exact: { routerFeeBps: '1500' } } as never, 1000n));
      expect(fee).toBeInstanceOf(TradeError);
      expect(friendly(s, fee)).toBe(t('err-safety-fee-cap', { fee: 15 }));
      // a transaction the API built that is not the one confirmed (tx-pinning.ts, through signing.ts)
      const pin = new PinError('the transaction is not from your wallet', 'err-pin-owner');
      const signing = new TradeError(pin.message, 'safety', pin.why);
      expect(friendly(s, signing)).toBe(t('err-pin-owner'));
      const noHolding = new TradeError(
        'this wallet holds none of this token to sell',
        'no-holding',
        why('err-holding-none'),
      );
      expect(friendly(s, noHolding)).toBe(t('err-holding-none'));
      const market = new TradeError(
        'the curve is full; the token is waiting for its launch',
        'market',
        why('err-market-curve-full'),
      );
      expect(friendly(s, market)).toBe(t('err-market-curve-full'));
      const moved = new TradeError('moved', 'market', 'TOKEN_LAUNCHED', why('err-market-moved', { venue: 'dex' }));
      expect(moved.code).toBe('TOKEN_LAUNCHED');
      expect(friendly(s, moved)).toBe(t('err-market-moved', { venue: 'dex' }));
      for (const text of [friendly(s, fee), friendly(s, signing), friendly(s, noHolding), friendly(s, market)]) {
        expect(text).not.toMatch(/\{|\}|err-/);
      }
      if (lang !== 'en') {
        expect(friendly(s, fee)).not.toBe(tr('en', 'err-safety-fee-cap', { fee: 15 }));
        expect(friendly(s, market)).not.toBe(tr('en', 'err-market-curve-full'));
      }
    });

    it(`${lang}: a UserError, with its counts in the language's numbers`, () => {
      const interval = thrown(() => checkSpec({ kind: 'dca', token: 'T', trx: '1', intervalMs: 1000, count: 5 }));
      expect(interval).toBeInstanceOf(UserError);
      expect(friendly(s, interval)).toBe(t('err-order-interval'));
      const gain = thrown(() => checkSpec({ kind: 'tp', token: 'T', gainPct: 0, pct: 50 }));
      expect(friendly(s, gain)).toBe(t('err-order-pct', { what: 'gain', max: 100_000 }));
      expect(friendly(s, gain)).toContain(lang === 'ru' ? '100\u00a0000' : '100,000');
      const hold = thrown(() => checkSpec({ kind: 'sl', token: 'T', lossPct: 30, pct: 100, holdBlocks: 0 }));
      expect(friendly(s, hold)).toBe(t('err-order-hold', { max: 100 }));
      expect(friendly(s, new UserError('You follow this wallet already.', why('err-copy-following')))).toBe(
        t('err-copy-following'),
      );
      const budget = new UserError(
        'budget: must be at least one copy (20 TRX).',
        why('err-copy-budget-min', { one: { sun: 20_000_000n } }),
      );
      expect(friendly(s, budget)).toBe(t('err-copy-budget-min', { one: s.n.trx(20_000_000n) }));
    });

    it(`${lang}: each of the API's error types`, () => {
      const api = (status: number, error: string, message: string, retryAfter?: number) =>
        new ApiError(status, error, message, String(status), retryAfter);
      const funds = api(
        400,
        'Insufficient funds',
        'The account lacks funds for this transaction: needs 3000.5 TRX (the amount and 0.5 TRX of network fee), has 1234.567891 TRX: 1765.932109 TRX missing',
      );
      expect(friendly(s, funds)).toBe(
        t('err-api-funds-trx', {
          need: s.n.trx(3_000_500_000n),
          have: s.n.trx(1_234_567_891n),
          missing: s.n.trx(1_765_932_109n),
        }),
      );
      expect(friendly(s, funds)).toContain(EXACT_TRX[lang]);
      // a transfer's: no "missing" in the message, worked out exactly
      const transfer = api(
        400,
        'Insufficient funds',
        'The account lacks funds for this transaction: needs 101.1 TRX (amount and up to 1.1 TRX of fees), has 20 TRX',
      );
      expect(friendly(s, transfer)).toBe(
        t('err-api-funds-trx', {
          need: s.n.trx(101_100_000n),
          have: s.n.trx(20_000_000n),
          missing: s.n.trx(81_100_000n),
        }),
      );
      // a form the bot does not know: said generally, in the language
      expect(
        friendly(
          s,
          api(400, 'Insufficient funds', 'The account lacks funds for this transaction: balance is not sufficient'),
        ),
      ).toBe(t('err-api-funds'));
      expect(
        friendly(s, api(400, 'Insufficient funds', 'The account lacks funds for this transaction: no tokens to sell')),
      ).toBe(t('err-api-no-tokens'));
      expect(
        friendly(
          s,
          api(400, 'Insufficient funds', 'The account lacks funds for this transaction: holding is 1234.5 tokens'),
        ),
      ).toBe(t('err-api-holding', { held: s.n.decimal('1234.5') }));
      expect(
        friendly(
          s,
          api(
            500,
            'Simulation failed',
            'The price moved since the quote: the trade would give less than the minimum confirmed, the transaction would revert',
          ),
        ),
      ).toBe(t('err-api-price-moved'));
      expect(
        friendly(
          s,
          api(
            500,
            'Simulation failed',
            'Max slippage reached: the price would move 7.5% against you (slippage 5%), the transaction would revert',
          ),
        ),
      ).toBe(t('err-api-slippage'));
      expect(friendly(s, api(429, 'Rate limit exceeded', '', 7))).toBe(t('err-api-rate-limit', { seconds: 7 }));
      expect(friendly(s, api(429, 'Rate limit exceeded', ''))).toBe(t('err-api-rate-limit', { seconds: 60 }));
      expect(friendly(s, api(404, 'Token not found', 'No token with this address on this launchpad'))).toBe(
        t('err-api-token-not-found'),
      );
      expect(friendly(s, api(400, 'Approval required', 'Approve the router first'))).toBe(t('err-api-approval'));
      expect(friendly(s, api(400, 'Token not trading', 'The curve is full; the token is waiting for its launch'))).toBe(
        t('err-api-curve-full'),
      );
      expect(friendly(s, api(400, 'Token not trading', 'The token has launched but its DEX pair was not found'))).toBe(
        t('err-api-no-pair'),
      );
      expect(friendly(s, api(400, 'Token not trading', 'Something else'))).toBe(t('err-api-not-trading'));
      expect(friendly(s, api(502, 'Node unavailable', 'The Tron node did not answer; try again'))).toBe(
        t('err-api-down'),
      );
      expect(friendly(s, api(400, 'Broadcast failed', 'SIGERROR: bad signature'))).toBe(
        t('err-api-other', { detail: 'SIGERROR: bad signature' }),
      );
      // a bug: its detail is never shown
      expect(friendly(s, new Error('secret detail'))).toBe(t('err-unknown'));
      expect(friendly(s, new Error('secret detail'))).not.toContain('secret');
    });

    it(`${lang}: reasons kept as JSON on rows and events read back the same`, () => {
      const e = new TradeError(
        'short',
        'funds',
        why('err-funds-trx-fee', {
          have: { sun: 1_234_567_891n },
          need: { sun: 2_000_000_000n },
          fee: { sun: 2_000_000_000n },
          missing: { sun: 765_432_109n },
        }),
      );
      const live = friendly(s, e);
      // an outcome or an event: the reason as JSON, its exact figures as strings
      const stored = JSON.parse(JSON.stringify({ why: reasonOf(e), reason: englishFriendly(e) })) as {
        why: unknown;
        reason: string;
      };
      expect(toldText(s, stored.why, stored.reason)).toBe(live);
      // none (the chain's own words), or a key this bot does not know: the English words as they are
      expect(toldText(s, undefined, 'REVERT opcode executed')).toBe('REVERT opcode executed');
      expect(toldText(s, { key: 'err-gone-since' }, 'older words')).toBe('older words');
      // an order's note for a pause
      const note = errorNote(reasonOf(e), englishFriendly(e));
      expect(noteErrorText(s, note)).toBe(live);
      expect(noteErrorText(s, 'the holding is gone')).toBeUndefined();
      expect(noteErrorText(s, null)).toBeUndefined();
      expect(reasonText(s, why('err-trade-expired'))).toBe(t('err-trade-expired'));
    });
  }

  it('en: says what the trading side has always said, word for word', () => {
    const en = speechIn('en');
    const same = [
      new TradeError('the quote is for another amount than you asked', 'safety', why('err-safety-other-amount')),
      new TradeError('the transaction is not from your wallet', 'safety', why('err-pin-owner')),
      new TradeError('this wallet holds none of this token to sell', 'no-holding', why('err-holding-none')),
      new TradeError('the price is above the limit you set', 'market', why('err-market-above-limit')),
      new TradeError('the transaction is not from your wallet'),
      new TradeError('2 TRX short', 'funds'),
      new UserError('The hold must be 1 to 100 blocks.', why('err-order-hold', { max: 100 })),
      new UserError(
        'token: must be at least one copy (40 TRX).',
        why('err-copy-token-min', { one: { sun: 40_000_000n } }),
      ),
      new ApiError(429, 'Rate limit exceeded', '', '429', 7),
      new ApiError(502, 'Bad gateway', 'x', '502'),
      new ApiError(400, 'Broadcast failed', 'SIGERROR: bad signature', '400'),
      new Error('secret detail'),
    ];
    for (const e of same) expect(friendly(en, e)).toBe(englishFriendly(e));
  });
});

describe('a buy larger than the wallet, end to end, in each language', () => {
  let h: Awaited<ReturnType<typeof startBotStack>>;
  let token: string;

  beforeAll(async () => {
    h = await startBotStack();
    token = (await demoTokens(h.stack.devnet.url)).SDOG!;
  });
  afterAll(async () => h?.close());

  /** A TRX figure as the language writes it, back to sun (its group and decimal separators). */
  const sunOfText = (lang: Lang, text: string): bigint => {
    const n = speechIn(lang).n;
    const point = n.decimal('0.5').slice(1, 2);
    const digits = text.replace(/ TRX$/, '').replace(new RegExp(`[^\\d${point === '.' ? '\\.' : point}]`, 'g'), '');
    const [whole = '0', frac = ''] = digits.split(point);
    return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
  };

  for (const [i, { lang, appCode }] of LANGS.entries()) {
    it(`${lang}: is answered with the missing TRX in the language's numbers`, async () => {
      const user = 4601 + i;
      h.tg.appLanguages.set(user, appCode);
      await h.send(h.tg.message(user, '/start'));
      await faucet(h.stack.devnet.url, (await h.walletOf(user)).address, '1234.567891');
      await h.send(h.tg.message(user, `/buy ${token} 3000`));
      const text = h.tg.last(user).text;

      // the message's form, with its four figures read out
      const names = ['have', 'need', 'fee', 'missing'] as const;
      const form = `⚠️ ${tr(lang, 'err-funds-trx-buy', Object.fromEntries(names.map((k) => [k, `@@${k}@@`])))}`;
      const pattern = form
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace(/@@\w+@@/g, '(\\d[\\d\\s.,\\u00a0\\u202f]* TRX)');
      const m = new RegExp(`^${pattern}$`).exec(text);
      expect(m, text).not.toBeNull();
      const order = [...form.matchAll(/@@(\w+)@@/g)].map((x) => x[1]);
      const figure = (name: (typeof names)[number]) => m![order.indexOf(name) + 1]!;
      const n = speechIn(lang).n;
      const [have, need, fee, missing] = names.map((k) => sunOfText(lang, figure(k)));
      // exact: the wallet's TRX to the sun, the amount and the fee, and what is missing
      expect(figure('have')).toBe(EXACT_TRX[lang]);
      expect(have).toBe(1_234_567_891n);
      expect(need! - fee!).toBe(3_000_000_000n);
      expect(missing).toBe(need! - have!);
      // each figure as the language writes it: the missing one over 1,000 with its group separator
      for (const k of ['need', 'fee', 'missing'] as const) expect(figure(k)).toBe(n.trx(sunOfText(lang, figure(k))));
      expect(figure('missing')).toBe(n.trx(missing!));
      expect(figure('missing')).toMatch(lang === 'ru' ? /^1\u00a07\d\d(,\d+)? TRX$/ : /^1,7\d\d(\.\d+)? TRX$/);
      expect(text).toBe(
        `⚠️ ${tr(lang, 'err-funds-trx-buy', { have: n.trx(have!), need: n.trx(need!), fee: n.trx(fee!), missing: n.trx(missing!) })}`,
      );
      expect(h.tg.refusals).toEqual([]);
    });
  }
});
