// The networks the served families are on, each read through its own gateway (its own TronWeb, pace
// and API key): every call about a family goes to that family's node, and a token is looked up only
// on its family's network. With one network (every family on one node) this is one gateway.
import type { Logger } from 'pino';
import { createChainClock, type ChainTime } from './chain-clock.js';
import { createTronWeb } from './client.js';
import type { Family, FamilyName, NetworkId } from './families.js';
import { ChainGateway, type TxInfo } from './gateway.js';

/** A network's node as configured: TRON_RPC or LAUNCHPAD2_RPC (or a devnet's URL), its key and pace. */
export interface NetworkNode {
  id: NetworkId;
  /** What users are shown ('Tron mainnet', 'devnet 2', …). */
  name: string;
  /** The node's URL (TronWeb's host); `rpc` as configured, which callers may name. */
  host: string;
  apiKey?: string | undefined;
  /** Requests a second (0 or unset: unpaced, the devnet). */
  rps?: number | undefined;
}

/** A node's gateway: its TronWeb, paced on a real node (rps > 0), a busy node's retries logged. */
export function gatewayOf(node: Omit<NetworkNode, 'name' | 'id'> & { id?: string }, log: Logger): ChainGateway {
  const tronWeb = createTronWeb({
    host: node.host,
    apiKey: node.apiKey,
    pacing:
      node.rps === undefined || node.rps <= 0
        ? undefined
        : {
            rps: node.rps,
            onRetry: (r) =>
              log.warn(
                { ...r, network: node.id },
                'the Tron node is busy (HTTP %d); retrying in %d ms',
                r.status,
                r.delayMs,
              ),
          },
  });
  return new ChainGateway(tronWeb);
}

/**
 * The gateways of these nodes, each with the families on it (a family is on the node its `network`
 * names; one node holds every family).
 */
export function chainsOf(nodes: readonly NetworkNode[], families: readonly Family[], log: Logger): Chains {
  const one = nodes.length === 1;
  return new Chains(
    nodes.map((n) => ({
      id: n.id,
      name: n.name,
      url: n.host,
      chain: gatewayOf(n, log),
      families: families.filter((f) => one || f.network === n.id),
    })),
  );
}

export interface ChainNetwork {
  id: NetworkId;
  /** What users are shown ('Tron mainnet', 'devnet 2', …). */
  name: string;
  /** The node's URL as configured (the `rpc` a caller may name; see byUrl). */
  url: string;
  chain: ChainGateway;
  /** The families on it. */
  families: Family[];
}

export class Chains {
  private readonly byFamily = new Map<FamilyName, ChainNetwork>();

  constructor(readonly networks: readonly ChainNetwork[]) {
    if (!networks.length) throw new Error('Chains needs a network');
    for (const n of networks) for (const f of n.families) this.byFamily.set(f.family, n);
  }

  /** Every family on one node (one network, named after the first family's). */
  static single(chain: ChainGateway, families: Family[], url = '', name = 'Tron'): Chains {
    return new Chains([{ id: families[0]?.network ?? 'launchpad', name, url, chain, families }]);
  }

  /** Every served family, in the networks' order. */
  get families(): Family[] {
    return this.networks.flatMap((n) => n.families);
  }

  /** The first network's gateway (the 'launchpad' family's): where a call that names no family goes. */
  get first(): ChainGateway {
    return this.networks[0]!.chain;
  }

  /** The network a family is on; throws for a family that is not served (a bug). */
  networkOf(family: Family | FamilyName): ChainNetwork {
    const name = typeof family === 'string' ? family : family.family;
    const n = this.byFamily.get(name);
    if (!n) throw new Error(`no network serves the family ${name}`);
    return n;
  }

  /** The gateway of a family's node. */
  of(family: Family | FamilyName): ChainGateway {
    return this.networkOf(family).chain;
  }

  /** A network by its URL exactly as configured (a caller's `rpc`); nothing else is ever fetched. */
  byUrl(url: string): ChainNetwork | undefined {
    return this.networks.find((n) => n.url === url);
  }

  /**
   * The family whose launchpad knows this token: each network's families asked on that network's node
   * only (a token address means nothing on another chain). Networks are asked together; a node that
   * does not answer is passed over when another knows the token, and throws when none does.
   */
  async familyOf(token: string): Promise<Family | undefined> {
    const answers = await Promise.allSettled(this.networks.map((n) => n.chain.familyOf(n.families, token)));
    for (const a of answers) if (a.status === 'fulfilled' && a.value) return a.value;
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed) throw failed.reason;
    return undefined;
  }

  /**
   * A transaction by its id (which names no network): the first network whose node knows it, and its
   * receipt; when none does, the first network's answer (`unknown`). A node that does not answer is
   * passed over, and its failure thrown when no other knows the transaction.
   */
  async findTx(txid: string): Promise<{ network: ChainNetwork; info: TxInfo }> {
    let failed: { e: unknown } | undefined;
    let first: { network: ChainNetwork; info: TxInfo } | undefined;
    for (const network of this.networks) {
      const info = await network.chain.txInfo(txid).catch((e: unknown) => void (failed = { e }));
      if (!info) continue;
      if (info.state !== 'unknown') return { network, info };
      first ??= { network, info };
    }
    if (failed) throw failed.e;
    return first!;
  }
}

/** Each network's chain clock (its head block's time), made once; a network not served reads the first's. */
export function networkClocks(chains: Chains): (network: NetworkId) => ChainTime {
  const clocks = new Map<NetworkId, ChainTime>();
  for (const n of chains.networks) clocks.set(n.id, createChainClock({ head: () => n.chain.head() }));
  return (network) => clocks.get(network) ?? clocks.get(chains.networks[0]!.id)!;
}
