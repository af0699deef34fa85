// Sniping and copy trading in the bot: /snipe (rules: list, add, pause, resume, delete) and /copy
// (followed wallets). (What a snipe or a copy did is said by notifiers/sniper.notifier.ts.)
// Private chats only: they trade the user's own wallet.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { compact, esc, short, trx } from '../format.js';
import { userOf } from '../helpers.js';
import { sunToTrx } from '../../tron/units.js';
import type { FollowSpec, SnipeSpec } from '../../trading/sniper.js';
import type { FollowRow, SnipeRuleRow } from '../../trading/store.js';

export const SNIPE_USAGE = [
  '<b>Sniper</b>: buy new tokens the moment they are made (they trade your active wallet, without asking)',
  '<code>/snipe add 50 name:cat</code> — 50 TRX of every new token whose name or symbol has "cat"',
  'Options: <code>creator:ADDRESS</code> · <code>maxdev:5</code> (the creator bought at most 5 % of the supply) · <code>safe</code> (only a safety verdict of ok) · <code>launch</code> (buy at the launch, on the DEX) · <code>budget:500</code> (TRX a day; default 10× the amount)',
  '<code>/snipe</code> — your rules, with pause, resume and delete',
].join('\n');

export const COPY_USAGE = [
  '<b>Copy trading</b>: mirror a wallet’s trades from your active wallet, without asking',
  '<code>/copy ADDRESS 20</code> — buy 20 TRX of whatever it buys',
  'Options: <code>pct:50</code> (50 % of the TRX it spends instead) · <code>max:100</code> (cap per copy) · <code>sells</code> (sell the same share of your holding when it sells)',
  '<code>/copy</code> — the wallets you follow (at most 10), with pause and remove',
].join('\n');

/** "/snipe add 50 name:cat safe ..." -> a rule; undefined when it does not read. */
export function parseSnipe(args: string): SnipeSpec | undefined {
  const parts = args.trim().split(/\s+/);
  if (parts[0]?.toLowerCase() !== 'add' || !/^\d+(\.\d{1,6})?$/.test(parts[1] ?? '')) return undefined;
  const spec: SnipeSpec = { trx: parts[1]! };
  for (const p of parts.slice(2)) {
    const [k, v] = p.includes(':')
      ? [p.slice(0, p.indexOf(':')).toLowerCase(), p.slice(p.indexOf(':') + 1)]
      : [p.toLowerCase(), ''];
    if (k === 'name' && v) spec.word = v;
    else if (k === 'creator' && v) spec.creator = v;
    else if (k === 'maxdev' && /^\d+(\.\d+)?%?$/.test(v)) spec.maxDevPct = Number(v.replace('%', ''));
    else if (k === 'budget' && /^\d+(\.\d{1,6})?$/.test(v)) spec.budgetTrx = v;
    else if (k === 'safe' && !v) spec.safe = true;
    else if (k === 'launch' && !v) spec.onLaunch = true;
    else return undefined;
  }
  return spec;
}

/** "/copy ADDRESS 20 pct:50 max:100 sells" -> a follow. */
export function parseCopy(args: string): FollowSpec | undefined {
  const parts = args.trim().split(/\s+/);
  if (!/^T\w{33}$/.test(parts[0] ?? '') || !/^\d+(\.\d{1,6})?$/.test(parts[1] ?? '')) return undefined;
  const spec: FollowSpec = { source: parts[0]!, trx: parts[1]! };
  for (const p of parts.slice(2)) {
    const m = /^(pct|max):(\d+(?:\.\d{1,6})?)%?$/i.exec(p);
    if (m && m[1]!.toLowerCase() === 'pct') spec.pct = Number(m[2]);
    else if (m) spec.maxTrx = m[2]!;
    else if (p.toLowerCase() === 'sells') spec.sells = true;
    else return undefined;
  }
  return spec;
}

function ruleLine(r: SnipeRuleRow, spent: bigint): string {
  const what = [
    r.word ? `name has “${esc(r.word)}”` : '',
    r.creator ? `by <code>${esc(short(r.creator))}</code>` : '',
    r.maxDevBps !== null ? `creator bought ≤ ${r.maxDevBps / 100}%` : '',
    r.safe ? 'safe only' : '',
  ].filter(Boolean);
  return `${r.status === 'paused' ? '⏸' : '🎯'} ${trx(Number(sunToTrx(BigInt(r.amountSun))))} of every ${r.onLaunch ? 'launch' : 'new token'}${what.length ? ` (${what.join(', ')})` : ''} · ${compact(Number(sunToTrx(spent)))}/${compact(Number(sunToTrx(BigInt(r.budgetSun))))} TRX today`;
}

