// MLOAD and MSTORE, the opcodes a Solidity contract runs most (every ABI word, every memory
// pointer), move a 256-bit stack value to and from 32 bytes of memory. @ethereumjs/evm converts
// through a hex string both ways and pads with array spreads: about 5 % of a router trade's time on
// the devnet (profiled). These handlers make the same moves with 64-bit reads and writes; the
// opcodes' energy (base and memory growth) is still the EVM's own, and so is all else they do.

/** What the two handlers touch of the interpreter's run state. */
interface WordState {
  stack: { popN(n: number): bigint[]; pop(): bigint; push(v: bigint): void };
  memory: {
    write(offset: number, size: number, value: Uint8Array): void;
    read(offset: number, size: number, avoidCopy?: boolean): Uint8Array;
  };
}

/** The entries of the EVM's opcode map the handlers replace: the handler only, never the gas. */
export type OpcodeEntries = { opHandler: (state: WordState) => void }[];

const MASK = 0xffff_ffff_ffff_ffffn;

/** A stack value as the 32 big-endian bytes memory holds. */
export function wordBytes(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, v >> 192n);
  view.setBigUint64(8, (v >> 128n) & MASK);
  view.setBigUint64(16, (v >> 64n) & MASK);
  view.setBigUint64(24, v & MASK);
  return out;
}

/** 32 big-endian bytes as a stack value. */
export function bytesWord(b: Uint8Array): bigint {
  const view = new DataView(b.buffer, b.byteOffset, 32);
  return (
    (view.getBigUint64(0) << 192n) |
    (view.getBigUint64(8) << 128n) |
    (view.getBigUint64(16) << 64n) |
    view.getBigUint64(24)
  );
}

export const MLOAD = 0x51;
export const MSTORE = 0x52;

/** Puts the direct MLOAD and MSTORE into the EVM's opcode map (their gas handlers stay). */
export function useDirectWords(map: OpcodeEntries): void {
  const load = map[MLOAD];
  const store = map[MSTORE];
  if (!load || !store) return;
  load.opHandler = (s) => {
    const offset = s.stack.pop();
    // a view of memory, not a copy: it is read at once
    s.stack.push(bytesWord(s.memory.read(Number(offset), 32, true)));
  };
  store.opHandler = (s) => {
    const [offset, word] = s.stack.popN(2) as [bigint, bigint];
    s.memory.write(Number(offset), 32, wordBytes(word));
  };
}
