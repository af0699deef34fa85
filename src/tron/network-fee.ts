// What a trade costs its caller in network fees, as java-tron will bill it (src/tron/resources.ts has
// the rules): the call's energy estimated on the node, the share its contract's origin pays from its
// staked energy (a sponsored router), what the wallet's own energy covers, and TRX burnt for the rest;
// then the transaction's bytes from staked bandwidth, the free allowance, or burnt. The same figures
// set the transaction's fee_limit (the estimate with a margin, not a flat ceiling: enough for the
// whole call even if the pool runs dry before the block) and decide whether a wallet can pay for the
// trade at all. Used by the trade service (quotes, localTrade) and the
// trading side (the bot's card), each reading the node itself.
import { routerFunction } from './abi.js';
import { toHexAddress } from './address.js';
import { callData } from './tx.js';
import { fieldBytes, bandwidthBytes, payBandwidth, payEnergyBill, energyPrice, type CallParties } from './resources.js';

/** A contract's resource terms (getcontract): who deployed it and what share of a call's energy its caller pays. */
export interface ContractTerms {
  origin: string;
  /** consume_user_resource_percent (absent in java-tron's JSON when 0) */
  userPaysPercent: number;
  /** origin_energy_limit: the most energy the origin gives one call (0: java-tron's default) */
  originEnergyLimit: number;
}

/** What an account has left now, as getaccountresource answers (limits less recovered use). */
export interface ResourcesLeft {
  energy: number;
  energyLimit: number;
  /** staked (and lent) bandwidth left */
  net: number;
  /** the day's free bandwidth left */
  freeNet: number;
}

/** The chain's prices (getchainparameters): sun per energy unit and per byte burnt. */
export interface ChainPrices {
  energySun: bigint;
  byteSun: bigint;
}

/**
 * Where the energy pool (the router origin's staked energy) stands for a call: 'sponsored' pays the
 * origin's whole share, 'partial' part of it, 'empty' none of it; 'off' when the router is not
 * sponsored at all (its caller pays 100 %).
 */
export type PoolState = 'sponsored' | 'partial' | 'empty' | 'off';

export interface NetworkFee {
  /** the call's energy: the node's estimate ('node'), or a typical figure when it could not run the call */
  energy: number;
  estimatedBy: 'node' | 'typical';
  /** energy the router's origin pays (the operator's pool) */
  fromPool: number;
  /** energy the wallet's own stake (or energy lent to it) pays */
  fromWallet: number;
  /** energy paid by burning TRX, and those TRX (sun) */
  burntEnergy: number;
  energySun: bigint;
  /** the transaction's billed bytes, who pays them, and the TRX burnt for them (sun) */
  bytes: number;
  bandwidthFrom: 'staked' | 'free' | 'burn';
  bandwidthSun: bigint;
  /** what the user burns in all (sun): energySun + bandwidthSun */
  totalSun: bigint;
  /** the fee_limit the transaction carries: the call's whole energy with a margin, at the price */
  feeLimitSun: bigint;
  /** the most the trade can burn: the fee limit less what the wallet's energy covers, plus the bytes */
  maxSun: bigint;
  pool: PoolState;
  prices: ChainPrices;
  /** what it was worked from (to price the transaction's exact bytes once it is built) */
  inputs: FeeInputs;
}

/**
 * The margin put on the call's energy for the fee limit (basis points): the state can move between
 * the estimate and the block (another trade moves the curve, the first holder of a token pays for a
 * new balance slot).
 */
export const FEE_LIMIT_MARGIN_BPS = 2_000n;
/** A fee limit is never set below this (sun): 1 TRX. */
export const MIN_FEE_LIMIT_SUN = 1_000_000n;

/**
 * Bytes of a signed transaction whose raw data is `rawBytes` long, as BandwidthProcessor bills it: the
 * Transaction message (raw_data field and one 65-byte signature) and MAX_RESULT_SIZE_IN_TX.
 */
