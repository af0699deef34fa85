// The PIN in the chat: its texts, and the gate a feature puts in front of what it guards (the rules
// are src/trading/user-pin.ts's). `pinGate(ctx, 'wallet')` before export, withdraw, import, switch and
// removing a wallet; `pinGate(ctx, 'setting')` before confirmations off, a high slippage, a new rule.
import type { BotContext } from './context.js';
import { userOf } from './helpers.js';
import type { UserRow } from '../trading/store.js';
import {
  PIN_HOLD_MS,
  UNLOCKED_MS,
  type PinBlock,
  type PinCheck,
  type PinGuarded,
  type UserPins,
} from '../trading/user-pin.js';

/** What a wallet's PIN guards, in words. */
export const WALLET_GUARDED = 'export, withdraw, import, switch and remove a wallet';
export const SET_ONE = `Set a PIN first: send /pin and 4 to 8 digits (for example /pin 482913). You need it to ${WALLET_GUARDED}.`;
export const UNLOCK_FIRST = `Send /unlock and your PIN first: it opens this for ${span(UNLOCKED_MS)}.`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** A moment as the chat shows it: "28 Nov 2026 09:14 UTC". */
export function utcTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/** A length of time in words: "2 minutes", "1 hour", "1 day". */
export function span(ms: number): string {
  const [n, unit] =
    ms % 86_400_000 === 0
      ? [ms / 86_400_000, 'day']
      : ms % 3_600_000 === 0
        ? [ms / 3_600_000, 'hour']
        : [Math.ceil(ms / 60_000), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** The hold's length in words: "24 hours". */
export const HOLD_SPAN = `${PIN_HOLD_MS / 3_600_000} hours`;

/** The lock a user is under, in words. */
export const lockedText = (pins: UserPins, user: UserRow): string =>
  `Too many wrong PINs: locked for ${span(pins.lockLength(user))}, until ${utcTime(user.pinLockedUntil ?? 0)}.`;

/** The hold a user is under, in words. */
export const heldText = (until: number): string =>
  `Held until ${utcTime(until)}: for ${HOLD_SPAN} after a PIN is set on a wallet with funds, or changed, no one can export, withdraw, import, switch or remove a wallet.`;

/** What a refused PIN is told (`user` read after the try). */
export function pinAnswer(c: Exclude<PinCheck, 'ok'>, pins: UserPins, user: UserRow): string {
  if (c === 'none') return SET_ONE;
  if (c === 'locked') return lockedText(pins, user);
  const left = Math.max(pins.triesLeft(user), 1);
  return `Wrong PIN (${left} ${left === 1 ? 'try' : 'tries'} left).`;
}

/** Why a guarded action is refused, in words. */
export function blockText(why: PinBlock, pins: UserPins, user: UserRow): string {
  if (why === 'no-pin') return SET_ONE;
  if (why === 'locked-out') return lockedText(pins, user);
  if (why === 'held') return heldText(pins.heldUntil(user) ?? 0);
  return UNLOCK_FIRST;
}

/**
 * Lets a guarded action through, or tells the user why not (an alert under a button, a reply to a
 * message) and gives false.
 */
export async function pinGate(ctx: BotContext, what: PinGuarded): Promise<boolean> {
  const user = await userOf(ctx);
  const { pins } = ctx.services;
  const why = pins.blocked(user, what);
  if (!why) return true;
  const text = blockText(why, pins, user);
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
  else await ctx.reply(text);
  return false;
}
