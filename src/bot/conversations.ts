// Dialogues (grammY conversations v2). Everything that touches the database, the facade or the
// clock goes through conversation.external and returns plain JSON; no private key ever passes
// through here (imports use a one-step prompt that is never stored, see wallet.feature.ts). The
// dialogues speak the chat's language: the i18n plugin runs inside them too (index.ts), so their
// context is a Speech; the texts made outside (external) use the outside context's.
import type { FamilyName } from '../tron/families.js';
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Context } from 'grammy';
import { isBase58Address } from '../tron/address.js';
import type { BotContext } from './context.js';
import { esc } from './format.js';
import { settingsKeyboard, settingsText } from './account-text.js';
import { withdrawAnswerData, withdrawNetworkData } from './callback-data/index.js';
import type { Speech, SpeechFlavor } from './i18n.js';
import type { Settings } from './store.js';
import type { Side } from '../trading/trade-flow.js';
import { friendly } from './error-text.js';
import { amountHelp, checkAmount, startTrade } from './trade-start.js';
import { userOf } from './helpers.js';
import { blockText } from './pin-gate.js';
import { sponsorship } from './features/settings.feature.js';

/** A dialogue's own context: an update inside it, with the chat's language. */
type Inner = Context & SpeechFlavor;
type Convo = Conversation<BotContext, Inner>;
const TRIES = 3;

/** A number as typed, with a decimal comma ("1,5": one comma and no dot) read as a point. */
const decimalPoint = (t: string): string => (/^[^,.]*,[^,.]*$/.test(t) ? t.replace(',', '.') : t);

/** Asks until a valid answer, at most a few times; undefined when the user gives up. */
async function ask<T>(
  conversation: Convo,
  ctx: Inner,
  prompt: string,
  parse: (text: string) => T | undefined,
  help: string,
): Promise<T | undefined> {
  const hint = ` ${ctx.t('ask-cancel-hint')}`;
  await ctx.reply(prompt + hint, { parse_mode: 'HTML' });
  const asker = ctx.from!.id;
  for (let i = 0; i < TRIES; i++) {
    // only the person asked answers (the storage key is per person too: this is the second lock)
    const answer = await conversation
      .waitFor('message:text', {
        otherwise: (c) => c.reply(c.t('ask-answer-with-message') + ` ${c.t('ask-cancel-hint')}`),
      })
      .andFrom(asker);
    const value = parse(answer.message.text.trim());
    if (value !== undefined) return value;
    await ctx.reply(help, { parse_mode: 'HTML' });
  }
  await ctx.reply(ctx.t('ask-give-up'));
  return undefined;
}

/** Custom buy/sell amount from a card's "Buy X" / "Sell X". */
export async function customAmount(conversation: Convo, ctx: Inner, side: Side, token: string) {
  const amount = await ask(
    conversation,
    ctx,
    side === 'buy' ? ctx.t('ask-buy-amount') : ctx.t('ask-sell-amount'),
    (t) => checkAmount(side, t),
    amountHelp(ctx, side),
  );
  if (!amount) return;
  await conversation.external((octx) => startTrade(octx, token, side, amount));
}

/** Send and Cancel under a withdrawal. */
const sendOrCancel = (s: Speech) =>
  new InlineKeyboard()
    .text(s.t('ask-btn-send'), withdrawAnswerData.build({ answer: 'yes' }))
    .text(s.t('ask-btn-cancel'), withdrawAnswerData.build({ answer: 'no' }));

/** The user's tap of Send or Cancel (anything else is answered with a hint). */
const waitForSendOrCancel = (conversation: Convo, ctx: Inner) =>
  conversation
    .waitForCallbackQuery(withdrawAnswerData.filter(), { otherwise: (c) => c.reply(c.t('ask-tap-send-or-cancel')) })
    .andFrom(ctx.from!.id);

/** A TRX amount as typed: a positive number with up to 6 decimals ("12.5", "12,5"), as "12.5". */
function trxAmount(t: string): string | undefined {
  const a = decimalPoint(t);
  return /^\d{1,12}(\.\d{1,6})?$/.test(a) && Number(a) > 0 ? a : undefined;
}

/**
 * With several networks, the network a withdrawal sends from: a button per network with the TRX the
 * wallet has there (from the bot's own nodes); undefined with one network.
 */
