// A user's PIN: what stands between a stolen Telegram session and the funds. 4 to 8 digits, kept as a
// slow salted hash (scrypt); a right PIN opens the guarded actions (export, withdraw, turning
// confirmations off) for a short while; five wrong ones in a row lock them for 15 minutes.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { TradingStore, UserRow } from './store.js';

export const PIN_PATTERN = /^\d{4,8}$/;
export const MAX_PIN_TRIES = 5;
export const PIN_LOCK_MS = 15 * 60_000;
export const UNLOCKED_MS = 2 * 60_000;
// ~50 ms a try on one core: cheap for a person, slow for a guesser with the database
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

const hashPin = (pin: string, salt: Buffer): Buffer => scryptSync(pin, salt, 32, SCRYPT);

function sealPin(pin: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('hex')}$${hashPin(pin, salt).toString('hex')}`;
}

function pinMatches(stored: string, pin: string): boolean {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  return timingSafeEqual(hashPin(pin, Buffer.from(salt, 'hex')), Buffer.from(hash, 'hex'));
}

export type PinCheck = 'ok' | 'wrong' | 'locked' | 'none';

export function createUserPins(store: TradingStore, now: () => number = Date.now) {
  /**
   * Checks a PIN, counting a wrong one; 'locked' while five wrong ones in a row hold. The try is
   * counted in the database before the PIN is compared, so tries made at once (from two instances,
   * or two messages handled side by side) cannot all read the same count: the sixth is refused
   * unchecked, and the fifth wrong one locks.
   */
  async function check(user: UserRow, pin: string): Promise<PinCheck> {
    if (!user.pinHash) return 'none';
    if (user.pinLockedUntil && user.pinLockedUntil > now()) return 'locked';
    const tries = await store.takePinTry(user.telegramId, now());
    if (tries === undefined) return 'locked';
    if (tries <= MAX_PIN_TRIES && PIN_PATTERN.test(pin) && pinMatches(user.pinHash, pin)) {
      await store.updatePin(user.telegramId, { pinFails: 0, pinLockedUntil: null });
      return 'ok';
    }
    if (tries < MAX_PIN_TRIES) return 'wrong';
    await store.updatePin(user.telegramId, { pinFails: 0, pinLockedUntil: now() + PIN_LOCK_MS });
    return 'locked';
  }

  return {
    check,
    /** Sets the first PIN, or changes it given the current one. */
    async set(user: UserRow, pin: string, current?: string): Promise<PinCheck | 'bad'> {
      if (!PIN_PATTERN.test(pin)) return 'bad';
      if (user.pinHash) {
        const c = await check(user, current ?? '');
        if (c !== 'ok') return c;
      }
      await store.updatePin(user.telegramId, {
        pinHash: sealPin(pin),
        pinFails: 0,
        pinLockedUntil: null,
        unlockedUntil: null,
      });
      return 'ok';
    },
    /** A right PIN opens the guarded actions for two minutes. */
    async unlock(user: UserRow, pin: string): Promise<PinCheck> {
      const c = await check(user, pin);
      if (c === 'ok') await store.updatePin(user.telegramId, { unlockedUntil: now() + UNLOCKED_MS });
      return c;
    },
    /** Why a guarded action may not run now, or undefined when it may. */
    blocked(user: UserRow): 'no-pin' | 'locked' | 'locked-out' | undefined {
      if (!user.pinHash) return 'no-pin';
      if (user.pinLockedUntil && user.pinLockedUntil > now()) return 'locked-out';
      if (!user.unlockedUntil || user.unlockedUntil <= now()) return 'locked';
      return undefined;
    },
  };
}

export type UserPins = ReturnType<typeof createUserPins>;
