// The embedded devnets: one per network, each a chain of its own. `launchpad` keeps the devnet as it
// was (DEVNET_PORT, devnet.sqlite, the default chain's genesis) with its family alone; `launchpad2`
// gets a second one (DEVNET2_PORT, devnet2.sqlite) labelled 'launchpad2', so that the two have
// different genesis blocks and refuse each other's transactions, as two real networks do. Each seeds
// its own family's demo tokens. In this thread, or each on a worker thread of its own (DEVNET_THREAD).
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { NetworkId } from '../tron/families.js';
import type { Chain } from './chain/index.js';
import type { DevnetFamilyName } from './genesis.js';
import { devnetOptions, startDevnet } from './index.js';
import { setAsideForeignChain } from './set-aside.js';
import { startDevnetThread } from './thread.js';

/** One devnet of the set-up: the network it is, what it hosts, where it listens and keeps its chain. */
export interface DevnetPlan {
  network: NetworkId;
  families: DevnetFamilyName[];
  port: number;
  dbFile: string;
  /** Unset for `launchpad`'s (the default chain's genesis, as every devnet before had). */
  label?: string;
}

/** A running devnet of one network. */
export interface NetworkDevnet {
  network: NetworkId;
  families: DevnetFamilyName[];
  /** Where it answers (its port resolved: DEVNET_PORT=0 takes any free one). */
  url: string;
  /** The chain, when it runs in this thread (for `chain.onBlock`); undefined on a worker thread. */
  chain?: Chain;
  close(): Promise<void>;
}

export interface Devnets {
  /** The devnet of each network, `launchpad` first. */
  byNetwork: Map<NetworkId, NetworkDevnet>;
  /** Closes every devnet. */
  close(): Promise<void>;
}

export interface StartDevnetsOptions {
  /** Human-readable logs on the worker threads (bootConfig's `pretty`). */
  prettyLogs?: boolean;
  /** The machine's clock, for devnets in this thread (tests fix it). */
  clock?: () => number;
}

/** The devnets of the embedded set-up, as configured: the networks `loadConfig` makes without TRON_RPC. */
export function devnetPlans(config: Config): DevnetPlan[] {
  return [
    { network: 'launchpad', families: ['launchpad'], port: config.devnet.port, dbFile: config.devnet.dbFile },
    {
      network: 'launchpad2',
      families: ['launchpad2'],
      port: config.devnet.port2,
      dbFile: config.devnet.dbFile2,
      label: 'launchpad2',
    },
  ];
}

/**
 * Starts the devnet of every network (devnetPlans), side by side. A data file of a chain made for
 * other families (devnet.sqlite from before, holding both) is moved aside first and a new chain
 * started. If one devnet fails to start, the others are closed and the first error is thrown.
 */
export async function startDevnets(config: Config, logger: Logger, opts: StartDevnetsOptions = {}): Promise<Devnets> {
  const started = await Promise.allSettled(devnetPlans(config).map((plan) => startOne(config, logger, plan, opts)));
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.allSettled(running.map((d) => d.close()));
    throw failed.reason;
  }
  return {
    byNetwork: new Map(running.map((d) => [d.network, d])),
    async close() {
      const closed = await Promise.allSettled(running.map((d) => d.close()));
      const err = closed.find((c) => c.status === 'rejected');
      if (err) throw err.reason;
    },
  };
}

async function startOne(
  config: Config,
  logger: Logger,
  plan: DevnetPlan,
  opts: StartDevnetsOptions,
): Promise<NetworkDevnet> {
  const log = logger.child({ network: plan.network });
  setAsideForeignChain(plan.dbFile, plan.families, log);
  const { logger: _log, ...base } = devnetOptions(config, log);
  const options = {
    ...base,
    dbFile: plan.dbFile,
    port: plan.port,
    families: plan.families,
    ...(plan.label !== undefined ? { label: plan.label } : {}),
  };
  const { network, families } = plan;
  if (config.devnet.thread) {
    const thread = await startDevnetThread(
      { ...options, logLevel: config.logLevel, prettyLogs: opts.prettyLogs ?? false },
      log,
    );
    return { network, families, url: thread.url, close: () => thread.close() };
  }
  const devnet = await startDevnet({ ...options, ...(opts.clock ? { clock: opts.clock } : {}), logger: log });
  return { network, families, url: devnet.url, chain: devnet.chain, close: () => devnet.close() };
}
