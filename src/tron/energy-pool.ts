// The operator's energy pool as the node shows it: the account that deployed a family's fee router (its
// origin) stakes TRX for energy (Stake 2.0), and the router's consume_user_resource_percent below 100
// makes that stake pay its callers' energy ("sponsored" trades). What it has staked, its energy a day and
// left, the router's terms, and how many typical trades the energy covers; a wallet's own energy and
// bandwidth likewise. Read through ChainGateway (getcontract, getaccountresource) and getaccount; the
// arithmetic is pure and shared by the API, the bot and `cli energy status`.
import type { TronWeb } from 'tronweb';
import type { Family, FamilyName } from './families.js';
import type { Chains } from './chains.js';
import type { ChainGateway } from './gateway.js';
import { TYPICAL_TRADE_ENERGY, type ContractTerms } from './network-fee.js';
import { payEnergyBill } from './resources.js';

export type Venue = keyof typeof TYPICAL_TRADE_ENERGY;

/** An unstake waiting for the network's unstaking period (UnfreezeBalanceV2). */
export interface Unstaking {
  resource: 'ENERGY' | 'BANDWIDTH';
  amountSun: bigint;
  /** when it can be withdrawn (ms) */
  withdrawableAt: number;
}

/** What an account has staked (getaccount's frozenV2, unfrozenV2 and account_resource). */
export interface Stake {
  energySun: bigint;
  bandwidthSun: bigint;
  /** of its energy stake, what it lent out (DelegateResource) */
  lentEnergySun: bigint;
  unstaking: Unstaking[];
}

/** getaccount's Stake 2.0 fields, as java-tron answers them (zero fields and the BANDWIDTH type left out). */
export interface StakeJson {
  frozenV2?: Array<{ type?: string; amount?: number }>;
  unfrozenV2?: Array<{ type?: string; unfreeze_amount?: number; unfreeze_expire_time?: number }>;
  account_resource?: { delegated_frozenV2_balance_for_energy?: number };
}

/** The stake in a getaccount answer; java-tron leaves out the type of bandwidth (the enum's 0). */
export function stakeOf(acc: StakeJson): Stake {
  const frozen = (type: string) =>
    BigInt((acc.frozenV2 ?? []).find((f) => (f.type ?? 'BANDWIDTH') === type)?.amount ?? 0);
  return {
    energySun: frozen('ENERGY'),
    bandwidthSun: frozen('BANDWIDTH'),
    lentEnergySun: BigInt(acc.account_resource?.delegated_frozenV2_balance_for_energy ?? 0),
    unstaking: (acc.unfrozenV2 ?? []).map((u) => ({
      resource: u.type === 'ENERGY' ? 'ENERGY' : 'BANDWIDTH',
      amountSun: BigInt(u.unfreeze_amount ?? 0),
      withdrawableAt: u.unfreeze_expire_time ?? 0,
    })),
  };
}

/** An account's stake, read from the node (getaccount). */
export async function readStake(tronWeb: TronWeb, address: string): Promise<Stake> {
  const acc = await tronWeb.fullNode.request<StakeJson>('wallet/getaccount', { address, visible: true }, 'post');
  return stakeOf(acc);
}

/**
 * The energy a contract's origin gives one call that uses `energy` (ReceiptCapsule.payEnergyBill with
 * the origin's energy not running out): (100 − userPaysPercent) % of it, capped by originEnergyLimit.
 */
export function originShare(terms: Pick<ContractTerms, 'userPaysPercent' | 'originEnergyLimit'>, energy: number) {
  const bill = payEnergyBill(
    {
      origin: 'other',
      consumeUserResourcePercent: terms.userPaysPercent,
      originEnergyLimit: terms.originEnergyLimit,
      originLeftEnergy: Number.MAX_SAFE_INTEGER,
      callerLeftEnergy: 0,
    },
    energy,
    1n,
  );
  return bill.originEnergyUsage;
}

/** The pool's energy a typical router trade takes (TYPICAL_TRADE_ENERGY, which errs high). */
export const poolEnergyPerTrade = (terms: Pick<ContractTerms, 'userPaysPercent' | 'originEnergyLimit'>, venue: Venue) =>
  originShare(terms, TYPICAL_TRADE_ENERGY[venue]);

/** Whole trades of `perTrade` energy that `energy` covers (0 when a trade takes none of it). */
export const tradesCovered = (energy: number, perTrade: number): number =>
  perTrade > 0 ? Math.floor(Math.max(energy, 0) / perTrade) : 0;

/** Router trades of the last 24 hours, by venue. */
export interface DayOfTrades {
  curve: number;
  dex: number;
}

/** The pool's energy an hour at the last day's pace: the day's trades × the pool's energy each ÷ 24, rounded up. */
export function energyPerHour(
  day: DayOfTrades,
  terms: Pick<ContractTerms, 'userPaysPercent' | 'originEnergyLimit'>,
): number {
  const perDay = day.curve * poolEnergyPerTrade(terms, 'curve') + day.dex * poolEnergyPerTrade(terms, 'dex');
  return Math.ceil(perDay / 24);
}

