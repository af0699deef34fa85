// /alerts in a group or channel: its admins choose which events the chat is told about.
import { Composer, InlineKeyboard } from 'grammy';
import { alertToggleData } from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { isChatAdmin } from '../helpers.js';
import type { Speech } from '../i18n.js';
import type { AlertRules } from '../store.js';
import { isBase58Address } from '../../tron/address.js';

const BUY_STEPS = [null, 100, 1000, 10000] as const;
const PROGRESS_STEPS = [null, 50, 80, 90] as const;
const next = <T>(steps: readonly T[], v: T): T => steps[(steps.indexOf(v) + 1) % steps.length]!;

/** A chat's rules, in words. */
export function rulesText(s: Speech, r: AlertRules): string {
  return [
    s.t('alert-rules-title'),
    s.t('alert-rules-new', { on: r.newTokens ? 'yes' : 'no' }),
    s.t('alert-rules-launches', { on: r.launches ? 'yes' : 'no' }),
    // a threshold is written as it is set (`1000`), as the buttons step it
    r.minBuyTrx === null ? s.t('alert-rules-buys-off') : s.t('alert-rules-buys', { trx: `${String(r.minBuyTrx)} TRX` }),
    r.progressPct === null
      ? s.t('alert-rules-progress-off')
      : s.t('alert-rules-progress', { pct: s.n.pct(r.progressPct) }),
    r.tokens
      ? s.t('alert-rules-tokens', { tokens: r.tokens.map((t) => `<code>${esc(t)}</code>`).join(', ') })
      : s.t('alert-rules-tokens-all'),
    '',
    s.t('alert-rules-hint'),
  ].join('\n');
}

/** A chat's rules as buttons: each toggles or steps its rule. */
export function rulesKeyboard(s: Speech, r: AlertRules): InlineKeyboard {
  return new InlineKeyboard()
    .text(s.t('alert-btn-new', { mark: r.newTokens ? '✅' : '—' }), alertToggleData.build({ rule: 'new' }))
    .text(s.t('alert-btn-launches', { mark: r.launches ? '✅' : '—' }), alertToggleData.build({ rule: 'launch' }))
    .row()
    .text(
      r.minBuyTrx === null ? s.t('alert-btn-buys-off') : s.t('alert-btn-buys', { min: String(r.minBuyTrx) }),
      alertToggleData.build({ rule: 'buy' }),
    )
    .text(
      r.progressPct === null
        ? s.t('alert-btn-progress-off')
        : s.t('alert-btn-progress', { pct: s.n.pct(r.progressPct) }),
      alertToggleData.build({ rule: 'prog' }),
    );
}

export const alertsFeature = new Composer<BotContext>();

alertsFeature.command('alerts', async (ctx) => {
  if (!ctx.chat || ctx.chat.type === 'private') {
    await ctx.reply(ctx.t('alert-private'));
    return;
  }
  if (!(await isChatAdmin(ctx))) {
    await ctx.reply(ctx.t('alert-admins-only'));
    return;
  }
  const { store } = ctx.services;
  const r = await store.alertRules(ctx.chat.id);
  // alerts stopped because the chat refused them (the bot was removed): an admin here starts them again
  if (r.stoppedReason) await store.saveAlertRules(r);
  const [sub, ...rest] = ctx.match.trim().split(/\s+/).filter(Boolean);
  if (sub === 'tokens') {
    if (rest[0] === 'all') r.tokens = null;
    else {
      const bad = rest.find((a) => !isBase58Address(a));
      if (!rest.length || bad) {
        await ctx.reply(bad ? ctx.t('alert-bad-token', { address: esc(bad) }) : ctx.t('alert-tokens-usage'), {
          parse_mode: 'HTML',
        });
        return;
      }
      r.tokens = [...new Set(rest)].slice(0, 50);
    }
    await store.saveAlertRules(r);
  }
  await ctx.reply(rulesText(ctx, r), { parse_mode: 'HTML', reply_markup: rulesKeyboard(ctx, r) });
});

alertsFeature.callbackQuery(alertToggleData.filter(), async (ctx) => {
  if (!(await isChatAdmin(ctx))) {
    await ctx.answerCallbackQuery({ text: ctx.t('alert-admins-only-change'), show_alert: true });
    return;
  }
  const { store } = ctx.services;
  const r = await store.alertRules(ctx.chat!.id);
  const what = alertToggleData.unpack(ctx.match).rule;
  if (what === 'new') r.newTokens = !r.newTokens;
  if (what === 'launch') r.launches = !r.launches;
  if (what === 'buy') r.minBuyTrx = next(BUY_STEPS, r.minBuyTrx as (typeof BUY_STEPS)[number]);
  if (what === 'prog') r.progressPct = next(PROGRESS_STEPS, r.progressPct as (typeof PROGRESS_STEPS)[number]);
  await store.saveAlertRules(r);
  await store.audit(ctx.from.id, 'alerts.set', r);
  await ctx.answerCallbackQuery({ text: ctx.t('alert-saved') });
  await ctx
    .editMessageText(rulesText(ctx, r), { parse_mode: 'HTML', reply_markup: rulesKeyboard(ctx, r) })
    .catch(() => undefined);
});
