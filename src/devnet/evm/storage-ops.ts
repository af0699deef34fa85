// SLOAD and SSTORE for the devnet's step loop (interpreter.ts). Through the EVM's own step, a
// storage opcode converts its key through a hex string and pads it with array spreads three times
// (the gas function, the handler, the journal), and awaits an async gas function and an async
// handler: 20 to 40 µs each, a sixth of a router trade. Here each runs in two parts, in the EVM's
// order: its cost (`cost`: what the EVM's gas function adds, with the EVM's own EIP-2929 and
// EIP-2200 rules, called as they are), charged by the loop, then its effect (`run`, the handler's:
// the interpreter's own storageLoad and storageStore). Only the conversions are new: a key or
// value is moved between a stack word and 32 bytes directly (words.ts).
//
// They apply where the EVM would compute storage gas exactly so: EIP-2929 and Istanbul's EIP-2200
// on, none of the newer storage rules (EIPs 7928, 8037, 8038), which Shanghai (java-tron's TVM)
// never has; elsewhere the loop hands them to the EVM's step. The random-programs test runs both.
import { EVMError } from '@ethereumjs/evm';
import { bytesWord, wordBytes } from './words.js';

const SLOAD = 0x54;
const SSTORE = 0x55;

/** What the two opcodes touch of the interpreter and its run state. */
export interface StorageRunState {
  stack: { peek(n?: number): bigint[]; popN(n: number): bigint[]; pop(): bigint; push(v: bigint): void };
  gasLeft: bigint;
  interpreter: {
    isStatic(): boolean;
    storageLoad(key: Uint8Array, original?: boolean, trackBAL?: boolean): Promise<Uint8Array>;
    storageStore(key: Uint8Array, value: Uint8Array): Promise<void>;
  };
}

export interface StorageCommon {
  isActivatedEIP(eip: number): boolean;
  gteHardfork(hardfork: string): boolean;
}

/** The EVM's storage gas rules (its modules opcodes/EIP2929.js and opcodes/EIP2200.js). */
export interface StorageGasRules {
  accessStorageEIP2929(
    rs: StorageRunState,
    key: Uint8Array,
    isSstore: boolean,
    common: StorageCommon,
    chargeGas?: boolean,
  ): bigint;
  updateSstoreGasEIP2200(
    rs: StorageRunState,
    current: Uint8Array,
    original: Uint8Array,
    value: Uint8Array,
    key: Uint8Array,
    common: StorageCommon,
  ): bigint;
}

/** An opcode run in line in two parts: its dynamic cost, then (once charged) its effect. */
export interface OwnOpcode {
  cost(rs: StorageRunState, common: StorageCommon, left: number): Promise<number>;
  run(rs: StorageRunState): Promise<void>;
}

/** Whether the EVM computes storage gas with exactly the rules these opcodes call. */
export function storageRulesApply(common: StorageCommon): boolean {
  return (
    common.isActivatedEIP(2929) &&
    common.gteHardfork('istanbul') &&
    !common.isActivatedEIP(7928) &&
    !common.isActivatedEIP(8037) &&
    !common.isActivatedEIP(8038)
  );
}

const { STATIC_STATE_CHANGE } = EVMError.errorMessages;

/** SLOAD and SSTORE by opcode, on the EVM's own gas rules. */
export function storageOpcodes(rules: StorageGasRules): Record<number, OwnOpcode> {
  const sload: OwnOpcode = {
    async cost(rs, common) {
      const key = rs.stack.peek()[0]!;
      return Number(rules.accessStorageEIP2929(rs, wordBytes(key), false, common, true));
    },
    async run(rs) {
      const key = rs.stack.pop();
      const value = await rs.interpreter.storageLoad(wordBytes(key));
      rs.stack.push(valueOf(value));
    },
  };
  const sstore: OwnOpcode = {
    async cost(rs, common, left) {
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the EVM's own fault value, as its gas function throws it
      if (rs.interpreter.isStatic()) throw new EVMError(STATIC_STATE_CHANGE);
      const [key, val] = rs.stack.peek(2) as [bigint, bigint];
      const keyBytes = wordBytes(key);
      const current = asStored(await rs.interpreter.storageLoad(keyBytes, false, false));
      const original = asStored(await rs.interpreter.storageLoad(keyBytes, true, false));
      // EIP-2200's sentry reads the gas left from the run state
      rs.gasLeft = BigInt(left);
      const value = val === 0n ? new Uint8Array(0) : wordBytes(val);
      const gas = rules.updateSstoreGasEIP2200(rs, current, original, value, keyBytes, common);
      return Number(gas + rules.accessStorageEIP2929(rs, keyBytes, true, common, true));
    },
    async run(rs) {
      const [key, val] = rs.stack.popN(2) as [bigint, bigint];
      await rs.interpreter.storageStore(wordBytes(key), shortest(val));
    },
  };
  return { [SLOAD]: sload, [SSTORE]: sstore };
}

/** Up to 32 big-endian bytes as 32, zeros before them (the bytes themselves when they are 32). */
function word32(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 32) return bytes;
  const word = new Uint8Array(32);
  word.set(bytes, 32 - bytes.length);
  return word;
}

/** A stored value as a stack word (as the EVM's bytesToBigInt: big-endian, any length up to 32). */
function valueOf(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : bytesWord(word32(bytes));
}

/** A stored value as the EVM's SSTORE gas rules compare it: empty for zero, else 32 bytes. */
function asStored(bytes: Uint8Array): Uint8Array {
  return bytes.every((b) => b === 0) ? new Uint8Array(0) : word32(bytes);
}

/** A value as the EVM's SSTORE stores it: its shortest big-endian bytes (none for zero). */
function shortest(v: bigint): Uint8Array {
  if (v === 0n) return new Uint8Array(0);
  const word = wordBytes(v);
  return word.subarray(word.findIndex((b) => b !== 0));
}
