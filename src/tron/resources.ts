// Tron's resource arithmetic (energy, bandwidth, Stake 2.0) as java-tron computes it, to the unit: the
// devnet charges with these functions, so its receipts match mainnet's for the same state. Each function
// names the java-tron class and method it mirrors (java-tron master of 2025, with the Stake 2.0 and
// cancel-all-unfreeze proposals on, as on mainnet).
//
// Sun amounts are bigint. Energy, bandwidth and slots are `number` where java-tron has `long`: they stay
// far below 2^53. Products that can pass 2^53 (usage × PRECISION) are worked in bigint, and every
// `double` step is done with JS numbers, which are the same IEEE doubles: a long turned into a double
// rounds to nearest (Number(bigint) does too), and a `(long)` cast truncates (javaLong below).

/** Slots in java-tron's resource window: 24 h of 3-s blocks (WINDOW_SIZE_MS / BLOCK_PRODUCED_INTERVAL). */
export const WINDOW_SLOTS = 28_800;
/** Fixed-point scale of the usage averages (ChainConstant.PRECISION). */
export const PRECISION = 1_000_000;
/** One TRX in sun (TRX_PRECISION). */
export const TRX = 1_000_000n;
/** An account's window is kept in thousandths of a slot (WINDOW_SIZE_PRECISION). */
export const WINDOW_SIZE_PRECISION = 1_000;
/** The account window a fresh or fully recovered account has, in thousandths of a slot. */
export const FULL_WINDOW_V2 = WINDOW_SLOTS * WINDOW_SIZE_PRECISION;
/** Block interval (ms) slots are counted in (BLOCK_PRODUCED_INTERVAL). */
export const SLOT_MS = 3_000;
/** Bytes every contract of a transaction is billed for its result (Constant.MAX_RESULT_SIZE_IN_TX). */
export const MAX_RESULT_SIZE_IN_TX = 64;
/** Energy price (sun) when the chain's getEnergyFee is 0 (Constant.SUN_PER_ENERGY). */
export const SUN_PER_ENERGY = 100n;
/** What an origin_energy_limit of 0 stands for (Constant.CREATOR_DEFAULT_ENERGY_LIMIT). */
export const CREATOR_DEFAULT_ENERGY_LIMIT = 10_000_000;

/** A network total as java-tron keeps it (a long); the devnet's store holds them as bigint. */
export type Weight = bigint | number;

const P = BigInt(PRECISION);
const W = BigInt(WINDOW_SLOTS);
const big = (n: number): bigint => BigInt(n);
const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const maxB = (a: bigint, b: bigint): bigint => (a > b ? a : b);
/** ResourceProcessor.divideCeil: truncating division, plus one when the remainder is positive. */
const divideCeil = (a: bigint, b: bigint): bigint => a / b + (a % b > 0n ? 1n : 0n);

/** Java's `(long) x` for a double: toward zero, NaN to 0, clamped to the long range. */
export function javaLong(x: number): bigint {
  if (Number.isNaN(x)) return 0n;
  const max = (1n << 63n) - 1n;
  if (x >= 2 ** 63) return max;
  if (x <= -(2 ** 63)) return -max - 1n;
  return BigInt(Math.trunc(x));
}

/**
 * The slot a block time falls in (EnergyProcessor.getHeadSlot, ChainBaseManager.getHeadSlot). java-tron
 * reads the latest block header's time, which is updated after a block's transactions run: a
 * transaction is charged at the slot of the block before its own.
 */
export const slotOf = (timestampMs: number, genesisTimestampMs: number): number =>
  Math.trunc((timestampMs - genesisTimestampMs) / SLOT_MS);

/** The decayed average: Math.round(average × (window − delta) / window), in doubles as java-tron. */
function decay(average: bigint, lastSlot: number, nowSlot: number, window: number): bigint {
  if (lastSlot === nowSlot) return average;
  if (lastSlot + window <= nowSlot) return 0n;
  const factor = (window - (nowSlot - lastSlot)) / window;
  return BigInt(Math.round(Number(average) * factor)); // JS and Java round halves up alike
}

/**
 * Usage after `usage` more is added at `nowSlot` to `lastUsage` recorded at `lastSlot`, with a fixed
 * window (ResourceProcessor.increase(lastUsage, usage, lastTime, now, windowSize)). The old usage
 * decays linearly to nothing over the window, through a rounded fixed-point average, so small usages
 * vanish early. java-tron uses this form for free bandwidth, the network's averages and reads of an
 * account's left energy (with that account's window); staked usage is stored by increaseAccount.
 */
