// The delivery pool: a busy target's jobs wait behind its own and let every other target's pass;
// one key and the whole pool have their caps too; stopping drops what waits, never what runs.
import { describe, expect, it } from 'vitest';
import { createDeliveryPool, type Lane } from '../../src/service/webhook-pool.js';

/** Jobs that run until the test lets them finish, with the order they started in. */
function jobs() {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const job = (name: string) => () =>
    new Promise<void>((resolve) => {
      started.push(name);
      finish.set(name, resolve);
    });
  /** Lets `name` finish and waits until the pool has seen it. */
  const end = async (name: string, run: Promise<void>) => {
    finish.get(name)!();
    await run;
  };
  return { started, job, end };
}

describe('the webhook delivery pool', () => {
  it("holds a target's third job until one of its two ends; other targets pass it", async () => {
    const pool = createDeliveryPool({ perTarget: 2, perOwner: 8, total: 32 });
    const { started, job, end } = jobs();
    const slow: Lane = { target: 'slow.example:443', owner: 1 };
    const s1 = pool.run(slow, job('s1'));
    pool.run(slow, job('s2')).catch(() => undefined);
    pool.run(slow, job('s3')).catch(() => undefined);
    const f1 = pool.run({ target: 'fine.example:443', owner: 2 }, job('f1'));
    expect(started).toEqual(['s1', 's2', 'f1']);
    await end('f1', f1);
    await end('s1', s1);
    expect(started).toEqual(['s1', 's2', 'f1', 's3']);
  });

  it("caps one key's jobs across its targets, and the whole pool", async () => {
    const pool = createDeliveryPool({ perTarget: 2, perOwner: 3, total: 4 });
    const { started, job } = jobs();
    for (let i = 0; i < 3; i++) void pool.run({ target: `t${i}`, owner: 1 }, job(`k1-${i}`));
    void pool.run({ target: 't9', owner: 1 }, job('k1-over'));
    expect(started).toEqual(['k1-0', 'k1-1', 'k1-2']);
    void pool.run({ target: 'u1', owner: 2 }, job('k2-a'));
    void pool.run({ target: 'u2', owner: 2 }, job('k2-b'));
    expect(started).toEqual(['k1-0', 'k1-1', 'k1-2', 'k2-a']);
    expect(pool.size).toBe(6);
  });

  it('passes on what a job throws, and drain drops the waiting jobs unrun while the running one ends', async () => {
    const pool = createDeliveryPool({ perTarget: 1, perOwner: 8, total: 32 });
    const lane: Lane = { target: 'a', owner: 1 };
    await expect(pool.run(lane, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const { started, job, end } = jobs();
    const first = pool.run(lane, job('first'));
    const second = pool.run(lane, job('second'));
    const drained = pool.drain();
    await second; // dropped: settles without running
    expect(started).toEqual(['first']);
    await end('first', first);
    await drained;
    expect(pool.size).toBe(0);
  });
});
