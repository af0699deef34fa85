// What a node tells of an account's resources, as java-tron's HTTP API answers it (Wallet.getAccountResource,
// getAccountNet, getDelegatedResourceV2, getCanDelegatedMaxSize, getAvailableUnfreezeCount,
// getCanWithdrawUnfreezeAmount and getaccount's Stake 2.0 fields): usage recovered to the head's slot,
// zero fields left out as java-tron's JSON printer leaves them out.
import type { Ledger } from '../ledger.js';
import { energyLimit, netLimit, recovered, recoveredAccount, slotOf, windowSlotsOf } from '../../tron/resources.js';
import {
  FREE_NET_LIMIT,
  MAX_PENDING_UNFREEZES,
  NETWORK_TOTALS,
  TOTAL_ENERGY_LIMIT,
  TOTAL_NET_LIMIT,
} from './params.js';
import { delegableOf } from './stake.js';
import type { AccountResources, ResourceCode } from './store.js';

/** Leaves out zero numbers and empty strings, as java-tron's JSON does for protobuf defaults. */
function nonZero(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== 0 && v !== 0n && v !== '' && v !== undefined));
}

/** An account's usage of each resource recovered to `now` (a slot). */
export function usageAt(r: AccountResources, now: number) {
  const energy = recoveredAccount({ usage: r.energyUsage, lastSlot: r.energyTime, windowV2: r.energyWindow }, now);
  const net = recoveredAccount({ usage: r.netUsage, lastSlot: r.netTime, windowV2: r.netWindow }, now);
  return { energy: energy.usage, net: net.usage, freeNet: recovered(r.freeNetUsage, r.freeNetTime, now) };
}

/** The account's limits: energy and staked bandwidth a day from its stake and what it was lent. */
export function limitsOf(ledger: Ledger, r: AccountResources) {
  const t = ledger.resources.totals(NETWORK_TOTALS);
  return {
    energy: energyLimit(r.frozenEnergy + r.acquiredEnergy, TOTAL_ENERGY_LIMIT, t.totalEnergyWeight),
    net: netLimit(r.frozenNet + r.acquiredNet, TOTAL_NET_LIMIT, t.totalNetWeight),
    totals: t,
  };
}

const nowSlot = (ledger: Ledger) => slotOf(ledger.resources.headTime(), ledger.resources.genesisTime());

/** An account's bandwidth and energy, used and a day, and the network's, as getaccountresource has them. */
function resourceFields(ledger: Ledger, address: string) {
  const r = ledger.resources.of(address);
  const used = usageAt(r, nowSlot(ledger));
  const limits = limitsOf(ledger, r);
  const net = {
    freeNetUsed: used.freeNet,
    freeNetLimit: FREE_NET_LIMIT,
    NetUsed: used.net,
    NetLimit: limits.net,
    TotalNetLimit: TOTAL_NET_LIMIT,
    TotalNetWeight: Number(limits.totals.totalNetWeight),
  };
  const energy = {
    EnergyUsed: used.energy,
    EnergyLimit: limits.energy,
    TotalEnergyLimit: TOTAL_ENERGY_LIMIT,
    TotalEnergyWeight: Number(limits.totals.totalEnergyWeight),
  };
  return { net, energy };
}

/** /wallet/getaccountresource */
export function accountResource(ledger: Ledger, address: string): Record<string, unknown> {
  const { net, energy } = resourceFields(ledger, address);
  return nonZero({ ...net, ...energy });
}

/** /wallet/getaccountnet: the bandwidth half of getaccountresource. */
export function accountNet(ledger: Ledger, address: string): Record<string, unknown> {
  return nonZero(resourceFields(ledger, address).net);
}

/**
 * getaccount's Stake 2.0 fields: frozenV2, unfrozenV2, the bandwidth fields and account_resource, the
 * usage recovered to the head and the last-use slots as block times (Wallet.getAccount does both).
 */