export function increase(
  lastUsage: number,
  usage: number,
  lastSlot: number,
  nowSlot: number,
  windowSlots = WINDOW_SLOTS,
): number {
  const window = big(windowSlots);
  const average = decay(divideCeil(big(lastUsage) * P, window), lastSlot, nowSlot, windowSlots);
  return Number(((average + divideCeil(big(usage) * P, window)) * window) / P);
}

/** Usage left at `nowSlot` of `lastUsage` recorded at `lastSlot` (increase with nothing added). */
export const recovered = (lastUsage: number, lastSlot: number, nowSlot: number, windowSlots = WINDOW_SLOTS): number =>
  increase(lastUsage, 0, lastSlot, nowSlot, windowSlots);

/** An account's staked energy or bandwidth use: usage, the slot it was stamped, its window. */
export interface ResourceState {
  usage: number;
  lastSlot: number;
  /** The account's window in thousandths of a slot (AccountCapsule.getWindowSizeV2); 0: never set, a day. */
  windowV2: number;
}

/** The stored window as getWindowSizeV2 reads it: 0 (never set) is a full day. */
const windowV2Of = (stored: number): number => (stored === 0 ? FULL_WINDOW_V2 : stored);

/** The window in slots an account's usage decays over (AccountCapsule.getWindowSize, optimized form). */
export const windowSlotsOf = (windowV2: number): number =>
  windowV2 < WINDOW_SIZE_PRECISION ? WINDOW_SLOTS : Math.trunc(windowV2 / WINDOW_SIZE_PRECISION);

/**
 * Staked usage after `usage` more at `nowSlot` (ResourceProcessor.increaseV2, which EnergyProcessor.useEnergy
 * and BandwidthProcessor.useAccountNet store). The old usage decays over the account's own window; the
 * new window is the usage-weighted blend of what is left of the old one and a full day, so an account
 * that uses more before its last use recovered sees the sum recover in less than a day. With nothing left
 * the window is a full day again. java-tron stamps `nowSlot` whenever it stores the result. A successful
 * contract call first stores the recovered state (TransactionTrace.resetAccountUsage), so its energy goes
 * in as increaseAccount(recoveredAccount(state, now), used, now); a failed call's as increaseAccount(state,
 * used, now). The two can differ by a unit of rounding.
 */
export function increaseAccount(state: ResourceState, usage: number, nowSlot: number): ResourceState {
  const oldWindow = windowSlotsOf(state.windowV2);
  const window = big(oldWindow);
  const average = decay(divideCeil(big(state.usage) * P, window), state.lastSlot, nowSlot, oldWindow);
  const added = divideCeil(big(usage) * P, W);
  const newUsage = (average * window + added * W) / P;
  const remain = (average * window) / P;
  if (remain === 0n) return { usage: Number(newUsage), lastSlot: nowSlot, windowV2: FULL_WINDOW_V2 };
  const remainWindow = big(windowV2Of(state.windowV2) - (nowSlot - state.lastSlot) * WINDOW_SIZE_PRECISION);
  const blended = divideCeil(remain * remainWindow + big(usage) * big(FULL_WINDOW_V2), newUsage);
  return { usage: Number(newUsage), lastSlot: nowSlot, windowV2: Number(minB(blended, big(FULL_WINDOW_V2))) };
}

/** An account's usage and window after recovery alone (EnergyProcessor.updateUsage and its like). */
export const recoveredAccount = (state: ResourceState, nowSlot: number): ResourceState =>
  increaseAccount(state, 0, nowSlot);

/** limit × staked TRX ÷ total weight, in doubles and cast as java-tron; 0 when nobody stakes. */
function shareOf(stakedSun: bigint, totalLimit: number, totalWeightTrx: Weight): number {
  const weight = Number(totalWeightTrx);
  if (weight === 0) return 0;
  return Number(javaLong((Number(stakedSun) / Number(TRX)) * (totalLimit / weight)));
}

/**
 * An account's daily energy (EnergyProcessor.calculateGlobalEnergyLimitV2). `stakedForEnergySun` is
 * everything staked for it: own stake not delegated out plus stake delegated in (Stake 1.0 too). Since
 * Stake 2.0 fractions of a TRX count: there is no 1-TRX floor.
 */
