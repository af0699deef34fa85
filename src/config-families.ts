// The launchpad families and the networks they are on, made from the parsed settings (config.ts reads
// the environment; this file only derives from what it parsed).
import type { z } from 'zod';
import { FAMILIES } from './devnet/addresses.js';
import { toBase58 } from './tron/address.js';
import type { Family, FamilyName } from './tron/families.js';
import { networksOf, nodeExplorer, nodeName, type FamilyNode, type NetworkConfig } from './tron/networks.js';

/** Tronscan's mainnet transaction page: the first network's links on a node of another host. */
const TRONSCAN = 'https://tronscan.org/#/transaction/';
import type { configSchema } from './config.js';

/** A setting that cannot be used: start-up stops with its line. */
export class ConfigError extends Error {}

/** SunPump's launchpad proxy on mainnet. */
export const MAINNET_LAUNCHPAD = 'TTfvyrAz86hbZk5iDpKD78pqLGgi8C7AAw';

type Parsed = z.infer<typeof configSchema>;

/** The first network's API key: TRON_API_KEY, or TRONGRID_API_KEY, another name of it. */
export function firstApiKey(c: Parsed): string | undefined {
  if (c.TRON_API_KEY && c.TRONGRID_API_KEY && c.TRON_API_KEY !== c.TRONGRID_API_KEY)
    throw new ConfigError(
      'invalid TRONGRID_API_KEY: it is another name of TRON_API_KEY, and both are set, to different keys (set one of them)',
    );
  return c.TRON_API_KEY ?? c.TRONGRID_API_KEY;
}

/** launchpad2 is on the node of TRON_RPC (LAUNCHPAD2_RPC unset or the same URL). */
const sharesFirstNode = (c: Parsed): boolean =>
  c.TRON_RPC !== undefined && (c.LAUNCHPAD2_RPC ?? c.TRON_RPC) === c.TRON_RPC;

/**
 * Each served family's node settings. `launchpad` is on TRON_RPC with TRON_API_KEY and TRON_RPS;
 * `launchpad2` on LAUNCHPAD2_RPC with LAUNCHPAD2_TRONGRID_API_KEY and LAUNCHPAD2_RPS, each defaulting
 * to the first family's (the same URL: one network). With TRON_RPC unset each family has an embedded
 * devnet of its own (DEVNET_PORT, DEVNET2_PORT), never paced.
 */
function familyNodes(c: Parsed, served: readonly FamilyName[]): FamilyNode[] {
  const apiKey = firstApiKey(c);
  const first: FamilyNode =
    c.TRON_RPC === undefined
      ? { family: 'launchpad', name: 'devnet', rpc: undefined, devnetPort: c.DEVNET_PORT, apiKey, rps: 0 }
      : { family: 'launchpad', name: nodeName(c.TRON_RPC), rpc: c.TRON_RPC, apiKey, rps: c.TRON_RPS };
  const apiKey2 = c.LAUNCHPAD2_TRONGRID_API_KEY ?? apiKey;
  const rpc2 = c.LAUNCHPAD2_RPC ?? c.TRON_RPC;
  const second: FamilyNode =
    rpc2 === undefined
      ? { family: 'launchpad2', name: 'devnet 2', rpc: undefined, devnetPort: c.DEVNET2_PORT, apiKey: apiKey2, rps: 0 }
      : { family: 'launchpad2', name: nodeName(rpc2), rpc: rpc2, apiKey: apiKey2, rps: c.LAUNCHPAD2_RPS ?? c.TRON_RPS };
  const named = (n: FamilyNode, name: string | undefined): FamilyNode => (name ? { ...n, name } : n);
  const [link1, link2] = explorers(c);
  return served.map((family) =>
    family === 'launchpad'
      ? { ...named(first, c.TRON_NETWORK_NAME), explorerTxUrl: link1 }
      : { ...named(second, c.LAUNCHPAD2_NETWORK_NAME), explorerTxUrl: link2 },
  );
}

/**
 * Each family's transaction links: EXPLORER_TX_URL (and LAUNCHPAD2_EXPLORER_TX_URL for a node of its
 * own), else Tronscan's page of a TronGrid network, else for the first network Tronscan's mainnet
 * (as before) and for a second node of another host none (txids shown bare: a mainnet link to a
 * testnet's transaction would point nowhere). The devnets have none unless set.
 */
function explorers(c: Parsed): [string | undefined, string | undefined] {
  const first = c.EXPLORER_TX_URL ?? (c.TRON_RPC === undefined ? undefined : (nodeExplorer(c.TRON_RPC) ?? TRONSCAN));
  if (sharesFirstNode(c)) return [first, c.LAUNCHPAD2_EXPLORER_TX_URL ?? first];
  const rpc2 = c.LAUNCHPAD2_RPC;
  return [first, c.LAUNCHPAD2_EXPLORER_TX_URL ?? (rpc2 === undefined ? undefined : nodeExplorer(rpc2))];
}

/** The networks the served families are on: families with the same RPC URL (as configured) share one. */
export function networksFrom(c: Parsed, served: readonly FamilyName[]): NetworkConfig[] {
  checkSecondNetwork(c);
  checkDevnetPorts(c);
  return networksOf(familyNodes(c, served));
}

