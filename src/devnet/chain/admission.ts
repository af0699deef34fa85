// What a node checks before it queues a broadcast transaction: its shape, its signature, its
// expiration and reference block. A failed check is a Refusal carrying java-tron's code and words.
import { rawOf } from '../../tron/tx.js';
import { toBase58, tryHexAddress } from '../../tron/address.js';
import { recoverSigner } from '../../tron/secp.js';
import { fieldBytes } from '../../tron/resources.js';
import { TX_RESULT_BYTES } from '../fees.js';
import type { BlockRow, TxJson } from './types.js';

const TAPOS_WINDOW = 65_536;
const MAX_EXPIRATION_MS = 24 * 3600 * 1000;

export class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A refusal of the transaction's contract (java-tron prefixes these words). */
export const invalid = (words: string): Refusal =>
  new Refusal('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${words}`);

/** The transaction's id and raw bytes, if it has the shape of one. */
export function parseTransaction(input: unknown): { tx: TxJson; txid: string; raw: Buffer } {
  const tx = input as TxJson;
  if (
    !tx ||
    typeof tx !== 'object' ||
    !tx.raw_data ||
    !Array.isArray(tx.raw_data.contract) ||
    !tx.raw_data.contract[0]
  ) {
    throw new Refusal('OTHER_ERROR', 'Invalid transaction: no raw_data.contract');
  }
  try {
    return { tx, ...rawOf(tx) };
  } catch (e) {
    throw new Refusal('OTHER_ERROR', `Invalid transaction: ${(e as Error).message}`);
  }
}

export function ownerOf(tx: TxJson): string {
  const owner = tryHexAddress(tx.raw_data.contract[0]!.parameter?.value?.owner_address);
  if (!owner) throw invalid('Invalid ownerAddress');
  return owner;
}

/** The first signature must be the owner's; returns how many signatures the transaction carries. */
export function checkSignature(tx: TxJson, txid: string, owner: string): number {
  const sigs = Array.isArray(tx.signature) ? tx.signature : [];
  if (sigs.length === 0) throw new Refusal('SIGERROR', 'Validate signature error: miss sig or contract');
  let signer: string;
  try {
    signer = recoverSigner(txid, String(sigs[0]));
  } catch {
    throw new Refusal('SIGERROR', 'Validate signature error: signature is malformed');
  }
  if (signer !== owner) {
    // java-tron's words: the signature, its signer, and the permission it is missing from
    throw new Refusal(
      'SIGERROR',
      `Validate signature error: ${String(sigs[0]).toLowerCase()} is signed by ${toBase58(signer)} but it is not contained of permission.`,
    );
  }
  return sigs.length;
}

export function checkExpiration(tx: TxJson, head: BlockRow): void {
  const exp = Number(tx.raw_data.expiration);
  if (!Number.isFinite(exp) || exp <= head.timestamp) {
    throw new Refusal('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
  }
  if (exp > head.timestamp + MAX_EXPIRATION_MS) {
    throw new Refusal(
      'TRANSACTION_EXPIRATION_ERROR',
      'Transaction expiration time is more than one day after the head block',
    );
  }
}

/** The reference block must be a recent block of this chain. */
export function checkTapos(tx: TxJson, head: BlockRow, blockAt: (n: number) => BlockRow | undefined): void {
  const bytes = parseInt(String(tx.raw_data.ref_block_bytes), 16);
  const hash = String(tx.raw_data.ref_block_hash).toLowerCase();
  // the one recent block whose number ends in these two bytes
  const candidate = Number.isFinite(bytes)
    ? head.number - ((((head.number - bytes) % TAPOS_WINDOW) + TAPOS_WINDOW) % TAPOS_WINDOW)
    : -1;
  const block = candidate >= 0 ? blockAt(candidate) : undefined;
  if (!block || block.blockId.slice(16, 32) !== hash) {
    throw new Refusal('TAPOS_ERROR', 'Tapos check error.');
  }
}

/** The bytes a transaction pays bandwidth for: raw data, signatures and its result. */
export function billableBytes(rawBytes: number, sigCount: number): bigint {
  return BigInt(fieldBytes(rawBytes) + sigCount * fieldBytes(65) + TX_RESULT_BYTES);
}

/** A whole-number field of the transaction, or null if it is not one. */
export function toBigIntField(v: unknown): bigint | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  if (typeof v === 'bigint') return v;
  return null;
}