export const energyLimit = (
  stakedForEnergySun: bigint,
  totalEnergyCurrentLimit: number,
  totalEnergyWeightTrx: Weight,
): number => shareOf(stakedForEnergySun, totalEnergyCurrentLimit, totalEnergyWeightTrx);

/** An account's daily staked bandwidth (BandwidthProcessor.calculateGlobalNetLimitV2), as energyLimit. */
export const netLimit = (stakedForBandwidthSun: bigint, totalNetLimit: number, totalNetWeightTrx: Weight): number =>
  shareOf(stakedForBandwidthSun, totalNetLimit, totalNetWeightTrx);

/**
 * Energy (or staked bandwidth) an account has left (EnergyProcessor.getAccountLeftEnergyFromFreeze):
 * its limit less its recovered usage, never below 0. Pass the account's window (windowSlotsOf).
 */
export function leftEnergy(
  limit: number,
  usage: number,
  lastSlot: number,
  nowSlot: number,
  windowSlots = WINDOW_SLOTS,
): number {
  return Math.max(limit - recovered(usage, lastSlot, nowSlot, windowSlots), 0);
}

/** A stake's weight in the network totals: whole TRX, rounded down (FreezeBalanceV2Actuator). */
export const weightOf = (sun: bigint): bigint => sun / TRX;

/** The energy price: the chain's getEnergyFee, or SUN_PER_ENERGY when that is 0 (ReceiptCapsule). */
export const energyPrice = (energyFeeSun: bigint): bigint => (energyFeeSun > 0n ? energyFeeSun : SUN_PER_ENERGY);

/** Who pays a contract call's energy: the contract's terms and both parties' left energy at its start. */
export interface CallParties {
  /** 'other' when the contract's origin is another account, 'self' when it is the caller, 'none' when gone. */
  origin: 'other' | 'self' | 'none';
  /** consume_user_resource_percent as stored: the share the caller pays (clamped to 0..100). */
  consumeUserResourcePercent: number;
  /** origin_energy_limit as stored: 0 stands for CREATOR_DEFAULT_ENERGY_LIMIT. */
  originEnergyLimit: number;
  /** The origin's left energy (leftEnergy) when the call starts. */
  originLeftEnergy: number;
  /** The caller's left energy when the call starts. */
  callerLeftEnergy: number;
}

/** ContractCapsule.getConsumeUserResourcePercent: the stored percent clamped to 0..100. */
const userPercent = (p: CallParties): bigint => maxB(0n, minB(big(p.consumeUserResourcePercent), 100n));

/** ContractCapsule.getOriginEnergyLimit: 0 means the default; a negative one fails the call. */
function originCap(p: CallParties): bigint {
  if (p.originEnergyLimit < 0) throw new RangeError("originEnergyLimit can't be < 0");
  return p.originEnergyLimit === 0 ? big(CREATOR_DEFAULT_ENERGY_LIMIT) : big(p.originEnergyLimit);
}

/**
 * The most energy the caller's side can give a call (VMActuator.getAccountEnergyLimitWithFixRatio): its
 * left energy plus what its balance less the call value buys, capped by what the fee limit buys. The
 * cap counts staked energy too: a call never gets more than feeLimit ÷ price energy from the caller.
 */
export function callerEnergyLimit(
  callerLeftEnergy: number,
  balanceSun: bigint,
  callValueSun: bigint,
  feeLimitSun: bigint,
  priceSun: bigint,
): number {
  const fromBalance = maxB(balanceSun - callValueSun, 0n) / priceSun;
  return Number(minB(big(callerLeftEnergy) + fromBalance, feeLimitSun / priceSun));
}

/** A call's energy limit and the part of it the origin backs. */
export interface CallEnergyLimit {
  caller: number;
  origin: number;
  total: number;
}

/**
 * The energy limit a contract call starts with (VMActuator.getTotalEnergyLimitWithFixRatio): the
 * caller's (callerEnergyLimit) plus the origin's backing. The origin backs nothing when the caller pays
 * 100 %, when it is the caller or when it is gone; at 0 % it backs min(its left energy, its limit);
 * otherwise also at most caller × (100 − percent) ÷ percent, rounded down.
 */
