// The PIN in the chat: its texts, and the gate a feature puts in front of what it guards (the rules
// are src/trading/user-pin.ts's). `pinGate(ctx, 'wallet')` before export, withdraw, import, switch and
// removing a wallet; `pinGate(ctx, 'setting')` before confirmations off, a high slippage, a new rule.
import type { BotContext } from './context.js';
import { userOf } from './helpers.js';
import type { Speech } from './i18n.js';
import type { UserRow } from '../trading/store.js';
import {
  PIN_HOLD_MS,
  UNLOCKED_MS,
  type PinBlock,
  type PinCheck,
  type PinGuarded,
  type UserPins,
} from '../trading/user-pin.js';

/** English's moment to the minute, as the chat has always shown it: "28 Nov 2026 09:14 UTC". */
const EN_TIME = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** A moment as the chat shows it: "28 Nov 2026 09:14 UTC", "2026年11月28日 09:14 UTC", "28 нояб. 2026 г., 09:14 UTC". */
export function utcTime(s: Speech, ms: number): string {
  if (s.lang !== 'en') return s.n.dateTime(ms);
  const p = Object.fromEntries(EN_TIME.formatToParts(ms).map((x) => [x.type, x.value]));
  return [p.day, p.month, p.year, `${p.hour}:${p.minute}`, 'UTC'].join(' ');
}

/** A length of time in words: "2 minutes", "1 hour", "1 day" ("2 минуты", "1 小时"). */
export function span(s: Speech, ms: number): string {
  if (ms % 86_400_000 === 0) return s.t('common-duration', { unit: 'day', n: ms / 86_400_000 });
  if (ms % 3_600_000 === 0) return s.t('common-duration', { unit: 'hour', n: ms / 3_600_000 });
  return s.t('common-duration', { unit: 'minute', n: Math.ceil(ms / 60_000) });
}

/** The hold's length in words: "24 hours". */
export const holdSpan = (s: Speech): string => s.t('common-duration', { unit: 'hour', n: PIN_HOLD_MS / 3_600_000 });

/** The words a guarded action is refused with when no PIN is set. */
export const setOne = (s: Speech): string => s.t('pin-set-one');

/** The words a guarded action is refused with when the PIN is not unlocked. */
export const unlockFirst = (s: Speech): string => s.t('pin-unlock-first', { span: span(s, UNLOCKED_MS) });

/** The lock a user is under, in words. */
export const lockedText = (s: Speech, pins: UserPins, user: UserRow): string =>
  s.t('pin-locked', { span: span(s, pins.lockLength(user)), until: utcTime(s, user.pinLockedUntil ?? 0) });

/** The hold a user is under, in words. */
export const heldText = (s: Speech, until: number): string =>
  s.t('pin-held', { until: utcTime(s, until), hold: holdSpan(s) });

/** What a refused PIN is told (`user` read after the try). */
export function pinAnswer(s: Speech, c: Exclude<PinCheck, 'ok'>, pins: UserPins, user: UserRow): string {
  if (c === 'none') return setOne(s);
  if (c === 'locked') return lockedText(s, pins, user);
  return s.t('pin-wrong', { left: Math.max(pins.triesLeft(user), 1) });
}

/** Why a guarded action is refused, in words. */
export function blockText(s: Speech, why: PinBlock, pins: UserPins, user: UserRow): string {
  if (why === 'no-pin') return setOne(s);
  if (why === 'locked-out') return lockedText(s, pins, user);
  if (why === 'held') return heldText(s, pins.heldUntil(user) ?? 0);
  return unlockFirst(s);
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
  const text = blockText(ctx, why, pins, user);
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
  else await ctx.reply(text);
  return false;
}
