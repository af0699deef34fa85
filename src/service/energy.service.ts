// The operator's energy pools, as the admin route and the metrics show them: each family's pool from
// the node (src/tron/energy-pool.ts) with the last day's router trades from the index, the pool's
// energy an hour at that pace, and whether what it has left covers an hour of it. Families whose routers
// have the same origin share one pool: its hour counts the trades of all of them.
import { and, eq, gte, ne, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import { energyPerHour, poolLow, readEnergyPool, type DayOfTrades, type EnergyPool } from '../tron/energy-pool.js';
import type { Family, FamilyName } from '../tron/families.js';
import type { Chains } from '../tron/chains.js';
import { Errors } from './errors.js';

const DAY_MS = 86_400_000;

/** A family's pool with the last day's trades and what they draw. */
export interface PoolReport extends EnergyPool {
  /** this family's router trades of the 24 hours before the head block */
  lastDay: DayOfTrades;
  /** the families whose routers draw on this pool (this one included) */
  sharedBy: FamilyName[];
  /** the pool's energy an hour at the last day's pace, over every router it pays for */
  energyPerHour: number;
  /** hours the energy left lasts at that pace, to a tenth; null when no trade drew on it */
  hoursLeft: number | null;
  /** what is left covers less than an hour of the last day's trades */
  low: boolean;
}

export interface EnergyDeps {
  db: AppDatabase;
  /** Each family's pool is read on its own network's node. */
  chains: Chains;
  families: Family[];
}

export function createEnergyService(deps: EnergyDeps) {
  const { chains, families } = deps;
  /** The node's answers, or the spec's 502 when it does not answer. */
  const fromNode = <T>(p: Promise<T>): Promise<T> =>
    p.catch(() => {
      throw Errors.nodeUnavailable();
    });

  return {
    /** Every family's pool (or the one named), with the last day's trades and whether it runs low. */
    async pools(only?: FamilyName): Promise<PoolReport[]> {
      const [heads, pools] = await fromNode(
        Promise.all([
          Promise.all(chains.networks.map((n) => n.chain.head())),
          Promise.all(families.map((f) => readEnergyPool(chains.of(f), f))),
        ]),
      );
      // the last day by each network's own clock (its head block's time)
      const days = new Map<string, DayOfTrades>();
      for (const [i, n] of chains.networks.entries()) {
        const counted = await dayOfTrades(deps.db, heads[i]!.timestamp - DAY_MS);
        for (const f of n.families) {
          const d = counted.get(f.family);
          if (d) days.set(f.family, d);
        }
      }
      const dayOf = (p: EnergyPool) => days.get(p.family) ?? { curve: 0, dex: 0 };
      const poolOf = (p: EnergyPool) => p.origin ?? `router:${p.router}`;
      const reports = pools.map((p): PoolReport => {
        const sharing = pools.filter((q) => poolOf(q) === poolOf(p));
        const perHour = sharing.reduce((sum, q) => sum + energyPerHour(dayOf(q), q), 0);
        return {
          ...p,
          lastDay: dayOf(p),
          sharedBy: sharing.map((q) => q.family),
          energyPerHour: perHour,
          hoursLeft: perHour > 0 ? Math.floor((p.energyLeft / perHour) * 10) / 10 : null,
          low: poolLow(p.energyLeft, perHour),
        };
      });
      return only ? reports.filter((r) => r.family === only) : reports;
    },

    /** Each family's pool energy left now (the metrics' gauge): node reads only. */
    async available(): Promise<Array<{ family: FamilyName; energyLeft: number }>> {
      const pools = await Promise.all(families.map((f) => readEnergyPool(chains.of(f), f, { stake: false })));
      return pools.map((p) => ({ family: p.family, energyLeft: p.energyLeft }));
    },
  };
}

export type EnergyService = ReturnType<typeof createEnergyService>;

/**
 * The router trades (those that paid the router a fee) of each family since `since` (ms, block time),
 * on the curve (traded with the launchpad) or on the DEX (with the token's pair).
 */
async function dayOfTrades(db: AppDatabase, since: number): Promise<Map<string, DayOfTrades>> {
  const { t } = db;
  const rows = await db.q
    .select({
      family: t.tokens.family,
      all: sql<number>`count(*)`.mapWith(Number),
      curve:
        sql<number>`coalesce(sum(case when ${t.trades.pool} = ${t.tokens.launchpad} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(t.trades)
    .innerJoin(t.tokens, eq(t.tokens.address, t.trades.token))
    .where(and(gte(t.trades.timestamp, since), ne(t.trades.routerFee, '0')))
    .groupBy(t.tokens.family);
  return new Map(rows.map((r) => [r.family, { curve: r.curve, dex: r.all - r.curve }]));
}
