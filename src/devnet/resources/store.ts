// The devnet's record of Stake 2.0 (schema.ts: resources, unfreezes, delegations) and the network's
// totals drawn from it: what the resource transactions (stake.ts) change and what a call's fees read. Rows
// are written inside the block's transaction, so the undo journal rolls them back with a fork.
import type { DevnetDb } from '../ledger.js';
import { MAINNET_UNFREEZE_DAYS } from './params.js';

export type ResourceCode = 'ENERGY' | 'BANDWIDTH';

/** An account's stake and use; every amount in sun, usage in units, times in slots. */
export interface AccountResources {
  address: string;
  frozenEnergy: bigint;
  frozenNet: bigint;
  delegatedEnergy: bigint;
  delegatedNet: bigint;
  acquiredEnergy: bigint;
  acquiredNet: bigint;
  energyUsage: number;
  energyTime: number;
  energyWindow: number;
  netUsage: number;
  netTime: number;
  netWindow: number;
  freeNetUsage: number;
  freeNetTime: number;
}

export interface Unfreeze {
  id: number;
  resource: ResourceCode;
  amount: bigint;
  expireTime: number;
}

export interface Delegation {
  from: string;
  to: string;
  resource: ResourceCode;
  locked: boolean;
  amount: bigint;
  expireTime: number;
}

const SUN_COLS = ['frozenEnergy', 'frozenNet', 'delegatedEnergy', 'delegatedNet', 'acquiredEnergy', 'acquiredNet'];
const COLS = `address, frozen_energy as frozenEnergy, frozen_net as frozenNet, delegated_energy as delegatedEnergy,
  delegated_net as delegatedNet, acquired_energy as acquiredEnergy, acquired_net as acquiredNet,
  energy_usage as energyUsage, energy_time as energyTime, energy_window as energyWindow, net_usage as netUsage,
  net_time as netTime, net_window as netWindow,
  free_net_usage as freeNetUsage, free_net_time as freeNetTime`;
type Text = Record<string, string | number>;

const empty = (address: string): AccountResources => ({
  address,
  frozenEnergy: 0n,
  frozenNet: 0n,
  delegatedEnergy: 0n,
  delegatedNet: 0n,
  acquiredEnergy: 0n,
  acquiredNet: 0n,
  energyUsage: 0,
  energyTime: 0,
  energyWindow: 0,
  netUsage: 0,
  netTime: 0,
  netWindow: 0,
  freeNetUsage: 0,
  freeNetTime: 0,
});

function parse(r: Text): AccountResources {
  const out = { ...r } as Record<string, unknown>;
  for (const k of SUN_COLS) out[k] = BigInt(String(r[k]));
  return out as unknown as AccountResources;
}

/** The network's totals kept in meta (java-tron's dynamic properties), with their starting values. */
export interface NetworkTotals {
  /** TRX staked for energy by every account (TotalEnergyWeight), whole TRX. */
  totalEnergyWeight: bigint;
  /** TRX staked for bandwidth by every account (TotalNetWeight), whole TRX. */
  totalNetWeight: bigint;
}

export class ResourceStore {
  private readonly q;
  /** How long an unstake waits, in days (getUnfreezeDelayDays): 14 on mainnet, a setting here. */
  unfreezeDelayDays = MAINNET_UNFREEZE_DAYS;

  constructor(db: DevnetDb) {
    const c = db.$client;
    this.q = {
      row: c.prepare<[string], Text>(`select ${COLS} from resources where address = ?`),
      save: c.prepare(
        `insert into resources (address, frozen_energy, frozen_net, delegated_energy, delegated_net, acquired_energy,
           acquired_net, energy_usage, energy_time, energy_window, net_usage, net_time, net_window, free_net_usage,
           free_net_time)
         values (@address, @frozenEnergy, @frozenNet, @delegatedEnergy, @delegatedNet, @acquiredEnergy, @acquiredNet,
           @energyUsage, @energyTime, @energyWindow, @netUsage, @netTime, @netWindow, @freeNetUsage, @freeNetTime)
         on conflict (address) do update set frozen_energy = excluded.frozen_energy, frozen_net = excluded.frozen_net,
           delegated_energy = excluded.delegated_energy, delegated_net = excluded.delegated_net,
           acquired_energy = excluded.acquired_energy, acquired_net = excluded.acquired_net,
           energy_usage = excluded.energy_usage, energy_time = excluded.energy_time,
           energy_window = excluded.energy_window, net_usage = excluded.net_usage, net_time = excluded.net_time,
           net_window = excluded.net_window, free_net_usage = excluded.free_net_usage, free_net_time = excluded.free_net_time`,
      ),
      unfreezes: c.prepare<[string], { id: number; resource: ResourceCode; amount: string; expireTime: number }>(
        'select id, resource, amount, expire_time as expireTime from unfreezes where address = ? order by expire_time, id',
      ),
      addUnfreeze: c.prepare<[string, string, string, number]>(
        'insert into unfreezes (address, resource, amount, expire_time) values (?, ?, ?, ?)',
      ),
      deleteUnfreeze: c.prepare<[number]>('delete from unfreezes where id = ?'),
      delegation: c.prepare<[string, string, string, number], { amount: string; expireTime: number }>(
        `select amount, expire_time as expireTime from delegations
         where from_address = ? and to_address = ? and resource = ? and locked = ?`,
      ),
      putDelegation: c.prepare<[string, string, string, number, string, number]>(
        `insert into delegations (from_address, to_address, resource, locked, amount, expire_time) values (?, ?, ?, ?, ?, ?)
         on conflict (from_address, to_address, resource, locked) do update set amount = excluded.amount, expire_time = excluded.expire_time`,
      ),
      deleteDelegation: c.prepare<[string, string, string, number]>(
        'delete from delegations where from_address = ? and to_address = ? and resource = ? and locked = ?',
      ),
      between: c.prepare<[string, string], Text>(
        `select from_address as "from", to_address as "to", resource, locked, amount, expire_time as expireTime
         from delegations where from_address = ? and to_address = ? order by resource, locked`,
      ),
      from: c
        .prepare<[string], string>('select distinct to_address from delegations where from_address = ? order by 1')
        .pluck(),
      to: c
        .prepare<[string], string>('select distinct from_address from delegations where to_address = ? order by 1')
        .pluck(),
      weights: c
        .prepare<[], [number | bigint, number | bigint]>(
          `select coalesce(sum((cast(frozen_energy as integer) + cast(delegated_energy as integer)) / 1000000), 0),
             coalesce(sum((cast(frozen_net as integer) + cast(delegated_net as integer)) / 1000000), 0) from resources`,
        )
        .raw(),
      genesisTime: c.prepare<[], number>('select timestamp from blocks where number = 0').pluck(),
      contract: c.prepare<[string], { origin: string; percent: number; limit: number }>(
        `select origin, consume_user_resource_percent as percent, origin_energy_limit as "limit"
         from contract_code where address = ?`,
      ),
      setPercent: c.prepare<[number, string]>(
        'update contract_code set consume_user_resource_percent = ? where address = ?',
      ),
      setLimit: c.prepare<[number, string]>('update contract_code set origin_energy_limit = ? where address = ?'),
      hasRow: c.prepare<[string], number>('select 1 from resources where address = ?').pluck(),
      headTime: c.prepare<[], number>('select timestamp from blocks order by number desc limit 1').pluck(),
    };
  }

