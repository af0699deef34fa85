// The words and number formats of the bot's pictures (the card's chart, the PnL card) in a speech's
// language, from locales/<lang>/pictures.ftl and numbers.ts: src/charts draws them and knows no language.
import { plainPrice, type PictureLabels } from '../charts/render.js';
import type { Speech } from './i18n.js';

const MINUTE = 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** How long a position is held: minutes under an hour, hours and minutes under two days, else days. */
function heldFor(s: Speech, ms: number): string {
  const m = Math.floor(ms / MINUTE);
  const h = Math.floor(m / 60);
  const duration =
    m < 60
      ? s.t('pic-minutes', { m })
      : h < 48
        ? s.t('pic-hours', { h, m: m % 60 })
        : s.t('pic-days', { d: Math.floor(h / 24) });
  return s.t('pic-held', { duration });
}

/** A picture's labels in `s`'s language (a BotContext is a Speech: pass `ctx`). */
export function pictureLabels(s: Speech): PictureLabels {
  return {
    lang: s.lang,
    price: (n) => s.n.decimal(plainPrice(n)),
    day: (ms) => {
      const d = new Date(ms);
      return s.t('pic-day', { month: two(d.getUTCMonth() + 1), day: two(d.getUTCDate()) });
    },
    time: (ms) => new Date(ms).toISOString().slice(11, 16),
    onDex: s.t('pic-on-dex'),
    curve: (pct) => s.t('pic-curve', { pct: s.n.pct(pct, 2) }),
    volume: (amount) => s.t('pic-volume', { amount }),
    noTrades: s.t('pic-no-trades'),
    signedPct: (n) => s.n.signedPct(n),
    signedTrx: (n) => `${n >= 0 ? '+' : ''}${s.n.num(n, 2)} TRX`,
    inProfit: s.t('pic-in-profit'),
    atLoss: s.t('pic-at-loss'),
    entry: (price) => s.t('pic-entry', { price }),
    now: (price) => s.t('pic-now', { price }),
    held: (ms) => heldFor(s, ms),
    brand: s.t('pic-brand'),
  };
}
