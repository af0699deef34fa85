// The keys and plans store, the same tests on SQLite and on Postgres (when it answers): keys are
// made, verified, listed, moved and revoked; the default plans are there and can be edited.
import { afterAll, describe, expect, it } from 'vitest';
import { createKeysService, hashKey } from '../../src/service/keys.service.js';
import type { AppDatabase } from '../../src/db/index.js';
import { appEngines } from '../helpers/services.js';

const { engines, dropAll } = await appEngines();
afterAll(dropAll);

describe.each(engines)('keys and plans on $engine', ({ open }) => {
  let db: AppDatabase;
  const keys = () => createKeysService(db);

  it('starts with the default plans, most expensive first', async () => {
    db = await open();
    expect(await keys().plans()).toEqual([
      { name: 'free', rpm: 30, feeBps: 150, streams: false },
      { name: 'starter', rpm: 120, feeBps: 90, streams: false },
      { name: 'trader', rpm: 300, feeBps: 50, streams: true },
      { name: 'elite', rpm: 1200, feeBps: 30, streams: true },
      { name: 'developer', rpm: null, feeBps: 10, streams: true },
    ]);
  });

  it('makes a key that verifies, lists it by its prefix only, and forgets it once revoked', async () => {
    const service = keys();
    const { id, key } = await service.create('trader', 'me', false, true);
    expect(await service.verify(key)).toEqual({
      id,
      plan: 'trader',
      rpm: 300,
      feeBps: 50,
      operator: false,
      managed: true,
      streams: true,
    });
    expect(await service.verify(key + 'x')).toBeNull();
    const [listed] = (await service.list()).filter((k) => k.id === id);
    expect(listed).toMatchObject({ id, prefix: key.slice(0, 9), label: 'me', plan: 'trader', revokedAt: null });
    expect(JSON.stringify(await db.q.select().from(db.t.apiKeys))).not.toContain(key);
    expect((await db.q.select().from(db.t.apiKeys)).map((r) => r.keyHash)).toContain(hashKey(key));
    await service.revoke(id);
    expect(await service.verify(key)).toBeNull();
    await expect(service.revoke(id)).rejects.toMatchObject({ status: 404, message: `no active key with id ${id}` });
  });

  it('moves a key to another plan, and edits or adds plans', async () => {
    const service = keys();
    const { id, key } = await service.create('free');
    await service.setPlan(id, 'elite');
    expect(await service.verify(key)).toMatchObject({ plan: 'elite', rpm: 1200, feeBps: 30 });
    await expect(service.setPlan(id, 'gold')).rejects.toMatchObject({ status: 404, message: 'no plan named gold' });
    await expect(service.setPlan(999_999, 'free')).rejects.toMatchObject({ status: 404 });
    await service.setPlanLimits('elite', 900, 25);
    await service.setPlanLimits('gold', null, 5, true);
    expect(await service.verify(key)).toMatchObject({ plan: 'elite', rpm: 900, feeBps: 25, streams: true });
    expect((await service.plans()).find((p) => p.name === 'gold')).toEqual({
      name: 'gold',
      rpm: null,
      feeBps: 5,
      streams: true,
    });
    await expect(service.create('platinum')).rejects.toMatchObject({ status: 404, message: 'no plan named platinum' });
    expect(await service.feesOf(id)).toEqual([]);
    await db.close();
  });
});
