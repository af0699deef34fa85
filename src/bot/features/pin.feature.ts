// /pin and /unlock. The PIN guards what a stolen session could use to move funds out or take over the
// wallet (export, withdraw, import, switch, remove: pinGate in wallet.feature.ts) and what would make
// trading riskier (confirmations off, a high slippage, a new snipe or copy rule). Setting the first PIN
// on a wallet with funds, or changing it, holds the wallet's guarded actions for 24 hours, said here
// with the time it ends. Messages holding a PIN are deleted at once. Private chats only.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { GROUPS, privateOnly, userOf } from '../helpers.js';
import { holdSpan, pinAnswer, setOne, span, utcTime } from '../pin-gate.js';
import { UNLOCKED_MS } from '../../trading/user-pin.js';

export const pinFeature = new Composer<BotContext>();
const priv = pinFeature.chatType('private');

priv.command('pin', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined); // it holds a PIN: it does not stay in the chat
  const user = await userOf(ctx);
  const { pins, accounts } = ctx.services;
  const args = ctx.match.trim().split(/\s+/).filter(Boolean);
  if (args.length === 0 || args.length > 2) return ctx.reply(user.pinHash ? ctx.t('pin-change-how') : setOne(ctx));
  if (user.pinHash && args.length === 1) return ctx.reply(ctx.t('pin-exists'));
  const [pin, current] = args.length === 2 ? [args[1]!, args[0]!] : [args[0]!, undefined];
  const result = await pins.set(user, pin, current, () => accounts.holdsFunds(user));
  if (result === 'bad') return ctx.reply(ctx.t('pin-bad'));
  if (result === 'exists') return ctx.reply(ctx.t('pin-exists'));
  if (result !== 'ok') return ctx.reply(pinAnswer(ctx, result, pins, await userOf(ctx)));
  const held = pins.heldUntil(await userOf(ctx));
  await ctx.reply(
    [
      ctx.t('pin-done', { changed: user.pinHash ? 'yes' : 'no', span: span(ctx, UNLOCKED_MS) }),
      ...(held ? ['', ctx.t('pin-hold-notice', { hold: holdSpan(ctx), until: utcTime(ctx, held) })] : []),
    ].join('\n'),
  );
});

priv.command('unlock', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  const user = await userOf(ctx);
  const { pins } = ctx.services;
  const result = await pins.unlock(user, ctx.match.trim());
  if (result !== 'ok') return ctx.reply(pinAnswer(ctx, result, pins, await userOf(ctx)));
  const held = pins.heldUntil(user);
  await ctx.reply(
    [
      ctx.t('pin-unlocked', { span: span(ctx, UNLOCKED_MS) }),
      ...(held ? [ctx.t('pin-unlocked-held', { until: utcTime(ctx, held) })] : []),
    ].join('\n'),
  );
});

// a PIN sent in a group: taken down where the bot may, never used, and the sender told where it goes
pinFeature.chatType(GROUPS).command(['pin', 'unlock'], async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  await privateOnly(ctx, ctx.t('pin-group-also'));
});
