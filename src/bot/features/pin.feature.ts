// /pin and /unlock. The PIN guards what a stolen session could use to move funds out or take over the
// wallet (export, withdraw, import, switch, remove: pinGate in wallet.feature.ts) and what would make
// trading riskier (confirmations off, a high slippage, a new snipe or copy rule). Setting the first PIN
// on a wallet with funds, or changing it, holds the wallet's guarded actions for 24 hours, said here
// with the time it ends. Messages holding a PIN are deleted at once. Private chats only.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { GROUPS, privateOnly, userOf } from '../helpers.js';
import { HOLD_SPAN, SET_ONE, WALLET_GUARDED, pinAnswer, span, utcTime } from '../pin-gate.js';
import { UNLOCKED_MS } from '../../trading/user-pin.js';

export const pinFeature = new Composer<BotContext>();
const priv = pinFeature.chatType('private');

priv.command('pin', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined); // it holds a PIN: it does not stay in the chat
  const user = await userOf(ctx);
  const { pins, accounts } = ctx.services;
  const args = ctx.match.trim().split(/\s+/).filter(Boolean);
  if (args.length === 0 || args.length > 2)
    return ctx.reply(user.pinHash ? 'Change your PIN with /pin OLD NEW.' : SET_ONE);
  if (user.pinHash && args.length === 1) return ctx.reply('You have a PIN: change it with /pin OLD NEW.');
  const [pin, current] = args.length === 2 ? [args[1]!, args[0]!] : [args[0]!, undefined];
  const result = await pins.set(user, pin, current, () => accounts.holdsFunds(user));
  if (result === 'bad') return ctx.reply('A PIN is 4 to 8 digits, for example /pin 482913.');
  if (result === 'exists') return ctx.reply('You have a PIN: change it with /pin OLD NEW.');
  if (result !== 'ok') return ctx.reply(pinAnswer(result, pins, await userOf(ctx)));
  const held = pins.heldUntil(await userOf(ctx));
  await ctx.reply(
    [
      `🔒 PIN ${user.pinHash ? 'changed' : 'set'}. To ${WALLET_GUARDED}, send /unlock and your PIN first: it opens them for ${span(UNLOCKED_MS)}.`,
      ...(held
        ? [
            '',
            `⏳ For your safety these are held for ${HOLD_SPAN}, until ${utcTime(held)}. Not you? Someone has your Telegram: end the other sessions in Telegram's Settings → Devices.`,
          ]
        : []),
    ].join('\n'),
  );
});

priv.command('unlock', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  const user = await userOf(ctx);
  const { pins } = ctx.services;
  const result = await pins.unlock(user, ctx.match.trim());
  if (result !== 'ok') return ctx.reply(pinAnswer(result, pins, await userOf(ctx)));
  const held = pins.heldUntil(user);
  await ctx.reply(
    `🔓 Unlocked for ${span(UNLOCKED_MS)}: you can ${WALLET_GUARDED}, and change guarded settings.` +
      (held ? `\n⏳ Export, withdraw, import, switch and remove stay held until ${utcTime(held)}.` : ''),
  );
});

// a PIN sent in a group: taken down where the bot may, never used, and the sender told where it goes
pinFeature.chatType(GROUPS).command(['pin', 'unlock'], async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  await privateOnly(ctx, 'A PIN others saw here: choose a new one there with /pin OLD NEW.');
});
