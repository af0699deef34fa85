// The launchpad families and the networks they are on, made from the parsed settings (config.ts reads
// the environment; this file only derives from what it parsed).
import type { z } from 'zod';
import { FAMILIES } from './devnet/addresses.js';
import { toBase58 } from './tron/address.js';
import type { Family, FamilyName } from './tron/families.js';
import { networksOf, type FamilyNode, type NetworkConfig } from './tron/networks.js';
import type { configSchema } from './config.js';

/** A setting that cannot be used: start-up stops with its line. */
export class ConfigError extends Error {}

/** SunPump's launchpad proxy on mainnet. */
export const MAINNET_LAUNCHPAD = 'TTfvyrAz86hbZk5iDpKD78pqLGgi8C7AAw';

type Parsed = z.infer<typeof configSchema>;

/**
 * Each served family's node settings: today every family is on TRON_RPC with TRON_API_KEY and
 * TRON_RPS (the devnet when TRON_RPC is unset, never paced). The second family's own settings
 * (LAUNCHPAD2_RPC, LAUNCHPAD2_TRONGRID_API_KEY, LAUNCHPAD2_RPS, each defaulting to the first
 * family's) plug in here, in the 'launchpad2' case, once they are routed.
 */
function familyNodes(c: Parsed, served: readonly FamilyName[]): FamilyNode[] {
  return served.map((family) => ({
    family,
    rpc: c.TRON_RPC,
    apiKey: c.TRON_API_KEY,
    rps: c.TRON_RPC === undefined ? 0 : c.TRON_RPS,
  }));
}

/** The networks the served families are on: families with the same RPC URL (as configured) share one. */
export function networksFrom(c: Parsed, served: readonly FamilyName[]): NetworkConfig[] {
  return networksOf(familyNodes(c, served));
}

/** On the devnet the families default to its own contracts; on a real node they come from env. */
export function families(c: Parsed): Array<Omit<Family, 'network'>> {
  return launchpadFamilies(c).map((f) => {
    const previous = (f.family === 'launchpad' ? c.ROUTER_PREVIOUS : c.ROUTER2_PREVIOUS)?.filter((r) => r !== f.router);
    return {
      ...f,
      ...(c.DEX_ROUTER ? { dexRouter: c.DEX_ROUTER } : {}),
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
