// Sniping and copy trading in the bot: /snipe (rules: list, add, pause, resume, delete) and /copy
// (followed wallets). (What a snipe or a copy did is said by notifiers/sniper.notifier.ts.)
// Private chats only: they trade the user's own wallet.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext, BotServices } from '../context.js';
import { compact, esc, short, trx } from '../format.js';
import { userOf } from '../helpers.js';
import { sunToTrx } from '../../tron/units.js';
import type { FollowSpec, SnipeSpec } from '../../trading/sniper.js';
import type { FollowRow, SnipeRuleRow } from '../../trading/store.js';

const SNIPE_USAGE = [
  '<b>Sniper</b>: buy new tokens the moment they are made (they trade your active wallet, without asking)',
  '<code>/snipe add 50 name:cat</code> — 50 TRX of every new token whose name or symbol has "cat"',
  'Options: <code>creator:ADDRESS</code> · <code>maxdev:5</code> (the creator bought at most 5 % of the supply) · <code>safe</code> (only a safety verdict of ok) · <code>launch</code> (buy at the launch, on the DEX) · <code>budget:500</code> (TRX a day; default 10× the amount)',
  '<code>/snipe</code> — your rules, with pause, resume and delete',
].join('\n');

const COPY_USAGE = [
  '<b>Copy trading</b>: mirror a wallet’s trades from your active wallet, without asking',
  '<code>/copy ADDRESS 20</code> — buy 20 TRX of whatever it buys',
  'Options: <code>pct:50</code> (50 % of the TRX it spends instead) · <code>max:100</code> (cap per copy) · <code>sells</code> (sell the same share of your holding when it sells)',
  '<code>/copy</code> — the wallets you follow (at most 10), with pause and remove',
].join('\n');

/** "/snipe add 50 name:cat safe ..." -> a rule; undefined when it does not read. */
function parseSnipe(args: string): SnipeSpec | undefined {
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
function parseCopy(args: string): FollowSpec | undefined {
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

/** /snipe and /copy work alike: without arguments they list, with them they add one; buttons pause,
 * resume and delete. What differs is said here. */
interface Automation<T extends { id: string; status: string }, S> {
  command: string;
  /** of the buttons' callback data */
  prefix: 's' | 'c';
  usage: string;
  title: string;
  none: string;
  added: string;
  remove: 'Delete' | 'Remove';
  parse: (args: string) => S | undefined;
  list: (services: BotServices, userId: number) => T[];
  add: (services: BotServices, userId: number, spec: S) => T;
  line: (services: BotServices, x: T) => string;
  set: (services: BotServices, userId: number, id: string, action: 'pause' | 'resume' | 'delete') => boolean;
  done: (action: 'pause' | 'resume' | 'delete') => string;
}

function automation<T extends { id: string; status: string }, S>(a: Automation<T, S>): void {
  /** the list, each with its buttons (no empty row after the last); the usage when there are none */
  const show = async (ctx: BotContext) => {
    const user = await userOf(ctx);
    const list = a.list(ctx.services, user.telegramId);
    const kb = new InlineKeyboard();
    list.forEach((x, i) => {
      if (i) kb.row();
      const paused = x.status === 'paused';
      kb.text(paused ? `▶️ Resume #${i + 1}` : `⏸ Pause #${i + 1}`, `${a.prefix}${paused ? 'r' : 'p'}:${x.id}`);
      kb.text(`🗑 ${a.remove} #${i + 1}`, `${a.prefix}d:${x.id}`);
    });
    const lines = list.map((x, i) => `${i + 1}. ${a.line(ctx.services, x)}`);
    const text = list.length ? [a.title, '', ...lines].join('\n') : `${a.none}\n\n${a.usage}`;
    await ctx.reply(text, { parse_mode: 'HTML', ...(list.length ? { reply_markup: kb } : {}) });
  };
  priv.command(a.command, async (ctx) => {
    const args = ctx.match.trim();
    if (!args) return show(ctx);
    const spec = a.parse(args);
    if (!spec) {
      await ctx.reply(a.usage, { parse_mode: 'HTML' });
      return;
    }
    const user = await userOf(ctx);
    const x = a.add(ctx.services, user.telegramId, spec);
    await ctx.reply(`✅ <b>${a.added}</b>\n${a.line(ctx.services, x)}`, {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard()
        .text('⏸ Pause', `${a.prefix}p:${x.id}`)
        .text(`🗑 ${a.remove}`, `${a.prefix}d:${x.id}`),
    });
  });
  priv.callbackQuery(new RegExp(String.raw`^${a.prefix}([prd]):([\w-]{6,12})$`), async (ctx) => {
    const action = ({ p: 'pause', r: 'resume', d: 'delete' } as const)[ctx.match[1] as 'p' | 'r' | 'd'];
    const ok = a.set(ctx.services, ctx.from.id, ctx.match[2]!, action);
    await ctx.answerCallbackQuery({ text: ok ? a.done(action) : 'Nothing to change' });
  });
}

automation<SnipeRuleRow, SnipeSpec>({
  command: 'snipe',
  prefix: 's',
  usage: SNIPE_USAGE,
  title: '<b>🎯 Your snipe rules</b>',
  none: 'No snipe rules yet.',
  added: 'Snipe rule set',
  remove: 'Delete',
  parse: parseSnipe,
  list: (s, userId) => s.sniper.rules(userId),
  add: (s, userId, spec) => s.sniper.addRule(userId, spec),
  line: (s, r) => ruleLine(r, s.sniper.spent(r.id)),
  set: (s, userId, id, action) => s.sniper.setRule(userId, id, action),
  done: (action) => `Rule ${action === 'delete' ? 'deleted' : `${action}d`}`,
});

automation<FollowRow, FollowSpec>({
  command: 'copy',
  prefix: 'c',
  usage: COPY_USAGE,
  title: '<b>👀 Wallets you copy</b>',
  none: 'You copy no wallet yet.',
  added: 'Copying',
  remove: 'Remove',
  parse: parseCopy,
  list: (s, userId) => s.sniper.follows(userId),
  add: (s, userId, spec) => s.sniper.addFollow(userId, spec),
  line: (_s, f) => followLine(f),
  set: (s, userId, id, action) => s.sniper.setFollow(userId, id, action),
  done: (action) => (action === 'delete' ? 'Removed' : action === 'pause' ? 'Paused' : 'Resumed'),
});
