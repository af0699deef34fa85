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

export function encodeValues(params: AbiParam[], values: unknown[]): string {
  if (!isStatic(params) || values.length !== params.length)
    return coder
      .encode(
        params.map((x) => x.type),
        values,
      )
      .slice(2);
  let out = '';
  for (let i = 0; i < params.length; i++) out += encodeWord(params[i]!.type, values[i]);
  return out;
}

export function decodeValues(params: AbiParam[], hex: string): unknown[] {
  const data = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (!isStatic(params) || !/^[0-9a-fA-F]*$/.test(data) || data.length % 2 !== 0) {
    return [
      ...coder.decode(
        params.map((x) => x.type),
        '0x' + data,
      ),
    ];
  }
  if (data.length < params.length * 64) throw new Error('data too short for the parameters');
  return params.map((p, i) => {
    const word = data.slice(i * 64, i * 64 + 64);
    if (p.type === 'address') return '0x' + word.slice(24).toLowerCase();
    const n = BigInt('0x' + word) & ((1n << BigInt(bitsOf(p.type)!)) - 1n);
    return p.type === 'bool' ? n !== 0n : n;
  });
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
