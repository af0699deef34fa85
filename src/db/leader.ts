// One leader per role among the instances on one Postgres database: the role's advisory lock, held
// by a connection of its own. Postgres lets the lock go as soon as that connection ends (the process
// died, was killed, or lost the network), and the others, trying every second, take it over. The
// leader checks its connection as often: when it breaks, it stops the role at once, before another
// instance can have taken it, and tries again like the others.
//
// On SQLite (one process owns the files) the process always leads.
import pg from 'pg';
import type { Logger } from 'pino';

/** The roles only one instance may run at a time. */
export type LeaderRole = 'indexer' | 'engine';

/** Each role's lock (distinct from the migrations' lock). */
const LOCK: Record<LeaderRole, number> = { indexer: 0x746c6201, engine: 0x746c6202 };

export interface LeaderOptions {
  /** Postgres (DATABASE_URL); undefined = SQLite: this process leads at once, for good. */
  url: string | undefined;
  role: LeaderRole;
  /** Starts the role (it resumes from what is stored). */
  lead(): Promise<void>;
  /** Stops the role (the lock is lost, or the process stops). */
  yieldRole(): Promise<void>;
  logger: Logger;
  /** How often a follower tries the lock and a leader checks its connection (ms). */
  everyMs?: number;
  /** Reports whether this instance leads (the launchpad_leader metric). */
  onChange?: (leads: boolean) => void;
}

export interface Leadership {
  readonly leads: boolean;
  /** Stops the role if it runs and lets the lock go. */
  stop(): Promise<void>;
}

export function electLeader(opts: LeaderOptions): Leadership {
  const every = opts.everyMs ?? 1000;
  const log = opts.logger.child({ role: opts.role });
  let leads = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();

  const setLeads = (v: boolean) => {
    leads = v;
    opts.onChange?.(v);
  };
  const dropClient = () => {
    const c = client;
    client = undefined;
    void c?.end().catch(() => undefined);
  };
  const lose = async (why: string) => {
    dropClient();
    if (!leads) return;
    setLeads(false);
    log.warn({ why }, `no longer leading the ${opts.role}; stopping it`);
    await opts.yieldRole().catch((err: unknown) => log.error({ err }, `stopping the ${opts.role} failed`));
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: opts.url, keepAlive: true, application_name: `tlb-${opts.role}` });
    c.on('error', () => void (turn = turn.then(() => lose('the connection holding the lock broke'))));
    await c.connect();
    client = c;
    return c;
  };
  const step = async () => {
    if (stopped) return;
    if (leads) {
      // the lock lives as long as this connection: a failed check means it may be gone
      await client!.query('SELECT 1').catch(() => lose('the connection holding the lock does not answer'));
      return;
    }
    const c = client ?? (await connect());
    const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCK[opts.role]]);
    if (!rows[0]?.ok || stopped) return;
    setLeads(true);
    log.info(`leading the ${opts.role}`);
    // a role that cannot start lets the lock go, for an instance that can
    await opts.lead().catch((err: unknown) => lose(`starting it failed: ${(err as Error).message}`));
  };
  const loop = () => {
    turn = turn
      .then(step)
      .catch((err: unknown) => {
        log.warn({ err: (err as Error).message }, `the ${opts.role}'s leader lock could not be tried; trying again`);
        dropClient();
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, every);
      });
  };

  if (opts.url === undefined) {
    setLeads(true);
    turn = opts.lead();
  } else {
    setLeads(false);
    loop();
  }
  return {
    get leads() {
      return leads;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await turn.catch(() => undefined);
      if (leads) {
        setLeads(false);
        await opts.yieldRole().catch((err: unknown) => log.error({ err }, `stopping the ${opts.role} failed`));
      }
      dropClient();
    },
  };
}
