// Two changes to @ethereumjs/evm's interpreter, made for speed and for nothing else: what each
// opcode does and costs stays the EVM's own.
//
// - Jump analysis: the interpreter analyses a contract's code (its jump destinations and push
//   values) on every call that jumps: for the fee router, 6 KB walked byte by byte a call. The code
//   a contract runs is the same Uint8Array each time (LedgerState keeps it by hash), so the
//   analysis is kept per code object.
// - The step loop: the interpreter awaits every opcode (an async step, and a promise, for a PUSH or
//   an ADD). Most opcodes of a Solidity contract are synchronous with a fixed cost, and MLOAD,
//   MSTORE and MSTORE8 add only memory growth, which the EVM's own `subMemUsage` computes without
//   awaiting anything. The loop here runs those in line, exactly as the EVM's step does (invalid
//   opcode, cost, program counter, handler), and hands every other opcode (storage, calls, logs,
//   copies) to the EVM's own step. It takes over only where the EVM's step would have nothing else
//   to do: no step listeners, no debug or profiler, legacy code (not EOF) and no stateless
//   witnesses (EIPs 6800 and 7864); otherwise the EVM's own loop runs.
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
interface RunState {
  code: Uint8Array;
  stack: { peek(n?: number): bigint[] };
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
  _evm: { DEBUG: boolean; events: { listenerCount(name: string): number }; _opcodeMap: OpEntry[] };
  common: { isActivatedEIP(eip: number): boolean };
  profilerOpts?: { enabled?: boolean };
  _getValidJumpDestinations(code: Uint8Array): { jumps: unknown; pushes: unknown; opcodesCached: OpEntry[] };
  runStep(entry?: OpEntry): Promise<void>;
  useGas(amount: bigint, context: OpInfo): void;
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
  return { jumps: cacheJumps(proto), steps: runInLine(proto, subMemUsage) };
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

function runInLine(proto: Record<string, unknown>, subMemUsage: SubMemUsage | undefined): boolean {
  const shipped = proto.run as Interp['run'] | undefined;
  if (typeof shipped !== 'function' || typeof proto.runStep !== 'function' || typeof proto.useGas !== 'function') {
    return false;
  }
  proto.run = async function run(this: Interp, code: Uint8Array, opts: { pc?: number } = {}) {
    const evm = this._evm;
    if (
      code[0] === EOF_FORMAT ||
      evm.DEBUG ||
      this.profilerOpts?.enabled === true ||
      evm.events.listenerCount('step') > 0 ||
      this.common.isActivatedEIP(6800) ||
      this.common.isActivatedEIP(7864)
    ) {
      return shipped.call(this, code, opts);
    }
    const rs = this._runState;
    rs.code = code;
    rs.programCounter = opts.pc ?? rs.programCounter;
    const start = rs.programCounter;
    if (start !== 0 && (start < 0 || start >= code.length)) {
      throw new Error('Internal error: program counter not in range');
    }
    const map = evm._opcodeMap;
    let analysed: OpEntry[] | undefined;
    let err: EvmFault | undefined;
    while (rs.programCounter < code.length) {
      const pc = rs.programCounter;
      let op: OpEntry;
      if (analysed) {
        op = analysed[pc]!;
        rs.opCode = op.opcodeInfo.code;
      } else {
        const c = code[pc]!;
        op = map[c]!;
        rs.opCode = c;
        if (c === JUMP || c === JUMPI || c === JUMPSUB) {
          const { jumps, pushes, opcodesCached } = this._getValidJumpDestinations(code);
          rs.validJumps = jumps;
          rs.cachedPushes = pushes;
          rs.shouldDoJumpAnalysis = false;
          analysed = opcodesCached;
        }
      }
      const info = op.opcodeInfo;
      const touched = info.dynamicGas && subMemUsage ? MEMORY_ONLY[info.code] : undefined;
      try {
        if ((info.dynamicGas && !touched) || info.isAsync || rs.eip7928PostTargetCallOog !== undefined) {
          await this.runStep(op);
        } else {
          // the EVM's step for a synchronous opcode, in its order: cost (with memory growth), checks, handler
          const cost = touched
            ? info.feeBigInt + subMemUsage!(rs, rs.stack.peek()[0]!, touched, this.common)
            : info.feeBigInt;
          // eslint-disable-next-line @typescript-eslint/only-throw-error -- the EVM's own fault value, as its step throws it
          if (info.isInvalid) throw new EVMError(INVALID_OPCODE);
          this.useGas(cost, info);
          rs.programCounter++;
          op.opHandler(rs, this.common);
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
    if (err === undefined && rs.eip8037BurnLeftoverAfterCreateHaltOntoAlive === true && rs.gasLeft > 0n) {
      rs.gasLeft = 0n;
      err = new EVMError(OUT_OF_GAS);
    }
    return { runState: rs, exceptionError: err };
  };
  return true;
}
