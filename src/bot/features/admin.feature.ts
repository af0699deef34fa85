// Admin commands (/plans, /plan, /user, /stats, /energy, /referrals), for the Telegram ids in
// ADMIN_TELEGRAM_IDS only. Everyone else gets no hint that they exist (the updates fall through to the
// ordinary handlers).
import { Composer } from 'grammy';
import { ApiError } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { poolsText } from '../energy-text.js';
import { esc, trx } from '../format.js';
import { settingsText, totalsOf, totalsText } from '../referrals.js';

export const adminFeature = new Composer<BotContext>();
const admin = adminFeature.filter((ctx) => ctx.from !== undefined && ctx.services.admins.includes(ctx.from.id));

const PLAN_SET = /^set\s+([a-z0-9_-]{1,32})\s+rpm=(\d{1,7}|unlimited)\s+fee=(\d{1,4})(?:\s+streams=(on|off))?\s*$/;

admin.command('plans', async (ctx) => {
  const plans = await ctx.services.operator.adminPlans();
  await ctx.reply(
    [
      '<b>Plans</b>',
      ...plans.map(
        (p) =>
          `• <b>${esc(p.name)}</b>: ${p.rpm ?? 'unlimited'} req/min, fee ${p.feeBps / 100}%${p.streams ? ', stream + webhooks' : ''}`,
      ),
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

admin.command('plan', async (ctx) => {
  const m = PLAN_SET.exec(ctx.match.trim());
  if (!m) {
    await ctx.reply('Usage: <code>/plan set NAME rpm=N|unlimited fee=BPS [streams=on|off]</code>', {
      parse_mode: 'HTML',
    });
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
    await ctx.reply(
      `Plan <b>${esc(saved.name)}</b>: ${saved.rpm ?? 'unlimited'} req/min, fee ${saved.feeBps / 100}%${saved.streams ? ', stream + webhooks' : ''}.`,
      { parse_mode: 'HTML' },
    );
  } catch (e) {
    await ctx.reply(`Not saved: ${esc(e instanceof ApiError ? e.message : 'error')}`, { parse_mode: 'HTML' });
  }
});

admin.command('user', async (ctx) => {
  const [who, verb, plan] = ctx.match.trim().split(/\s+/);
  const { store, operator } = ctx.services;
  const user = who ? await (/^\d+$/.test(who) ? store.user(Number(who)) : store.userByUsername(who)) : undefined;
  if (!who || (verb && (verb !== 'plan' || !plan))) {
    await ctx.reply('Usage: <code>/user @name|ID</code> or <code>/user ID plan NAME</code>', { parse_mode: 'HTML' });
    return;
  }
  if (!user || user.apiKeyId === null) {
    await ctx.reply('No such user.');
    return;
  }
  try {
    if (verb === 'plan') {
      await operator.adminSetKeyPlan(user.apiKeyId, plan!, `telegram:${ctx.from!.id}`);
      await store.audit(ctx.from!.id, 'user.plan', { user: user.telegramId, plan });
    }
    const k = await operator.adminKey(user.apiKeyId);
    await ctx.reply(
      [
        `<b>User</b> ${user.username ? '@' + esc(user.username) : ''} <code>${user.telegramId}</code>${verb === 'plan' ? ' — plan changed' : ''}`,
        `Plan: <b>${esc(k.plan)}</b>`,
        `Requests: ${k.requestsToday} today, ${k.requests7d} in 7 days`,
        `Trades with fees: ${k.trades} · fees paid: ${trx(k.feesTrx)}`,
        `Wallets: ${(await store.wallets(user.telegramId)).length}`,
      ].join('\n'),
      { parse_mode: 'HTML' },
    );
  } catch (e) {
    await ctx.reply(`Failed: ${esc(e instanceof ApiError ? e.message : 'error')}`, { parse_mode: 'HTML' });
  }
});

admin.command('stats', async (ctx) => {
  const [s, referred] = await Promise.all([ctx.services.operator.adminStats(), ctx.services.referrals.figures()]);
  await ctx.reply(
    [
      '<b>Stats</b>',
      `Bot users: ${await ctx.services.store.userCount()}`,
      `API keys: ${s.activeKeys} active of ${s.keys}`,
      `Tokens: ${s.tokens} · trades: ${s.trades} · volume: ${trx(Math.round(s.volumeTrx))}`,
      `Fees collected: ${trx(s.feesTrx)} on ${s.feeTrades} trades`,
      totalsText(totalsOf(referred)),
    ].join('\n'),
    { parse_mode: 'HTML' },
  );
});

/** The energy pools that pay the routers' trades, as the API reads them from the node and the index. */
admin.command('energy', async (ctx) => {
  try {
    await ctx.reply(poolsText(await ctx.services.operator.adminEnergy()), { parse_mode: 'HTML' });
  } catch (e) {
    await ctx.reply(`Could not read the pools: ${esc(e instanceof ApiError ? e.message : 'error')}`, {
      parse_mode: 'HTML',
    });
  }
});

/** `/referrals set` words: NAME=VALUE, each name once. */
const REFERRAL_WORDS = { shares: 'shares', days: 'days', discount: 'discountPct', threshold: 'thresholdTrx' } as const;
const REFERRALS_USAGE =
  'Usage: <code>/referrals</code> or <code>/referrals set shares=30,20,10 days=30,30 discount=10 threshold=10</code> (any of them)';

/** The words of `/referrals set ...`, or a reason they are wrong. */
function referralWords(args: string[]): Record<string, string> | string {
  const words: Record<string, string> = {};
  for (const a of args) {
    const m = /^(\w+)=(\S*)$/.exec(a);
    const name = m && REFERRAL_WORDS[m[1] as keyof typeof REFERRAL_WORDS];
    if (!m || !name) return `I do not know "${a}".`;
    if (name in words) return `${m[1]} is given twice.`;
    words[name] = m[2]!;
  }
  return Object.keys(words).length ? words : 'Nothing to set.';
}

admin.command('referrals', async (ctx) => {
  const [verb, ...args] = ctx.match.trim().split(/\s+/).filter(Boolean);
  const { referrals, store } = ctx.services;
  if (verb !== undefined && verb !== 'set') {
    await ctx.reply(REFERRALS_USAGE, { parse_mode: 'HTML' });
    return;
  }
  let title = '<b>Referrals</b>';
  if (verb === 'set') {
    const words = referralWords(args);
    if (typeof words === 'string') {
      await ctx.reply(`Not saved: ${esc(words)}\n${REFERRALS_USAGE}`, { parse_mode: 'HTML' });
      return;
    }
    try {
      const saved = await referrals.setSettings(words);
      await store.audit(ctx.from!.id, 'referrals.set', { ...saved, thresholdSun: saved.thresholdSun.toString() });
      title = '<b>Referrals</b> — terms saved';
    } catch (e) {
      await ctx.reply(`Not saved: ${esc((e as Error).message)}`, { parse_mode: 'HTML' });
      return;
    }
  }
  const [settings, all] = await Promise.all([referrals.settings(), referrals.figures()]);
  await ctx.reply([title, ...settingsText(settings), '', totalsText(totalsOf(all))].join('\n'), {
    parse_mode: 'HTML',
  });
});
