// The devnet's virtual machine for one transaction. Native contracts are TypeScript objects that
// expose the real ABI; contracts deployed from bytecode run on the EVM (evm/machine.ts); a call may
// go from either to the other. Calls are metered in energy so fees and OUT_OF_ENERGY behave like
// the TVM's.
import type { AbiEntry } from '../tron/abi.js';
import { toHexAddress } from '../tron/address.js';
import { decodeValues, encodeValues, selectorOf, topicOf } from '../tron/codec.js';
import type { ContractRegistry } from './chain/registry.js';
import type { CallOutcome, Machine } from './evm/machine.js';
import type { ContractStore } from './evm/store.js';
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
  /** `data`: the revert data as returned (hex), when it is not Error(reason) made here. */
  constructor(
    readonly reason: string,
    readonly data?: string,
  ) {
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
  /** The event, when the contract's ABI names it (a native contract's always does). */
  entry?: AbiEntry;
  /** Values in ABI form (addresses `0x...`, uints bigint), with `entry`. */
  values?: unknown[];
  topics: string[];
  data: string;
}

export interface NativeContract {
  readonly abi: AbiEntry[];
  readonly methods: Record<string, (ctx: CallContext, args: unknown[]) => Promise<unknown[] | void> | unknown[] | void>;
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

/** A native contract's frame inside the EVM: its own energy ceiling and its logs kept apart. */
export interface NativeFrame {
  readonly used: number;
  readonly limit: number;
  readonly logs: number;
  /** Energy the frame spent, once it is exited. */
  spent: number;
}

/** Where a transaction runs: the block it is in, who signed it and the code behind each contract. */
export interface VmHost {
  ledger: Ledger;
  contracts: ContractRegistry;
  code: ContractStore;
  machine: Machine;
}

/** Function selectors per contract, computed once for the process (a Vm lives for one call). */
const selectorIndex = new WeakMap<NativeContract, Map<string, AbiEntry>>();

export class Vm {
  energyUsed = 0;
  readonly logs: LogEntry[] = [];
  readonly ledger: Ledger;
  /** The ceiling on energyUsed in the running frame. */
  private limit: number;

  constructor(
    private readonly host: VmHost,
    /** The transaction's signer (tx.origin), `41...` hex. */
    readonly origin: string,
    readonly blockNumber: number,
    readonly now: number,
    energyLimit: number,
  ) {
    this.ledger = host.ledger;
    this.limit = energyLimit;
  }

  burn(energy: number): void {
    this.energyUsed += energy;
    if (this.energyUsed > this.limit) throw new OutOfEnergy();
  }

  /** Energy the running frame may still spend. */
  get energyLeft(): number {
    return Math.max(0, this.limit - this.energyUsed);
  }