export const billedBytes = (rawBytes: number): number => bandwidthBytes(fieldBytes(rawBytes) + fieldBytes(65));

export interface FeeInputs {
  energy: number;
  estimatedBy: 'node' | 'typical';
  /** the called contract's terms; undefined for a contract without an origin (the caller pays all) */
  contract: ContractTerms | undefined;
  caller: string;
  callerLeft: ResourcesLeft;
  /** the origin's resources, when the contract has an origin other than the caller */
  originLeft: ResourcesLeft | undefined;
  prices: ChainPrices;
  /** the transaction's raw data length in bytes */
  rawBytes: number;
  /** TRX (sun) the caller adds to the fee limit (a priority fee) */
  extraSun?: bigint;
  /** the most the fee limit may be (sun), before the extra */
  capSun: bigint;
}

/** The network fee of one call, from the estimate and the parties' resources (no reads here). */
export function networkFeeOf(i: FeeInputs): NetworkFee {
  const price = energyPrice(i.prices.energySun);
  const origin = i.contract?.origin;
  const parties: CallParties = {
    origin: !origin ? 'none' : toHexAddress(origin) === toHexAddress(i.caller) ? 'self' : 'other',
    consumeUserResourcePercent: i.contract?.userPaysPercent ?? 100,
    originEnergyLimit: i.contract?.originEnergyLimit ?? 0,
    originLeftEnergy: i.originLeft?.energy ?? 0,
    callerLeftEnergy: i.callerLeft.energy,
  };
  const bill = payEnergyBill(parties, i.energy, price);
  const callerPart = i.energy - bill.originEnergyUsage;
  // the fee limit covers the whole call, not only the caller's share: should the pool run dry (or the
  // router's terms change) before the block, the trade still goes through, at a cost the card showed
  const margin = (BigInt(i.energy) * FEE_LIMIT_MARGIN_BPS + 9_999n) / 10_000n;
  let feeLimitSun = (BigInt(i.energy) + margin) * price;
  if (feeLimitSun < MIN_FEE_LIMIT_SUN) feeLimitSun = MIN_FEE_LIMIT_SUN;
  if (feeLimitSun > i.capSun) feeLimitSun = i.capSun;
  feeLimitSun += i.extraSun ?? 0n;
  const bytes = billedBytes(i.rawBytes);
  const band = payBandwidth(bytes, i.callerLeft.net, i.callerLeft.freeNet, i.prices.byteSun);
  const coveredSun = BigInt(i.callerLeft.energy) * price;
  const burnCap = feeLimitSun > coveredSun ? feeLimitSun - coveredSun : 0n;
  const share = parties.origin === 'other' ? (BigInt(i.energy) * BigInt(100 - clampPercent(parties))) / 100n : 0n;
  const pool: PoolState =
    parties.origin !== 'other' || share === 0n
      ? 'off'
      : BigInt(bill.originEnergyUsage) >= share
        ? 'sponsored'
        : bill.originEnergyUsage > 0
          ? 'partial'
          : 'empty';
  return {
    energy: i.energy,
    estimatedBy: i.estimatedBy,
    fromPool: bill.originEnergyUsage,
    fromWallet: bill.energyUsage,
    burntEnergy: callerPart - bill.energyUsage,
    energySun: bill.energyFeeSun,
    bytes,
    bandwidthFrom: band.source,
    bandwidthSun: band.netFeeSun,
    totalSun: bill.energyFeeSun + band.netFeeSun,
    feeLimitSun,
    maxSun: burnCap + band.netFeeSun,
    pool,
    prices: { energySun: price, byteSun: i.prices.byteSun },
    inputs: i,
  };
}

const clampPercent = (p: CallParties) => Math.max(0, Math.min(100, p.consumeUserResourcePercent));

/**
 * Energy of a router trade when the node cannot run the call first (a quote without a wallet, a sell
 * not yet approved, a buy the wallet cannot pay): FeeRouterV2's measured figures on the devnet for a
 * first buy (a new balance slot), rounded up, so the figure errs high.
 */
