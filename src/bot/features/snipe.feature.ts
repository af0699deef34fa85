// Sniping and copy trading in the bot: /snipe (rules: list, add, pause, resume, delete) and /copy
// (followed wallets). (What a snipe or a copy did is said by notifiers/sniper.notifier.ts.)
// Private chats only: they trade the user's own wallet (a group is told to open one). A new rule needs
// the PIN unlocked once the user has one (pin-gate.ts).
import { Composer, InlineKeyboard } from 'grammy';
import { copyFollowData, snipeRuleData, type RuleData } from '../callback-data/index.js';
import type { BotContext, BotServices } from '../context.js';
import { esc, short } from '../format.js';
import type { Speech } from '../i18n.js';
import { GROUPS, privateOnly, userOf } from '../helpers.js';
import type { BotNetworks } from '../networks.js';
import { decimalPoints } from '../orders-text.js';
import { pinGate } from '../pin-gate.js';
import { sunToTrx } from '../../tron/units.js';
import { parsePriceE18, parseUsdAmount } from '../../trading/price.js';
import { copySizeSun, type FollowSpec, type SnipeSpec } from '../../trading/automation/index.js';
import { isFamily } from '../../trading/automation/family.js';
import type { FollowRow, SnipeRuleRow } from '../../trading/store.js';

/**
 * The `family:` option's line of a usage, when the bot serves more than one family: the families, each
 * with its network's name when there are several networks; nothing with one family.
 */
function familyUsage(s: Speech, networks: BotNetworks, key: 'snipe-usage-family' | 'copy-usage-family'): string[] {
  if (networks.families.length < 2) return [];
  const choices = networks.families
    .map((f) => (networks.many ? `<code>${f}</code> (${esc(networks.labelOf(f))})` : `<code>${f}</code>`))
    .join(', ');
  return [s.t(key, { choices })];
}

/** What /snipe takes (the usage, answered to a rule that does not read and with no rules yet). */
const snipeUsage = (ctx: BotContext): string =>
  [
    ctx.t('snipe-usage-title'),
    ctx.t('snipe-usage-add'),
    ctx.t('snipe-usage-options'),
    ctx.t('snipe-usage-caps'),
    ...familyUsage(ctx, ctx.services.networks, 'snipe-usage-family'),
    ctx.t('snipe-usage-list'),
  ].join('\n');

/** What /copy takes. */
const copyUsage = (ctx: BotContext): string =>
  [
    ctx.t('copy-usage-title'),
    ctx.t('copy-usage-add'),
    ctx.t('copy-usage-options'),
    ctx.t('copy-usage-limits'),
    ...familyUsage(ctx, ctx.services.networks, 'copy-usage-family'),
    ctx.t('copy-usage-list'),
  ].join('\n');

/** `family:launchpad2`: a family the bot serves, or undefined. */
const familyOption = (networks: BotNetworks, v: string) => {
  const f = v.toLowerCase();
  return isFamily(f) && networks.families.includes(f) ? f : undefined;
};

