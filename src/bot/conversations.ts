// Dialogues (grammY conversations v2). Everything that touches the database, the facade or the
// clock goes through conversation.external and returns plain JSON; no private key ever passes
// through here (imports use a one-step prompt that is never stored, see wallet.feature.ts).
import type { Conversation } from '@grammyjs/conversations';
import { InlineKeyboard, type Context } from 'grammy';
import { isBase58Address } from '../tron/address.js';
import type { BotContext } from './context.js';
import { esc, trx } from './format.js';
import { settingsKeyboard, settingsText } from './account-text.js';
import { withdrawAnswerData } from './callback-data/index.js';
import type { Settings } from './store.js';
import { friendly, type Side } from '../trading/trade-flow.js';
import { amountHelp, checkAmount, startTrade } from './trade-start.js';
import { userOf } from './helpers.js';
import { blockText } from './pin-gate.js';

type Convo = Conversation<BotContext, Context>;
const TRIES = 3;
const CANCEL_HINT = ' (/cancel to stop)';

/** Asks until a valid answer, at most a few times; undefined when the user gives up. */
async function ask<T>(
  conversation: Convo,
  ctx: Context,
  prompt: string,
  parse: (text: string) => T | undefined,
  help: string,
): Promise<T | undefined> {
  await ctx.reply(prompt + CANCEL_HINT, { parse_mode: 'HTML' });
  const asker = ctx.from!.id;
  for (let i = 0; i < TRIES; i++) {
    // only the person asked answers (the storage key is per person too: this is the second lock)
    const answer = await conversation
      .waitFor('message:text', {
        otherwise: (c) => c.reply('Please answer with a message' + CANCEL_HINT),
      })
      .andFrom(asker);
    const value = parse(answer.message.text.trim());
    if (value !== undefined) return value;
    await ctx.reply(help, { parse_mode: 'HTML' });
  }
  await ctx.reply('Let us stop here; start again when you are ready.');
  return undefined;
}

/** Custom buy/sell amount from a card's "Buy X" / "Sell X". */
export async function customAmount(conversation: Convo, ctx: Context, side: Side, token: string) {
  const amount = await ask(
    conversation,
    ctx,
    side === 'buy'
      ? 'How many TRX do you want to spend?'
      : 'How much do you want to sell? A percent like <code>30%</code> or a token amount.',
    (t) => checkAmount(side, t),
    amountHelp(side),
  );
  if (!amount) return;
  await conversation.external((octx) => startTrade(octx, token, side, amount));
}

/** Send and Cancel under a withdrawal. */
const sendOrCancel = () =>
  new InlineKeyboard()
    .text('✅ Send', withdrawAnswerData.build({ answer: 'yes' }))
    .text('✖️ Cancel', withdrawAnswerData.build({ answer: 'no' }));

/** The user's tap of Send or Cancel (anything else is answered with a hint). */
const waitForSendOrCancel = (conversation: Convo, ctx: Context) =>
  conversation
    .waitForCallbackQuery(withdrawAnswerData.filter(), { otherwise: (c) => c.reply('Tap Send or Cancel above.') })
    .andFrom(ctx.from!.id);

/** Withdraw TRX: address, amount, confirm, then sign and send. */
export async function withdraw(conversation: Convo, ctx: Context) {
  const to = await ask(
    conversation,
    ctx,
    'Send the address to withdraw TRX to.',
    (t) => (isBase58Address(t) ? t : undefined),
    'That is not a Tron address (T…, 34 characters).',
  );
  if (!to) return;
  const amount = await ask(
    conversation,
    ctx,
    'How many TRX?',
    (t) => (/^\d{1,12}(\.\d{1,6})?$/.test(t) && Number(t) > 0 ? t : undefined),
    'Send a positive number of TRX with up to 6 decimals.',
  );
  if (!amount) return;
  const confirm = await ctx.reply(`Send <b>${esc(trx(Number(amount)))}</b> to <code>${esc(to)}</code>?`, {
    parse_mode: 'HTML',
    reply_markup: sendOrCancel(),
  });
  const answer = await waitForSendOrCancel(conversation, ctx);
  await answer.answerCallbackQuery();
  if (withdrawAnswerData.unpack(answer.callbackQuery.data).answer === 'no') {
    await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, 'Withdrawal cancelled.');
    return;
  }
  const known = await conversation.external(async (octx) =>
    octx.services.store.knownRecipient((await userOf(octx)).telegramId, to),
  );
  if (!known && !(await secondTap(conversation, ctx, confirm, to, amount))) return;
  await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, '⏳ Sending…');
  const result = await conversation.external(async (octx) => {
    try {
      const user = await userOf(octx);
      const { accounts, trading, pins } = octx.services;
      // a hold or a lock that began during the dialogue stops it (an unlock that ran out meanwhile does not)
      const why = pins.blocked(user, 'wallet');
      if (why && why !== 'locked') return { ok: false as const, reason: blockText(why, pins, user) };
      return { ok: true as const, ...(await trading.sendTrx(user, await accounts.activeWallet(user), to, amount)) };
    } catch (e) {
      return { ok: false as const, reason: friendly(e) };
    }
  });
  if (result.ok && result.state === 'confirmed')
    await conversation.external(async (octx) =>
      octx.services.store.addRecipient((await userOf(octx)).telegramId, to, Date.now()),
    );
  await ctx.api.editMessageText(
    confirm.chat.id,
    confirm.message_id,
    result.ok
      ? `${result.state === 'confirmed' ? '✅ Sent' : '❌ Failed'} ${esc(trx(Number(amount)))} to <code>${esc(to)}</code>\nTx: <code>${esc(result.txid)}</code>${result.reason ? `\n${esc(result.reason)}` : ''}`
      : `❌ ${esc(result.reason)}`,
    { parse_mode: 'HTML' },
  );
}

