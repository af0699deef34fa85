// A user's PIN as the trading side keeps it, on an in-memory store with a clock the test moves: wrong
// tries lock for 15 minutes, then an hour, then a day each (waiting never lowers the count; a right PIN
// does); a first PIN on a wallet with funds, or a change, holds the wallet's guarded actions 24 hours;
// what each kind of guarded action asks for.
import { describe, expect, it } from 'vitest';
import { createUserPins } from '../../src/trading/user-pin.js';
import { addUser, memoryStore } from './helpers.js';

const T0 = 1_800_000_000_000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function setup(id = 1) {
  const store = memoryStore();
  await addUser(store, id);
  const clock = { now: T0 };
  const pins = createUserPins(store, () => clock.now);
  const user = async () => (await store.user(id))!;
  return { store, clock, pins, user };
}

describe('wrong PINs', () => {
  it('lock for 15 minutes at the fifth in a row, then an hour, then a day each; only a right PIN resets', async () => {
    const { clock, pins, user } = await setup();
    expect(await pins.set(await user(), '2468', undefined, async () => false)).toBe('ok');
    for (let i = 1; i <= 4; i++) expect(await pins.check(await user(), '1111')).toBe('wrong');
    // waiting a week does not lower the count
    clock.now += 7 * DAY;
    expect(await pins.check(await user(), '1111')).toBe('locked');
    expect((await user()).pinLockedUntil).toBe(clock.now + 15 * MIN);
    // the right PIN is refused while the lock holds
    expect(await pins.check(await user(), '2468')).toBe('locked');
    expect((await user()).pinFails).toBe(5);
    // each later wrong PIN is compared once the lock ends, and locks longer
    const expected = [HOUR, DAY, DAY, DAY];
    for (const [i, ms] of expected.entries()) {
      clock.now = (await user()).pinLockedUntil! - 1;
      expect(await pins.check(await user(), '1111')).toBe('locked');
      expect((await user()).pinFails).toBe(5 + i); // a try refused under the lock is not counted
      clock.now += 1;
      expect(await pins.check(await user(), '1111')).toBe('locked');
      expect((await user()).pinLockedUntil).toBe(clock.now + ms);
      expect(pins.lockLength(await user())).toBe(ms);
    }
    expect((await user()).pinFails).toBe(9);
    // the right PIN after the lock: the count starts again
    clock.now = (await user()).pinLockedUntil!;
    expect(await pins.unlock(await user(), '2468')).toBe('ok');
    expect(await user()).toMatchObject({ pinFails: 0, pinLockedUntil: null, unlockedUntil: clock.now + 2 * MIN });
    expect(await pins.check(await user(), '1111')).toBe('wrong');
    expect(pins.triesLeft(await user())).toBe(4);
  });

  it('lock the guarded actions and a PIN change too', async () => {
    const { pins, user } = await setup();
    await pins.set(await user(), '2468', undefined, async () => false);
    expect(await pins.unlock(await user(), '2468')).toBe('ok');
    for (let i = 1; i <= 5; i++) await pins.check(await user(), '0000');
    expect(pins.blocked(await user(), 'wallet')).toBe('locked-out');
    expect(pins.blocked(await user(), 'setting')).toBe('locked-out');
    expect(await pins.set(await user(), '1357', '2468')).toBe('locked');
  });
});

describe('the hold', () => {
  it('starts with a first PIN on funds (or when they cannot be read), never on an empty wallet', async () => {
    for (const [funds, held] of [
      [async () => true, true],
      [async () => Promise.reject(new Error('the API is down')), true],
      [async () => false, false],
    ] as const) {
      const { pins, user } = await setup();
      expect(await pins.set(await user(), '2468', undefined, funds)).toBe('ok');
      expect((await user()).pinHoldUntil).toBe(held ? T0 + DAY : null);
      expect(pins.heldUntil(await user())).toBe(held ? T0 + DAY : undefined);
    }
  });

  it('starts with every change, funds or not, and holds only the wallet actions', async () => {
    const { clock, pins, user } = await setup();
    await pins.set(await user(), '2468', undefined, async () => false);
    await pins.unlock(await user(), '2468');
    expect(pins.blocked(await user(), 'wallet')).toBeUndefined();
    clock.now += HOUR;
    let asked = false;
    const funds = async () => ((asked = true), false);
    expect(await pins.set(await user(), '1357', '1111', funds)).toBe('wrong');
    expect(await pins.set(await user(), '1357', '2468', funds)).toBe('ok');
    expect(asked).toBe(false);
    expect((await user()).pinHoldUntil).toBe(clock.now + DAY);
    // a change closes what was open; the hold outlasts any unlock
    expect(pins.blocked(await user(), 'wallet')).toBe('held');
    await pins.unlock(await user(), '1357');
    expect(pins.blocked(await user(), 'wallet')).toBe('held');
    expect(pins.blocked(await user(), 'setting')).toBeUndefined();
    clock.now += DAY;
    expect(pins.blocked(await user(), 'wallet')).toBe('locked');
    await pins.unlock(await user(), '1357');
    expect(pins.blocked(await user(), 'wallet')).toBeUndefined();
  });
});

describe('what is guarded', () => {
  it('the wallet actions always ask for a PIN; the settings only once one exists', async () => {
    const { pins, user } = await setup();
    expect(pins.blocked(await user(), 'wallet')).toBe('no-pin');
    expect(pins.blocked(await user(), 'setting')).toBeUndefined();
    await pins.set(await user(), '2468', undefined, async () => false);
    expect(pins.blocked(await user(), 'setting')).toBe('locked');
    expect(pins.blocked(await user(), 'wallet')).toBe('locked');
  });

  it('a first PIN is set once: a second, from a stale read, does not replace it', async () => {
    const { pins, user } = await setup();
    const stale = await user();
    expect(await pins.set(stale, '2468', undefined, async () => false)).toBe('ok');
    expect(await pins.set(stale, '1111', undefined, async () => false)).toBe('exists');
    expect(await pins.unlock(await user(), '2468')).toBe('ok');
  });
});
