// The trading side's own nodes, one per network (its reads never go through the API): each family is
// read on its network's node, each network keeps its own chain clock, and a transaction is signed only
// when its reference block is a block of its family's chain, as the bot's own node shows it. Without
// that check an untrusted API could build a second network's trade on the first network's blocks,
// where the same router address may be another contract (a replay across networks).
import type { Logger } from 'pino';
import { toHexAddress } from '../tron/address.js';
import { Chains, chainsOf, gatewayOf, networkClocks, type NetworkNode } from '../tron/chains.js';

import type { Family, FamilyName } from '../tron/families.js';
import type { ChainGateway } from '../tron/gateway.js';
import type { SigningNetworks } from './signing.js';

/** A node the trading side reads (TRON_RPC or LAUNCHPAD2_RPC, or an embedded devnet's URL). */
export type NodeNetwork = NetworkNode;

export interface NodeOptions {
  /** the first network's node: TRON_RPC, or the embedded devnet's (used when `networks` is not given) */
  host: string;
  apiKey?: string | undefined;
  /** requests a second (TRON_RPS; 0 or unset: unpaced) */
  rps?: number | undefined;
  /** the launchpad families served; each is on the network its `network` names */
  families: Family[];
  /** each network's node, the first network first; unset: every family on `host` */
  networks?: NodeNetwork[] | undefined;
}

/** The trading side's reader of each network's node (paced on a real node). */
export function nodeChainsOf(node: NodeOptions, log: Logger): Chains {
  if (!node.networks?.length) return Chains.single(gatewayOf(node, log), node.families, node.host);
  return chainsOf(node.networks, node.families, log);
}

/** TAPOS: the blocks a transaction may name as its reference, below the head. */
const TAPOS_WINDOW = 65_536;
/**
 * How many blocks the API's node may be ahead of the bot's (two nodes behind one URL, TronGrid's, may
 * differ by a block or two): a reference block up to this far above the bot's head is waited for.
 */
const AHEAD_BLOCKS = 20;
/** How long a reference block above the bot's head is waited for (ms): a few mainnet blocks. */
const AHEAD_WAIT_MS = 9_000;

/**
 * Whether the transaction's reference block (its number's low two bytes and bytes 8..16 of its id) is
 * a block of this chain: the block of that number (at most a few above the head, where the API's node
 * was ahead of the bot's, and then waited for) must have that id.
 */
export async function holdsReference(
  chain: ChainGateway,
  ref: { ref_block_bytes: string; ref_block_hash: string },
  sleep: (ms: number) => Promise<unknown> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<boolean> {
  const head = await chain.head();
  const low = parseInt(ref.ref_block_bytes, 16);
  if (!Number.isInteger(low)) return false;
  const top = head.number + AHEAD_BLOCKS;
  const number = top - ((((top - low) % TAPOS_WINDOW) + TAPOS_WINDOW) % TAPOS_WINDOW);
  if (number < 0) return false;
  // a block above the bot's head: waited for while the bot's node comes up to it (a few blocks), else refused
  let reached = head.number;
  for (let waited = 0; reached < number && waited < AHEAD_WAIT_MS; waited += 1000) {
    await sleep(1000);
    reached = (await chain.head()).number;
  }
  if (reached < number) return false;
  const block = number === head.number ? head : await chain.blockAt(number);
  return block?.id.slice(16, 32).toLowerCase() === ref.ref_block_hash.toLowerCase();
}

/** The family of one of this deployment's routers (a trade's router or an approval's spender). */
export function familyOfRouter(routers: Partial<Record<FamilyName, string>>, router: string): FamilyName | undefined {
  const hex = toHexAddress(router).toLowerCase();
  for (const [family, r] of Object.entries(routers))
    if (r && toHexAddress(r).toLowerCase() === hex) return family as FamilyName;
  return undefined;
}

/**
 * With several networks, what the signer holds each transaction to: its family's network's clock (or
 * the test's), and that network's chain holding its reference block. One network needs neither: a
 * transaction on foreign blocks fails its TAPOS check there and does nothing.
 */
export function signingNetworks(
  chains: Chains,
  drive?: { tradesNow?: (() => number) | undefined },
): SigningNetworks | undefined {
  if (chains.networks.length < 2) return undefined;
  const clockOf = networkClocks(chains);
  const networkOf = (family: FamilyName | undefined) => (family ? chains.networkOf(family) : chains.networks[0]!);
  return {
    now: async (family) => (drive?.tradesNow ? drive.tradesNow() : clockOf(networkOf(family).id).read()),
    holds: (family, ref) => holdsReference(networkOf(family).chain, ref),
  };
}
