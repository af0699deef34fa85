// The API's cache of verified keys: the least recently used key leaves when it is full, never all of
// them at once, and unknown keys are not kept, so a flood of random keys cannot push real ones out.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import { KEY_CACHE_SIZE, createKeysService } from '../../src/service/keys.service.js';

const randomKey = () => 'lp_' + randomBytes(24).toString('base64url');
const fresh = async () => openAppDatabase({ sqlite: openDb(':memory:') });

afterEach(() => {
  vi.useRealTimers();
});

describe('the key cache', () => {
  it('keeps a recently used real key through more unknown keys than it holds', async () => {
    // a frozen clock: the real key's entry stays fresh however long the loop takes
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = createKeysService(await fresh());
    const { key: real, id } = await keys.create('free');
    expect(await keys.verify(real)).toMatchObject({ id });
    const flood = 10_050; // more than the cache holds
    for (let i = 0; i < flood; i++) expect(await keys.verify(randomKey())).toBeNull();
    // still answered from the cache, without the database
    expect(keys.verifiedLately(real)).toMatchObject({ id, plan: 'free' });
    expect(keys.knownKey(real)).toBe(true);
    expect(KEY_CACHE_SIZE).toBeLessThan(flood);
  });

  it('evicts the least recently used key, one at a time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = createKeysService(await fresh(), { cacheSize: 3 });
    const [a, b, c, d] = await Promise.all(
      ['free', 'free', 'free', 'free'].map(async (p) => (await keys.create(p)).key),
    );
    for (const k of [a!, b!, c!]) await keys.verify(k);
    expect(keys.verifiedLately(a!)).toBeDefined(); // a used again: b is now the least recently used
    await keys.verify(d!);
    expect([a, b, c, d].map((k) => keys.knownKey(k!))).toEqual([true, false, true, true]);
    expect(keys.verifiedLately(b!)).toBeUndefined();
    await keys.verify(b!); // back in; c (least recently used now) leaves
    expect([a, b, c, d].map((k) => keys.knownKey(k!))).toEqual([true, true, false, true]);
  });

  it('keeps no unknown or revoked key, and a change to keys or plans makes the others stale, not forgotten', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const keys = createKeysService(await fresh(), { cacheSize: 2 });
    const one = await keys.create('free');
    const two = await keys.create('free');
    await keys.verify(one.key);
    await keys.verify(two.key);
    const stranger = randomKey();
    expect(await keys.verify(stranger)).toBeNull();
    expect(keys.knownKey(stranger)).toBe(false);
    expect([keys.knownKey(one.key), keys.knownKey(two.key)]).toEqual([true, true]);

    await keys.revoke(two.id);
    expect(keys.verifiedLately(one.key)).toBeUndefined(); // asked again after a change
    expect(keys.knownKey(one.key)).toBe(true);
    expect(await keys.verify(two.key)).toBeNull();
    expect(keys.knownKey(two.key)).toBe(false);
    await keys.setPlanLimits('free', 45, 150);
    expect(await keys.verify(one.key)).toMatchObject({ rpm: 45 });
  });
});