export const TYPICAL_TRADE_ENERGY = { curve: 100_000, dex: 110_000 } as const;
/** Energy of a TRC20 approve when the node cannot run it first: a new allowance slot, rounded up. */
export const TYPICAL_APPROVE_ENERGY = 30_000;

/** The same fee for the transaction as built: its bytes counted exactly (the fee limit is unchanged). */
export const withRawBytes = (f: NetworkFee, rawBytes: number): NetworkFee => networkFeeOf({ ...f.inputs, rawBytes });

/** The same fee with `energy` more of the caller's own (lent to the wallet for the trade). */
export const withLentEnergy = (f: NetworkFee, energy: number): NetworkFee =>
  networkFeeOf({ ...f.inputs, callerLeft: { ...f.inputs.callerLeft, energy: f.inputs.callerLeft.energy + energy } });

/** The fee in words for people: "0 TRX (sponsored)" and the like are made by the callers. */
export function describeNetworkFee(f: NetworkFee, trx: (sun: bigint) => number) {
  return {
    /** TRX the user burns (energy and bandwidth) */
    total: trx(f.totalSun),
    /** the most it can burn (the fee limit less the wallet's energy, and the bytes) */
    max: trx(f.maxSun),
    energy: f.energy,
    estimatedBy: f.estimatedBy,
    energyFromPool: f.fromPool,
    energyFromWallet: f.fromWallet,
    energyBurnt: f.burntEnergy,
    bandwidthBytes: f.bytes,
    bandwidthFrom: f.bandwidthFrom,
    pool: f.pool,
    exact: {
      totalSun: f.totalSun.toString(),
      energySun: f.energySun.toString(),
      bandwidthSun: f.bandwidthSun.toString(),
      maxSun: f.maxSun.toString(),
      feeLimitSun: f.feeLimitSun.toString(),
      energyPriceSun: f.prices.energySun.toString(),
      bytePriceSun: f.prices.byteSun.toString(),
    },
  };
}

/** A router trade as a call: the method, its arguments and the TRX it sends. */
export interface RouterCall {
  method: string;
  args: Array<{ type: string; value: string }>;
  callValue: bigint;
}

/**
 * The router method of a trade and its arguments: (token, [tokens in, sells], min out, fee bps,
 * deadline); a buy sends its TRX as the call's value.
 */
export function routerCall(t: {
  side: 'buy' | 'sell';
  venue: 'curve' | 'dex';
  token: string;
  amountIn: bigint;
  minOut: bigint;
  feeBps: bigint | number;
  deadline: bigint;
}): RouterCall {
  const uint = (v: bigint | number) => ({ type: 'uint256', value: String(v) });
  const args = [
    { type: 'address', value: t.token },
    ...(t.side === 'sell' ? [uint(t.amountIn)] : []),
    uint(t.minOut),
    uint(t.feeBps),
    uint(t.deadline),
  ];
  const name = routerFunction(t.side, t.venue);
  return {
    method: `${name}(${args.map((a) => a.type).join(',')})`,
    args,
    callValue: t.side === 'buy' ? t.amountIn : 0n,
  };
}

/**
 * Raw data bytes of a TriggerSmartContract transaction with `dataBytes` of call data, as TronWeb and
 * java-tron build it (reference block, expiration, timestamp, a fee limit of up to 2^28 sun, the
 * contract with owner, contract address and call value): for bandwidth before the transaction exists.
 */
export const triggerRawBytes = (dataBytes: number): number => 150 + dataBytes;

const NO_RESOURCES: ResourcesLeft = { energy: 0, energyLimit: 0, net: 0, freeNet: 0 };

/** What reads the node for a fee estimate (ChainGateway has them). */
export interface FeeReads {
  /** `shape`: calls of one shape use the same energy; an estimate of it may be reused a short while */
  estimateEnergy(
    owner: string,
    contract: string,
    data: string,
    callValue: bigint,
    shape?: string,
  ): Promise<number | undefined>;
  contractTerms(contract: string): Promise<ContractTerms | undefined>;
  resourcesLeft(address: string): Promise<ResourcesLeft>;
  prices(): Promise<ChainPrices>;
}

