// Leaders elected on Postgres: one at a time; a leader that stops, or whose connection Postgres
// ends, hands over to another within a few seconds; the old one stops its role first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { electLeader, type Leadership } from '../../src/db/leader.js';
import { createLogger } from '../../src/log.js';
import { NEEDS_POSTGRES, testPostgres } from '../helpers/services.js';

const db = await testPostgres();
const logger = createLogger('silent');

/** An instance: what it runs, in order, and its leadership. */
function instance(name: string, url: string | undefined, journal: string[]) {
  let running = false;
  const l: Leadership = electLeader({
    url,
    role: 'engine',
    logger,
    everyMs: 100,
    lead: async () => {
      expect(
        journal.filter((j) => j.endsWith(' runs')).length - journal.filter((j) => j.endsWith(' stops')).length,
      ).toBe(0);
      running = true;
      journal.push(`${name} runs`);
    },
    yieldRole: async () => {
      running = false;
      journal.push(`${name} stops`);
    },
  });
  return { l, running: () => running };
}

const until = async (what: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.skipIf(!db)(`leaders on Postgres ${db ? '' : NEEDS_POSTGRES}`, () => {
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: db!.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await db!.drop();
  });

  it('elects one; a stopped leader hands over; a leader whose connection ends stops and another leads', async () => {
    const journal: string[] = [];
    const a = instance('a', db!.url, journal);
    const b = instance('b', db!.url, journal);
    const c = instance('c', db!.url, journal);
    const all = [a, b, c];
    await until(() => all.some((x) => x.l.leads));
    // proof that the other two have tried since: each one's connection has finished a try of the lock
    // begun after one led (the leader's own try began before; it only checks its connection since)
    const since = (await admin.query<{ t: Date }>('SELECT clock_timestamp() AS t')).rows[0]!.t;
    for (const end = Date.now() + 5_000; ; await new Promise((r) => setTimeout(r, 20))) {
      const { rows } = await admin.query<{ n: string }>(
        `SELECT count(*) n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'tlb-engine'
           AND state = 'idle' AND query LIKE '%pg_try_advisory_lock%' AND query_start > $1`,
        [since],
      );
      if (Number(rows[0]!.n) >= 2) break;
      if (Date.now() > end) throw new Error('the others did not try the lock');
    }
    expect(all.filter((x) => x.l.leads)).toHaveLength(1);
    const first = all.find((x) => x.l.leads)!;
    await first.l.stop();
    expect(first.running()).toBe(false);
    await until(() => all.some((x) => x !== first && x.l.leads));
    const second = all.find((x) => x.l.leads)!;
    // Postgres ends the leader's connection (a lost machine looks the same to the others)
    const started = Date.now();
    await admin.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tlb-engine' AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted)`,
    );
    await until(() => !second.running());
    await until(() => all.some((x) => x !== first && x !== second && x.l.leads));
    expect(Date.now() - started).toBeLessThan(10_000);
    // the journal never has two running at once (checked as each starts) and each start follows a stop
    expect(journal.filter((j) => j.endsWith(' runs'))).toHaveLength(3);
    for (const x of all) await x.l.stop();
    expect(all.every((x) => !x.running())).toBe(true);
  });
});

describe('leaders on SQLite', () => {
  it('the one process leads at once and stops its role when it stops', async () => {
    const journal: string[] = [];
    const a = instance('a', undefined, journal);
    await until(() => a.running());
    expect(a.l.leads).toBe(true);
    await a.l.stop();
    expect(journal).toEqual(['a runs', 'a stops']);
  });
});