/** The pool runs low: the last day's trades drew from it and what is left would not last them an hour. */
export const poolLow = (energyLeft: number, perHour: number): boolean => perHour > 0 && energyLeft < perHour;

/** A family's pool: its router's terms and its origin's energy. */
export interface EnergyPool {
  family: FamilyName;
  router: string;
  /** the router's origin, whose stake pays; undefined when the node shows none (no contract there) */
  origin: string | undefined;
  /** the origin's stake; undefined when not read, or the node did not answer it */
  stake: Stake | undefined;
  /** the origin's energy a day (from its stake and what it was lent) */
  energyLimit: number;
  /** what it has left now (its use recovers over 24 hours) */
  energyLeft: number;
  /** consume_user_resource_percent: the share of a trade's energy its user pays (100 when no origin) */
  userPaysPercent: number;
  /** origin_energy_limit: the most energy the origin gives one call (0: java-tron's default) */
  originEnergyLimit: number;
  /** the pool's energy a typical curve trade takes */
  energyPerTrade: number;
  /** trades take energy from the pool now: its users pay less than 100 % and it has energy left */
  sponsored: boolean;
  /** typical curve trades the energy left covers */
  tradesLeft: number;
  /** typical curve trades the energy a day sustains */
  tradesADay: number;
}

/**
 * The state of a family's pool at the head. `stake: false` leaves out the getaccount read (the
 * metrics' gauge needs only the energy); a stake the node does not answer is left out, not an error.
 */
export async function readEnergyPool(
  chain: ChainGateway,
  family: Family,
  opts: { stake?: boolean } = {},
): Promise<EnergyPool> {
  const terms = await chain.contractTerms(family.router);
  if (!terms) {
    // no contract there (or it has no origin): nobody pays its callers' energy
    const terms0 = { userPaysPercent: 100, originEnergyLimit: 0, energyPerTrade: 0, sponsored: false };
    const none = { origin: undefined, stake: undefined, energyLimit: 0, energyLeft: 0, tradesLeft: 0, tradesADay: 0 };
    return { family: family.family, router: family.router, ...none, ...terms0 };
  }
  const [left, stake] = await Promise.all([
    chain.resourcesLeft(terms.origin),
    opts.stake === false ? undefined : readStake(chain.tronWeb, terms.origin).catch(() => undefined),
  ]);
  const perTrade = poolEnergyPerTrade(terms, 'curve');
  return {
    family: family.family,
    router: family.router,
    origin: terms.origin,
    stake,
    energyLimit: left.energyLimit,
    energyLeft: left.energy,
    userPaysPercent: terms.userPaysPercent,
    originEnergyLimit: terms.originEnergyLimit,
    energyPerTrade: perTrade,
    sponsored: perTrade > 0 && left.energy > 0,
    tradesLeft: tradesCovered(left.energy, perTrade),
    tradesADay: tradesCovered(left.energyLimit, perTrade),
  };
}

/** A wallet's own resources: energy and staked bandwidth from its stake, and the day's free bandwidth. */
export interface WalletResources {
  energyLeft: number;
  energyLimit: number;
  /** staked (and lent) bandwidth left and a day, in bytes */
  netLeft: number;
  netLimit: number;
  /** free bandwidth left and a day (600 bytes on mainnet since 2024) */
  freeNetLeft: number;
  freeNetLimit: number;
  stake: Stake;
}

/** A wallet's energy and bandwidth at the head (getaccountresource, getaccount). */
export async function readWalletResources(chain: ChainGateway, address: string): Promise<WalletResources> {
  const [r, stake] = await Promise.all([
    chain.tronWeb.fullNode.request<Record<string, number | undefined>>(
      'wallet/getaccountresource',
      { address, visible: true },
      'post',
    ),
    readStake(chain.tronWeb, address),
  ]);
  const n = (k: string) => Number(r[k] ?? 0);
  const left = (limit: string, used: string) => Math.max(n(limit) - n(used), 0);
  return {
    energyLeft: left('EnergyLimit', 'EnergyUsed'),
    energyLimit: n('EnergyLimit'),
    netLeft: left('NetLimit', 'NetUsed'),
    netLimit: n('NetLimit'),
    freeNetLeft: left('freeNetLimit', 'freeNetUsed'),
    freeNetLimit: n('freeNetLimit'),
    stake,
  };
}

/** What the trading side reads of energy for its front ends: the families' pools and a wallet's resources. */
export function energyReads(chains: Chains) {
  return {
    /** Each family's pool, read on its own network. */
    pools: (): Promise<EnergyPool[]> =>
      Promise.all(chains.families.map((f) => readEnergyPool(chains.of(f), f, { stake: false }))),
    /** A wallet's energy and bandwidth on a family's network (the first network's when none is named). */
    wallet: (address: string, family?: FamilyName): Promise<WalletResources> =>
      readWalletResources(family ? chains.of(family) : chains.first, address),
  };
}

export type EnergyReads = ReturnType<typeof energyReads>;