async function withdrawNetwork(
  conversation: Convo,
  ctx: Inner,
): Promise<{ family: FamilyName; name: string } | undefined> {
  const choices = await conversation.external(async (octx) => {
    const { networks, balances, accounts } = octx.services;
    if (!networks.many || !balances) return undefined;
    const wallet = await accounts.activeWallet(await userOf(octx));
    // a network is named by its first family: the family a transfer on it names
    return (await balances(wallet.address)).map((b) => ({ family: b.network, name: b.name, sun: b.sun?.toString() }));
  });
  if (!choices) return undefined;
  const keyboard = new InlineKeyboard();
  for (const c of choices)
    keyboard
      .text(
        `${c.name} · ${c.sun === undefined ? '—' : ctx.n.trx(BigInt(c.sun))}`,
        withdrawNetworkData.build({ family: c.family as FamilyName }),
      )
      .row();
  await ctx.reply(ctx.t('ask-withdraw-network'), { reply_markup: keyboard });
  const tap = await conversation
    .waitForCallbackQuery(withdrawNetworkData.filter(), { otherwise: (c) => c.reply(c.t('ask-withdraw-network')) })
    .andFrom(ctx.from!.id);
  await tap.answerCallbackQuery();
  const { family } = withdrawNetworkData.unpack(tap.callbackQuery.data);
  return { family, name: choices.find((c) => c.family === family)?.name ?? family };
}

/** Withdraw TRX: the network (with several), address, amount, confirm, then sign and send. */
export async function withdraw(conversation: Convo, ctx: Inner) {
  const network = await withdrawNetwork(conversation, ctx);
  const to = await ask(
    conversation,
    ctx,
    ctx.t('ask-withdraw-to'),
    (t) => (isBase58Address(t) ? t : undefined),
    ctx.t('ask-withdraw-not-address'),
  );
  if (!to) return;
  const amount = await ask(
    conversation,
    ctx,
    ctx.t('ask-withdraw-amount'),
    trxAmount,
    ctx.t('ask-withdraw-amount-help'),
  );
  if (!amount) return;
  const shown = esc(ctx.n.trxNum(Number(amount)));
  const question = network
    ? ctx.t('ask-withdraw-confirm-on', { amount: shown, to: esc(to), network: esc(network.name) })
    : ctx.t('ask-withdraw-confirm', { amount: shown, to: esc(to) });
  const confirm = await ctx.reply(question, {
    parse_mode: 'HTML',
    reply_markup: sendOrCancel(ctx),
  });
  const answer = await waitForSendOrCancel(conversation, ctx);
  await answer.answerCallbackQuery();
  if (withdrawAnswerData.unpack(answer.callbackQuery.data).answer === 'no') {
    await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, ctx.t('ask-withdraw-cancelled'));
    return;
  }
  const known = await conversation.external(async (octx) =>
    octx.services.store.knownRecipient((await userOf(octx)).telegramId, to),
  );
  if (!known && !(await secondTap(conversation, ctx, confirm, to, shown))) return;
  await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, ctx.t('ask-sending'));
  const result = await conversation.external(async (octx) => {
    try {
      const user = await userOf(octx);
      const { accounts, trading, pins } = octx.services;
      // a hold or a lock that began during the dialogue stops it (an unlock that ran out meanwhile does not)
      const why = pins.blocked(user, 'wallet');
      if (why && why !== 'locked') return { ok: false as const, reason: blockText(octx, why, pins, user) };
      const wallet = await accounts.activeWallet(user);
      return { ok: true as const, ...(await trading.sendTrx(user, wallet, to, amount, network?.family)) };
    } catch (e) {
      return { ok: false as const, reason: friendly(octx, e) };
    }
  });
  if (result.ok && result.state === 'confirmed')
    await conversation.external(async (octx) =>
      octx.services.store.addRecipient((await userOf(octx)).telegramId, to, Date.now()),
    );
  await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, withdrawnText(ctx, result, shown, to), {
    parse_mode: 'HTML',
  });
}

/** How a withdrawal ended, in words: sent (or still pending, or failed on the chain) with its tx, or refused. */
function withdrawnText(
  s: Speech,
  result:
    | { ok: true; state: 'confirmed' | 'failed' | 'pending'; txid: string; reason?: string }
    | { ok: false; reason: string },
  amount: string,
  to: string,
): string {
  if (!result.ok) return `❌ ${esc(result.reason)}`;
  const what = { amount, to: esc(to) };
  const head =
    result.state === 'confirmed'
      ? s.t('ask-withdraw-sent', what)
      : result.state === 'pending'
        ? s.t('ask-withdraw-pending', what)
        : s.t('ask-withdraw-failed', what);
  const tx = s.t('ask-withdraw-tx', { txid: esc(result.txid) });
  // a failure's reason is the chain's own words
  const why = result.state === 'failed' && result.reason ? [esc(result.reason)] : [];
  return [head, tx, ...why].join('\n');
}

/** How long a first withdrawal to an address waits before its second tap counts. */
export const NEW_RECIPIENT_WAIT_MS = 30_000;

/**
 * A first withdrawal to an address: said plainly, and sent only on a second tap of Send once a short
 * wait has passed (a hurried or hijacked session gets a moment in which the owner can cancel).
 */