/**
 * The network fee of a contract call, read from the node: the call run there as `owner` for its energy
 * (`typicalEnergy` when it cannot run, or without an owner: then the wallet is taken to have no
 * energy or bandwidth of its own), the contract's terms, both parties' resources and the prices.
 */
export async function estimateCallFee(
  reads: FeeReads,
  c: {
    owner: string | undefined;
    contract: string;
    data: string;
    callValue: bigint;
    typicalEnergy: number;
    capSun: bigint;
    extraSun?: bigint;
    /** the built transaction's raw bytes, when it exists */
    rawBytes?: number;
    /** what makes the call's energy what it is (TradeShape's key): an estimate of the same shape is reused */
    shape?: string;
  },
): Promise<NetworkFee> {
  const [estimated, contract, callerLeft, prices] = await Promise.all([
    c.owner
      ? reads.estimateEnergy(c.owner, c.contract, c.data, c.callValue, c.shape).catch(() => undefined)
      : undefined,
    reads.contractTerms(c.contract),
    c.owner ? reads.resourcesLeft(c.owner) : NO_RESOURCES,
    reads.prices(),
  ]);
  const other = contract && (!c.owner || toHexAddress(contract.origin) !== toHexAddress(c.owner));
  const originLeft = other ? await reads.resourcesLeft(contract.origin) : undefined;
  return networkFeeOf({
    energy: estimated ?? c.typicalEnergy,
    estimatedBy: estimated === undefined ? 'typical' : 'node',
    contract,
    caller: c.owner ?? '410000000000000000000000000000000000000000',
    callerLeft,
    originLeft,
    prices,
    rawBytes: c.rawBytes ?? triggerRawBytes(c.data.length / 2),
    extraSun: c.extraSun ?? 0n,
    capSun: c.capSun,
  });
}

/**
 * What makes a router trade's energy what it is, beyond its method and token: whether it fills the
 * curve, takes a router fee, and what it does to the wallet's balance slot of the token (a buy into an
 * empty one writes a new slot; a sell of all of it clears one). Two trades of one shape run the same
 * code over the same kinds of storage writes, so they use the same energy.
 */
export interface TradeShape {
  fills: boolean;
  /** the wallet's token balance before the trade */
  holding: bigint;
  amountIn: bigint;
}

const shapeKey = (t: { router: string; venue: string; call: RouterCall }, s: TradeShape): string => {
  const [token, ...rest] = t.call.args;
  const feeBps = rest.at(-2)?.value ?? '0';
  const side = t.call.callValue > 0n ? 'buy' : 'sell';
  const slot = s.holding === 0n ? 'new' : side === 'sell' && s.amountIn >= s.holding ? 'emptied' : 'kept';
  return [t.router, t.call.method, token?.value, feeBps === '0' ? 'nofee' : 'fee', s.fills ? 'fills' : '', slot].join(
    '|',
  );
};

/** The network fee of a router trade (estimateCallFee with the trade's call and typical energy). */
export function estimateTradeFee(
  reads: FeeReads,
  t: {
    owner: string | undefined;
    router: string;
    venue: 'curve' | 'dex';
    call: RouterCall;
    capSun: bigint;
    extraSun?: bigint;
    /** the trade's shape, when known: an estimate of the same shape is reused a short while */
    shape?: TradeShape | undefined;
  },
): Promise<NetworkFee> {
  return estimateCallFee(reads, {
    ...(t.shape ? { shape: shapeKey(t, t.shape) } : {}),
    owner: t.owner,
    contract: t.router,
    data: callData(t.call.method, t.call.args),
    callValue: t.call.callValue,
    typicalEnergy: TYPICAL_TRADE_ENERGY[t.venue],
    capSun: t.capSun,
    ...(t.extraSun !== undefined ? { extraSun: t.extraSun } : {}),
  });
}
