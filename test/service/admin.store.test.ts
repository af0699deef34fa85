// The operator's views of keys and fees, the same tests on SQLite and on Postgres (when it answers):
// a key's discount takes its share off the plan's router fee, rounded down, and the fees booked for
// a set of keys come back exactly, oldest first, from a given time.
import { afterAll, describe, expect, it } from 'vitest';
import { createKeysService, discountedFeeBps } from '../../src/service/keys.service.js';
import { createAdmin } from '../../src/service/admin.service.js';
import type { AppDatabase } from '../../src/db/index.js';
import { appEngines } from '../helpers/services.js';

const { engines, dropAll } = await appEngines();
afterAll(dropAll);

describe('a discount on the plan fee', () => {
  it('is the plan bps times (100 - pct) / 100, rounded down', () => {
    expect(discountedFeeBps(150, 10)).toBe(135);
    expect(discountedFeeBps(150, 0)).toBe(150);
    expect(discountedFeeBps(150, 100)).toBe(0);
    expect(discountedFeeBps(90, 15)).toBe(76); // 76.5
    expect(discountedFeeBps(10, 33)).toBe(6); // 6.7
  });
});

describe.each(engines)('key discounts and booked fees on $engine', ({ open }) => {
  let db: AppDatabase;

  it('verifies a discounted key at its discounted fee, and shows both in the key info', async () => {
    db = await open();
    const keys = createKeysService(db);
    const { id, key } = await keys.create('free', 'telegram:5', false, true, 10);
    expect(await keys.verify(key)).toMatchObject({ id, plan: 'free', feeBps: 135, managed: true });
    const plain = await keys.create('free');
    expect(await keys.verify(plain.key)).toMatchObject({ feeBps: 150 });
    const admin = createAdmin(db);
    expect(await admin.keyInfo(id)).toMatchObject({ id, plan: 'free', feeDiscountPct: 10, feeBps: 135 });
    expect(await admin.keyInfo(plain.id)).toMatchObject({ feeDiscountPct: 0, feeBps: 150 });
    // a move to another plan keeps the discount
    await keys.setPlan(id, 'starter');
    expect(await keys.verify(key)).toMatchObject({ plan: 'starter', feeBps: 81 });
    for (const bad of [101, -1, 1.5])
      await expect(keys.create('free', undefined, false, true, bad)).rejects.toMatchObject({
        status: 400,
        error: 'Invalid parameters',
      });
  });

  it("answers exactly the given keys' booked fees, by confirmedAt then txid, from `since`", async () => {
    const keys = createKeysService(db);
    const [a, b, c] = [await keys.create('free'), await keys.create('free'), await keys.create('free')];
    const row = (txid: string, apiKeyId: number, confirmedAt: number, feeSun: string) => ({
      txid,
      apiKeyId,
      token: 'TToken' + txid,
      side: txid.endsWith('s') ? 'sell' : 'buy',
      feeSun,
      confirmedAt,
    });
    const rows = [
      row('f0b', a.id, 2_000, '123456789012345678901'), // more than 2^64 sun: text, exact
      row('0a1', b.id, 1_000, '1'),
      row('e9s', c.id, 1_500, '7'),
      row('0a0', a.id, 2_000, '4500000'),
      row('1bs', b.id, 3_000, '2250000'),
    ];
    await db.tx((q) => q.insert(db.t.feeLedger).values(rows));
    const admin = createAdmin(db);
    // each row names its token's family: none here (these tokens are not indexed)
    const told = rows.map((r) => ({ ...r, family: null }));
    expect(await admin.fees([a.id, b.id])).toEqual([told[1], told[3], told[0], told[4]]);
    expect(await admin.fees([b.id, a.id], 2_000)).toEqual([told[3], told[0], told[4]]);
    expect(await admin.fees([c.id])).toEqual([told[2]]);
    expect(await admin.fees([c.id], 1_501)).toEqual([]);
    expect(await admin.fees([999_999])).toEqual([]);
    await db.close();
  });
});
