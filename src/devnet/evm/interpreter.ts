// Two changes to @ethereumjs/evm's interpreter, made for speed and for nothing else: what each
// opcode does and costs stays the EVM's own.
//
// - Jump analysis: the interpreter analyses a contract's code (its jump destinations and push
//   values) on every call that jumps: for the fee router, 6 KB walked byte by byte a call. The code
//   a contract runs is the same Uint8Array each time (LedgerState keeps it by hash), so the
//   analysis is kept per code object.
// - The step loop: the interpreter awaits every opcode (an async step, and a promise, for a PUSH or
//   an ADD). Most opcodes of a Solidity contract have a fixed cost, and MLOAD, MSTORE and MSTORE8
//   add only memory growth, which the EVM's own `subMemUsage` computes without awaiting anything.
//   The loop here runs those in line, exactly as the EVM's step does (invalid opcode, cost, program
//   counter, handler; a handler the EVM awaits, such as ADDRESS, CALLER or BLOCKHASH, is awaited
//   only when it returns a promise: most return nothing). SLOAD and SSTORE run in line too, their
//   cost from the EVM's own storage gas rules (storage-ops.ts). Every other opcode (calls, logs,
//   copies) goes to the EVM's own step. While it runs opcodes in line it counts the gas
//   left in a number, not a bigint (a bigint is a new heap object at every subtraction: ~40 KB of
//   garbage a router trade), and puts it back in the run state before anything reads it there: the
//   EVM's step, the GAS opcode, a handler the EVM awaits, the end of the run. It takes over only
//   where the EVM's step would have nothing else to do: no step listeners, no debug or profiler,
//   legacy code (not EOF), no stateless witnesses (EIPs 6800 and 7864), a gas limit a number
//   holds exactly, and an EVM not set to run as shipped (tvm.ts); otherwise the EVM's own loop runs.
//
// The interpreter is not exported by the package, so its module is found next to the package's
// entry; where it cannot be found, nothing is changed and the EVM runs as shipped.
// `patchInterpreter` says which changes it made. A test holds both on and runs random programs
// through this loop and the EVM's own: a new version of the package that changes what this loop
// relies on (the run state's fields, the opcode entries, the step's order) fails it.
import { EVMError } from '@ethereumjs/evm';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  storageOpcodes,
  storageRulesApply,
  type OwnOpcode,
  type StorageCommon,
  type StorageGasRules,
  type StorageRunState,
} from './storage-ops.js';
import { MLOAD, MSTORE } from './words.js';

interface OpInfo {
  code: number;
  feeBigInt: bigint;
  isAsync: boolean;
  dynamicGas: boolean;
  isInvalid: boolean;
}
interface OpEntry {
  opcodeInfo: OpInfo;
  opHandler: (state: RunState, common: unknown) => unknown;
}
interface RunState extends StorageRunState {
  code: Uint8Array;
  programCounter: number;
  opCode: number;
  validJumps: unknown;
  cachedPushes: unknown;
  shouldDoJumpAnalysis: boolean;
  eip7928PostTargetCallOog?: unknown;
  eip8037BurnLeftoverAfterCreateHaltOntoAlive?: boolean;
  gasLeft: bigint;
  env: { accessWitness?: { commit(): void; revert(): void } };
}
interface Interp {
  _runState: RunState;
  _evm: {
    DEBUG: boolean;
    /** Set on an EVM whose every opcode must take its own step (tvm.ts; tests compare the two). */
    shippedOnly?: boolean;
    events: { listenerCount(name: string): number };
    _opcodeMap: OpEntry[];
  };
  common: StorageCommon;
  profilerOpts?: { enabled?: boolean };
  _getValidJumpDestinations(code: Uint8Array): { jumps: unknown; pushes: unknown; opcodesCached: OpEntry[] };
  runStep(entry?: OpEntry): Promise<void>;
  run(code: Uint8Array, opts?: { pc?: number }): Promise<{ runState: RunState; exceptionError?: EvmFault }>;
}
interface EvmFault {
  errorType?: string;
  error?: string;
}

/** How the EVM tells its own faults (a revert, out of gas, STOP) from a bug: by this field. */
const EVM_ERROR = new EVMError(EVMError.errorMessages.STOP).errorType;
const { STOP, INVALID_OPCODE, OUT_OF_GAS } = EVMError.errorMessages;
const EOF_FORMAT = 0xef;
const MSTORE8 = 0x53;
const JUMP = 0x56;
const JUMPI = 0x57;
const JUMPSUB = 0x5e;
/** GAS pushes the gas left: the one in-line opcode that reads it from the run state. */
const GAS = 0x5a;
/** The largest gas count a number holds exactly. */
const MAX_EXACT = BigInt(Number.MAX_SAFE_INTEGER);