export function accountStakeFields(ledger: Ledger, address: string): Record<string, unknown> {
  const r = ledger.resources.of(address);
  const genesis = ledger.resources.genesisTime();
  const used = usageAt(r, nowSlot(ledger));
  const at = (slot: number) => (slot === 0 ? 0 : genesis + slot * 3000);
  const unfreezes = ledger.resources.unfreezes(address);
  const touched =
    r.frozenEnergy + r.frozenNet + r.delegatedEnergy + r.delegatedNet + r.acquiredEnergy + r.acquiredNet > 0n ||
    unfreezes.length > 0 ||
    r.energyUsage + r.netUsage + r.freeNetUsage > 0;
  if (!touched) return { account_resource: {} };
  return {
    ...nonZero({
      net_usage: used.net,
      latest_consume_time: at(r.netTime),
      free_net_usage: used.freeNet,
      latest_consume_free_time: at(r.freeNetTime),
      net_window_size: windowSlotsOf(r.netWindow),
      delegated_frozenV2_balance_for_bandwidth: Number(r.delegatedNet),
      acquired_delegated_frozenV2_balance_for_bandwidth: Number(r.acquiredNet),
    }),
    frozenV2: [
      nonZero({ amount: Number(r.frozenNet) }),
      nonZero({ type: 'ENERGY', amount: Number(r.frozenEnergy) }),
      { type: 'TRON_POWER' },
    ],
    ...(unfreezes.length
      ? {
          unfrozenV2: unfreezes.map((u) =>
            nonZero({
              type: u.resource === 'ENERGY' ? 'ENERGY' : '',
              unfreeze_amount: Number(u.amount),
              unfreeze_expire_time: u.expireTime,
            }),
          ),
        }
      : {}),
    account_resource: nonZero({
      energy_usage: used.energy,
      latest_consume_time_for_energy: at(r.energyTime),
      energy_window_size: windowSlotsOf(r.energyWindow),
      delegated_frozenV2_balance_for_energy: Number(r.delegatedEnergy),
      acquired_delegated_frozenV2_balance_for_energy: Number(r.acquiredEnergy),
    }),
  };
}

/** /wallet/getdelegatedresourcev2 {fromAddress, toAddress} */
export function delegatedResource(ledger: Ledger, from: string, to: string): Record<string, unknown> {
  const list = ledger.resources.delegationsBetween(from, to);
  if (list.length === 0) return {};
  const byLock = [false, true].flatMap((locked) => {
    const of = (res: ResourceCode) => list.find((d) => d.locked === locked && d.resource === res);
    const energy = of('ENERGY');
    const net = of('BANDWIDTH');
    if (!energy && !net) return [];
    return [
      nonZero({
        from,
        to,
        frozen_balance_for_bandwidth: Number(net?.amount ?? 0n),
        frozen_balance_for_energy: Number(energy?.amount ?? 0n),
        expire_time_for_bandwidth: net?.expireTime ?? 0,
        expire_time_for_energy: energy?.expireTime ?? 0,
      }),
    ];
  });
  return { delegatedResource: byLock };
}

/** /wallet/getdelegatedresourceaccountindexv2 {value} */
export function delegationIndex(ledger: Ledger, address: string): Record<string, unknown> {
  const { toAccounts, fromAccounts } = ledger.resources.delegationIndex(address);
  if (toAccounts.length === 0 && fromAccounts.length === 0) return {};
  return {
    account: address,
    ...(fromAccounts.length ? { fromAccounts } : {}),
    ...(toAccounts.length ? { toAccounts } : {}),
  };
}

/** /wallet/getcandelegatedmaxsize {owner_address, type: 0 bandwidth | 1 energy} */
export function canDelegateMax(ledger: Ledger, address: string, resource: ResourceCode): Record<string, unknown> {
  const r = ledger.resources.of(address);
  return nonZero({ max_size: Number(delegableOf(ledger, r, resource, ledger.resources.headTime())) });
}

/** /wallet/getavailableunfreezecount */
export function availableUnfreezeCount(ledger: Ledger, address: string): Record<string, unknown> {
  const now = ledger.resources.headTime();
  const waiting = ledger.resources.unfreezes(address).filter((u) => u.expireTime > now).length;
  return nonZero({ count: MAX_PENDING_UNFREEZES - waiting });
}

/** /wallet/getcanwithdrawunfreezeamount {owner_address, timestamp} */
export function canWithdrawAmount(ledger: Ledger, address: string, timestamp: number): Record<string, unknown> {
  const sum = ledger.resources
    .unfreezes(address)
    .filter((u) => u.expireTime <= timestamp)
    .reduce((a, u) => a + u.amount, 0n);
  return nonZero({ amount: Number(sum) });
}
