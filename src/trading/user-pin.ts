// A user's PIN: what stands between a stolen Telegram session and the funds. 4 to 8 digits, kept as a
// slow salted hash (scrypt). Two kinds of action are guarded:
// - the wallet's ('wallet': export, withdraw, import, switch and remove a wallet) need a PIN, set
//   first if there is none, entered in the last two minutes; and while a hold runs (24 hours after a
//   first PIN set on a wallet with funds, or after a PIN change) they wait;
// - the settings' ('setting': confirmations off, a high slippage, a new snipe or copy rule) need the
//   PIN entered in the last two minutes once one exists.
// Wrong PINs in a row lock both: the fifth for 15 minutes, the sixth for an hour, each later one for a
// day. Waiting does not lower the count; only a right PIN does.
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import type { TradingStore, UserRow } from './store.js';

export const PIN_PATTERN = /^\d{4,8}$/;
/** The wrong PIN in a row that first locks. */
export const MAX_PIN_TRIES = 5;
/** The first lock's length; the next wrong PIN locks for PIN_LOCKS_MS[1], and so on, the last repeating. */
export const PIN_LOCKS_MS = [15 * 60_000, 60 * 60_000, 24 * 60 * 60_000] as const;
export const PIN_LOCK_MS = PIN_LOCKS_MS[0];
export const UNLOCKED_MS = 2 * 60_000;
/** How long export, withdraw, import, switch and remove wait after a PIN is set on funds or changed. */
export const PIN_HOLD_MS = 24 * 60 * 60_000;
// ~50 ms a try on one core: cheap for a person, slow for a guesser with the database
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** How long the `fails`-th wrong PIN in a row locks (ms); 0 before the fifth. */
export function pinLockMs(fails: number): number {
  if (fails < MAX_PIN_TRIES) return 0;
  return PIN_LOCKS_MS[Math.min(fails - MAX_PIN_TRIES, PIN_LOCKS_MS.length - 1)]!;
}

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
/** What a guarded action asks for. */
export type PinGuarded = 'wallet' | 'setting';
/** Why a guarded action may not run now. */
export type PinBlock = 'no-pin' | 'locked' | 'locked-out' | 'held';

export function createUserPins(store: TradingStore, now: () => number = Date.now) {
  /**
   * Checks a PIN, counting a wrong one; 'locked' while a lock holds, and for the wrong PIN that locks.
   * The try is counted in the database before the PIN is compared, and the lock a wrong one would earn
   * is set with it (a right PIN lifts it), so tries made at once (from two instances, or two messages
   * handled side by side) cannot all read the same count: once four are wrong, one more is compared
   * and the rest are refused unchecked. Gives the hash compared against (the row's, as counted).
   */
  async function verify(user: UserRow, pin: string): Promise<{ result: PinCheck; hash?: string }> {
    if (!user.pinHash) return { result: 'none' };
    if (user.pinLockedUntil && user.pinLockedUntil > now()) return { result: 'locked' };
    const tried = await store.takePinTry(user.telegramId, now(), pinLockMs);
    if (!tried) return { result: 'locked' };
    if (!tried.pinHash) return { result: 'none' };
    if (PIN_PATTERN.test(pin) && pinMatches(tried.pinHash, pin)) {
      await store.updatePin(user.telegramId, { pinFails: 0, pinLockedUntil: null });
      return { result: 'ok', hash: tried.pinHash };
    }
    return { result: pinLockMs(tried.fails) > 0 ? 'locked' : 'wrong' };
  }

  const heldUntil = (user: UserRow): number | undefined =>
    user.pinHoldUntil !== null && user.pinHoldUntil > now() ? user.pinHoldUntil : undefined;

  return {
    check: async (user: UserRow, pin: string): Promise<PinCheck> => (await verify(user, pin)).result,
    /**
     * Sets the first PIN, or changes it given the current one. A change, or a first PIN while
     * `holdsFunds` says the user's wallets hold anything (or cannot tell), starts the hold.
     * 'exists': a PIN was set meanwhile (only the current one changes it).
     */
    async set(
      user: UserRow,
      pin: string,
      current?: string,
      holdsFunds: () => Promise<boolean> = async () => true,
    ): Promise<PinCheck | 'bad' | 'exists'> {
      if (!PIN_PATTERN.test(pin)) return 'bad';
      let from: string | null = null;
      if (user.pinHash) {
        const c = await verify(user, current ?? '');
        if (c.result !== 'ok') return c.result;
        from = c.hash!;
      }
      const hold = from !== null || (await holdsFunds().catch(() => true));
      const set = await store.replacePin(user.telegramId, from, {
        pinHash: sealPin(pin),
        pinFails: 0,
        pinLockedUntil: null,
        unlockedUntil: null,
        ...(hold ? { pinHoldUntil: now() + PIN_HOLD_MS } : {}),
      });
      if (set) return 'ok';
      return from === null ? 'exists' : 'wrong';
    },
    /** A right PIN opens the guarded actions for two minutes. */
    async unlock(user: UserRow, pin: string): Promise<PinCheck> {
      const c = await verify(user, pin);
      if (c.result === 'ok') await store.updatePin(user.telegramId, { unlockedUntil: now() + UNLOCKED_MS });
      return c.result;
    },
    /** Why a guarded action may not run now, or undefined when it may. */
    blocked(user: UserRow, what: PinGuarded): PinBlock | undefined {
      if (!user.pinHash) return what === 'wallet' ? 'no-pin' : undefined;
      if (user.pinLockedUntil && user.pinLockedUntil > now()) return 'locked-out';
      if (what === 'wallet' && heldUntil(user) !== undefined) return 'held';
      if (!user.unlockedUntil || user.unlockedUntil <= now()) return 'locked';
      return undefined;
    },
    /** Until when the wallet's guarded actions are held (ms), or undefined when no hold runs. */
    heldUntil,
    /** Tries before a wrong PIN locks (the one that locks counted; 0 once a lock was earned). */
    triesLeft: (user: UserRow): number => Math.max(MAX_PIN_TRIES - user.pinFails, 0),
    /** How long the user's current lock lasts (ms): the length the last wrong PIN earned. */
    lockLength: (user: UserRow): number => pinLockMs(Math.max(user.pinFails, MAX_PIN_TRIES)),
  };
}

export type UserPins = ReturnType<typeof createUserPins>;
