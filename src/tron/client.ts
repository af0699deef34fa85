// TronWeb set up from config, and typed reads of the launchpad that the service layer builds on.
// The same code runs against the embedded devnet and a real full node (TRON_RPC).
import { TronWeb } from 'tronweb';
import {
  LAUNCHPAD_ABI,
  ROUTER_ABI,
  TRC20_ABI,
  V2_FACTORY_ABI,
  V2_PAIR_ABI,
  V2_ROUTER_ABI,
  type AbiEntry,
  type TokenStateValue,
} from './abi.js';
import { toBase58 } from './address.js';
import type { FeeParams, Pool } from './market/index.js';
import { pace, type PacingOptions } from './pacing.js';

export interface TronClientOptions {
  /** Full node URL (also used as solidity node and event server). */
  host: string;
  /** TronGrid API key, sent as TRON-PRO-API-KEY. */
  apiKey?: string | undefined;
  /** Pacing and retries of a real node's calls (TRON_RPS); none for the devnet. */
  pacing?: PacingOptions | undefined;
}

export function createTronWeb(opts: TronClientOptions): TronWeb {
  const tw = new TronWeb({
    fullHost: opts.host,
    ...(opts.apiKey ? { headers: { 'TRON-PRO-API-KEY': opts.apiKey } } : {}),
  });
  // Node APIs answer in place and never redirect: without redirect following, axios sends through
  // Node's http module directly instead of the follow-redirects wrapper (a third less work per call).
  for (const provider of [tw.fullNode, tw.solidityNode, tw.eventServer]) {
    const instance = (provider as unknown as { instance?: { defaults: { maxRedirects?: number } } } | undefined)
      ?.instance;
    if (instance) instance.defaults.maxRedirects = 0;
  }
  return opts.pacing ? pace(tw, opts.pacing) : tw;
}

/** A uint256 (or any integer) as TronWeb's ABI decoder returns it (BigNumber-like, number or string). */
export const big = (v: unknown): bigint => BigInt((v as { toString(): string }).toString());

/** One method of a contract object, as TronWeb makes it at run time. */
export type ContractMethod = (...args: unknown[]) => { call(opts?: { from?: string }): Promise<unknown> };
export type ContractMethods = Record<string, ContractMethod | undefined>;

/**
 * The methods of a contract, typed. TronWeb's `contract()` derives its types from a literal ABI, and
 * for our ABIs (built at run time) they resolve to an error type; this is the one place that says
 * what its objects are at run time.
 */
export function contractMethods(tw: TronWeb, abi: readonly AbiEntry[], address: string): ContractMethods {
  const make = tw.contract.bind(tw) as unknown as (
    abi: readonly AbiEntry[],
    at: string,
  ) => { methods: ContractMethods };
  return make(abi, address).methods;
}

const ABI_NAMES = new Map<AbiEntry[], string>([
  [LAUNCHPAD_ABI, 'lp'],
  [ROUTER_ABI, 'router'],
  [V2_ROUTER_ABI, 'v2router'],
  [V2_FACTORY_ABI, 'v2factory'],
  [V2_PAIR_ABI, 'pair'],
]);

/** Where a launchpad's tokens trade after the launch (base58): SunSwap V2's router, factory and WTRX. */
export interface DexInfo {
  router: string;
  factory: string;
  wtrx: string;
}

/** The zero address, base58: what a view answers for "none". */
const NONE = toBase58('41' + '0'.repeat(40));

/** Typed view calls on one launchpad (and its router). */
export class LaunchpadReader {
  /** TronWeb contract objects parse their ABI when made: make each one once. */
  private readonly contracts = new Map<string, ContractMethods>();

  constructor(
    private readonly tw: TronWeb,
    readonly launchpad: string,
  ) {}

  private contractAt(abi: AbiEntry[], address: string): ContractMethods {
    const key = `${ABI_NAMES.get(abi) ?? 'trc20'}:${address}`;
    let c = this.contracts.get(key);
    if (!c) {
      c = contractMethods(this.tw, abi, address);
      if (this.contracts.size > 10_000) this.contracts.clear();
      this.contracts.set(key, c);
    }
    return c;
  }

  private async call(abi: AbiEntry[], address: string, method: string, ...args: unknown[]): Promise<unknown> {
    const fn = this.contractAt(abi, address)[method];
    if (!fn) throw new Error(`no method ${method}`);
    // views need a caller address; any valid one will do
    return fn(...args).call({ from: toBase58(this.launchpad) });
  }

  async pool(token: string): Promise<Pool & { launched: boolean }> {
    const r = (await this.call(LAUNCHPAD_ABI, this.launchpad, 'virtualPools', toBase58(token))) as unknown[];
    return { trxReserve: big(r[0]), tokenReserve: big(r[1]), launched: Boolean(r[2]) };
  }

  async state(token: string): Promise<TokenStateValue> {
    return Number(
      big(await this.call(LAUNCHPAD_ABI, this.launchpad, 'getTokenState', toBase58(token))),
    ) as TokenStateValue;
  }

  async fees(): Promise<FeeParams & { mintFee: bigint }> {
    const [p, s, m, mint] = await Promise.all(
      ['purchaseFee', 'saleFee', 'minTxFee', 'mintFee'].map((name) => this.call(LAUNCHPAD_ABI, this.launchpad, name)),
    );
    return { purchaseFeeBps: big(p), saleFeeBps: big(s), minTxFee: big(m), mintFee: big(mint) };
  }

  async tokenBalance(token: string, holder: string): Promise<bigint> {
    return big(await this.call(TRC20_ABI, toBase58(token), 'balanceOf', toBase58(holder)));
  }

  async allowance(token: string, owner: string, spender: string): Promise<bigint> {
    return big(await this.call(TRC20_ABI, toBase58(token), 'allowance', toBase58(owner), toBase58(spender)));
  }

  /** The DEX of this launchpad: the router from `v2Router()` (or `override`), WTRX and the factory from the router. */
  async dex(override?: string): Promise<DexInfo | undefined> {
    const router = override ?? toBase58(String(await this.call(LAUNCHPAD_ABI, this.launchpad, 'v2Router')));
    if (router === NONE) return undefined;
    const [wtrx, factory] = await Promise.all([
      this.call(V2_ROUTER_ABI, router, 'WETH'),
      this.call(V2_ROUTER_ABI, router, 'factory'),
    ]);
    return { router, wtrx: toBase58(String(wtrx)), factory: toBase58(String(factory)) };
  }

  /** The token/WTRX pair on the factory, if it exists (base58). */
  async pairOf(dex: DexInfo, token: string): Promise<string | undefined> {
    const pair = toBase58(String(await this.call(V2_FACTORY_ABI, dex.factory, 'getPair', toBase58(token), dex.wtrx)));
    return pair === NONE ? undefined : pair;
  }

  /** A pair's reserves and its token0 (base58). */
  async pairReserves(pair: string): Promise<{ reserve0: bigint; reserve1: bigint; token0: string }> {
    const [r, t0] = await Promise.all([
      this.call(V2_PAIR_ABI, pair, 'getReserves') as Promise<unknown[]>,
      this.call(V2_PAIR_ABI, pair, 'token0'),
    ]);
    return { reserve0: big(r[0]), reserve1: big(r[1]), token0: toBase58(String(t0)) };
  }

  async routerTreasury(router: string): Promise<string> {
    const hex = String(await this.call(ROUTER_ABI, toBase58(router), 'treasury'));
    return toBase58(hex);
  }
}