/** The second family's node settings make sense together with the first's. */
function checkSecondNetwork(c: Parsed): void {
  const got = (key: keyof Parsed) => ` (got ${JSON.stringify(String(c[key]).slice(0, 60))})`;
  if (c.LAUNCHPAD2_RPC !== undefined && c.TRON_RPC === undefined)
    throw new ConfigError(
      `invalid LAUNCHPAD2_RPC${got('LAUNCHPAD2_RPC')}: set only with TRON_RPC; without it the embedded devnet runs both networks itself (launchpad on DEVNET_PORT, launchpad2 on DEVNET2_PORT)`,
    );
  if (c.TRON_RPC === undefined) return;
  if (!sharesFirstNode(c)) {
    if (!c.LAUNCHPAD2_ADDRESS || !c.ROUTER2_ADDRESS)
      throw new ConfigError(
        `invalid LAUNCHPAD2_RPC${got('LAUNCHPAD2_RPC')}: a node of its own for launchpad2 needs LAUNCHPAD2_ADDRESS and ROUTER2_ADDRESS (its contracts on that node)`,
      );
    return;
  }
  // on one node, the node's settings are the first family's: a different one for launchpad2 would do nothing
  const shared = 'launchpad2 shares the node of TRON_RPC (LAUNCHPAD2_RPC unset or the same URL), whose';
  const apiKey = firstApiKey(c);
  if (c.LAUNCHPAD2_TRONGRID_API_KEY !== undefined && c.LAUNCHPAD2_TRONGRID_API_KEY !== apiKey)
    throw new ConfigError(
      `invalid LAUNCHPAD2_TRONGRID_API_KEY: ${shared} key is TRON_API_KEY's; set LAUNCHPAD2_RPC for a node of its own`,
    );
  if (c.LAUNCHPAD2_RPS !== undefined && c.LAUNCHPAD2_RPS !== c.TRON_RPS)
    throw new ConfigError(
      `invalid LAUNCHPAD2_RPS${got('LAUNCHPAD2_RPS')}: ${shared} pace is TRON_RPS (${c.TRON_RPS}); set LAUNCHPAD2_RPC for a node of its own`,
    );
  if (
    c.LAUNCHPAD2_NETWORK_NAME !== undefined &&
    c.LAUNCHPAD2_NETWORK_NAME !== (c.TRON_NETWORK_NAME ?? nodeName(c.TRON_RPC))
  )
    throw new ConfigError(
      `invalid LAUNCHPAD2_NETWORK_NAME${got('LAUNCHPAD2_NETWORK_NAME')}: ${shared} name is the first's (TRON_NETWORK_NAME); set LAUNCHPAD2_RPC for a node of its own`,
    );
}

/** The second devnet's port is neither the first's nor the API's (0, any free port, never collides). */
function checkDevnetPorts(c: Parsed): void {
  const taken = (other: number) => c.DEVNET2_PORT !== 0 && c.DEVNET2_PORT === other;
  const got = ` (got "${c.DEVNET2_PORT}")`;
  if (taken(c.DEVNET_PORT))
    throw new ConfigError(
      `invalid DEVNET2_PORT${got}: must differ from DEVNET_PORT (launchpad2's devnet runs beside launchpad's)`,
    );
  if (c.TRON_RPC === undefined && taken(c.PORT))
    throw new ConfigError(`invalid DEVNET2_PORT${got}: must differ from PORT (the API's port)`);
}

/** On the devnet the families default to its own contracts; on a real node they come from env. */
export function families(c: Parsed): Array<Omit<Family, 'network'>> {
  return launchpadFamilies(c).map((f) => {
    const first = f.family === 'launchpad';
    const previous = (first ? c.ROUTER_PREVIOUS : c.ROUTER2_PREVIOUS)?.filter((r) => r !== f.router);
    // DEX_ROUTER is the first network's: launchpad2 takes it only on the same node
    const dexRouter = first
      ? c.DEX_ROUTER
      : (c.LAUNCHPAD2_DEX_ROUTER ?? (sharesFirstNode(c) ? c.DEX_ROUTER : undefined));
    return {
      ...f,
      ...(dexRouter ? { dexRouter } : {}),
      ...(previous?.length ? { previousRouters: previous } : {}),
    };
  });
}

function launchpadFamilies(c: Parsed): Array<Omit<Family, 'network'>> {
  if (c.TRON_RPC === undefined) {
    const [one, two] = FAMILIES.map((f) => ({
      family: f.family,
      launchpad: toBase58(f.launchpad),
      router: toBase58(f.router),
    }));
    return [
      { ...one!, launchpad: c.LAUNCHPAD_ADDRESS ?? one!.launchpad, router: c.ROUTER_ADDRESS ?? one!.router },
      { ...two!, launchpad: c.LAUNCHPAD2_ADDRESS ?? two!.launchpad, router: c.ROUTER2_ADDRESS ?? two!.router },
    ];
  }
  const out: Array<Omit<Family, 'network'>> = [];
  if (!c.ROUTER_ADDRESS) {
    throw new ConfigError('invalid ROUTER_ADDRESS: required with TRON_RPC (deploy the fee router, see README)');
  }
  out.push({ family: 'launchpad', launchpad: c.LAUNCHPAD_ADDRESS ?? MAINNET_LAUNCHPAD, router: c.ROUTER_ADDRESS });
  if (c.LAUNCHPAD2_ADDRESS && c.ROUTER2_ADDRESS)
    out.push({ family: 'launchpad2', launchpad: c.LAUNCHPAD2_ADDRESS, router: c.ROUTER2_ADDRESS });
  return out;
}