  /** Moves TRX between accounts, creating the recipient if needed; a contract's receive() runs. */
  async transferTrx(from: string, to: string, amount: bigint): Promise<void> {
    if (amount === 0n) return;
    if (amount < 0n) throw new Revert('negative transfer');
    if (this.isBytecode(to)) {
      await this.callBytecode(from, to, amount, '');
      return;
    }
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

  isBytecode(address: string): boolean {
    return this.ledger.contractKind(address) === 'evm';
  }

  /** What runs at an address, in one ledger read: bytecode ('evm'), a native contract, or nothing. */
  private codeAt(address: string): NativeContract | 'evm' | undefined {
    const kind = this.ledger.contractKind(address);
    if (kind === 'evm') return 'evm';
    return kind ? this.host.contracts.contract(kind) : undefined;
  }

  /** The native contract at an address; a revert when there is none (bytecode is not native). */
  private nativeAt(address: string): NativeContract {
    const code = this.codeAt(address);
    if (!code || code === 'evm') throw new Revert('not a contract');
    return code;
  }

  /** A call by ABI-encoded data, as from a transaction: returns the encoded output (hex). */
  async callData(sender: string, to: string, value: bigint, data: string): Promise<string> {
    const code = this.codeAt(to);
    if (code === 'evm') return this.callBytecode(sender, to, value, data);
    if (!code) throw new Revert('not a contract');
    const entry = entryOf(code, data);
    await this.valueFor(entry, sender, to, value);
    return this.runEncoded(sender, to, code, entry, data, value);
  }

  /** Runs a native contract on ABI-encoded data, its value already received (the EVM moved it). */
  async nativeCall(sender: string, to: string, value: bigint, data: string): Promise<string> {
    const contract = this.nativeAt(to);
    return this.runEncoded(sender, to, contract, entryOf(contract, data), data, value);
  }

  /**
   * A native contract's view (or pure) function on ABI-encoded data, run without awaiting: views
   * never call out, so this needs no turn (chain/turns.ts). Undefined when `to` is not a native
   * contract or the function is not a view: the caller runs it as any call.
   */
  nativeView(sender: string, to: string, data: string): string | undefined {
    const contract = this.codeAt(to);
    if (!contract || contract === 'evm') return undefined;
    const entry = entryOf(contract, data);
    if (entry.stateMutability !== 'view' && entry.stateMutability !== 'pure') return undefined;
    const out = this.start(sender, to, contract, entry, callArgs(entry, data), 0n);
    if (out instanceof Promise) throw new Error(`native view ${entry.name} must not await`);
    return encodeValues(entry.outputs ?? [], out ?? []);
  }

  /** A call with decoded arguments, made by a native contract (to a native or a bytecode contract). */
  async invoke(sender: string, to: string, method: string, args: unknown[], value = 0n): Promise<unknown[]> {
    const code = this.codeAt(to);
    if (code === 'evm') {
      const entry = this.host.code.abi(to)?.find((e) => e.type === 'function' && e.name === method);
      if (!entry) throw new Revert('function not found');
      const out = await this.callBytecode(sender, to, value, selectorOf(entry) + encodeValues(entry.inputs, args));
      return decodeValues(entry.outputs ?? [], out);
    }
    if (!code) throw new Revert('not a contract');
    const entry = code.abi.find((e) => e.type === 'function' && e.name === method);
    if (!entry) throw new Revert('function not found');
    await this.valueFor(entry, sender, to, value);
    return (await this.start(sender, to, code, entry, args, value)) ?? [];
  }

  /** Enters a native frame the EVM runs with `limit` energy (see machine.ts). */
  enterFrame(limit: number): NativeFrame {
    const frame = { used: this.energyUsed, limit: this.limit, logs: this.logs.length, spent: 0 };
    this.limit = this.energyUsed + limit;
    return frame;
  }

  /** Leaves a native frame: its energy goes back to the EVM to count, its logs with it. */
  exitFrame(frame: NativeFrame): LogEntry[] {
    frame.spent = this.energyUsed - frame.used;
    this.energyUsed = frame.used;
    this.limit = frame.limit;
    return this.logs.splice(frame.logs);
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

  /** Starts a native function: its energy for the call, then its code (which may or may not await). */
  private start(sender: string, to: string, contract: NativeContract, entry: AbiEntry, args: unknown[], value: bigint) {
    const impl = contract.methods[entry.name];
    if (!impl) throw new Revert('function not found');
    this.burn(ENERGY.call);
    return impl({ vm: this, ledger: this.ledger, sender, self: to, value, now: this.now }, args);
  }

  private async runEncoded(
    sender: string,
    to: string,
    contract: NativeContract,
    entry: AbiEntry,
    data: string,
    value: bigint,
  ): Promise<string> {
    const out = await this.start(sender, to, contract, entry, callArgs(entry, data), value);
    return encodeValues(entry.outputs ?? [], out ?? []);
  }

  /** A native call's value: refused by a function that is not payable, else moved to the contract. */
  private async valueFor(entry: AbiEntry, sender: string, to: string, value: bigint): Promise<void> {
    if (value === 0n) return;
    if (entry.stateMutability !== 'payable') throw new Revert('function is not payable');
    await this.transferTrx(sender, to, value);
  }

  /** Runs a deployment's constructor on the EVM (evm/deploy.ts); returns the runtime code it stored. */
  async deploy(owner: string, address: string, value: bigint, initcode: string): Promise<string> {
    const req = { sender: owner, to: address, value, data: '', initcode, energyLimit: this.energyLeft };
    return this.settle(await this.host.machine.deploy(this, req));
  }

  /** Runs bytecode on the EVM with what energy this frame has left; its logs join this transaction's. */
  private async callBytecode(sender: string, to: string, value: bigint, data: string): Promise<string> {
    return this.settle(await this.host.machine.call(this, { sender, to, value, data, energyLimit: this.energyLeft }));
  }

  private settle(r: CallOutcome): string {
    this.energyUsed += r.energyUsed;
    if (r.outOfEnergy) throw new OutOfEnergy();
    if (!r.ok) throw new Revert(r.reason, r.output);
    this.logs.push(...r.logs);
    return r.output;
  }
}

/** The function a call's selector names in a native contract's ABI. */
function entryOf(contract: NativeContract, data: string): AbiEntry {
  let index = selectorIndex.get(contract);
  if (!index) {
    index = new Map(contract.abi.filter((e) => e.type === 'function').map((e) => [selectorOf(e), e]));
    selectorIndex.set(contract, index);
  }
  const entry = index.get(data.slice(0, 8).toLowerCase());
  if (!entry) throw new Revert('function not found');
  return entry;
}

/** A call's arguments decoded by its function's inputs; malformed data reverts. */
function callArgs(entry: AbiEntry, data: string): unknown[] {
  try {
    return decodeValues(entry.inputs, data.slice(8));
  } catch {
    throw new Revert('invalid call data');
  }
}
