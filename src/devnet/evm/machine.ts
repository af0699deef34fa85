// Contracts deployed from bytecode run on @ethereumjs/evm, the way java-tron's TVM runs them: the
// Shanghai instruction set (PUSH0 included), TRX in sun as the call value, block.timestamp in
// seconds, 20-byte addresses inside the VM (the 41 prefix lives outside it), energy counted as the
// EVM counts gas. The devnet's native contracts (launchpads, their tokens, WTRX, SunSwap V2) answer
// the EVM's calls as precompiles at their own addresses, and their calls into bytecode (a TRX
// payment to a contract runs its receive()) run on the same EVM one frame deeper, so a
// transaction may cross between the two any number of times and stays one transaction: one energy
// count, one log in order, one revert.
import { EVMError, type EVM, type ExecResult, type Log, type Message, type PrecompileInput } from '@ethereumjs/evm';
import { Address, hexToBytes } from '@ethereumjs/util';
import type { Database } from 'better-sqlite3';
import type { AbiEntry } from '../../tron/abi.js';
import { decodeRevert, decodeValues, encodeRevert, topicOf } from '../../tron/codec.js';
import { ENERGY_PRICE_SUN } from '../fees.js';
import type { Ledger } from '../ledger.js';
import { OutOfEnergy, Revert, type LogEntry, type Vm } from '../vm.js';
import { patchInterpreter } from './interpreter.js';
import { LedgerState, bytesOf, codeHashOf, hexOf, tronHex } from './state.js';
import type { ContractStore } from './store.js';
import { TronEvm, type Target } from './tvm.js';

await patchInterpreter();

/** What java-tron's TVM executes: the EVM up to Shanghai (PUSH0 since GreatVoyage-v4.7.2). */
export const EVM_VERSION = 'shanghai';
/** Energy per byte of code a deployment stores (the TVM's, as the EVM's code deposit). */
const CODE_DEPOSIT_ENERGY = 200;

export interface CallOutcome {
  ok: boolean;
  outOfEnergy: boolean;
  /** Return data, or revert data on a failure (hex, no 0x). */
  output: string;
  energyUsed: number;
  /** A revert's reason, decoded from Error(string) ('' when it gave none). */
  reason: string;
  logs: LogEntry[];
}

interface CallRequest {
  sender: string;
  to: string;
  value: bigint;
  data: string;
  energyLimit: number;
}

type EvmLog = Log & { entry?: LogEntry };

const addressOf = (hex: string): Address => new Address(bytesOf(hex.slice(2)));

export class Machine {
  readonly state: LedgerState;
  private readonly evm: TronEvm;
  /** The call frames running now (the EVM's messages, innermost last). */
  private readonly frames: Message[] = [];
  /** The transaction the machine runs for, and the one it ran last. */
  private vm: Vm | undefined;
  private lastVm: Vm | undefined;

  constructor(
    db: Database,
    ledger: Ledger,
    private readonly code: ContractStore,
  ) {
    this.state = new LedgerState(db, ledger, code, 0);
    this.evm = new TronEvm(this.state, {
      target: (hex) => this.targetAt(hex),
      enter: (m) => void this.frames.push(m),
      leave: () => void this.frames.pop(),
    });
  }

  /** Runs every call on the EVM's own step loop and call path (tvm.ts), for tests that compare. */
  runAsShipped(): void {
    this.evm.shippedOnly = true;
  }

  /** Calls a bytecode contract for `vm` (one frame deeper when the EVM is already running). */
  async call(vm: Vm, req: CallRequest): Promise<CallOutcome> {
    const result = await this.run(vm, req, undefined);
    return this.outcome(result, req.energyLimit, 0);
  }

  /**
   * Runs a deployment's constructor at `address` (already an account of kind 'evm' with its
   * record in the contract store) and stores the code it returns.
   */
  async deploy(vm: Vm, req: CallRequest & { initcode: string }): Promise<CallOutcome> {
    const result = await this.run(vm, req, hexToBytes(`0x${req.initcode}`));
    const runtime = result.execResult.returnValue;
    const deposit = result.execResult.exceptionError ? 0 : runtime.length * CODE_DEPOSIT_ENERGY;
    const outcome = this.outcome(result, req.energyLimit, deposit);
    if (outcome.ok) {
      this.code.setRuntime(req.to, hexOf(runtime), codeHashOf(runtime));
      this.state.forget();
    }
    return { ...outcome, output: outcome.ok ? hexOf(runtime) : outcome.output };
  }

