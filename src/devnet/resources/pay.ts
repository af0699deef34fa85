// Who pays a contract call's energy, as java-tron settles it (VMActuator's energy limit at the
// start, ReceiptCapsule.payEnergyBill at the end): the called contract's origin takes its share from
// its staked energy, the caller its part from its own, and burns TRX for the rest. The arithmetic is
// src/tron/resources.ts's; this reads the accounts and writes their new use.
import type { Ledger } from '../ledger.js';
import {
  callEnergyLimit,
  callerEnergyLimit,
  energyLimit,
  increaseAccount,
  payEnergyBill,
  recoveredAccount,
  slotOf,
  type CallParties,
  type EnergyBill,
  type ResourceState,
} from '../../tron/resources.js';
import { NETWORK_TOTALS, TOTAL_ENERGY_LIMIT } from './params.js';
import type { AccountResources } from './store.js';

const energyState = (r: AccountResources): ResourceState => ({
  usage: r.energyUsage,
  lastSlot: r.energyTime,
  windowV2: r.energyWindow,
});

/** Energy an account has left from what it staked and was lent, at slot `now`. */
export function leftEnergyOf(ledger: Ledger, r: AccountResources, now: number): number {
  // most callers stake nothing: no need to add up the network's stake for them
  if (r.frozenEnergy + r.acquiredEnergy === 0n) return 0;
  const t = ledger.resources.totals(NETWORK_TOTALS);
  const limit = energyLimit(r.frozenEnergy + r.acquiredEnergy, TOTAL_ENERGY_LIMIT, t.totalEnergyWeight);
  if (limit === 0) return 0;
  return Math.max(limit - recoveredAccount(energyState(r), now).usage, 0);
}

/** A call about to run: who pays, and the energy limit it runs with. */
export interface EnergyTerms {
  parties: CallParties;
  /** The call's energy limit: what the caller can pay for, plus what the origin backs. */
  limit: number;
  now: number;
  origin?: string;
}

/**
 * The parties and energy limit of a call by `caller` to `contract` (a contract deployed from bytecode
 * has an origin and its settings; a native one, or a contract being created, has none: the caller
 * pays it all). `spendable` is the caller's balance after bandwidth; `headTime` the block before's.
 */
export function energyTerms(
  ledger: Ledger,
  deployed: { origin: string; consumeUserResourcePercent: number; originEnergyLimit: number } | undefined,
  call: { caller: string; spendable: bigint; callValue: bigint; feeLimit: bigint; price: bigint; headTime: number },
): EnergyTerms {
  const now = slotOf(call.headTime, ledger.resources.genesisTime());
  const callerLeft = leftEnergyOf(ledger, ledger.resources.of(call.caller), now);
  const origin = deployed?.origin;
  const parties: CallParties = {
    origin: !origin ? 'none' : origin === call.caller ? 'self' : 'other',
    consumeUserResourcePercent: deployed?.consumeUserResourcePercent ?? 100,
    originEnergyLimit: deployed?.originEnergyLimit ?? 0,
    originLeftEnergy: origin && origin !== call.caller ? leftEnergyOf(ledger, ledger.resources.of(origin), now) : 0,
    callerLeftEnergy: callerLeft,
  };
  const callerLimit = callerEnergyLimit(callerLeft, call.spendable, call.callValue, call.feeLimit, call.price);
  return { parties, limit: callEnergyLimit(parties, callerLimit).total, now, ...(origin ? { origin } : {}) };
}

/**
 * Settles what the call used: the origin's and the caller's staked energy are used (a successful
 * call's usage is recovered to now first, as TransactionTrace.resetAccountUsage does); the TRX the
 * caller burns is the bill's energyFeeSun, which the caller takes from the balance.
 */
export function settleEnergy(
  ledger: Ledger,
  caller: string,
  terms: EnergyTerms,
  used: number,
  ok: boolean,
  price: bigint,
): EnergyBill {
  const bill = payEnergyBill(terms.parties, used, price);
  const use = (address: string, energy: number) => {
    if (energy <= 0) return;
    const r = ledger.resources.of(address);
    const start = ok ? increaseAccount(energyState(r), 0, terms.now) : energyState(r);
    const after = increaseAccount(start, energy, terms.now);
    ledger.resources.save({ ...r, energyUsage: after.usage, energyTime: after.lastSlot, energyWindow: after.windowV2 });
  };
  use(caller, bill.energyUsage);
  if (terms.origin && terms.parties.origin === 'other') use(terms.origin, bill.originEnergyUsage);
  return bill;
}
