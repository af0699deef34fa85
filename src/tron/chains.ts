// The networks the served families are on, each read through its own gateway (its own TronWeb, pace
// and API key): every call about a family goes to that family's node, and a token is looked up only
// on its family's network. With one network (every family on one node) this is one gateway.
import type { Logger } from 'pino';
import { TokenState } from './abi.js';
import { createTronWeb } from './client.js';
import type { Family, FamilyName, NetworkId } from './families.js';
import { ChainGateway } from './gateway.js';

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
    const answers = await Promise.allSettled(
      this.networks.map(async (n) => {
        for (const f of n.families) if ((await n.chain.state(f, token)) !== TokenState.NOT_EXIST) return f;
        return undefined;
      }),
    );
    for (const a of answers) if (a.status === 'fulfilled' && a.value) return a.value;
    const failed = answers.find((a): a is PromiseRejectedResult => a.status === 'rejected');
    if (failed) throw failed.reason;
    return undefined;
  }

  /**
   * Runs `fn` on each network in turn until one gives an answer (not undefined): a transaction
   * looked up by its id, or broadcast where its reference block is.
   */
  async firstAnswer<T>(fn: (n: ChainNetwork) => Promise<T | undefined>): Promise<T | undefined> {
    let lastError: unknown;
    let failed = false;
    for (const n of this.networks) {
      try {
        const v = await fn(n);
        if (v !== undefined) return v;
      } catch (e) {
        failed = true;
        lastError = e;
      }
    }
    if (failed) throw lastError;
    return undefined;
  }
}
