// A small native "virtual machine": contracts are TypeScript objects that expose the real ABI.
// Calls are metered in energy so fees and OUT_OF_ENERGY behave like the TVM's.
import type { AbiEntry } from '../tron/abi.js';
import { toHexAddress } from '../tron/address.js';
import { decodeValues, encodeValues, selectorOf, topicOf } from '../tron/codec.js';
import type { ContractRegistry } from './chain/registry.js';
import type { Ledger } from './ledger.js';

/** Energy costs, close to the TVM's for the same work. */
export const ENERGY = {
  call: 700,
  storeNew: 20_000,
  storeUpdate: 2_900,
  valueTransfer: 6_700,
  newAccount: 25_000,
  logBase: 375,
  logTopic: 375,
  logByte: 8,
  createContract: 250_000,
} as const;

/** An address argument (any form) as the ledger keys it: lowercase `41...` hex. */
export const addressArg = (v: unknown): string => toHexAddress(String(v));
/** A uint argument as the codec decodes it. */
export const uintArg = (v: unknown): bigint => BigInt(v as bigint);
/** An `address[]` argument (the codec gives an array-like of `0x...`). */
export const addressListArg = (v: unknown): string[] => Array.from(v as ArrayLike<unknown>, addressArg);
/** The TVM's `block.timestamp`: the block time in seconds. */
export const blockSeconds = (ctx: { now: number }): bigint => BigInt(Math.floor(ctx.now / 1000));
export const ZERO_ADDRESS = '41' + '0'.repeat(40);

export class Revert extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
export class OutOfEnergy extends Error {
  constructor() {
    super('Not enough energy');
  }
}

export interface LogEntry {
  /** Contract that emitted it, `41...` hex. */
  contract: string;
  entry: AbiEntry;
  /** Values in ABI form (addresses `0x...`, uints bigint). */
  values: unknown[];
  topics: string[];
  data: string;
}

export interface NativeContract {
  readonly abi: AbiEntry[];
  readonly methods: Record<string, (ctx: CallContext, args: unknown[]) => unknown[] | void>;
}

export interface CallContext {
  readonly vm: Vm;
  readonly ledger: Ledger;
  /** Caller, `41...` hex. */
  readonly sender: string;
  /** This contract, `41...` hex. */
  readonly self: string;
  /** TRX sent with the call (sun). */
  readonly value: bigint;
  /** Current block timestamp. */
  readonly now: number;
}

/** Function selectors per contract, computed once for the process (a Vm lives for one call). */
const selectorIndex = new WeakMap<NativeContract, Map<string, AbiEntry>>();

export class Vm {
  energyUsed = 0;
  readonly logs: LogEntry[] = [];

  constructor(
    readonly ledger: Ledger,
    private readonly contracts: ContractRegistry,
    readonly now: number,
    readonly energyLimit: number,
  ) {}

  burn(energy: number): void {
    this.energyUsed += energy;
    if (this.energyUsed > this.energyLimit) throw new OutOfEnergy();
  }

  /** Moves TRX between accounts, creating the recipient if needed. */
  transferTrx(from: string, to: string, amount: bigint): void {
    if (amount === 0n) return;
    if (amount < 0n) throw new Revert('negative transfer');
    const fromBal = this.ledger.balance(from);
    if (fromBal < amount) throw new Revert('insufficient TRX balance');
    this.burn(ENERGY.valueTransfer);
    if (this.ledger.ensureAccount(to, this.now)) this.burn(ENERGY.newAccount);
    this.ledger.setBalance(from, fromBal - amount);
    this.ledger.setBalance(to, this.ledger.balance(to) + amount);
  }

  /** Charges a storage write: a slot going from zero to non-zero costs more. */
  store(wasZero: boolean): void {
    this.burn(wasZero ? ENERGY.storeNew : ENERGY.storeUpdate);
  }

  contractAt(address: string): NativeContract | undefined {
    const kind = this.ledger.contractKind(address);
    return kind ? this.contracts.contract(kind) : undefined;
  }

  /** A call by ABI-encoded data, as from a transaction: returns the encoded output (hex). */
  callData(sender: string, to: string, value: bigint, data: string): string {
    const contract = this.contractAt(to);
    if (!contract) throw new Revert('not a contract');
    const entry = this.entryBySelector(contract, data.slice(0, 8));
    if (!entry) throw new Revert('function not found');
    let args: unknown[];
    try {
      args = decodeValues(entry.inputs, data.slice(8));
    } catch {
      throw new Revert('invalid call data');
    }
    const out = this.invoke(sender, to, entry.name, args, value);
    return encodeValues(entry.outputs ?? [], out);
  }

  /** A call with decoded arguments (used between native contracts). */
  invoke(sender: string, to: string, method: string, args: unknown[], value = 0n): unknown[] {
    const contract = this.contractAt(to);
    if (!contract) throw new Revert('not a contract');
    const entry = contract.abi.find((e) => e.type === 'function' && e.name === method);
    const impl = contract.methods[method];
    if (!entry || !impl) throw new Revert('function not found');
    if (value > 0n && entry.stateMutability !== 'payable') throw new Revert('function is not payable');
    this.burn(ENERGY.call);
    if (value > 0n) this.transferTrx(sender, to, value);
    const ctx: CallContext = { vm: this, ledger: this.ledger, sender, self: to, value, now: this.now };
    return impl(ctx, args) ?? [];
  }

  emit(contract: string, abi: AbiEntry[], name: string, values: unknown[]): void {
    const entry = abi.find((e) => e.type === 'event' && e.name === name);
    if (!entry) throw new Error(`no event ${name}`);
    const topics = [topicOf(entry)];
    const dataParams = [];
    const dataValues = [];
    for (let i = 0; i < entry.inputs.length; i++) {
      const param = entry.inputs[i]!;
      if (param.indexed) topics.push(encodeValues([param], [values[i]]));
      else {
        dataParams.push(param);
        dataValues.push(values[i]);
      }
    }
    const data = encodeValues(dataParams, dataValues);
    this.burn(ENERGY.logBase + ENERGY.logTopic * topics.length + ENERGY.logByte * (data.length / 2));
    this.logs.push({ contract, entry, values, topics, data });
  }

  private entryBySelector(contract: NativeContract, selector: string): AbiEntry | undefined {
    let index = selectorIndex.get(contract);
    if (!index) {
      index = new Map(contract.abi.filter((e) => e.type === 'function').map((e) => [selectorOf(e), e]));
      selectorIndex.set(contract, index);
    }
    return index.get(selector.toLowerCase());
  }
}
