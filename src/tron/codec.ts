// ABI encoding with the ethers coder TronWeb ships (so bytes match TronWeb's own encoder).
import { utils } from 'tronweb';
import type { AbiEntry, AbiParam } from './abi.js';

const { AbiCoder, keccak256, toUtf8Bytes } = utils.ethersUtils;
const coder = new AbiCoder();

export const signatureOf = (entry: AbiEntry): string => `${entry.name}(${entry.inputs.map((i) => i.type).join(',')})`;
export const keccakHex = (text: string): string => keccak256(toUtf8Bytes(text)).slice(2);
/** 4-byte function selector as 8 hex chars. */
export const selectorOf = (entry: AbiEntry): string => keccakHex(signatureOf(entry)).slice(0, 8);
const topics = new WeakMap<AbiEntry, string>();
/** Event topic0 as 64 hex chars (memoised: events are emitted on every trade). */
export function topicOf(entry: AbiEntry): string {
  let t = topics.get(entry);
  if (t === undefined) {
    t = keccakHex(signatureOf(entry));
    topics.set(entry, t);
  }
  return t;
}

// Static one-word types (address, bool, uintN) are coded here, word by word, with the ethers
// coder's results and checks (a property test holds them equal); any other type list goes to it.
const UINT = /^uint(\d*)$/;
const bitsOf = (type: string): number | undefined => {
  if (type === 'address') return 160;
  if (type === 'bool') return 8;
  const m = UINT.exec(type);
  return m ? Number(m[1] || 256) : undefined;
};
const isStatic = (params: AbiParam[]) => params.every((p) => bitsOf(p.type) !== undefined);

function encodeWord(type: string, value: unknown): string {
  if (type === 'address') {
    const h = String(value).replace(/^0x/, '');
    if (!/^[0-9a-fA-F]{40}$/.test(h)) throw new Error(`invalid address value: ${String(value).slice(0, 64)}`);
    return h.toLowerCase().padStart(64, '0');
  }
  if (type === 'bool') return value ? '1'.padStart(64, '0') : '0'.repeat(64);
  const n = BigInt(value as bigint | number | string);
  if (n < 0n || n >= 1n << BigInt(bitsOf(type)!)) throw new Error(`value out of range for ${type}: ${n}`);
  return n.toString(16).padStart(64, '0');
}

/** A list of one-word types and arrays of them (`address[]`, `uint256[]`): coded here, else by ethers. */
const elementOf = (type: string): string | undefined => (type.endsWith('[]') ? type.slice(0, -2) : undefined);
const isSimple = (params: AbiParam[]) =>
  params.every((p) => bitsOf(p.type) !== undefined || bitsOf(elementOf(p.type) ?? '') !== undefined);

export function encodeValues(params: AbiParam[], values: unknown[]): string {
  if (values.length !== params.length || !isSimple(params))
    return coder
      .encode(
        params.map((x) => x.type),
        values,
      )
      .slice(2);
  if (isStatic(params)) {
    let out = '';
    for (let i = 0; i < params.length; i++) out += encodeWord(params[i]!.type, values[i]);
    return out;
  }
  // heads (a word, or the offset of an array's tail), then each array: its length and its words
  let head = '';
  let tail = '';
  for (let i = 0; i < params.length; i++) {
    const element = elementOf(params[i]!.type);
    if (!element) {
      head += encodeWord(params[i]!.type, values[i]);
      continue;
    }
    const items = Array.from(values[i] as ArrayLike<unknown>);
    head += ((params.length * 64 + tail.length) / 2).toString(16).padStart(64, '0');
    tail += items.length.toString(16).padStart(64, '0') + items.map((v) => encodeWord(element, v)).join('');
  }
  return head + tail;
}

const decodeWord = (type: string, word: string): unknown => {
  if (type === 'address') return '0x' + word.slice(24).toLowerCase();
  // a bool is any non-zero word (not only its low byte), a uintN its low N bits, as ethers reads them
  if (type === 'bool') return BigInt('0x' + word) !== 0n;
  return BigInt('0x' + word) & ((1n << BigInt(bitsOf(type)!)) - 1n);
};

export function decodeValues(params: AbiParam[], hex: string): unknown[] {
  const data = hex.startsWith('0x') ? hex.slice(2) : hex;
  const fast = isSimple(params) && /^[0-9a-fA-F]*$/.test(data) && data.length % 2 === 0;
  const out = fast ? decodeSimple(params, data) : undefined;
  return (
    out ?? [
      ...coder.decode(
        params.map((x) => x.type),
        '0x' + data,
      ),
    ]
  );
}

/** Undefined when the data is not plainly formed (ethers then decodes it, or says why not). */
function decodeSimple(params: AbiParam[], data: string): unknown[] | undefined {
  if (data.length < params.length * 64) {
    if (isStatic(params)) throw new Error('data too short for the parameters');
    return undefined;
  }
  const word = (at: number) => data.slice(at * 64, at * 64 + 64);
  const out: unknown[] = [];
  for (let i = 0; i < params.length; i++) {
    const element = elementOf(params[i]!.type);
    if (!element) {
      out.push(decodeWord(params[i]!.type, word(i)));
      continue;
    }
    const offset = BigInt('0x' + word(i));
    if (offset % 32n !== 0n || offset * 2n + 64n > BigInt(data.length)) return undefined;
    const start = Number(offset / 32n);
    const length = BigInt('0x' + word(start));
    if ((BigInt(start) + 1n + length) * 64n > BigInt(data.length)) return undefined;
    const items: unknown[] = [];
    for (let j = 0; j < Number(length); j++) {
      const w = word(start + 1 + j);
      if (element === 'address' && !/^0{24}/.test(w)) return undefined;
      items.push(decodeWord(element, w));
    }
    out.push(items);
  }
  return out;
}

export function findFunction(abi: AbiEntry[], name: string): AbiEntry {
  const entry = abi.find((e) => e.type === 'function' && e.name === name);
  if (!entry) throw new Error(`no function ${name} in ABI`);
  return entry;
}

/** Revert data the way Solidity's `require(cond, "msg")` returns it: Error(string). */
export function encodeRevert(message: string): string {
  return '08c379a0' + coder.encode(['string'], [message]).slice(2);
}

export function decodeRevert(hex: string): string | null {
  if (!hex.startsWith('08c379a0')) return null;
  try {
    return String(coder.decode(['string'], '0x' + hex.slice(8))[0]);
  } catch {
    return null;
  }
}