/** The EVM's memory-growth cost of touching `length` bytes at `offset` (opcodes/util.js). */
type SubMemUsage = (state: RunState, offset: bigint, length: bigint, common: unknown) => bigint;

/** Opcodes whose only dynamic cost is memory growth, with the bytes they touch. */
const MEMORY_ONLY: Partial<Record<number, bigint>> = { [MLOAD]: 32n, [MSTORE]: 32n, [MSTORE8]: 1n };

export interface Patched {
  jumps: boolean;
  steps: boolean;
}

let patched: Promise<Patched> | undefined;

/** Installs both changes once per process; says which it could make. */
export function patchInterpreter(): Promise<Patched> {
  patched ??= install();
  return patched;
}

/** A module of the package's own build, found next to its entry (undefined where it is not there). */
async function internal<T>(file: string): Promise<T | undefined> {
  try {
    const entry = createRequire(import.meta.url).resolve('@ethereumjs/evm');
    return (await import(pathToFileURL(path.join(path.dirname(entry), '..', 'esm', file)).href)) as T;
  } catch {
    return undefined;
  }
}

async function install(): Promise<Patched> {
  const proto = (await internal<{ Interpreter?: { prototype: Record<string, unknown> } }>('interpreter.js'))
    ?.Interpreter?.prototype;
  if (!proto) return { jumps: false, steps: false };
  // without it, memory opcodes take the EVM's own step
  const subMemUsage = (await internal<{ subMemUsage?: SubMemUsage }>('opcodes/util.js'))?.subMemUsage;
  // without the EVM's storage gas rules, storage opcodes take its own step
  const access = (await internal<Partial<StorageGasRules>>('opcodes/EIP2929.js'))?.accessStorageEIP2929;
  const sstore = (await internal<Partial<StorageGasRules>>('opcodes/EIP2200.js'))?.updateSstoreGasEIP2200;
  const own =
    access && sstore ? storageOpcodes({ accessStorageEIP2929: access, updateSstoreGasEIP2200: sstore }) : undefined;
  return { jumps: cacheJumps(proto), steps: runInLine(proto, subMemUsage, own) };
}

function cacheJumps(proto: Record<string, unknown>): boolean {
  const analyse = proto._getValidJumpDestinations as Interp['_getValidJumpDestinations'] | undefined;
  if (typeof analyse !== 'function') return false;
  const seen = new WeakMap<Uint8Array, ReturnType<Interp['_getValidJumpDestinations']>>();
  proto._getValidJumpDestinations = function (this: Interp, code: Uint8Array) {
    let out = seen.get(code);
    if (out === undefined) {
      out = analyse.call(this, code);
      seen.set(code, out);
    }
    return out;
  };
  return true;
}

function runInLine(
  proto: Record<string, unknown>,
  subMemUsage: SubMemUsage | undefined,
  ownOpcodes: Record<number, OwnOpcode> | undefined,
): boolean {
  const shipped = proto.run as Interp['run'] | undefined;
  if (typeof shipped !== 'function' || typeof proto.runStep !== 'function') {
    return false;
  }
  proto.run = async function run(this: Interp, code: Uint8Array, opts: { pc?: number } = {}) {
    if (needsShippedLoop(this, code)) return shipped.call(this, code, opts);
    const evm = this._evm;
    const rs = this._runState;
    startAt(rs, code, opts.pc);
    const map = evm._opcodeMap;
    const own = ownOpcodes && storageRulesApply(this.common) ? ownOpcodes : undefined;
    const analysis: Analysis = { ops: undefined };
    let err: EvmFault | undefined;
    // the gas left while opcodes run in line; rs.gasLeft holds it whenever anything else may read it
    let left = Number(rs.gasLeft);
    let stepping = false;
    while (rs.programCounter < code.length) {
      const op = opAt(this, code, map, analysis);
      const info = op.opcodeInfo;
      const touched = info.dynamicGas && subMemUsage ? MEMORY_ONLY[info.code] : undefined;
      const mine = info.dynamicGas ? own?.[info.code] : undefined;
      try {
        if ((info.dynamicGas && !touched && !mine) || rs.eip7928PostTargetCallOog !== undefined) {
          rs.gasLeft = BigInt(left);
          stepping = true;
          await this.runStep(op);
          stepping = false;
          left = Number(rs.gasLeft);
        } else {
          // the EVM's step, in its order: cost (with memory growth, or a storage opcode's), checks, handler
          const cost = mine
            ? Number(info.feeBigInt) + (await mine.cost(rs, this.common, left))
            : inLineCost(info, touched && subMemUsage!(rs, rs.stack.peek()[0]!, touched, this.common));
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- the EVM's own fault value, as its step throws it
          if (info.isInvalid) throw new EVMError(INVALID_OPCODE);
          // as the EVM's useGas: out of gas leaves none
          left -= cost;
          if (left < 0) {
            left = 0;
            // eslint-disable-next-line @typescript-eslint/only-throw-error -- as above
            throw new EVMError(OUT_OF_GAS);
          }
          rs.programCounter++;
          if (mine) {
            await mine.run(rs);
          } else {
            const after = runHandler(op, rs, this.common, left);
            left = typeof after === 'number' ? after : await after;
          }
          rs.env.accessWitness?.commit();
        }
      } catch (e) {
        rs.env.accessWitness?.revert();
        const f = e as EvmFault;
        if (f?.errorType !== EVM_ERROR) throw e;
        if (f.error !== STOP) err = f;
        break;
      }
    }
    // after a fault in the EVM's step, the run state's count is the one it left
    if (!stepping) rs.gasLeft = BigInt(left);
    if (err === undefined && rs.eip8037BurnLeftoverAfterCreateHaltOntoAlive === true && rs.gasLeft > 0n) {
      rs.gasLeft = 0n;
      err = new EVMError(OUT_OF_GAS);
    }
    return { runState: rs, exceptionError: err };
  };
  return true;
}