function followLine(f: FollowRow): string {
  const size =
    f.pctBps !== null
      ? `${f.pctBps / 100}% of its TRX${f.maxSun ? `, at most ${trx(Number(sunToTrx(BigInt(f.maxSun))))}` : ''}`
      : trx(Number(sunToTrx(BigInt(f.amountSun))));
  return `${f.status === 'paused' ? '⏸' : '👀'} <code>${esc(f.source)}</code> · buys ${size}${f.sells ? ' · sells too' : ''}`;
}

export const snipeFeature = new Composer<BotContext>();
const priv = snipeFeature.chatType('private');

async function showRules(ctx: BotContext): Promise<void> {
  const user = await userOf(ctx);
  const { sniper } = ctx.services;
  const list = sniper.rules(user.telegramId);
  const kb = new InlineKeyboard();
  list.forEach((r, i) => {
    if (i) kb.row();
    kb.text(
      r.status === 'paused' ? `▶️ Resume #${i + 1}` : `⏸ Pause #${i + 1}`,
      `${r.status === 'paused' ? 'sr' : 'sp'}:${r.id}`,
    ).text(`🗑 Delete #${i + 1}`, `sd:${r.id}`);
  });
  const text = list.length
    ? ['<b>🎯 Your snipe rules</b>', '', ...list.map((r, i) => `${i + 1}. ${ruleLine(r, sniper.spent(r.id))}`)].join(
        '\n',
      )
    : `No snipe rules yet.\n\n${SNIPE_USAGE}`;
  await ctx.reply(text, { parse_mode: 'HTML', ...(list.length ? { reply_markup: kb } : {}) });
}

priv.command('snipe', async (ctx) => {
  const args = ctx.match.trim();
  if (!args) return showRules(ctx);
  const spec = parseSnipe(args);
  if (!spec) {
    await ctx.reply(SNIPE_USAGE, { parse_mode: 'HTML' });
    return;
  }
  const user = await userOf(ctx);
  const r = ctx.services.sniper.addRule(user.telegramId, spec);
  await ctx.reply(`✅ <b>Snipe rule set</b>\n${ruleLine(r, 0n)}`, {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().text('⏸ Pause', `sp:${r.id}`).text('🗑 Delete', `sd:${r.id}`),
  });
});

priv.callbackQuery(/^s([prd]):([\w-]{6,12})$/, async (ctx) => {
  const action = ({ p: 'pause', r: 'resume', d: 'delete' } as const)[ctx.match[1] as 'p' | 'r' | 'd'];
  const ok = ctx.services.sniper.setRule(ctx.from.id, ctx.match[2]!, action);
  await ctx.answerCallbackQuery({
    text: ok ? `Rule ${action === 'delete' ? 'deleted' : `${action}d`}` : 'Nothing to change',
  });
});

async function showFollows(ctx: BotContext): Promise<void> {
  const user = await userOf(ctx);
  const list = ctx.services.sniper.follows(user.telegramId);
  const kb = new InlineKeyboard();
  list.forEach((f, i) => {
    if (i) kb.row();
    kb.text(
      f.status === 'paused' ? `▶️ Resume #${i + 1}` : `⏸ Pause #${i + 1}`,
      `${f.status === 'paused' ? 'cr' : 'cp'}:${f.id}`,
    ).text(`🗑 Remove #${i + 1}`, `cd:${f.id}`);
  });
  const text = list.length
    ? ['<b>👀 Wallets you copy</b>', '', ...list.map((f, i) => `${i + 1}. ${followLine(f)}`)].join('\n')
    : `You copy no wallet yet.\n\n${COPY_USAGE}`;
  await ctx.reply(text, { parse_mode: 'HTML', ...(list.length ? { reply_markup: kb } : {}) });
}

priv.command('copy', async (ctx) => {
  const args = ctx.match.trim();
  if (!args) return showFollows(ctx);
  const spec = parseCopy(args);
  if (!spec) {
    await ctx.reply(COPY_USAGE, { parse_mode: 'HTML' });
    return;
  }
  const user = await userOf(ctx);
  const f = ctx.services.sniper.addFollow(user.telegramId, spec);
  await ctx.reply(`✅ <b>Copying</b>\n${followLine(f)}`, {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard().text('⏸ Pause', `cp:${f.id}`).text('🗑 Remove', `cd:${f.id}`),
  });
});

priv.callbackQuery(/^c([prd]):([\w-]{6,12})$/, async (ctx) => {
  const action = ({ p: 'pause', r: 'resume', d: 'delete' } as const)[ctx.match[1] as 'p' | 'r' | 'd'];
  const ok = ctx.services.sniper.setFollow(ctx.from.id, ctx.match[2]!, action);
  await ctx.answerCallbackQuery({
    text: ok ? (action === 'delete' ? 'Removed' : `${action === 'pause' ? 'Paused' : 'Resumed'}`) : 'Nothing to change',
  });
});
