// Sniping and copy trading in the bot: /snipe (rules: list, add, pause, resume, delete) and /copy
// (followed wallets). (What a snipe or a copy did is said by notifiers/sniper.notifier.ts.)
// Private chats only: they trade the user's own wallet (a group is told to open one). A new rule needs
// the PIN unlocked once the user has one (pin-gate.ts).
import { Composer, InlineKeyboard } from 'grammy';
import { copyFollowData, snipeRuleData, type RuleData } from '../callback-data/index.js';
import type { BotContext, BotServices } from '../context.js';
import { compact, esc, short, trx } from '../format.js';
import { GROUPS, privateOnly, userOf } from '../helpers.js';
import { pinGate } from '../pin-gate.js';
import { sunToTrx } from '../../tron/units.js';
import { formatPrice, parsePriceE18, parseUsdAmount } from '../../trading/price.js';
import { copySizeSun, type FollowSpec, type SnipeSpec } from '../../trading/automation/index.js';
import type { FollowRow, SnipeRuleRow } from '../../trading/store.js';

const SNIPE_USAGE = [
  '<b>Sniper</b>: buy new tokens the moment they are made (they trade your active wallet, without asking)',
  '<code>/snipe add 50 name:cat</code> — 50 TRX of every new token whose name or symbol has "cat"',
  'Options: <code>creator:ADDRESS</code> · <code>maxdev:5</code> (the creator bought at most 5 % of the supply) · <code>safe</code> (only a safety verdict of ok) · <code>launch</code> (buy at the launch, on the DEX) · <code>budget:500</code> (TRX a day; default 10× the amount)',
  'Caps: <code>maxprice:0.00002</code> (TRX per token, fees included) · <code>maxmc:50k</code> (market cap in USD): the buy is quoted first, skipped above the cap, and signed to get no less than the cap allows',
  '<code>/snipe</code> — your rules, with pause, resume and delete',
].join('\n');

const COPY_USAGE = [
  '<b>Copy trading</b>: mirror a wallet’s trades from your active wallet, without asking',
  '<code>/copy ADDRESS 20</code> — buy 20 TRX of whatever it buys',
  'Options: <code>pct:50 max:100</code> (50 % of the TRX it spends instead, at most 100 TRX a copy; pct: needs max:) · <code>sells</code> (sell the same share of your holding when it sells)',
  'Limits: <code>budget:200</code> (TRX a day; default 10 copies) · <code>token:40</code> (TRX a day into any one token; default one copy) · <code>min:5</code> (skip its buys under 5 TRX; default 1)',
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
    const maxPrice = k === 'maxprice' ? priceLevel(v) : undefined;
    const maxMc = k === 'maxmc' ? parseUsdAmount(v) : undefined;
    if (k === 'name' && v) spec.word = v;
    else if (k === 'creator' && v) spec.creator = v;
    else if (k === 'maxdev' && /^\d+(\.\d+)?%?$/.test(v)) spec.maxDevPct = Number(v.replace('%', ''));
    else if (k === 'budget' && /^\d+(\.\d{1,6})?$/.test(v)) spec.budgetTrx = v;
    else if (maxPrice) spec.maxPriceE18 = maxPrice;
    else if (maxMc) spec.maxMcUsd = maxMc;
    else if (k === 'safe' && !v) spec.safe = true;
    else if (k === 'launch' && !v) spec.onLaunch = true;
    else return undefined;
  }
  return spec;
}

/** "0.00002" (TRX per token) -> E18 above 0; undefined when it does not read. */
function priceLevel(text: string): bigint | undefined {
  try {
    const e18 = parsePriceE18(text);
    return e18 > 0n ? e18 : undefined;
  } catch {
    return undefined;
  }
}

/** The /copy options that take TRX, and the field of the follow each sets. */
const COPY_TRX = new Map<string, 'maxTrx' | 'budgetTrx' | 'tokenTrx' | 'minTrx'>([
  ['max', 'maxTrx'],
  ['budget', 'budgetTrx'],
  ['token', 'tokenTrx'],
  ['min', 'minTrx'],
]);

/** "/copy ADDRESS 20 pct:50 max:100 budget:200 token:40 min:5 sells" -> a follow. */
function parseCopy(args: string): FollowSpec | undefined {
  const parts = args.trim().split(/\s+/);
  if (!/^T\w{33}$/.test(parts[0] ?? '') || !/^\d+(\.\d{1,6})?$/.test(parts[1] ?? '')) return undefined;
  const spec: FollowSpec = { source: parts[0]!, trx: parts[1]! };
  for (const p of parts.slice(2)) {
    const m = /^([a-z]+):(\d+(?:\.\d{1,6})?)(%?)$/i.exec(p);
    const key = m?.[1]!.toLowerCase() ?? '';
    const field = m && !m[3] ? COPY_TRX.get(key) : undefined;
    if (key === 'pct') spec.pct = Number(m![2]);
    else if (field) spec[field] = m![2]!;
    else if (p.toLowerCase() === 'sells') spec.sells = true;
    else return undefined;
  }
  return spec;
}

const trxOf = (sun: string | bigint): string => trx(Number(sunToTrx(BigInt(sun))));
/** "12/300 TRX today": what a rule or follow spent in the last 24 hours, and its daily budget. */
const today = (spent: bigint, budgetSun: string): string =>
  `${compact(Number(sunToTrx(spent)))}/${compact(Number(sunToTrx(BigInt(budgetSun))))} TRX today`;

