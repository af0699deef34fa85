// The networks the launchpad families are on: a network is one node (one chain), and the families
// whose RPC URLs are the same (exactly as configured) share it. On the embedded devnet each family
// has a devnet of its own (its port), so there the port tells the networks apart.
import type { FamilyName, NetworkId } from './families.js';

export type { NetworkId } from './families.js';

export interface NetworkConfig {
  /** The name of the network's first family ('launchpad', or 'launchpad2' on a node of its own). */
  id: NetworkId;
  /**
   * What users are shown (the bot's cards, /wallet): 'Tron mainnet', 'Nile testnet', 'devnet 2', or
   * the node's host.
   */
  name: string;
  /** The full node's URL as configured; undefined = the embedded devnet. */
  rpc: string | undefined;
  /** The embedded devnet's port (DEVNET_PORT, DEVNET2_PORT) when `rpc` is undefined. */
  devnetPort?: number | undefined;
  /** The prefix of a transaction's page on the network's explorer (txid appended); unset: txids shown bare. */
  explorerTxUrl?: string | undefined;
  /** The node's API key (TronGrid), if any. */
  apiKey: string | undefined;
  /** Requests a second to this node (a token bucket; 0 = unpaced). */
  rps: number;
  /** The families on this network, in the order they were configured. */
  families: FamilyName[];
}

/**
 * One family's node settings, as configured: a network's, for the network it is the first family of
 * (families on different RPC URLs, or different devnet ports, are different networks).
 */
export type FamilyNode = Omit<NetworkConfig, 'id' | 'families'> & { family: FamilyName };

/** What makes two families one network: the same RPC URL, or (on the devnet) the same devnet port. */
const nodeKey = (n: { rpc: string | undefined; devnetPort?: number | undefined }): string =>
  n.rpc ?? `devnet:${n.devnetPort}`;

/**
 * Groups the families into networks: families with the same RPC URL (compared as text, exactly as
 * configured) or, without one, the same devnet port are one network, named by its first family and
 * with that family's name for users, API key and pace. The networks come in the order of their
 * first families.
 */
export function networksOf(families: readonly FamilyNode[]): NetworkConfig[] {
  const out: NetworkConfig[] = [];
  for (const f of families) {
    const same = out.find((n) => nodeKey(n) === nodeKey(f));
    if (same) same.families.push(f.family);
    else {
      const { family, ...node } = f;
      out.push({ id: family, ...node, families: [family] });
    }
  }
  return out;
}

/** The network a family is on; throws when no network holds it (a configuration bug). */
export function networkOf(networks: readonly NetworkConfig[], family: FamilyName): NetworkConfig {
  const n = networks.find((x) => x.families.includes(family));
  if (!n) throw new Error(`no network holds the family ${family}`);
  return n;
}

/** TronGrid's hosts and the networks they serve. */
const KNOWN_NODES: Record<string, string> = {
  'api.trongrid.io': 'Tron mainnet',
  'nile.trongrid.io': 'Nile testnet',
  'api.shasta.trongrid.io': 'Shasta testnet',
};

/** Tronscan's transaction pages of TronGrid's networks. */
const KNOWN_EXPLORERS: Record<string, string> = {
  'api.trongrid.io': 'https://tronscan.org/#/transaction/',
  'nile.trongrid.io': 'https://nile.tronscan.org/#/transaction/',
  'api.shasta.trongrid.io': 'https://shasta.tronscan.org/#/transaction/',
};

/** The prefix of a transaction's page on the explorer of a TronGrid network's node; undefined for any other node. */
export function nodeExplorer(rpc: string): string | undefined {
  try {
    return KNOWN_EXPLORERS[new URL(rpc).host.toLowerCase()];
  } catch {
    return undefined;
  }
}

/** A node's name for users: TronGrid's networks by name, any other node by its URL's host. */
export function nodeName(rpc: string): string {
  let host: string;
  try {
    host = new URL(rpc).host;
  } catch {
    return rpc;
  }
  return KNOWN_NODES[host.toLowerCase()] ?? host;
}