async function secondTap(
  conversation: Convo,
  ctx: Inner,
  confirm: { chat: { id: number }; message_id: number },
  to: string,
  amount: string,
): Promise<boolean> {
  const waitMs = await conversation.external((octx) => octx.services.newRecipientWaitMs ?? NEW_RECIPIENT_WAIT_MS);
  const since = await conversation.now();
  await ctx.api.editMessageText(
    confirm.chat.id,
    confirm.message_id,
    ctx.t('ask-withdraw-new-address', { to: esc(to), seconds: Math.ceil(waitMs / 1000), amount }),
    { parse_mode: 'HTML', reply_markup: sendOrCancel(ctx) },
  );
  for (;;) {
    const tap = await waitForSendOrCancel(conversation, ctx);
    if (withdrawAnswerData.unpack(tap.callbackQuery.data).answer === 'no') {
      await tap.answerCallbackQuery();
      await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, ctx.t('ask-withdraw-cancelled'));
      return false;
    }
    const left = since + waitMs - (await conversation.now());
    if (left <= 0) {
      await tap.answerCallbackQuery();
      return true;
    }
    await tap.answerCallbackQuery({
      text: ctx.t('ask-wait-more', { seconds: Math.ceil(left / 1000) }),
      show_alert: true,
    });
  }
}

/** A setting that is one number in a range. */
const oneNumber = (key: 'slippage' | 'extraFeeLimit', min: number, max: number) => ({
  key,
  range: { min, max },
  help: (s: Speech) => s.t('ask-number-range', { min: s.n.num(min, 6), max: s.n.num(max, 6) }),
  parse: (t: string) => num(t, min, max),
});
/** A setting that is three presets in a range. */
const threeNumbers = (key: 'buyPresets' | 'sellPresets', help: (s: Speech) => string, min: number, max: number) => ({
  key,
  help,
  parse: (t: string) => three(t, min, max),
});

const FIELDS = {
  slip: oneNumber('slippage', 0.1, 50),
  fee: oneNumber('extraFeeLimit', 0, 500),
  buy: threeNumbers('buyPresets', (s) => s.t('ask-buy-presets-help'), 0.000001, 1e9),
  sell: threeNumbers('sellPresets', (s) => s.t('ask-sell-presets-help'), 1, 100),
} as const;

/** What a field's dialogue asks. */
function promptOf(s: Speech, field: keyof typeof FIELDS): string {
  const range = (r: { min: number; max: number }) => ({ min: s.n.num(r.min, 6), max: s.n.num(r.max, 6) });
  switch (field) {
    case 'slip':
      return s.t('ask-slippage', range(FIELDS.slip.range));
    case 'fee':
      return s.t('ask-fee-limit', range(FIELDS.fee.range));
    case 'buy':
      return s.t('ask-buy-presets');
    case 'sell':
      return s.t('ask-sell-presets');
  }
}

function num(t: string, min: number, max: number): number | undefined {
  const a = decimalPoint(t);
  const n = Number(a.replace(/%$/, ''));
  return /^\d+(\.\d+)?%?$/.test(a) && n >= min && n <= max ? n : undefined;
}
function three(t: string, min: number, max: number): [number, number, number] | undefined {
  // "10 20 30", "10, 20, 30", "10,20,30"; with spaces between them, decimal commas too ("0,5 1 2,5")
  const spaced = t.split(/\s+/).map((p) => p.replace(/,$/, ''));
  const words = spaced.length === 3 ? spaced : t.split(/[\s,]+/);
  const parts = words.map((p) => num(p, min, max));
  return parts.length === 3 && parts.every((p) => p !== undefined) ? (parts as [number, number, number]) : undefined;
}

/** Above this slippage (percent) a user with a PIN must have unlocked it. */
export const GUARDED_SLIPPAGE_PCT = 15;

/** Edits one setting. */
export async function editSetting(conversation: Convo, ctx: Inner, field: keyof typeof FIELDS) {
  const f = FIELDS[field];
  const value = await ask(conversation, ctx, promptOf(ctx, field), f.parse as (t: string) => unknown, f.help(ctx));
  if (value === undefined) return;
  const next = await conversation.external(async (octx) => {
    const user = await userOf(octx);
    const { pins, store } = octx.services;
    // a slippage above 15 % needs the PIN unlocked (once the user has one)
    const why =
      field === 'slip' && (value as number) > GUARDED_SLIPPAGE_PCT ? pins.blocked(user, 'setting') : undefined;
    if (why) return { refused: blockText(octx, why, pins, user) };
    const updated: Settings = { ...store.settings(user), [f.key]: value };
    await store.saveSettings(user.telegramId, updated);
    // the settings as /settings shows them, with whether trades are sponsored
    return { saved: updated, sponsorship: await sponsorship(octx) };
  });
  if ('refused' in next) {
    await ctx.reply(`${next.refused}\n${ctx.t('ask-slippage-guarded', { pct: GUARDED_SLIPPAGE_PCT })}`);
    return;
  }
  await ctx.reply(`${ctx.t('settings-saved')}\n\n${settingsText(ctx, next.saved, next.sponsorship)}`, {
    parse_mode: 'HTML',
    reply_markup: settingsKeyboard(ctx, next.saved),
  });
}
