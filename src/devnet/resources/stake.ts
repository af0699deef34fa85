// Stake 2.0's transactions, as java-tron's actuators check and run them (FreezeBalanceV2Actuator,
// UnfreezeBalanceV2Actuator, WithdrawExpireUnfreezeActuator, CancelAllUnfreezeV2Actuator,
// DelegateResourceActuator, UnDelegateResourceActuator), with their refusals in java-tron's words.
// They cost bandwidth only; their receipts carry what they paid back (withdraw_expire_amount,
// cancel_unfreezeV2_amount) as java-tron's do.
import { toHexAddress, tryHexAddress } from '../../tron/address.js';
import { invalid, toBigIntField } from '../chain/admission.js';
import type { Admission, Execution, Outcome, TransactionType } from '../chain/transactions.js';
import type { Ledger } from '../ledger.js';
import {
  canDelegateMax,
  ownerAfterUnDelegate,
  recoveredAccount,
  slotOf,
  unDelegateTransfer,
  type ResourceState,
} from '../../tron/resources.js';
import {
  DAY_MS,
  DEFAULT_DELEGATE_LOCK_BLOCKS,
  MAX_DELEGATE_LOCK_BLOCKS,
  MAX_PENDING_UNFREEZES,
  NETWORK_TOTALS,
  SLOT_MS,
  TOTAL_ENERGY_LIMIT,
  TOTAL_NET_LIMIT,
} from './params.js';
import type { AccountResources, ResourceCode } from './store.js';

const TRX = 1_000_000n;

const valueOf = (a: Admission) => a.tx.raw_data.contract[0]!.parameter.value;

/** The resource a contract names; protobuf's default (absent) is BANDWIDTH. */
function resourceOf(v: Record<string, unknown>): ResourceCode | undefined {
  const r = v.resource ?? 'BANDWIDTH';
  return r === 'ENERGY' || r === 1 ? 'ENERGY' : r === 'BANDWIDTH' || r === 0 ? 'BANDWIDTH' : undefined;
}

function accountOf(a: Admission): void {
  if (!a.ledger.exists(a.owner)) throw invalid(`Account[${a.owner}] not exists`);
}

const frozen = (r: AccountResources, res: ResourceCode) => (res === 'ENERGY' ? r.frozenEnergy : r.frozenNet);

/** The owner can no longer pay the transaction's bandwidth: it is dropped from the block. */
const cannotPay = (e: Execution): boolean => e.ledger.balance(e.owner) < e.netFee;

/** A system contract's receipt: bandwidth paid, and what else the contract reports. */
export function receipt(e: Execution, extra: Record<string, unknown> = {}): Outcome {
  const balance = e.ledger.balance(e.owner);
  e.ledger.setBalance(e.owner, balance - e.netFee);
  return {
    status: 'SUCCESS',
    info: {
      id: e.txid,
      blockNumber: e.blockNumber,
      blockTimeStamp: e.timestamp,
      ...(e.netFee > 0n ? { fee: Number(e.netFee) } : {}),
      contractResult: [''],
      receipt: { net_fee: Number(e.netFee) },
      ...extra,
    },
  };
}

/** Pays out the unstakes that have expired by `now`; the sum (java-tron's unfreezeExpire). */
function withdrawExpired(ledger: Ledger, owner: string, now: number): bigint {
  let paid = 0n;
  for (const u of ledger.resources.unfreezes(owner)) {
    if (u.expireTime > now) continue;
    paid += u.amount;
    ledger.resources.deleteUnfreeze(u.id);
  }
  if (paid > 0n) ledger.setBalance(owner, ledger.balance(owner) + paid);
  return paid;
}