function ruleLine(r: SnipeRuleRow, spent: bigint): string {
  const what = [
    r.word ? `name has “${esc(r.word)}”` : '',
    r.creator ? `by <code>${esc(short(r.creator))}</code>` : '',
    r.maxDevBps !== null ? `creator bought ≤ ${r.maxDevBps / 100}%` : '',
    r.safe ? 'safe only' : '',
    r.maxPriceE18 !== null ? `price ≤ ${formatPrice(BigInt(r.maxPriceE18))} TRX` : '',
    r.maxMcUsd !== null ? `market cap ≤ $${compact(r.maxMcUsd)}` : '',
  ].filter(Boolean);
  return `${r.status === 'paused' ? '⏸' : '🎯'} ${trxOf(r.amountSun)} of every ${r.onLaunch ? 'launch' : 'new token'}${what.length ? ` (${what.join(', ')})` : ''} · ${today(spent, r.budgetSun)}`;
}

function followLine(f: FollowRow, spent: bigint): string {
  const size =
    f.pctBps !== null ? `${f.pctBps / 100}% of its TRX, at most ${trxOf(copySizeSun(f))}` : trxOf(f.amountSun);
  const limits = [
    today(spent, f.budgetSun),
    `≤ ${trxOf(f.tokenCapSun)} a token`,
    `its buys from ${trxOf(f.minSourceSun)}`,
  ];
  return `${f.status === 'paused' ? '⏸' : '👀'} <code>${esc(f.source)}</code> · buys ${size}${f.sells ? ' · sells too' : ''} · ${limits.join(' · ')}`;
}

export const snipeFeature = new Composer<BotContext>();
const priv = snipeFeature.chatType('private');
// rules are never listed nor changed in a group
snipeFeature.chatType(GROUPS).command(['snipe', 'copy'], (ctx) => privateOnly(ctx));
snipeFeature
  .chatType(GROUPS)
  .callbackQuery([snipeRuleData.filter(), copyFollowData.filter()], (ctx) => privateOnly(ctx));

/** /snipe and /copy work alike: without arguments they list, with them they add one; buttons pause,
 * resume and delete. What differs is said here. */
interface Automation<T extends { id: string; status: string }, S> {
  command: string;
  /** the buttons' data */
  data: RuleData;
  usage: string;
  title: string;
  none: string;
  added: string;
  remove: 'Delete' | 'Remove';
  parse: (args: string) => S | undefined;
  list: (services: BotServices, userId: number) => Promise<T[]>;
  add: (services: BotServices, userId: number, spec: S) => Promise<T>;
  line: (services: BotServices, x: T) => Promise<string>;
  set: (services: BotServices, userId: number, id: string, action: 'pause' | 'resume' | 'delete') => Promise<boolean>;
  done: (action: 'pause' | 'resume' | 'delete') => string;
}

function automation<T extends { id: string; status: string }, S>(a: Automation<T, S>): void {
  /** the list, each with its buttons (no empty row after the last); the usage when there are none */
  const show = async (ctx: BotContext) => {
    const user = await userOf(ctx);
    const list = await a.list(ctx.services, user.telegramId);
    const kb = new InlineKeyboard();
    list.forEach((x, i) => {
      if (i) kb.row();
      const paused = x.status === 'paused';
      kb.text(
        paused ? `▶️ Resume #${i + 1}` : `⏸ Pause #${i + 1}`,
        a.data.build({ action: paused ? 'resume' : 'pause', id: x.id }),
      );
      kb.text(`🗑 ${a.remove} #${i + 1}`, a.data.build({ action: 'delete', id: x.id }));
    });
    const lines = await Promise.all(list.map(async (x, i) => `${i + 1}. ${await a.line(ctx.services, x)}`));
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
    // a new rule trades without asking: it needs the PIN unlocked, once the user has one
    if (!(await pinGate(ctx, 'setting'))) return;
    const user = await userOf(ctx);
    const x = await a.add(ctx.services, user.telegramId, spec);
    await ctx.reply(`✅ <b>${a.added}</b>\n${await a.line(ctx.services, x)}`, {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard()
        .text('⏸ Pause', a.data.build({ action: 'pause', id: x.id }))
        .text(`🗑 ${a.remove}`, a.data.build({ action: 'delete', id: x.id })),
    });
  });
  priv.callbackQuery(a.data.filter(), async (ctx) => {
    const { action, id } = a.data.unpack(ctx.match);
    const ok = await a.set(ctx.services, ctx.from.id, id, action);
    await ctx.answerCallbackQuery({ text: ok ? a.done(action) : 'Nothing to change' });
  });
}

automation<SnipeRuleRow, SnipeSpec>({
  command: 'snipe',
  data: snipeRuleData,
  usage: SNIPE_USAGE,
  title: '<b>🎯 Your snipe rules</b>',
  none: 'No snipe rules yet.',
  added: 'Snipe rule set',
  remove: 'Delete',
  parse: parseSnipe,
  list: (s, userId) => s.automation.rules(userId),
  add: (s, userId, spec) => s.automation.addRule(userId, spec),
  line: async (s, r) => ruleLine(r, await s.automation.spent(r.id)),
  set: (s, userId, id, action) => s.automation.setRule(userId, id, action),
  done: (action) => `Rule ${action === 'delete' ? 'deleted' : `${action}d`}`,
});

automation<FollowRow, FollowSpec>({
  command: 'copy',
  data: copyFollowData,
  usage: COPY_USAGE,
  title: '<b>👀 Wallets you copy</b>',
  none: 'You copy no wallet yet.',
  added: 'Copying',
  remove: 'Remove',
  parse: parseCopy,
  list: (s, userId) => s.automation.follows(userId),
  add: (s, userId, spec) => s.automation.addFollow(userId, spec),
  line: async (s, f) => followLine(f, await s.automation.spent(f.id)),
  set: (s, userId, id, action) => s.automation.setFollow(userId, id, action),
  done: (action) => (action === 'delete' ? 'Removed' : action === 'pause' ? 'Paused' : 'Resumed'),
});
