// Tron address forms and conversions. Users see base58check (`T...`); the node API speaks hex with
// the `41` prefix; the ABI (and event results) carry the 20-byte EVM form `0x...`.
import { createHash } from 'node:crypto';
import { createBase58check } from '@scure/base';

/** base58check as Tron uses it: the payload, then the first 4 bytes of its double SHA-256. */
const base58check = createBase58check((data) => createHash('sha256').update(data).digest());

/** The 21 bytes (`41` + 20) a base58 address holds, or undefined when it is none. */
function decodeBase58(value: string): Uint8Array | undefined {
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === 0x41 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

const HEX41 = /^41[0-9a-fA-F]{40}$/;
const HEX20 = /^(0x)?[0-9a-fA-F]{40}$/;

const checked = new Map<string, boolean>();

/** True for a valid base58check Tron address (what users paste). Checksums are memoised: every
 * request validates addresses, and the double SHA-256 of the check is the costly part. */
export function isBase58Address(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 34 || !value.startsWith('T')) return false;
  let ok = checked.get(value);
  if (ok === undefined) {
    ok = decodeBase58(value) !== undefined;
    if (checked.size > 100_000) checked.clear();
    checked.set(value, ok);
  }
  return ok;
}

const hexOf = new Map<string, string>();

/** Normalises any accepted form (base58, 41-hex, 0x-hex) to lowercase `41...` hex; throws when
 * invalid. base58 decodings are memoised like the checks. */
export function toHexAddress(value: string): string {
  if (HEX41.test(value)) return value.toLowerCase();
  if (HEX20.test(value)) return '41' + value.replace(/^0x/, '').toLowerCase();
  let out = hexOf.get(value);
  if (out === undefined) {
    const bytes = value.length === 34 && value.startsWith('T') ? decodeBase58(value) : undefined;
    if (!bytes) throw new Error(`invalid Tron address: ${String(value).slice(0, 64)}`);
    out = Buffer.from(bytes).toString('hex');
    if (hexOf.size > 100_000) hexOf.clear();
    hexOf.set(value, out);
  }
  return out;
}

/** Like toHexAddress but returns null instead of throwing. */
export function tryHexAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    return toHexAddress(value);
  } catch {
    return null;
  }
}

const base58Of = new Map<string, string>();

/** base58check of any accepted form; memoised (the checksum is a double SHA-256 in JavaScript, and
 * the same addresses come back in every event page). */
export function toBase58(value: string): string {
  let out = base58Of.get(value);
  if (out === undefined) {
    out = base58check.encode(Buffer.from(toHexAddress(value), 'hex'));
    if (base58Of.size > 100_000) base58Of.clear();
    base58Of.set(value, out);
  }
  return out;
}

/** `41...` hex to the ABI's `0x` + 20 bytes form. */
export function toAbiAddress(value: string): string {
  return '0x' + toHexAddress(value).slice(2);
}