/** "/snipe add 50 name:cat safe ..." -> a rule; undefined when it does not read. */
function parseSnipe(args: string, networks: BotNetworks): SnipeSpec | undefined {
  const parts = args.trim().split(/\s+/);
  if (parts[0]?.toLowerCase() !== 'add' || !/^\d+(\.\d{1,6})?$/.test(parts[1] ?? '')) return undefined;
  const spec: SnipeSpec = { trx: parts[1]! };
  for (const p of parts.slice(2)) {
    const [k, v] = p.includes(':')
      ? [p.slice(0, p.indexOf(':')).toLowerCase(), p.slice(p.indexOf(':') + 1)]
      : [p.toLowerCase(), ''];
    const maxPrice = k === 'maxprice' ? priceLevel(v) : undefined;
    const maxMc = k === 'maxmc' ? parseUsdAmount(v) : undefined;
    const family = k === 'family' ? familyOption(networks, v) : undefined;
    if (k === 'name' && v) spec.word = v;
    else if (k === 'creator' && v) spec.creator = v;
    else if (k === 'maxdev' && /^\d+(\.\d+)?%?$/.test(v)) spec.maxDevPct = Number(v.replace('%', ''));
    else if (k === 'budget' && /^\d+(\.\d{1,6})?$/.test(v)) spec.budgetTrx = v;
    else if (maxPrice) spec.maxPriceE18 = maxPrice;
    else if (maxMc) spec.maxMcUsd = maxMc;
    else if (family) spec.family = family;
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

/** "/copy ADDRESS 20 pct:50 max:100 budget:200 token:40 min:5 sells family:launchpad2" -> a follow. */
function parseCopy(args: string, networks: BotNetworks): FollowSpec | undefined {
  const parts = args.trim().split(/\s+/);
  if (!/^T\w{33}$/.test(parts[0] ?? '') || !/^\d+(\.\d{1,6})?$/.test(parts[1] ?? '')) return undefined;
  const spec: FollowSpec = { source: parts[0]!, trx: parts[1]! };
  for (const p of parts.slice(2)) {
    const m = /^([a-z]+):(\d+(?:\.\d{1,6})?)(%?)$/i.exec(p);
    const key = m?.[1]!.toLowerCase() ?? '';
    const field = m && !m[3] ? COPY_TRX.get(key) : undefined;
    const family = /^family:/i.test(p) ? familyOption(networks, p.slice('family:'.length)) : undefined;
    if (family) spec.family = family;
    else if (key === 'pct') spec.pct = Number(m![2]);
    else if (field) spec[field] = m![2]!;
    else if (p.toLowerCase() === 'sells') spec.sells = true;
    else return undefined;
  }
  return spec;
}

const trxOf = (s: Speech, sun: string | bigint): string => s.n.trx(BigInt(sun));
/** "12/300 TRX today": what a rule or follow spent in the last 24 hours, and its daily budget. */
const today = (s: Speech, spent: bigint, budgetSun: string): string =>
  s.t('snipe-today', {
    spent: s.n.compact(Number(sunToTrx(spent))),
    budget: s.n.compact(Number(sunToTrx(BigInt(budgetSun)))),
  });

/** A rule's or a follow's family, named as its condition (its network's name when there are several). */
const familyText = (
  s: Speech,
  networks: BotNetworks,
  family: string | null,
  key: 'snipe-cond-family' | 'copy-family',
) => (family ? s.t(key, { family: esc(networks.labelOf(family)) }) : '');

function ruleLine(s: Speech, networks: BotNetworks, r: SnipeRuleRow, spent: bigint): string {
  const what = [
    r.word ? s.t('snipe-cond-name', { word: esc(r.word) }) : '',
    r.creator ? s.t('snipe-cond-creator', { creator: esc(short(r.creator)) }) : '',
    r.maxDevBps !== null ? s.t('snipe-cond-maxdev', { pct: s.n.pct(r.maxDevBps / 100) }) : '',
    r.safe ? s.t('snipe-cond-safe') : '',
    r.maxPriceE18 !== null ? s.t('snipe-cond-maxprice', { price: `${s.n.priceE18(r.maxPriceE18)} TRX` }) : '',
    r.maxMcUsd !== null ? s.t('snipe-cond-maxmc', { mc: `$${s.n.compact(r.maxMcUsd)}` }) : '',
    familyText(s, networks, r.family, 'snipe-cond-family'),
  ].filter(Boolean);
  const amount = trxOf(s, r.amountSun);
  const rule = r.onLaunch ? s.t('snipe-rule-launch', { amount }) : s.t('snipe-rule-new', { amount });
  const full = what.length ? s.t('snipe-rule-with', { rule, conds: what.join(s.t('snipe-cond-sep')) }) : rule;
  return `${r.status === 'paused' ? '⏸' : '🎯'} ${full} · ${today(s, spent, r.budgetSun)}`;
}

function followLine(s: Speech, networks: BotNetworks, f: FollowRow, spent: bigint): string {
  const size =
    f.pctBps !== null
      ? s.t('copy-size-pct', { pct: s.n.pct(f.pctBps / 100), max: trxOf(s, copySizeSun(f)) })
      : trxOf(s, f.amountSun);
  const parts = [
    `<code>${esc(f.source)}</code>`,
    s.t('copy-buys', { size }),
    ...(f.sells ? [s.t('copy-sells-too')] : []),
    ...(f.family ? [familyText(s, networks, f.family, 'copy-family')] : []),
    today(s, spent, f.budgetSun),
    s.t('copy-token-cap', { amount: trxOf(s, f.tokenCapSun) }),
    s.t('copy-min', { amount: trxOf(s, f.minSourceSun) }),
  ];
  return `${f.status === 'paused' ? '⏸' : '👀'} ${parts.join(' · ')}`;
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
  usage: (ctx: BotContext) => string;
  title: (s: Speech) => string;
  none: (s: Speech) => string;
  added: (s: Speech) => string;
  /** the delete button, of the list's n-th or (without n) of the one just added */
  remove: (s: Speech, n?: number) => string;
  parse: (args: string, networks: BotNetworks) => S | undefined;
  list: (services: BotServices, userId: number) => Promise<T[]>;
  add: (services: BotServices, userId: number, spec: S) => Promise<T>;
  line: (s: Speech, services: BotServices, x: T) => Promise<string>;
  set: (services: BotServices, userId: number, id: string, action: 'pause' | 'resume' | 'delete') => Promise<boolean>;
  done: (s: Speech, action: 'pause' | 'resume' | 'delete') => string;
  /** the answer when nothing changed (already so, or gone) */
  unchanged: (s: Speech) => string;
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
        paused ? ctx.t('snipe-btn-resume-n', { n: i + 1 }) : ctx.t('snipe-btn-pause-n', { n: i + 1 }),
        a.data.build({ action: paused ? 'resume' : 'pause', id: x.id }),
      );
      kb.text(a.remove(ctx, i + 1), a.data.build({ action: 'delete', id: x.id }));
    });
    const lines = await Promise.all(list.map(async (x, i) => `${i + 1}. ${await a.line(ctx, ctx.services, x)}`));
    const text = list.length ? [a.title(ctx), '', ...lines].join('\n') : [a.none(ctx), '', a.usage(ctx)].join('\n');
    await ctx.reply(text, { parse_mode: 'HTML', ...(list.length ? { reply_markup: kb } : {}) });
  };
  priv.command(a.command, async (ctx) => {
    const args = decimalPoints(ctx.match.trim());
    if (!args) return show(ctx);
    const spec = a.parse(args, ctx.services.networks);
    if (!spec) {
      await ctx.reply(a.usage(ctx), { parse_mode: 'HTML' });
      return;
    }
    // a new rule trades without asking: it needs the PIN unlocked, once the user has one
    if (!(await pinGate(ctx, 'setting'))) return;
    const user = await userOf(ctx);
    const x = await a.add(ctx.services, user.telegramId, spec);
    await ctx.reply([a.added(ctx), await a.line(ctx, ctx.services, x)].join('\n'), {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard()
        .text(ctx.t('snipe-btn-pause'), a.data.build({ action: 'pause', id: x.id }))
        .text(a.remove(ctx), a.data.build({ action: 'delete', id: x.id })),
    });
  });
  priv.callbackQuery(a.data.filter(), async (ctx) => {
    const { action, id } = a.data.unpack(ctx.match);
    const ok = await a.set(ctx.services, ctx.from.id, id, action);
    await ctx.answerCallbackQuery({ text: ok ? a.done(ctx, action) : a.unchanged(ctx) });
  });
}

