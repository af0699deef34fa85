// The chain's time from the head blocks read, on a hand-driven machine clock and a hand-made head:
// the machine's clock until the chain is seen ahead of it, then the machine's plus how far ahead it
// ran; never behind the machine (a head is up to a block old), never back; a reading older than a
// block is read again in the background.
import { describe, expect, it } from 'vitest';
import { clockTime, createChainClock } from '../../src/tron/chain-clock.js';

const DAY = 86_400_000;

function setup() {
  let wall = 1_700_000_000_000;
  let head = wall - 2_000; // a block made 2 s ago
  let reads = 0;
  const clock = createChainClock({
    head: async () => {
      reads++;
      return { timestamp: head };
    },
    wall: () => wall,
  });
  return {
    clock,
    reads: () => reads,
    tick: (ms: number) => (wall += ms),
    block: (at: number) => (head = at),
    get wall() {
      return wall;
    },
  };
}

describe('the chain clock', () => {
  it("is the machine's clock while the head is behind it (mainnet: a head is up to a block old)", async () => {
    const c = setup();
    expect(c.clock.now()).toBe(c.wall);
    expect(await c.clock.read()).toBe(c.wall);
    c.tick(1_000);
    expect(c.clock.now()).toBe(c.wall);
  });

  it('runs ahead of the machine by what the head showed, moving with the machine, never back', async () => {
    const c = setup();
    const t0 = c.wall;
    c.block(t0 + 2 * DAY); // a devnet advanced by two days made a block just now
    expect(await c.clock.read()).toBe(t0 + 2 * DAY);
    c.tick(500);
    expect(c.clock.now()).toBe(t0 + 2 * DAY + 500);
    // the same head read a minute later (an idle devnet): its time plus the minute, not the head's time
    c.tick(60_000);
    expect(await c.clock.read()).toBe(t0 + 2 * DAY + 60_500);
    // a head from before (another node a block behind) takes nothing back
    c.block(t0);
    expect(await c.clock.read()).toBe(t0 + 2 * DAY + 60_500);
  });

  it('reads the head again in the background once a reading is a block old, one read at a time', async () => {
    const c = setup();
    c.clock.now(); // the first look reads
    expect(c.reads()).toBe(1);
    await new Promise((r) => setImmediate(r));
    c.tick(2_999);
    c.clock.now();
    expect(c.reads()).toBe(1);
    c.tick(1);
    c.block(c.wall + DAY);
    // this look still answers from what it had; the read it started brings the day in
    expect(c.clock.now()).toBe(c.wall);
    expect(c.clock.now()).toBe(c.wall);
    expect(c.reads()).toBe(2);
    await new Promise((r) => setImmediate(r));
    expect(c.clock.now()).toBe(c.wall + DAY);
  });

  it('a failed read leaves the clock as it was and is tried again a block later', async () => {
    let fail = true;
    let wall = 0;
    const clock = createChainClock({
      head: async () => {
        if (fail) throw new Error('the node is away');
        return { timestamp: wall + 10_000 };
      },
      wall: () => wall,
    });
    await expect(clock.read()).rejects.toThrow('the node is away');
    expect(clock.now()).toBe(0);
    await new Promise((r) => setImmediate(r));
    fail = false;
    wall = 3_000;
    clock.now();
    await new Promise((r) => setImmediate(r));
    expect(clock.now()).toBe(13_000);
  });

  it("clockTime is a test's clock (or the machine's), read or not", async () => {
    const t = clockTime(() => 42);
    expect(t.now()).toBe(42);
    expect(await t.read()).toBe(42);
  });
});