  /** The genesis block's time (ms): slots count from it. */
  genesisTime(): number {
    return this.q.genesisTime.get() ?? 0;
  }

  /** The head block's time (ms): what a broadcast transaction is checked against. */
  headTime(): number {
    return this.q.headTime.get() ?? 0;
  }

  /**
   * Whether the account ever staked, was lent or used staked resources (its row is never deleted):
   * when not, it has nothing to show at any block, and a read at the solid block need not rewind.
   */
  hasRow(address: string): boolean {
    return this.q.hasRow.get(address) !== undefined;
  }

  /** A bytecode contract's origin and energy settings (undefined for native contracts and accounts). */
  contract(address: string): { origin: string; percent: number; limit: number } | undefined {
    return this.q.contract.get(address);
  }

  /** UpdateSetting: the share of a call's energy its callers pay (consume_user_resource_percent). */
  setUserPercent(address: string, percent: number): void {
    this.q.setPercent.run(percent, address);
  }

  /** UpdateEnergyLimit: the most of the origin's energy one call may use (origin_energy_limit). */
  setOriginEnergyLimit(address: string, limit: number): void {
    this.q.setLimit.run(limit, address);
  }

  /** The account's stake and use (all zero when it has none). */
  of(address: string): AccountResources {
    const r = this.q.row.get(address);
    return r ? parse(r) : empty(address);
  }

  save(r: AccountResources): void {
    const row: Record<string, string | number> = { ...r } as never;
    for (const k of SUN_COLS) row[k] = String(r[k as keyof AccountResources]);
    this.q.save.run(row);
  }

  unfreezes(address: string): Unfreeze[] {
    return this.q.unfreezes.all(address).map((u) => ({ ...u, amount: BigInt(u.amount) }));
  }

  addUnfreeze(address: string, resource: ResourceCode, amount: bigint, expireTime: number): void {
    this.q.addUnfreeze.run(address, resource, amount.toString(), expireTime);
  }

  deleteUnfreeze(id: number): void {
    this.q.deleteUnfreeze.run(id);
  }

  delegation(from: string, to: string, resource: ResourceCode, locked: boolean): Delegation | undefined {
    const r = this.q.delegation.get(from, to, resource, locked ? 1 : 0);
    return r && { from, to, resource, locked, amount: BigInt(r.amount), expireTime: r.expireTime };
  }

  /** Writes a delegation; one of nothing is deleted. */
  putDelegation(d: Delegation): void {
    if (d.amount === 0n) this.q.deleteDelegation.run(d.from, d.to, d.resource, d.locked ? 1 : 0);
    else this.q.putDelegation.run(d.from, d.to, d.resource, d.locked ? 1 : 0, d.amount.toString(), d.expireTime);
  }

  /** What `from` lends `to`, both resources, locked and not. */
  delegationsBetween(from: string, to: string): Delegation[] {
    return this.q.between.all(from, to).map((r) => ({
      from: String(r.from),
      to: String(r.to),
      resource: r.resource as ResourceCode,
      locked: Number(r.locked) === 1,
      amount: BigInt(String(r.amount)),
      expireTime: Number(r.expireTime),
    }));
  }

  /** The accounts `address` lends to (toAccounts) and borrows from (fromAccounts). */
  delegationIndex(address: string): { toAccounts: string[]; fromAccounts: string[] } {
    return { toAccounts: this.q.from.all(address), fromAccounts: this.q.to.all(address) };
  }

  /**
   * The network's totals: the base (the rest of the network's stake) and what the devnet's accounts
   * staked, each account counted in whole TRX of its stake with what it lent out, as java-tron's
   * addTotalEnergyWeight adds the change of that figure (so the sum over accounts is the total).
   */
  totals(base: NetworkTotals): NetworkTotals {
    const [energy, net] = this.q.weights.get()!;
    return {
      totalEnergyWeight: base.totalEnergyWeight + BigInt(energy),
      totalNetWeight: base.totalNetWeight + BigInt(net),
    };
  }
}