automation<SnipeRuleRow, SnipeSpec>({
  command: 'snipe',
  data: snipeRuleData,
  usage: snipeUsage,
  title: (s) => s.t('snipe-list-title'),
  none: (s) => s.t('snipe-none'),
  added: (s) => s.t('snipe-added'),
  remove: (s, n) => (n === undefined ? s.t('snipe-btn-delete') : s.t('snipe-btn-delete-n', { n })),
  parse: parseSnipe,
  list: (s, userId) => s.automation.rules(userId),
  add: (s, userId, spec) => s.automation.addRule(userId, spec),
  line: async (s, services, r) => ruleLine(s, services.networks, r, await services.automation.spent(r.id)),
  set: (s, userId, id, action) => s.automation.setRule(userId, id, action),
  done: (s, action) =>
    action === 'delete'
      ? s.t('snipe-done-delete')
      : action === 'pause'
        ? s.t('snipe-done-pause')
        : s.t('snipe-done-resume'),
  unchanged: (s) => s.t('snipe-unchanged'),
});

automation<FollowRow, FollowSpec>({
  command: 'copy',
  data: copyFollowData,
  usage: copyUsage,
  title: (s) => s.t('copy-list-title'),
  none: (s) => s.t('copy-none'),
  added: (s) => s.t('copy-added'),
  remove: (s, n) => (n === undefined ? s.t('copy-btn-remove') : s.t('copy-btn-remove-n', { n })),
  parse: parseCopy,
  list: (s, userId) => s.automation.follows(userId),
  add: (s, userId, spec) => s.automation.addFollow(userId, spec),
  line: async (s, services, f) => followLine(s, services.networks, f, await services.automation.spent(f.id)),
  set: (s, userId, id, action) => s.automation.setFollow(userId, id, action),
  done: (s, action) =>
    action === 'delete'
      ? s.t('copy-done-delete')
      : action === 'pause'
        ? s.t('copy-done-pause')
        : s.t('copy-done-resume'),
  unchanged: (s) => s.t('copy-unchanged'),
});