  private async run(vm: Vm, req: CallRequest, code: Uint8Array | undefined) {
    const outer = this.vm;
    if (this.frames.length === 0 && this.lastVm !== vm) {
      // a new transaction: every account and slot is cold again, and SSTORE's "original" values
      // are this transaction's (the same call costs the same energy whatever ran before it)
      this.lastVm = vm;
      this.evm.journal.cleanJournal();
      this.state.originalStorageCache.clear();
    }
    this.vm = vm;
    this.state.now = vm.now;
    // the EVM starts from outside: the state may have changed since it last ran (state.ts)
    if (this.frames.length === 0) this.state.startOutside();
    const depth = this.frames.length;
    try {
      return await this.evm.runCall({
        caller: addressOf(req.sender),
        origin: addressOf(vm.origin),
        to: addressOf(req.to),
        value: req.value,
        data: hexToBytes(`0x${req.data}`),
        ...(code ? { code } : {}),
        gasLimit: BigInt(Math.max(0, req.energyLimit)),
        gasPrice: ENERGY_PRICE_SUN,
        depth: this.frames.length,
        skipNonceIncrement: true,
        block: {
          header: {
            number: BigInt(vm.blockNumber),
            coinbase: addressOf('41' + '0'.repeat(40)),
            timestamp: BigInt(Math.floor(vm.now / 1000)),
            difficulty: 0n,
            prevRandao: new Uint8Array(32),
            gasLimit: BigInt(Number.MAX_SAFE_INTEGER),
            baseFeePerGas: 0n,
            getBlobGasPrice: () => undefined,
          },
        },
      });
    } finally {
      this.vm = outer;
      // the EVM says when a frame ends, but not when it throws: the frames are this call's to drop
      this.frames.length = depth;
    }
  }

  private outcome(result: Awaited<ReturnType<EVM['runCall']>>, energyLimit: number, extraEnergy: number): CallOutcome {
    const r = result.execResult;
    let energyUsed = Number(r.executionGasUsed) + extraEnergy;
    const error = r.exceptionError?.error;
    const outOfEnergy = error === EVMError.errorMessages.OUT_OF_GAS || energyUsed > energyLimit;
    if (outOfEnergy) energyUsed = energyLimit;
    const output = hexOf(r.returnValue);
    const ok = !error && !outOfEnergy;
    return {
      ok,
      outOfEnergy,
      output,
      energyUsed,
      reason: ok ? '' : (decodeRevert(output) ?? (error === EVMError.errorMessages.REVERT ? '' : String(error))),
      logs: ok ? (r.logs ?? []).map((l) => this.logEntry(l as EvmLog)) : [],
    };
  }

  /** What runs at `hex`: a native contract's code (as a precompile), bytecode, or nothing. */
  private targetAt(hex: string): Target {
    const kind = this.state.kindAt(hex);
    if (!kind) return 'none';
    if (kind === 'evm') return 'bytecode';
    return (input) => this.runNative(hex, input);
  }

  /** The EVM called a native contract: its value has moved; run it within the frame's energy. */
  private async runNative(self: string, input: PrecompileInput): Promise<ExecResult> {
    const message = this.frames.at(-1);
    const vm = this.vm;
    // a native contract's code cannot be borrowed (DELEGATECALL / CALLCODE into it)
    if (!vm || !message || message.delegatecall || tronHex(message.to!) !== self) {
      return reverted(input.gasLimit, encodeRevert('not a contract'));
    }
    const frame = vm.enterFrame(Number(input.gasLimit));
    let returnValue: Uint8Array;
    try {
      const out = await vm.nativeCall(tronHex(message.caller), self, message.value, hexOf(input.data));
      returnValue = bytesOf(out);
    } catch (e) {
      vm.exitFrame(frame);
      if (e instanceof OutOfEnergy) return outOfEnergy(input.gasLimit);
      if (e instanceof Revert) return reverted(BigInt(frame.spent), e.data ?? encodeRevert(e.reason));
      throw e;
    }
    const logs = vm.exitFrame(frame).map((entry): EvmLog => evmLog(entry));
    return { executionGasUsed: BigInt(frame.spent), returnValue, logs };
  }

  /** A log as the event API stores it: decoded with the emitting contract's ABI when it has one. */
  private logEntry(log: EvmLog): LogEntry {
    if (log.entry) return log.entry;
    const contract = tronHex(new Address(log[0]));
    const topics = log[1].map((t) => hexOf(t));
    const data = hexOf(log[2]);
    const abi = this.code.abi(contract) ?? [];
    const entry = topics.length ? abi.find((e) => e.type === 'event' && topicOf(e) === topics[0]) : undefined;
    return { contract, topics, data, ...(entry ? decoded(entry, topics, data) : {}) };
  }
}

function decoded(entry: AbiEntry, topics: string[], data: string): { entry: AbiEntry; values: unknown[] } | object {
  try {
    const plain = decodeValues(
      entry.inputs.filter((p) => !p.indexed),
      data,
    );
    let t = 1;
    let d = 0;
    const values = entry.inputs.map((p) => (p.indexed ? decodeValues([p], topics[t++] ?? '')[0] : plain[d++]));
    return { entry, values };
  } catch {
    return {};
  }
}

/**
 * A native contract's log, passed up through the EVM's frames: the EVM only gathers logs (the
 * bytes are read nowhere: `logEntry` takes the entry), so they are not converted to bytes.
 */
function evmLog(entry: LogEntry): EvmLog {
  const log = [NO_BYTES, [], NO_BYTES] as unknown as EvmLog;
  log.entry = entry;
  return log;
}
const NO_BYTES = new Uint8Array();

/** A failed native frame that reverted with this data (hex), having spent `energy`. */
const reverted = (energy: bigint, data: string): ExecResult => ({
  executionGasUsed: energy,
  returnValue: bytesOf(data),
  exceptionError: new EVMError(EVMError.errorMessages.REVERT),
});

/** A native frame that ran out of energy: all of its limit is spent. */
const outOfEnergy = (limit: bigint): ExecResult => ({
  executionGasUsed: limit,
  returnValue: new Uint8Array(),
  exceptionError: new EVMError(EVMError.errorMessages.OUT_OF_GAS),
});
