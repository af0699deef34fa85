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

export function encodeValues(params: AbiParam[], values: unknown[]): string {
  return coder.encode(params.map((x) => x.type), values).slice(2);
}

export function decodeValues(params: AbiParam[], hex: string): unknown[] {
  const data = hex.startsWith('0x') ? hex : '0x' + hex;
  return [...coder.decode(params.map((x) => x.type), data)];
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
