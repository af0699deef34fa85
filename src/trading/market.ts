// The trading side's own reading of the chain, from the node (TRON_RPC or the embedded devnet),
// read-only and never through the API: where a token trades now and at what reserves, what a wallet
// holds, and what one of its trades moved (the receipt's router event). What the API says about money
// is checked against these (terms.ts); nothing here builds or signs. Each family is read on its own
// network's node (src/tron/chains.ts): a token is looked up only where its family is.
import { TokenState } from '../tron/abi.js';
import { toHexAddress } from '../tron/address.js';
import type { Chains } from '../tron/chains.js';
import type { Family, FamilyName } from '../tron/families.js';
import type { FeeParams, Reserves } from '../tron/market/index.js';
import { settledTrade, type SettledTrade } from '../tron/receipts.js';
import { estimateTradeFee, routerCall, type NetworkFee } from '../tron/network-fee.js';
import type { Terms } from './terms.js';
import { TradeError, why } from './trade-errors.js';

/** Where a token trades now: its launchpad's curve (with the launchpad's fees) or its SunSwap V2 pair. */
export type MarketNow =
  | { family: Family; venue: 'curve'; reserves: Reserves; fees: FeeParams }
  | { family: Family; venue: 'dex'; reserves: Reserves };

/** How long a launchpad's fee parameters are reused (ms): they change rarely, by an admin call. */
const FEES_TTL_MS = 30_000;
/** The deadline a priced call carries past the head block (s), as the API builds it. */
const DEADLINE_S = 300;

export function createNodeMarket(deps: { chains: Chains; families: Family[]; now?: () => number }) {
  const { chains, families } = deps;
  const now = deps.now ?? Date.now;
  const fees = new Map<string, { at: number; fees: Promise<FeeParams> }>();
  const routers = new Set(families.map((f) => toHexAddress(f.router)));
  /** Each token's family once the node named it (a token's family never changes). */
  const familyOfToken = new Map<string, Family>();

  async function familyOf(token: string): Promise<Family | undefined> {
    const hit = familyOfToken.get(token);
    if (hit) return hit;
    const found = await chains.familyOf(token);
    const ours = found && families.find((f) => f.family === found.family);
    if (ours) {
      if (familyOfToken.size > 100_000) familyOfToken.clear();
      familyOfToken.set(token, ours);
    }
    return ours;
  }

  /** The node a token is on: its family's (the first network's for a token no launchpad of ours knows). */
  async function chainOfToken(token: string) {
    const family = await familyOf(token);
    return family ? chains.of(family) : chains.first;
  }

  /** The node of a family named (the first network's when none is). */
  const chainOf = (family?: FamilyName) => (family ? chains.of(family) : chains.first);

  function feesOf(f: Family): Promise<FeeParams> {
    const hit = fees.get(f.launchpad);
    if (hit && now() - hit.at < FEES_TTL_MS) return hit.fees;
    const read = chains.of(f).fees(f);
    fees.set(f.launchpad, { at: now(), fees: read });
    read.catch(() => fees.delete(f.launchpad));
    return read;
  }

  return {
    /** The family whose router trades this token (by its launchpad's router address), if it is one of ours. */
    familyOfRouter(router: string): Family | undefined {
      const hex = toHexAddress(router);
      return families.find((f) => toHexAddress(f.router) === hex);
    },

    /** Where the token trades now, as the node says; a TradeError when it does not trade. */
    async marketOf(token: string): Promise<MarketNow> {
      const family = await familyOf(token);
      if (!family)
        throw new TradeError(
          'the node knows no launchpad token at this address',
          'market',
          'TOKEN_NOT_FOUND',
          why('err-market-unknown-token'),
        );
      const chain = chains.of(family);
      const state = await chain.state(family, token);
      if (state === TokenState.READY_TO_LAUNCH)
        throw new TradeError(
          'the curve is full; the token is waiting for its launch',
          'market',
          why('err-market-curve-full'),
        );
      if (state !== TokenState.LAUNCHED) {
        const [reserves, f] = await Promise.all([chain.pool(family, token), feesOf(family)]);
        return { family, venue: 'curve', reserves, fees: f };
      }
      const found = await chain.pair(family, token);
      if (!found)
        throw new TradeError(
          'the token has launched but the node shows no DEX pair for it',
          'market',
          why('err-market-no-pair'),
        );
      return { family, venue: 'dex', reserves: await chain.pairReserves(family, found.pair, found.dex) };
    },

    /**
     * What a trade of these terms costs the wallet in network fees, estimated on the node: the call run
     * there as the wallet, the router's sponsorship and the wallet's own energy and bandwidth.
     */
    async networkFee(
      owner: string,
      token: string,
      t: Terms,
      limits: { capSun: bigint; extraSun: bigint },
    ): Promise<NetworkFee> {
      const family = families.find((f) => f.family === t.family);
      if (!family)
        throw new TradeError(
          `the token is on a launchpad this bot does not trade (${t.family})`,
          'safety',
          why('err-family-unknown', { family: t.family }),
        );
      const chain = chains.of(family);
      const [head, holding] = await Promise.all([chain.head(), chain.tokenBalance(token, owner)]);
      const deadline = BigInt(Math.floor(head.timestamp / 1000) + DEADLINE_S);
      return estimateTradeFee(chain, {
        owner,
        router: family.router,
        venue: t.venue,
        call: routerCall({ ...t, token, deadline }),
        ...limits,
        shape: { fills: t.fills, amountIn: t.amountIn, holding },
      });
    },

    /** A wallet's balance of the token at the head block (base units), on the token's network. */
    tokenBalance: async (token: string, holder: string): Promise<bigint> =>
      (await chainOfToken(token)).tokenBalance(token, holder),
    /**
     * A wallet's TRX at the head block (sun) on the network of `family` (the first network's when
     * none is named): one key, one address, a balance on each network.
     */
    trxBalance: (address: string, family?: FamilyName): Promise<bigint> => chainOf(family).trxBalance(address),
    /** How much of the token the spender may move for the owner, on the token's network. */
    allowance: async (token: string, owner: string, spender: string): Promise<bigint> =>
      (await chainOfToken(token)).allowance(token, owner, spender),

    /** A token's family as this node named it already (a quote reads it), without asking again; else undefined. */
    familyKnown: (token: string): FamilyName | undefined => familyOfToken.get(token)?.family,

    /** A wallet's TRX on each network (sun), in the networks' order; undefined where the node did not answer. */
    trxBalances: (address: string) =>
      Promise.all(
        chains.networks.map(async (n) => ({
          network: n.id,
          name: n.name,
          sun: await n.chain.trxBalance(address).catch(() => undefined),
        })),
      ),

    /**
     * What a trade of ours moved, from the node's receipt: the router's event, once the transaction
     * is in a block and succeeded; undefined before that (or when no router of ours traded in it).
     * Each network is asked in turn (a transaction id names no network).
     */
    async fillOf(txid: string): Promise<SettledTrade | undefined> {
      const { info } = await chains.findTx(txid);
      if (!info.logs || (info.state !== 'included' && info.state !== 'confirmed')) return undefined;
      return settledTrade(info.logs, routers);
    },
  };
}

export type NodeMarket = ReturnType<typeof createNodeMarket>;
