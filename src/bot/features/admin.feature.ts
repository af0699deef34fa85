// Admin commands (/plans, /plan, /user, /stats, /energy, /referrals), for the Telegram ids in
// ADMIN_TELEGRAM_IDS only. Everyone else gets no hint that they exist (the updates fall through to the
// ordinary handlers).
import { Composer } from 'grammy';
import { ApiError } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { poolsText } from '../energy-text.js';
import { esc } from '../format.js';
import type { Speech } from '../i18n.js';
import { settingsText, totalsOf, totalsText } from '../referrals.js';

export const adminFeature = new Composer<BotContext>();
const admin = adminFeature.filter((ctx) => ctx.from !== undefined && ctx.services.admins.includes(ctx.from.id));

/** A plan's terms: requests a minute (as set: `1000`, or unlimited), the fee, and the streams. */
const planTerms = (s: Speech, p: { rpm: number | null; feeBps: number; streams: boolean }) =>
  s.t('admin-plan-terms', {
    rpm: p.rpm === null ? 'unlimited' : String(p.rpm),
    fee: s.n.pct(p.feeBps / 100),
    streams: p.streams ? 'yes' : 'no',
  });

/** Why a call failed: the API's words, else just that it did. */
const reasonOf = (s: Speech, e: unknown) => esc(e instanceof ApiError ? e.message : s.t('admin-error'));

const PLAN_SET = /^set\s+([a-z0-9_-]{1,32})\s+rpm=(\d{1,7}|unlimited)\s+fee=(\d{1,4})(?:\s+streams=(on|off))?\s*$/;