export function callEnergyLimit(p: CallParties, callerLimit: number): CallEnergyLimit {
  const percent = userPercent(p);
  let origin = 0n;
  if (p.origin === 'other') {
    const cap = originCap(p); // checked even at 100 %
    if (percent < 100n) origin = minB(big(p.originLeftEnergy), cap);
    if (percent > 0n && percent < 100n) origin = minB((big(callerLimit) * (100n - percent)) / percent, origin);
  }
  return { caller: callerLimit, origin: Number(origin), total: callerLimit + Number(origin) };
}

/** A call's energy bill, named after the receipt's fields. */
export interface EnergyBill {
  /** energy_usage_total: what the call used. */
  energyUsageTotal: number;
  /** origin_energy_usage: taken from the origin's staked energy. */
  originEnergyUsage: number;
  /** energy_usage: taken from the caller's staked energy. */
  energyUsage: number;
  /** energy_fee: TRX (sun) the caller burns for the rest. */
  energyFeeSun: bigint;
}

/**
 * Splits the energy a call used (ReceiptCapsule.payEnergyBill, with the percent TransactionTrace.pay
 * passes). The origin pays used × (100 − percent) ÷ 100, rounded down, capped by its left energy and
 * origin_energy_limit; the caller pays the rest from its left energy and burns price × the remainder.
 * The fee limit is not checked here: it bounds `used` through the call's energy limit (callEnergyLimit),
 * and a call that fails other than by REVERT uses all of that limit.
 */
export function payEnergyBill(p: CallParties, used: number, priceSun: bigint): EnergyBill {
  let origin = 0n;
  if (p.origin === 'other') {
    const share = (big(used) * (100n - userPercent(p))) / 100n;
    origin = minB(share, minB(big(p.originLeftEnergy), originCap(p)));
  }
  const callerPart = big(used) - origin;
  const fromStake = minB(big(p.callerLeftEnergy), callerPart);
  return {
    energyUsageTotal: used,
    originEnergyUsage: Number(origin),
    energyUsage: Number(fromStake),
    energyFeeSun: (callerPart - fromStake) * priceSun,
  };
}

/** Bytes a length-delimited protobuf field of `len` bytes takes: its tag, its length as a varint, its bytes. */
export function fieldBytes(len: number): number {
  let varint = 1;
  for (let n = len; n >= 0x80; n = Math.floor(n / 0x80)) varint++;
  return 1 + varint + len;
}

/**
 * Bytes a transaction is billed (BandwidthProcessor.consume): its serialized size with the result (ret)
 * cleared, signatures included, plus MAX_RESULT_SIZE_IN_TX for its contract.
 */
export const bandwidthBytes = (serializedSizeWithoutRet: number): number =>
  serializedSizeWithoutRet + MAX_RESULT_SIZE_IN_TX;

/** Which source pays a transaction's bandwidth, and the TRX (sun) burnt when neither does. */
export interface BandwidthBill {
  source: 'staked' | 'free' | 'burn';
  /** net_usage on the receipt: the bytes taken from staked or free bandwidth. */
  netUsage: number;
  /** net_fee on the receipt. */
  netFeeSun: bigint;
}

/**
 * Pays a transaction's bytes (BandwidthProcessor.consume, useAccountNet, useFreeNet, useTransactionFee):
 * staked bandwidth if it covers all the bytes, else the free allowance if it covers them all (and the
 * network's public pool too), else every byte is burnt at `pricePerByteSun` (getTransactionFee). Sources
 * are never mixed. The lefts are limit less recovered usage (free: FreeNetLimit less free usage, fixed
 * window). Transactions that create an account are billed otherwise (consumeForCreateNewAccount).
 */
export function payBandwidth(
  bytes: number,
  stakedLeft: number,
  freeLeft: number,
  pricePerByteSun: bigint,
  publicLeft = Number.POSITIVE_INFINITY,
): BandwidthBill {
  if (bytes <= stakedLeft) return { source: 'staked', netUsage: bytes, netFeeSun: 0n };
  if (bytes <= freeLeft && bytes <= publicLeft) return { source: 'free', netUsage: bytes, netFeeSun: 0n };
  return { source: 'burn', netUsage: 0, netFeeSun: big(bytes) * pricePerByteSun };
}

