// The networks the launchpad families are on: a network is one node (one chain), and the families
// whose RPC URLs are the same (exactly as configured) share it.
import type { FamilyName, NetworkId } from './families.js';

export type { NetworkId } from './families.js';

export interface NetworkConfig {
  /** The name of the network's first family ('launchpad', or 'launchpad2' on a node of its own). */
  id: NetworkId;
  /** The full node's URL as configured; undefined = the embedded devnet. */
  rpc: string | undefined;
  /** The node's API key (TronGrid), if any. */
  apiKey: string | undefined;
  /** Requests a second to this node (a token bucket; 0 = unpaced). */
  rps: number;
  /** The families on this network, in the order they were configured. */
  families: FamilyName[];
}

/** One family's node settings, as configured. */
export interface FamilyNode {
  family: FamilyName;
  /** undefined = the embedded devnet */
  rpc: string | undefined;
  apiKey: string | undefined;
  rps: number;
}

/**
 * Groups the families into networks: families with the same RPC URL (compared as text, exactly as
 * configured; undefined = the embedded devnet) are one network, named by its first family and with
 * that family's API key and pace. The networks come in the order of their first families.
 */
export function networksOf(families: readonly FamilyNode[]): NetworkConfig[] {
  const out: NetworkConfig[] = [];
  for (const f of families) {
    const same = out.find((n) => n.rpc === f.rpc);
    if (same) same.families.push(f.family);
    else out.push({ id: f.family, rpc: f.rpc, apiKey: f.apiKey, rps: f.rps, families: [f.family] });
  }
  return out;
}

/** The network a family is on; throws when no network holds it (a configuration bug). */
export function networkOf(networks: readonly NetworkConfig[], family: FamilyName): NetworkConfig {
  const n = networks.find((x) => x.families.includes(family));
  if (!n) throw new Error(`no network holds the family ${family}`);
  return n;
}
