// The read cache on a hand-driven clock: served again for 2 s, dropped when the index changes; one
// read at a time per key, and a failed read is kept nowhere.
import { describe, expect, it } from 'vitest';
import { READ_CACHE_MAX_KEYS, READ_CACHE_MS, createReadCache, isCachedRead } from '../../../src/service/data/cache.js';

function counter() {
  let clock = 1_000;
  let reads = 0;
  const cache = createReadCache(() => clock);
  const read = async () => ({ n: ++reads, nested: { at: clock } });
  return { cache, read, tick: (ms: number) => (clock += ms), reads: () => reads };
}

describe('createReadCache', () => {
  it('serves the same object under a key until the read is 2 s old', async () => {
    const c = counter();
    const first = await c.cache.memo('a', c.read);
    c.tick(READ_CACHE_MS - 1);
    expect(await c.cache.memo('a', c.read)).toBe(first);
    c.tick(1);
    expect(await c.cache.memo('a', c.read)).toEqual({ n: 2, nested: { at: 3_000 } });
    expect(c.reads()).toBe(2);
  });

  it('reads a key once for callers that ask at the same time', async () => {
    const c = counter();
    const [a, b] = await Promise.all([c.cache.memo('a', c.read), c.cache.memo('a', c.read)]);
    expect(a).toBe(b);
    expect(c.reads()).toBe(1);
  });

  it('keeps keys apart and reads again after invalidate', async () => {
    const c = counter();
    expect((await c.cache.memo('a', c.read)).n).toBe(1);
    expect((await c.cache.memo('b', c.read)).n).toBe(2);
    c.cache.invalidate();
    expect((await c.cache.memo('a', c.read)).n).toBe(3);
  });

  it('marks a cached value and its members, not what was never cached', async () => {
    const c = counter();
    const v = await c.cache.memo('a', c.read);
    expect(isCachedRead(v)).toBe(true);
    expect(isCachedRead(v.nested)).toBe(true);
    expect(isCachedRead(await c.read())).toBe(false);
  });

  it('caches a failed read nowhere: the next call reads again', async () => {
    const c = counter();
    await expect(
      c.cache.memo('a', async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    expect((await c.cache.memo('a', c.read)).n).toBe(1);
  });

  it('starts again empty past its bound on keys', async () => {
    const c = counter();
    const first = await c.cache.memo('k0', c.read);
    for (let i = 1; i <= READ_CACHE_MAX_KEYS + 1; i++) await c.cache.memo(`k${i}`, c.read);
    expect(await c.cache.memo('k0', c.read)).not.toBe(first);
  });
});