/** How long a first withdrawal to an address waits before its second tap counts. */
export const NEW_RECIPIENT_WAIT_MS = 30_000;

/**
 * A first withdrawal to an address: said plainly, and sent only on a second tap of Send once a short
 * wait has passed (a hurried or hijacked session gets a moment in which the owner can cancel).
 */
async function secondTap(
  conversation: Convo,
  ctx: Context,
  confirm: { chat: { id: number }; message_id: number },
  to: string,
  amount: string,
): Promise<boolean> {
  const waitMs = await conversation.external((octx) => octx.services.newRecipientWaitMs ?? NEW_RECIPIENT_WAIT_MS);
  const since = await conversation.now();
  await ctx.api.editMessageText(
    confirm.chat.id,
    confirm.message_id,
    `⚠️ You never sent to <code>${esc(to)}</code> before. Check the address, then tap Send again after ${Math.ceil(waitMs / 1000)} s to send <b>${esc(trx(Number(amount)))}</b>.`,
    { parse_mode: 'HTML', reply_markup: sendOrCancel() },
  );
  for (;;) {
    const tap = await waitForSendOrCancel(conversation, ctx);
    if (withdrawAnswerData.unpack(tap.callbackQuery.data).answer === 'no') {
      await tap.answerCallbackQuery();
      await ctx.api.editMessageText(confirm.chat.id, confirm.message_id, 'Withdrawal cancelled.');
      return false;
    }
    const left = since + waitMs - (await conversation.now());
    if (left <= 0) {
      await tap.answerCallbackQuery();
      return true;
    }
    await tap.answerCallbackQuery({
      text: `Wait ${Math.ceil(left / 1000)} s more: it is a new address.`,
      show_alert: true,
    });
  }
}

/** A setting that is one number in a range. */
const oneNumber = (key: 'slippage' | 'extraFeeLimit', prompt: string, min: number, max: number) => ({
  key,
  prompt,
  help: `Send a number from ${min} to ${max}.`,
  parse: (t: string) => num(t, min, max),
});
/** A setting that is three presets in a range. */
const threeNumbers = (key: 'buyPresets' | 'sellPresets', prompt: string, help: string, min: number, max: number) => ({
  key,
  prompt,
  help,
  parse: (t: string) => three(t, min, max),
});

const FIELDS = {
  slip: oneNumber('slippage', 'New slippage in percent (0.1 to 50)?', 0.1, 50),
  fee: oneNumber(
    'extraFeeLimit',
    'Extra fee limit in TRX (0 to 500)? It raises the most a trade may burn in fees.',
    0,
    500,
  ),
  buy: threeNumbers(
    'buyPresets',
    'Three buy presets in TRX, like <code>50 200 1000</code>.',
    'Send three positive numbers separated by spaces.',
    0.000001,
    1e9,
  ),
  sell: threeNumbers(
    'sellPresets',
    'Three sell presets in percent, like <code>25 50 100</code>.',
    'Send three percents from 1 to 100 separated by spaces.',
    1,
    100,
  ),
} as const;

function num(t: string, min: number, max: number): number | undefined {
  const n = Number(t.replace(/%$/, ''));
  return /^\d+(\.\d+)?%?$/.test(t) && n >= min && n <= max ? n : undefined;
}
function three(t: string, min: number, max: number): [number, number, number] | undefined {
  const parts = t.split(/[\s,]+/).map((p) => num(p, min, max));
  return parts.length === 3 && parts.every((p) => p !== undefined) ? (parts as [number, number, number]) : undefined;
}

/** Above this slippage (percent) a user with a PIN must have unlocked it. */
export const GUARDED_SLIPPAGE_PCT = 15;

/** Edits one setting. */
export async function editSetting(conversation: Convo, ctx: Context, field: keyof typeof FIELDS) {
  const f = FIELDS[field];
  const value = await ask(conversation, ctx, f.prompt, f.parse as (t: string) => unknown, f.help);
  if (value === undefined) return;
  const next = await conversation.external(async (octx) => {
    const user = await userOf(octx);
    const { pins, store } = octx.services;
    // a slippage above 15 % needs the PIN unlocked (once the user has one)
    const why =
      field === 'slip' && (value as number) > GUARDED_SLIPPAGE_PCT ? pins.blocked(user, 'setting') : undefined;
    if (why) return { refused: blockText(why, pins, user) };
    const updated: Settings = { ...store.settings(user), [f.key]: value };
    await store.saveSettings(user.telegramId, updated);
    return { saved: updated };
  });
  if ('refused' in next) {
    await ctx.reply(`${next.refused}\nA slippage above ${GUARDED_SLIPPAGE_PCT}% is not saved without it.`);
    return;
  }
  await ctx.reply('Saved.\n\n' + settingsText(next.saved), {
    parse_mode: 'HTML',
    reply_markup: settingsKeyboard(next.saved),
  });
}