/** What an account has staked for energy, split as the delegation checks need it (all sun). */
export interface EnergyStake {
  /** Its own Stake 2.0 energy stake, less what it delegated out (getFrozenV2BalanceForEnergy). */
  ownV2Sun: bigint;
  /** Stake 1.0 energy stake (getEnergyFrozenBalance). */
  v1Sun?: bigint;
  /** Stake 1.0 energy delegated to it. */
  acquiredV1Sun?: bigint;
  /** Stake 2.0 energy delegated to it. */
  acquiredV2Sun?: bigint;
  /** Its energy usage, recovered to now (recoveredAccount). */
  usage: number;
}

/**
 * Sun of own Stake 2.0 that the account's usage takes up (DelegateResourceActuator.validate,
 * FreezeV2Util.getV2EnergyUsage): the usage turned into sun at the network's rate, less everything
 * else it stakes or receives (that is taken up first), never below 0.
 */
export function stakeInUse(s: EnergyStake, totalEnergyWeightTrx: Weight, totalEnergyCurrentLimit: number): bigint {
  const rate = Number(totalEnergyWeightTrx) / totalEnergyCurrentLimit;
  const usedSun = javaLong(Number(big(s.usage) * TRX) * rate);
  const other = (s.v1Sun ?? 0n) + (s.acquiredV1Sun ?? 0n) + (s.acquiredV2Sun ?? 0n);
  return maxB(0n, usedSun - other);
}

/**
 * What getcandelegatedmaxsize answers for energy, in sun (Wallet.calcCanDelegatedEnergyMaxSize and
 * getCanDelegatedMaxSize): own Stake 2.0 not taken up by usage, or 0 when that is under 1 TRX.
 * DelegateResource accepts any amount from 1 TRX up to the same figure.
 */
export function canDelegateMax(s: EnergyStake, totalEnergyWeightTrx: Weight, totalEnergyCurrentLimit: number): bigint {
  const free = maxB(0n, s.ownV2Sun - stakeInUse(s, totalEnergyWeightTrx, totalEnergyCurrentLimit));
  return free < TRX ? 0n : free;
}

/** The receiver's side of an UnDelegateResource of energy (all sun but usage). */
export interface UnDelegated {
  amountSun: bigint;
  /** The receiver's energy usage, recovered to now (recoveredAccount). */
  receiverUsage: number;
  /** Everything the receiver stakes for energy before the undelegation (getAllFrozenBalanceForEnergy). */
  receiverStakedSun: bigint;
  /** Stake 2.0 energy delegated to the receiver, from anyone. */
  receiverAcquiredV2Sun: bigint;
}

/**
 * Energy usage that moves from the receiver back to the owner (UnDelegateResourceActuator.execute): the
 * receiver's usage in proportion of the amount to all it stakes, at most the amount's energy at today's
 * rate; 0 when the receiver holds less than the amount (a re-created contract). The receiver keeps its
 * usage less this, stamped now.
 */
export function unDelegateTransfer(
  u: UnDelegated,
  totalEnergyCurrentLimit: number,
  totalEnergyWeightTrx: Weight,
): number {
  if (u.receiverAcquiredV2Sun < u.amountSun) return 0;
  const rate = totalEnergyCurrentLimit / Number(totalEnergyWeightTrx);
  const cap = javaLong((Number(u.amountSun) / Number(TRX)) * rate);
  const share = javaLong(u.receiverUsage * (Number(u.amountSun) / Number(u.receiverStakedSun)));
  return Number(minB(cap, share));
}

/**
 * The owner's usage after taking `transferUsage` back (ResourceProcessor.unDelegateIncreaseV2; only
 * when transferUsage > 0): its own recovered usage plus the transfer, and a window blended from both
 * sides' remaining windows. `receiverWindowV2` is the receiver's window after its recovery.
 */
export function ownerAfterUnDelegate(
  owner: ResourceState,
  transferUsage: number,
  receiverWindowV2: number,
  nowSlot: number,
): ResourceState {
  const own = recoveredAccount(owner, nowSlot);
  const usage = own.usage + transferUsage;
  if (usage === 0) return { usage: 0, lastSlot: nowSlot, windowV2: FULL_WINDOW_V2 };
  const ownWindow = big(Math.max(own.windowV2, 0));
  const area = big(own.usage) * ownWindow + big(transferUsage) * big(Math.max(windowV2Of(receiverWindowV2), 0));
  const windowV2 = Number(minB(divideCeil(area, big(usage)), big(FULL_WINDOW_V2)));
  return { usage, lastSlot: nowSlot, windowV2 };
}
