// What an instance tells a monitor: `/healthz` (the process answers), `/readyz` (it can serve: its
// database answers, the node answers and the index has caught up once) and `/metrics` in
// Prometheus's text format (prom-client): requests and their latencies by route, trades sent and
// refused, how many blocks the index is behind the node's head, which roles this instance leads, and
// the energy each family's pool has left (read from the node at each scrape).
// Each app has its own registry, so several in one process (the tests) never mix their figures.
// The three routes need no key, so each answers an address MONITOR_PER_MINUTE times a minute; with
// METRICS_PORT they are served on that port only (src/facade.ts), not on the public one.
import type { FastifyInstance } from 'fastify';
import { MONITOR_PER_MINUTE, routeLimit } from './address-limit.js';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the checks read: the index's progress, the node's head, the database. */
export interface HealthSources {
  /** The head block the index last reached, and when; undefined before its first cycle. */
  indexed(): { block: number; at: number } | undefined;
  /** The node's head block number (throws when the node does not answer). */
  nodeHead(): Promise<number>;
  /** Fails when the database does not answer. */
  pingDb(): Promise<void>;
  /** The energy each family's pool (its router's origin) has left now; absent: no gauge values. */
  energyLeft?(): Promise<Array<{ family: string; energyLeft: number }>>;
  /**
   * Each network's index and node (`indexed` and `nodeHead` are the first's): what /readyz's body and
   * `launchpad_network_index_lag_blocks` show of each. Readiness follows the first network only: a
   * second network's node that stops fails its family's operations, not the instance.
   */
  networks?(): Array<{
    network: string;
    indexed(): { block: number; at: number } | undefined;
    nodeHead(): Promise<number>;
  }>;
}

/** The roles a process runs (all of them, as `npm start` does, until roles can be split). */
export type Role = 'indexer' | 'engine';

const TRADE_ROUTES = new Set(['/launchpad/trade', '/launchpad/broadcast']);
/** How long the node may take to answer a readiness check. */
const NODE_TIMEOUT_MS = 2000;

export interface Health {
  readonly registry: Registry;
  /** Says whether this instance leads a role (1) or not (0). */
  setLeader(role: Role, leads: boolean): void;
  /**
   * Counts the app's requests and serves /healthz, /readyz and /metrics (before its routes);
   * `routes: false` only counts (the three are served by an app on a port of their own).
   */
  attach(app: FastifyInstance, opts?: { routes?: boolean }): void;
}

export function createHealth(sources: HealthSources): Health {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const trades = new Counter({
    name: 'launchpad_trades_total',
    help: 'Signed trades sent to the node through the API (sent), or refused (refused)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const leader = new Gauge({
    name: 'launchpad_leader',
    help: 'Whether this instance runs a role that only one instance may run (1) or not (0)',
    labelNames: ['role'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'launchpad_index_lag_blocks',
    help: "Blocks between the node's head and the head the index last reached",
    registers: [registry],
    async collect() {
      const indexed = sources.indexed();
      const head = await withTimeout(sources.nodeHead()).catch(() => undefined);
      if (indexed && head !== undefined) this.set(Math.max(0, head - indexed.block));
    },
  });
  new Gauge({
    name: 'launchpad_network_index_lag_blocks',
    help: "Blocks between each network's node's head and the head its index last reached",
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      const lags = await Promise.all(
        (sources.networks?.() ?? []).map(async (n) => {
          const [indexed, head] = [n.indexed(), await withTimeout(n.nodeHead()).catch(() => undefined)];
          return {
            network: n.network,
            lag: indexed && head !== undefined ? Math.max(0, head - indexed.block) : undefined,
          };
        }),
      );
      // a network whose node did not answer (or not indexed yet) is left out of this scrape
      this.reset();
      for (const l of lags) if (l.lag !== undefined) this.set({ network: l.network }, l.lag);
    },
  });
  new Gauge({
    name: 'launchpad_energy_pool_available',
    help: "Energy the pool that pays a family's trades (its router's origin) has left now; families with one origin share it",
    labelNames: ['family'] as const,
    registers: [registry],
    async collect() {
      const pools = sources.energyLeft ? await withTimeout(sources.energyLeft()).catch(() => undefined) : undefined;
      // a pool the node did not answer for is left out of this scrape, not shown at its last figure
      this.reset();
      for (const p of pools ?? []) this.set({ family: p.family }, p.energyLeft);
    },
  });

  const attach = (app: FastifyInstance, opts: { routes?: boolean } = {}) => {
    app.addHook('onResponse', (req, reply, done) => {
      // the route's pattern, not the URL, so a path full of addresses is one series
      const route = req.routeOptions.url ?? 'unmatched';
      requests.inc({ method: req.method, route, status: String(reply.statusCode) });
      latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
      if (TRADE_ROUTES.has(route)) trades.inc({ outcome: reply.statusCode === 200 ? 'sent' : 'refused' });
      done();
    });
    if (opts.routes === false) return;
    const hidden = { config: { public: true }, schema: { hide: true }, onRequest: routeLimit(MONITOR_PER_MINUTE) };
    app.get('/healthz', hidden, async () => ({ status: 'ok' }));
    app.get('/readyz', hidden, async (_req, reply) => {
      const reasons = await notReady(sources);
      return reasons.length
        ? reply.status(503).send({ status: 'not ready', reasons })
        : {
            status: 'ready',
            indexedBlock: sources.indexed()?.block,
            ...(sources.networks
              ? {
                  networks: sources
                    .networks()
                    .map((n) => ({ network: n.network, indexedBlock: n.indexed()?.block ?? null })),
                }
              : {}),
          };
    });
    app.get('/metrics', hidden, async (_req, reply) => reply.type(registry.contentType).send(await registry.metrics()));
  };
  return { registry, attach, setLeader: (role, leads) => leader.set({ role }, leads ? 1 : 0) };
}

async function notReady(sources: HealthSources): Promise<string[]> {
  const reasons: string[] = [];
  try {
    await sources.pingDb();
  } catch {
    reasons.push('the database does not answer');
  }
  await withTimeout(sources.nodeHead()).catch(() => reasons.push('the Tron node does not answer'));
  if (!sources.indexed()) reasons.push('the index has not caught up with the node yet');
  return reasons;
}

function withTimeout<T>(p: Promise<T>): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), NODE_TIMEOUT_MS).unref()),
  ]);
}
