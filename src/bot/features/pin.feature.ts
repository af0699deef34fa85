// /pin and /unlock, and the guard in front of what a stolen session could use to move funds out:
// exporting a key, withdrawing, and turning trade confirmations off need a PIN entered in the last two
// minutes. Messages holding a PIN are deleted at once. Private chats only.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { userOf } from '../helpers.js';
import { MAX_PIN_TRIES, PIN_LOCK_MS, UNLOCKED_MS, type PinCheck } from '../../trading/user-pin.js';

const GUARDED = 'export a key, withdraw, and turn confirmations off';
const SET_ONE = `Set a PIN first: send /pin and 4 to 8 digits (for example /pin 482913). It guards what could move your funds out: ${GUARDED}.`;
const minutes = (ms: number) => `${ms / 60_000} minutes`;

export const pinFeature = new Composer<BotContext>();
const priv = pinFeature.chatType('private');

/** What a wrong or refused PIN is told. */
function pinAnswer(c: PinCheck, fails: number): string {
  if (c === 'none') return SET_ONE;
  if (c === 'locked') return `Too many wrong PINs: locked for ${minutes(PIN_LOCK_MS)}.`;
  return `Wrong PIN (${MAX_PIN_TRIES - fails} ${MAX_PIN_TRIES - fails === 1 ? 'try' : 'tries'} left).`;
}

priv.command('pin', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined); // it holds a PIN: it does not stay in the chat
  const user = await userOf(ctx);
  const args = ctx.match.trim().split(/\s+/).filter(Boolean);
  if (args.length === 0 || args.length > 2)
    return ctx.reply(user.pinHash ? 'Change your PIN with /pin OLD NEW.' : SET_ONE);
  if (user.pinHash && args.length === 1) return ctx.reply('You have a PIN: change it with /pin OLD NEW.');
  const [pin, current] = args.length === 2 ? [args[1]!, args[0]!] : [args[0]!, undefined];
  const result = await ctx.services.pins.set(user, pin, current);
  if (result === 'bad') return ctx.reply('A PIN is 4 to 8 digits, for example /pin 482913.');
  if (result !== 'ok') return ctx.reply(pinAnswer(result, (await userOf(ctx)).pinFails));
  await ctx.reply(
    `🔒 PIN set. To ${GUARDED}, send /unlock and your PIN first: it opens them for ${minutes(UNLOCKED_MS)}.`,
  );
});

priv.command('unlock', async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  const user = await userOf(ctx);
  const result = await ctx.services.pins.unlock(user, ctx.match.trim());
  if (result === 'ok') return ctx.reply(`🔓 Unlocked for ${minutes(UNLOCKED_MS)}: you can ${GUARDED}.`);
  await ctx.reply(pinAnswer(result, (await userOf(ctx)).pinFails));
});

// a PIN sent in a group: taken down where the bot may, never used, and the sender told where it goes
pinFeature.chatType(['group', 'supergroup']).command(['pin', 'unlock'], async (ctx) => {
  await ctx.deleteMessage().catch(() => undefined);
  await ctx.reply('A PIN is for our private chat only: choose a new one there with /pin OLD NEW if others saw it.');
});

/** Lets a guarded button through only while the user's PIN has unlocked it. */
async function guard(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  const user = await userOf(ctx);
  const why = ctx.services.pins.blocked(user);
  if (!why) return next();
  const text =
    why === 'no-pin'
      ? SET_ONE
      : why === 'locked-out'
        ? `Too many wrong PINs: this stays locked for up to ${minutes(PIN_LOCK_MS)}.`
        : `Send /unlock and your PIN first: it opens this for ${minutes(UNLOCKED_MS)}.`;
  await ctx.answerCallbackQuery({ text, show_alert: true });
}

priv.callbackQuery(/^w:(exp|expok:\d+|wd)$/, guard);
// turning confirmations off is guarded; turning them on is not
priv.callbackQuery('st:conf', async (ctx, next) => {
  const user = await userOf(ctx);
  return ctx.services.store.settings(user).confirm ? guard(ctx, next) : next();
});
