// /alerts in a group or channel: its admins choose which events the chat is told about.
import { Composer, InlineKeyboard } from 'grammy';
import { alertToggleData } from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { isChatAdmin } from '../helpers.js';
import type { AlertRules } from '../store.js';
import { isBase58Address } from '../../tron/address.js';

const BUY_STEPS = [null, 100, 1000, 10000] as const;
const PROGRESS_STEPS = [null, 50, 80, 90] as const;
const next = <T>(steps: readonly T[], v: T): T => steps[(steps.indexOf(v) + 1) % steps.length]!;

function rulesText(r: AlertRules): string {
  return [
    '<b>🔔 Alerts in this chat</b>',
    `New tokens: ${r.newTokens ? 'on' : 'off'}`,
    `Launches: ${r.launches ? 'on' : 'off'}`,
    `Buys: ${r.minBuyTrx === null ? 'off' : `from ${r.minBuyTrx} TRX`}`,
    `Curve progress: ${r.progressPct === null ? 'off' : `when crossing ${r.progressPct}%`}`,
    `Tokens: ${r.tokens ? r.tokens.map((t) => `<code>${esc(t)}</code>`).join(', ') : 'all'}`,
    '',
    '<i>Limit to tokens with</i> <code>/alerts tokens ADDRESS …</code> <i>or</i> <code>/alerts tokens all</code>.',
  ].join('\n');
}

function rulesKeyboard(r: AlertRules): InlineKeyboard {
  return new InlineKeyboard()
    .text(`New tokens: ${r.newTokens ? '✅' : '—'}`, alertToggleData.build({ rule: 'new' }))
    .text(`Launches: ${r.launches ? '✅' : '—'}`, alertToggleData.build({ rule: 'launch' }))
    .row()
    .text(`Buys ≥ ${r.minBuyTrx ?? 'off'}`, alertToggleData.build({ rule: 'buy' }))
    .text(`Progress ${r.progressPct === null ? 'off' : r.progressPct + '%'}`, alertToggleData.build({ rule: 'prog' }));
}

export const alertsFeature = new Composer<BotContext>();

alertsFeature.command('alerts', async (ctx) => {
  if (!ctx.chat || ctx.chat.type === 'private') {
    await ctx.reply('Add me to a group or channel and send /alerts there to set up alerts.');
    return;
  }
  if (!(await isChatAdmin(ctx))) {
    await ctx.reply("Only this chat's admins can set up alerts.");
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
        await ctx.reply(
          bad
            ? `Not a token address: <code>${esc(bad)}</code>`
            : 'Usage: /alerts tokens ADDRESS … or /alerts tokens all',
          { parse_mode: 'HTML' },
        );
        return;
      }
      r.tokens = [...new Set(rest)].slice(0, 50);
    }
    await store.saveAlertRules(r);
  }
  await ctx.reply(rulesText(r), { parse_mode: 'HTML', reply_markup: rulesKeyboard(r) });
});

alertsFeature.callbackQuery(alertToggleData.filter(), async (ctx) => {
  if (!(await isChatAdmin(ctx))) {
    await ctx.answerCallbackQuery({ text: "Only this chat's admins can change alerts.", show_alert: true });
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
  await ctx.answerCallbackQuery({ text: 'Saved' });
  await ctx
    .editMessageText(rulesText(r), { parse_mode: 'HTML', reply_markup: rulesKeyboard(r) })
    .catch(() => undefined);
});
