// The devnet's step loop (src/devnet/evm/interpreter.ts, with storage-ops.ts) runs bytecode exactly
// as @ethereumjs/evm's own loop does: random programs give the same result, energy and refund,
// return data, stack, memory size and storage both ways, in plain and static calls. The EVM's own loop runs whenever its profiler is on, which is how each
// program is run the shipped way here (a step listener would do too, but the EVM's tracing of a
// REVERT reads all the memory it names first, and a huge length throws there).
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { Account, bytesToHex, createZeroAddress, setLengthLeft } from '@ethereumjs/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { patchInterpreter } from '../../../src/devnet/evm/interpreter.js';

const patched = await patchInterpreter();

/** Opcodes a program is made of, with the bytes that follow a PUSH. */
const op = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 3 }), fc.nat(255))
      .map(([n, v]) => [0x5f + n, ...setLengthLeft(Uint8Array.of(v), n)]),
  },
  { weight: 2, arbitrary: fc.constant([0x5f]) }, // PUSH0
  { weight: 3, arbitrary: fc.integer({ min: 0x80, max: 0x83 }).map((c) => [c]) }, // DUP1-4
  { weight: 2, arbitrary: fc.integer({ min: 0x90, max: 0x92 }).map((c) => [c]) }, // SWAP1-3
  {
    weight: 6,
    arbitrary: fc
      // arithmetic, comparison, bits, POP, PC, MSIZE, GAS; the environment's and the block's
      // fields (opcodes the EVM awaits: ADDRESS, ORIGIN, CALLER, CALLVALUE, CALLDATALOAD,
      // CALLDATASIZE, RETURNDATASIZE, BLOCKHASH, COINBASE, TIMESTAMP, NUMBER, PREVRANDAO, GASLIMIT)
      .constantFrom(
        0x01,
        0x02,
        0x03,
        0x04,
        0x06,
        0x10,
        0x11,
        0x14,
        0x15,
        0x16,
        0x17,
        0x18,
        0x19,
        0x1b,
        0x1c,
        0x50,
        0x58,
        0x59,
        0x5a,
        0x30,
        0x32,
        0x33,
        0x34,
        0x35,
        0x36,
        0x3d,
        0x40,
        0x41,
        0x42,
        0x43,
        0x44,
        0x45,
      )
      .map((c) => [c]),
  },
  { weight: 3, arbitrary: fc.constantFrom(0x51, 0x52, 0x53).map((c) => [c]) }, // MLOAD, MSTORE, MSTORE8
  { weight: 2, arbitrary: fc.constantFrom(0x54, 0x55).map((c) => [c]) }, // SLOAD, SSTORE
  { weight: 2, arbitrary: fc.constantFrom(0x56, 0x57, 0x5b).map((c) => [c]) }, // JUMP, JUMPI, JUMPDEST
  { weight: 1, arbitrary: fc.constantFrom(0x00, 0xf3, 0xfd, 0xfe, 0x0c).map((c) => [c]) }, // STOP, RETURN, REVERT, INVALID, undefined
);
const program = fc.array(op, { minLength: 1, maxLength: 60 }).map((ops) => Uint8Array.from(ops.flat()));

const slot = (k: number) => setLengthLeft(Uint8Array.of(k), 32);

/**
 * A fresh EVM whose programs run as the zero address, an account with two words stored (slots 1
 * and 255: SSTORE's energy depends on a slot's value before the transaction); `shipped`: on its
 * own loop.
 */
async function evm(shipped = false): Promise<EVM> {
  const vm = await createEVM({
    common: new Common({ chain: Mainnet, hardfork: Hardfork.Shanghai }),
    ...(shipped ? { profiler: { enabled: true } } : {}),
  });
  await vm.stateManager.putAccount(createZeroAddress(), new Account());
  await vm.stateManager.putStorage(createZeroAddress(), slot(1), Uint8Array.of(5));
  await vm.stateManager.putStorage(createZeroAddress(), slot(255), Uint8Array.of(0x12, 0x34));
  return vm;
}

/** What a run leaves that a caller could see (`isStatic`: in a static call, where SSTORE fails). */
async function outcome(vm: EVM, code: Uint8Array, gasLimit: bigint, isStatic = false) {
  const r = await vm.runCode({ code, gasLimit, value: 7n, isStatic });
  const storage = await Promise.all(
    [0n, 1n, 2n, 255n].map(async (k) =>
      bytesToHex(await vm.stateManager.getStorage(createZeroAddress(), slot(Number(k)))),
    ),
  );
  return {
    error: r.exceptionError?.error,
    energy: r.executionGasUsed,
    refund: r.runState?.gasRefund,
    output: bytesToHex(r.returnValue),
    stack: r.runState?.stack.getStack(),
    memoryWords: r.runState?.memoryWordCount,
    storage,
  };
}

describe("the devnet's EVM step loop", () => {
  it('is installed on this version of @ethereumjs/evm (else the EVM runs unchanged, and slower)', () => {
    expect(patched).toEqual({ jumps: true, steps: true });
  });

  it("runs any program as the EVM's own loop does: result, energy, output, stack, memory and storage", async () => {
    await fc.assert(
      fc.asyncProperty(
        program,
        fc.constantFrom(30n, 200n, 2_400n, 5_000n, 100_000n, 2n ** 60n),
        fc.boolean(),
        async (code, gasLimit, isStatic) => {
          const shipped = await outcome(await evm(true), code, gasLimit, isStatic);
          expect(await outcome(await evm(), code, gasLimit, isStatic)).toEqual(shipped);
        },
      ),
      {
        numRuns: 400,
        examples: [
          // a jump to a JUMPDEST, memory growth, a store, then a word returned
          [
            Uint8Array.from([0x60, 0x04, 0x56, 0xfe, 0x5b, 0x60, 0x2a, 0x60, 0x40, 0x52, 0x60, 0x20, 0x60, 0x40, 0xf3]),
            100_000n,
            false,
          ],
          // out of energy in the middle of memory growth
          [Uint8Array.from([0x60, 0x2a, 0x61, 0x10, 0x00, 0x52]), 200n, false],
          // a stack underflow on MSTORE's memory cost
          [Uint8Array.from([0x52]), 5_000n, false],
          // a storage write, then PUSH0
          [Uint8Array.from([0x60, 0x00, 0x58, 0x55, 0x5f]), 100_000n, false],
          // a REVERT of 2^60 bytes of memory (GAS's value as its length): out of energy both ways
          [Uint8Array.from([0x5a, 0x33, 0xfd, 0x54]), 2n ** 60n, false],
          // the environment's fields, awaited by the EVM, then the gas left
          [Uint8Array.from([0x30, 0x33, 0x35, 0x3d, 0x43, 0x42, 0x5a]), 100_000n, false],
          // slot 1 (5) cleared, set again, then read: EIP-2200's refunds and the warm read
          [Uint8Array.from([0x5f, 0x60, 0x01, 0x55, 0x60, 0x09, 0x60, 0x01, 0x55, 0x60, 0x01, 0x54]), 100_000n, false],
          // slot 1 read (cold), then written with the value it holds (a warm no-op, 100) with 2,000
          // left: no more than EIP-2200's sentry (2,300), so out of energy
          [Uint8Array.from([0x60, 0x01, 0x54, 0x50, 0x60, 0x05, 0x60, 0x01, 0x55]), 4_111n, false],
          // a write in a static call: refused
          [Uint8Array.from([0x60, 0x07, 0x60, 0x02, 0x55]), 100_000n, true],
        ],
      },
    );
  });
});