admin.command('plans', async (ctx) => {
  const plans = await ctx.services.operator.adminPlans();
  await ctx.reply(
    [
      ctx.t('admin-plans-title'),
      ...plans.map((p) => ctx.t('admin-plan-line', { name: esc(p.name), terms: planTerms(ctx, p) })),
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

admin.command('plan', async (ctx) => {
  const m = PLAN_SET.exec(ctx.match.trim());
  if (!m) {
    await ctx.reply(ctx.t('admin-plan-usage'), { parse_mode: 'HTML' });
    return;
  }
  const plan = {
    name: m[1]!,
    rpm: m[2] === 'unlimited' ? null : Number(m[2]),
    feeBps: Number(m[3]),
    streams: m[4] === 'on',
  };
  try {
    const saved = await ctx.services.operator.adminSetPlan(plan, `telegram:${ctx.from!.id}`);
    await ctx.services.store.audit(ctx.from!.id, 'plan.set', saved);
    await ctx.reply(ctx.t('admin-plan-saved', { name: esc(saved.name), terms: planTerms(ctx, saved) }), {
      parse_mode: 'HTML',
    });
  } catch (e) {
    await ctx.reply(ctx.t('admin-not-saved', { reason: reasonOf(ctx, e) }), { parse_mode: 'HTML' });
  }
});

admin.command('user', async (ctx) => {
  const [who, verb, plan] = ctx.match.trim().split(/\s+/);
  const { store, operator } = ctx.services;
  const user = who ? await (/^\d+$/.test(who) ? store.user(Number(who)) : store.userByUsername(who)) : undefined;
  if (!who || (verb && (verb !== 'plan' || !plan))) {
    await ctx.reply(ctx.t('admin-user-usage'), { parse_mode: 'HTML' });
    return;
  }
  if (!user || user.apiKeyId === null) {
    await ctx.reply(ctx.t('admin-no-user'));
    return;
  }
  try {
    if (verb === 'plan') {
      await operator.adminSetKeyPlan(user.apiKeyId, plan!, `telegram:${ctx.from!.id}`);
      await store.audit(ctx.from!.id, 'user.plan', { user: user.telegramId, plan });
    }
    const k = await operator.adminKey(user.apiKeyId);
    const who = { name: user.username ? '@' + esc(user.username) : '', id: String(user.telegramId) };
    await ctx.reply(
      [
        verb === 'plan' ? ctx.t('admin-user-title-changed', who) : ctx.t('admin-user-title', who),
        ctx.t('admin-user-plan', { plan: esc(k.plan) }),
        ctx.t('admin-user-requests', { today: k.requestsToday, week: k.requests7d }),
        ctx.t('admin-user-trades', { trades: k.trades, fees: ctx.n.trxNum(k.feesTrx) }),
        ctx.t('admin-user-wallets', { n: (await store.wallets(user.telegramId)).length }),
      ].join('\n'),
      { parse_mode: 'HTML' },
    );
  } catch (e) {
    await ctx.reply(ctx.t('admin-failed', { reason: reasonOf(ctx, e) }), { parse_mode: 'HTML' });
  }
});

admin.command('stats', async (ctx) => {
  const [s, referred] = await Promise.all([ctx.services.operator.adminStats(), ctx.services.referrals.figures()]);
  await ctx.reply(
    [
      ctx.t('admin-stats-title'),
      ctx.t('admin-stats-users', { n: await ctx.services.store.userCount() }),
      ctx.t('admin-stats-keys', { active: s.activeKeys, keys: s.keys }),
      ctx.t('admin-stats-volume', {
        tokens: s.tokens,
        trades: s.trades,
        volume: ctx.n.trxNum(Math.round(s.volumeTrx)),
      }),
      ctx.t('admin-stats-fees', { fees: ctx.n.trxNum(s.feesTrx), trades: s.feeTrades }),
      totalsText(ctx, totalsOf(referred)),
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

/** The energy pools that pay the routers' trades, as the API reads them from the node and the index. */
admin.command('energy', async (ctx) => {
  try {
    await ctx.reply(poolsText(ctx, await ctx.services.operator.adminEnergy()), { parse_mode: 'HTML' });
  } catch (e) {
    await ctx.reply(ctx.t('admin-energy-failed', { reason: reasonOf(ctx, e) }), { parse_mode: 'HTML' });
  }
});

/** `/referrals set` words: NAME=VALUE, each name once. */
const REFERRAL_WORDS = { shares: 'shares', days: 'days', discount: 'discountPct', threshold: 'thresholdTrx' } as const;

/** Why `/referrals set` words are refused. */
type WordsRefused = { why: 'unknown' | 'twice'; word: string } | { why: 'nothing' };

const refusedText = (s: Speech, r: WordsRefused): string => {
  switch (r.why) {
    case 'unknown':
      return s.t('admin-referrals-unknown', { word: esc(r.word) });
    case 'twice':
      return s.t('admin-referrals-twice', { word: esc(r.word) });
    case 'nothing':
      return s.t('admin-referrals-nothing');
  }
};

/** The words of `/referrals set ...`, or why they are wrong. */
function referralWords(args: string[]): { words: Record<string, string> } | { refused: WordsRefused } {
  const words: Record<string, string> = {};
  for (const a of args) {
    const m = /^(\w+)=(\S*)$/.exec(a);
    const name = m && REFERRAL_WORDS[m[1] as keyof typeof REFERRAL_WORDS];
    if (!m || !name) return { refused: { why: 'unknown', word: a } };
    if (name in words) return { refused: { why: 'twice', word: m[1]! } };
    words[name] = m[2]!;
  }
  return Object.keys(words).length ? { words } : { refused: { why: 'nothing' } };
}

admin.command('referrals', async (ctx) => {
  const [verb, ...args] = ctx.match.trim().split(/\s+/).filter(Boolean);
  const { referrals, store } = ctx.services;
  if (verb !== undefined && verb !== 'set') {
    await ctx.reply(ctx.t('admin-referrals-usage'), { parse_mode: 'HTML' });
    return;
  }
  let title = ctx.t('admin-referrals-title');
  if (verb === 'set') {
    const read = referralWords(args);
    if ('refused' in read) {
      await ctx.reply(
        [ctx.t('admin-not-saved', { reason: refusedText(ctx, read.refused) }), ctx.t('admin-referrals-usage')].join(
          '\n',
        ),
        { parse_mode: 'HTML' },
      );
      return;
    }
    const { words } = read;
    try {
      const saved = await referrals.setSettings(words);
      await store.audit(ctx.from!.id, 'referrals.set', { ...saved, thresholdSun: saved.thresholdSun.toString() });
      title = ctx.t('admin-referrals-saved');
    } catch (e) {
      // the programme's own reason (its terms are checked there, in English)
      await ctx.reply(ctx.t('admin-not-saved', { reason: esc((e as Error).message) }), { parse_mode: 'HTML' });
      return;
    }
  }
  const [settings, all] = await Promise.all([referrals.settings(), referrals.figures()]);
  await ctx.reply([title, ...settingsText(ctx, settings), '', totalsText(ctx, totalsOf(all))].join('\n'), {
    parse_mode: 'HTML',
  });
});