export const freezeBalanceV2: TransactionType = {
  validate(a) {
    const v = valueOf(a);
    accountOf(a);
    const amount = toBigIntField(v.frozen_balance ?? 0);
    if (amount === null || amount <= 0n) throw invalid('frozenBalance must be positive');
    if (amount < TRX) throw invalid('frozenBalance must be more than 1TRX');
    if (amount > a.ledger.balance(a.owner)) throw invalid('frozenBalance must be less than accountBalance');
    if (!resourceOf(v)) throw invalid('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
  },
  execute(e) {
    const v = valueOf(e);
    const amount = BigInt(String(v.frozen_balance));
    const resource = resourceOf(v)!;
    if (e.ledger.balance(e.owner) < amount + e.netFee) return undefined;
    const r = e.ledger.resources.of(e.owner);
    if (resource === 'ENERGY') r.frozenEnergy += amount;
    else r.frozenNet += amount;
    e.ledger.resources.save(r);
    e.ledger.setBalance(e.owner, e.ledger.balance(e.owner) - amount);
    return receipt(e);
  },
};

export const unfreezeBalanceV2: TransactionType = {
  validate(a) {
    const v = valueOf(a);
    accountOf(a);
    const resource = resourceOf(v);
    if (!resource) throw invalid('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
    const r = a.ledger.resources.of(a.owner);
    const staked = frozen(r, resource);
    if (staked <= 0n) throw invalid(`no frozenBalance(${resource === 'ENERGY' ? 'Energy' : 'BANDWIDTH'})`);
    const amount = toBigIntField(v.unfreeze_balance ?? 0);
    if (amount === null || amount <= 0n || amount > staked)
      throw invalid(`Invalid unfreeze_balance, [${amount ?? 0n}] is error`);
    const now = a.ledger.resources.headTime();
    const waiting = a.ledger.resources.unfreezes(a.owner).filter((u) => u.expireTime > now).length;
    if (waiting >= MAX_PENDING_UNFREEZES) throw invalid('Invalid unfreeze operation, unfreezing times is over limit');
  },
  execute(e) {
    if (cannotPay(e)) return undefined;
    const v = valueOf(e);
    const resource = resourceOf(v)!;
    const amount = BigInt(String(v.unfreeze_balance));
    const r = e.ledger.resources.of(e.owner);
    if (frozen(r, resource) < amount) return undefined;
    const paid = withdrawExpired(e.ledger, e.owner, e.headTime);
    if (resource === 'ENERGY') r.frozenEnergy -= amount;
    else r.frozenNet -= amount;
    e.ledger.resources.save(r);
    e.ledger.resources.addUnfreeze(
      e.owner,
      resource,
      amount,
      e.headTime + e.ledger.resources.unfreezeDelayDays * DAY_MS,
    );
    return receipt(e, paid > 0n ? { withdraw_expire_amount: Number(paid) } : {});
  },
};

export const withdrawExpireUnfreeze: TransactionType = {
  validate(a) {
    accountOf(a);
    const now = a.ledger.resources.headTime();
    if (!a.ledger.resources.unfreezes(a.owner).some((u) => u.expireTime <= now))
      throw invalid('no unFreeze balance to withdraw ');
  },
  execute(e) {
    if (cannotPay(e)) return undefined;
    const paid = withdrawExpired(e.ledger, e.owner, e.headTime);
    return receipt(e, { withdraw_expire_amount: Number(paid) });
  },
};

export const cancelAllUnfreezeV2: TransactionType = {
  validate(a) {
    accountOf(a);
    if (a.ledger.resources.unfreezes(a.owner).length === 0) throw invalid('No unfreezeV2 list to cancel');
  },
  execute(e) {
    if (cannotPay(e)) return undefined;
    const r = e.ledger.resources.of(e.owner);
    const restaked: Record<ResourceCode, bigint> = { ENERGY: 0n, BANDWIDTH: 0n };
    let paid = 0n;
    for (const u of e.ledger.resources.unfreezes(e.owner)) {
      if (u.expireTime <= e.headTime) paid += u.amount;
      else restaked[u.resource] += u.amount;
      e.ledger.resources.deleteUnfreeze(u.id);
    }
    r.frozenEnergy += restaked.ENERGY;
    r.frozenNet += restaked.BANDWIDTH;
    e.ledger.resources.save(r);
    if (paid > 0n) e.ledger.setBalance(e.owner, e.ledger.balance(e.owner) + paid);
    const cancelled = (['BANDWIDTH', 'ENERGY'] as const)
      .filter((k) => restaked[k] > 0n)
      .map((k) => ({ key: k, value: Number(restaked[k]) }));
    return receipt(e, {
      withdraw_expire_amount: Number(paid),
      ...(cancelled.length ? { cancel_unfreezeV2_amount: cancelled } : {}),
    });
  },
};

/** The network's rate for a resource: its daily limit and the total weight staked for it. */
function rateOf(ledger: Ledger, resource: ResourceCode): { limit: number; weight: bigint } {
  const t = ledger.resources.totals(NETWORK_TOTALS);
  return resource === 'ENERGY'
    ? { limit: TOTAL_ENERGY_LIMIT, weight: t.totalEnergyWeight }
    : { limit: TOTAL_NET_LIMIT, weight: t.totalNetWeight };
}

/** The account's use of a resource (usage, slot, window) as stored. */
const stateOf = (r: AccountResources, resource: ResourceCode): ResourceState =>
  resource === 'ENERGY'
    ? { usage: r.energyUsage, lastSlot: r.energyTime, windowV2: r.energyWindow }
    : { usage: r.netUsage, lastSlot: r.netTime, windowV2: r.netWindow };

function setState(r: AccountResources, resource: ResourceCode, st: ResourceState): void {
  if (resource === 'ENERGY')
    Object.assign(r, { energyUsage: st.usage, energyTime: st.lastSlot, energyWindow: st.windowV2 });
  else Object.assign(r, { netUsage: st.usage, netTime: st.lastSlot, netWindow: st.windowV2 });
}

/**
 * What an account may lend of a resource now (getcandelegatedmaxsize; DelegateResource accepts from
 * 1 TRX up to it): its own stake less what its recovered use takes up beyond what it was lent.
 * Bandwidth is reckoned as energy is (java-tron also counts the delegation's own size for it).
 */
export function delegableOf(ledger: Ledger, r: AccountResources, resource: ResourceCode, nowMs: number): bigint {
  const now = slotOf(nowMs, ledger.resources.genesisTime());
  const { limit, weight } = rateOf(ledger, resource);
  const usage = recoveredAccount(stateOf(r, resource), now).usage;
  const energy = resource === 'ENERGY';
  return canDelegateMax(
    { ownV2Sun: frozen(r, resource), acquiredV2Sun: energy ? r.acquiredEnergy : r.acquiredNet, usage },
    weight,
    limit,
  );
}

export const delegateResource: TransactionType = {
  validate(a) {
    const v = valueOf(a);
    accountOf(a);
    const amount = toBigIntField(v.balance ?? 0);
    if (amount === null || amount < TRX) throw invalid('delegateBalance must be more than 1TRX');
    const resource = resourceOf(v);
    if (!resource) throw invalid('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
    const r = a.ledger.resources.of(a.owner);
    if (delegableOf(a.ledger, r, resource, a.ledger.resources.headTime()) < amount) {
      const which = resource === 'ENERGY' ? 'FreezeEnergyV2' : 'FreezeBandwidthV2';
      throw invalid(`delegateBalance must be less than available ${which} balance`);
    }
    const to = tryHexAddress(v.receiver_address);
    if (!to) throw invalid('Invalid receiverAddress');
    if (to === a.owner) throw invalid('receiverAddress must not be the same as ownerAddress');
    if (!a.ledger.exists(to)) throw invalid(`Account[${to}] not exists`);
    if (v.lock === true) checkLock(a, to, resource, lockBlocksOf(v));
    if (a.ledger.contractKind(to)) throw invalid('Do not allow delegate resources to contract addresses');
  },
  execute(e) {
    if (cannotPay(e)) return undefined;
    const v = valueOf(e);
    const to = toHexAddress(String(v.receiver_address));
    const resource = resourceOf(v)!;
    const amount = BigInt(String(v.balance));
    const lock = v.lock === true;
    const owner = e.ledger.resources.of(e.owner);
    if (frozen(owner, resource) < amount) return undefined;
    unlockExpired(e.ledger, e.owner, to, e.headTime);
    const held = e.ledger.resources.delegation(e.owner, to, resource, lock);
    e.ledger.resources.putDelegation({
      from: e.owner,
      to,
      resource,
      locked: lock,
      amount: (held?.amount ?? 0n) + amount,
      expireTime: lock ? e.headTime + lockBlocksOf(v) * SLOT_MS : 0,
    });
    if (resource === 'ENERGY') {
      owner.frozenEnergy -= amount;
      owner.delegatedEnergy += amount;
    } else {
      owner.frozenNet -= amount;
      owner.delegatedNet += amount;
    }
    e.ledger.resources.save(owner);
    const receiver = e.ledger.resources.of(to);
    if (resource === 'ENERGY') receiver.acquiredEnergy += amount;
    else receiver.acquiredNet += amount;
    e.ledger.resources.save(receiver);
    return receipt(e);
  },
};

/** The lock a delegation asks for, in blocks (0 means the default 3 days). */
const lockBlocksOf = (v: Record<string, unknown>): number => {
  const n = Number(v.lock_period ?? 0);
  return n === 0 ? DEFAULT_DELEGATE_LOCK_BLOCKS : n;
};

function checkLock(a: Admission, to: string, resource: ResourceCode, blocks: number): void {
  if (!Number.isSafeInteger(blocks) || blocks < 0 || blocks > MAX_DELEGATE_LOCK_BLOCKS)
    throw invalid(
      `The lock period of delegate resource cannot be less than 0 and cannot exceed ${MAX_DELEGATE_LOCK_BLOCKS}!`,
    );
  const running = a.ledger.resources.delegation(a.owner, to, resource, true);
  if (!running) return;
  const remain = running.expireTime - a.ledger.resources.headTime();
  if (blocks * SLOT_MS < remain)
    throw invalid(
      `The lock period for ${resource} this time cannot be less than the remaining time[${remain}ms] of the last lock period for ${resource}!`,
    );
}

/** A locked delegation whose lock has run out becomes an unlocked one (DelegatedResourceStore.unLockExpireResource). */
function unlockExpired(ledger: Ledger, from: string, to: string, now: number): void {
  for (const resource of ['ENERGY', 'BANDWIDTH'] as const) {
    const locked = ledger.resources.delegation(from, to, resource, true);
    if (!locked || locked.expireTime >= now) continue;
    const free = ledger.resources.delegation(from, to, resource, false);
    ledger.resources.putDelegation({ ...locked, amount: 0n });
    ledger.resources.putDelegation({
      from,
      to,
      resource,
      locked: false,
      amount: (free?.amount ?? 0n) + locked.amount,
      expireTime: 0,
    });
  }
}

export const unDelegateResource: TransactionType = {
  validate(a) {
    const v = valueOf(a);
    accountOf(a);
    const to = tryHexAddress(v.receiver_address);
    if (!to) throw invalid('Invalid receiverAddress');
    if (to === a.owner) throw invalid('receiverAddress must not be the same as ownerAddress');
    const resource = resourceOf(v);
    if (!resource) throw invalid('ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]');
    const now = a.ledger.resources.headTime();
    const free = a.ledger.resources.delegationsBetween(a.owner, to).filter((d) => !d.locked);
    const locked = a.ledger.resources.delegationsBetween(a.owner, to).filter((d) => d.locked);
    if (free.length === 0 && locked.length === 0) throw invalid('delegated Resource does not exist');
    const amount = toBigIntField(v.balance ?? 0);
    if (amount === null || amount <= 0n) throw invalid('unDelegateBalance must be more than 0 TRX');
    const of = (ds: typeof free) => ds.find((d) => d.resource === resource);
    const lockedOne = of(locked);
    const available = (of(free)?.amount ?? 0n) + (lockedOne && lockedOne.expireTime < now ? lockedOne.amount : 0n);
    if (available < amount)
      throw invalid(
        resource === 'ENERGY'
          ? `insufficient delegateFrozenBalance(Energy), request=${amount}, unlock_balance=${available}`
          : `insufficient delegatedFrozenBalance(BANDWIDTH), request=${amount}, unlock_balance=${available}`,
      );
  },
  execute(e) {
    if (cannotPay(e)) return undefined;
    const v = valueOf(e);
    const to = toHexAddress(String(v.receiver_address));
    const resource = resourceOf(v)!;
    const amount = BigInt(String(v.balance));
    unlockExpired(e.ledger, e.owner, to, e.headTime);
    const free = e.ledger.resources.delegation(e.owner, to, resource, false);
    if (!free || free.amount < amount) return undefined;
    e.ledger.resources.putDelegation({ ...free, amount: free.amount - amount });
    moveBack(e, to, resource, amount);
    return receipt(e);
  },
};

/**
 * The receiver gives the lent stake back (UnDelegateResourceActuator): the share of its use the stake
 * stood for moves to the owner (at most what the stake gives a day), with the two recovery windows
 * blended; the owner's stake is its own again.
 */
function moveBack(e: Execution, to: string, resource: ResourceCode, amount: bigint): void {
  const { resources } = e.ledger;
  const now = slotOf(e.headTime, resources.genesisTime());
  const { limit, weight } = rateOf(e.ledger, resource);
  const receiver = resources.of(to);
  const owner = resources.of(e.owner);
  const energy = resource === 'ENERGY';
  const mine = recoveredAccount(stateOf(receiver, resource), now);
  const acquired = energy ? receiver.acquiredEnergy : receiver.acquiredNet;
  const moved = unDelegateTransfer(
    {
      amountSun: amount,
      receiverUsage: mine.usage,
      receiverStakedSun: frozen(receiver, resource) + acquired,
      receiverAcquiredV2Sun: acquired,
    },
    limit,
    weight,
  );
  const left = acquired >= amount ? acquired - amount : 0n;
  if (energy) receiver.acquiredEnergy = left;
  else receiver.acquiredNet = left;
  setState(receiver, resource, { ...mine, usage: mine.usage - moved, lastSlot: now });
  if (energy) {
    owner.delegatedEnergy -= amount;
    owner.frozenEnergy += amount;
  } else {
    owner.delegatedNet -= amount;
    owner.frozenNet += amount;
  }
  if (moved > 0) setState(owner, resource, ownerAfterUnDelegate(stateOf(owner, resource), moved, mine.windowV2, now));
  resources.save(receiver);
  resources.save(owner);
}

export const STAKE_TYPES: Record<string, TransactionType> = {
  FreezeBalanceV2Contract: freezeBalanceV2,
  UnfreezeBalanceV2Contract: unfreezeBalanceV2,
  WithdrawExpireUnfreezeContract: withdrawExpireUnfreeze,
  CancelAllUnfreezeV2Contract: cancelAllUnfreezeV2,
  DelegateResourceContract: delegateResource,
  UnDelegateResourceContract: unDelegateResource,
};