/** The code's opcode entries by position, once a jump has made the EVM analyse it. */
interface Analysis {
  ops: OpEntry[] | undefined;
}

/**
 * The opcode at the program counter, set in the run state, as the EVM's loop finds it: by byte
 * until the first jump opcode, which has the code analysed (jump destinations, push values), then
 * from the analysis.
 */
function opAt(interp: Interp, code: Uint8Array, map: OpEntry[], analysis: Analysis): OpEntry {
  const rs = interp._runState;
  if (analysis.ops) {
    const op = analysis.ops[rs.programCounter]!;
    rs.opCode = op.opcodeInfo.code;
    return op;
  }
  const c = code[rs.programCounter]!;
  rs.opCode = c;
  if (c === JUMP || c === JUMPI || c === JUMPSUB) {
    const { jumps, pushes, opcodesCached } = interp._getValidJumpDestinations(code);
    rs.validJumps = jumps;
    rs.cachedPushes = pushes;
    rs.shouldDoJumpAnalysis = false;
    analysis.ops = opcodesCached;
  }
  return map[c]!;
}

/**
 * Runs an in-line opcode's handler, with the run state's gas current for those that read it: GAS,
 * and the handlers the EVM awaits (ADDRESS, CALLER, CALLDATALOAD, the block's fields), awaited here
 * only when they return a promise (most return nothing). The gas left after it.
 */
function runHandler(op: OpEntry, rs: RunState, common: unknown, left: number): number | Promise<number> {
  const info = op.opcodeInfo;
  if (!info.isAsync) {
    if (info.code === GAS) rs.gasLeft = BigInt(left);
    op.opHandler(rs, common);
    return left;
  }
  rs.gasLeft = BigInt(left);
  const pending = op.opHandler(rs, common);
  return pending instanceof Promise ? pending.then(() => Number(rs.gasLeft)) : Number(rs.gasLeft);
}

/** Where the EVM's own loop must run: what the in-line loop leaves out (see the top of this file). */
function needsShippedLoop(interp: Interp, code: Uint8Array): boolean {
  const evm = interp._evm;
  return (
    code[0] === EOF_FORMAT ||
    evm.DEBUG ||
    evm.shippedOnly === true ||
    interp.profilerOpts?.enabled === true ||
    evm.events.listenerCount('step') > 0 ||
    interp.common.isActivatedEIP(6800) ||
    interp.common.isActivatedEIP(7864) ||
    interp._runState.gasLeft > MAX_EXACT
  );
}

/**
 * An in-line opcode's cost as a number: its fee and the memory growth (false: none) it causes; a
 * growth past a safe integer is Infinity, more than any gas left.
 */
function inLineCost(info: OpInfo, grow: bigint | false | undefined): number {
  if (!grow) return Number(info.feeBigInt);
  return grow > MAX_EXACT ? Infinity : Number(info.feeBigInt) + Number(grow);
}

/** Sets the run state to run `code` from `pc` (by default where it is), as the EVM's loop does. */
function startAt(rs: RunState, code: Uint8Array, pc: number | undefined): void {
  rs.code = code;
  rs.programCounter = pc ?? rs.programCounter;
  const start = rs.programCounter;
  if (start !== 0 && (start < 0 || start >= code.length)) {
    throw new Error('Internal error: program counter not in range');
  }
}
