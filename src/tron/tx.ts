// Local transaction building: the protobuf bytes of Transaction.raw for the two contract types we
// build (TriggerSmartContract and TransferContract), their txID (SHA-256 of those bytes) and the
// JSON form TronWeb and the node speak. It produces the same JSON, bytes and txID as TronWeb's own
// local builder (a property test holds them equal), without its per-call validation, ethers
// coders and google-protobuf objects: building a trade is then a few microseconds.
import { createHash } from 'node:crypto';
import { encodeValues, keccakHex } from './codec.js';
import { toHexAddress, tryHexAddress } from './address.js';
import { addressOfKey, signDigest } from './secp.js';
import { utils } from 'tronweb';

/** Reference fields of a recent block, as `getCurrentRefBlockParams` returns them. */
export interface RefBlock {
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
}

export interface TxJson {
  visible: false;
  txID: string;
  raw_data_hex: string;
  raw_data: Record<string, unknown>;
}

// ---- protobuf writer (only what Transaction.raw needs: varints and length-delimited bytes) ----

class Writer {
  private chunks: Buffer[] = [];
  private len = 0;

  private push(b: Buffer): void {
    this.chunks.push(b);
    this.len += b.length;
  }

  private varint(v: number | bigint): void {
    let n = BigInt(v);
    if (n < 0n) n = (1n << 64n) + n; // int64 two's complement, as protobuf writes it
    const out: number[] = [];
    while (n >= 0x80n) {
      out.push(Number(n & 0x7fn) | 0x80);
      n >>= 7n;
    }
    out.push(Number(n));
    this.push(Buffer.from(out));
  }

  /** proto3: zero values are not written. */
  int(field: number, v: number | bigint | undefined): this {
    if (v === undefined || v === 0 || v === 0n) return this;
    this.varint(field << 3);
    this.varint(v);
    return this;
  }

  bytes(field: number, b: Buffer | undefined): this {
    if (!b || b.length === 0) return this;
    this.varint((field << 3) | 2);
    this.varint(b.length);
    this.push(b);
    return this;
  }

  finish(): Buffer {
    return Buffer.concat(this.chunks, this.len);
  }
}

const hex = (s: string | undefined): Buffer | undefined => (s ? Buffer.from(s, 'hex') : undefined);
const CONTRACT_TYPES = { TransferContract: 1, TriggerSmartContract: 31 } as const;
export type BuiltContractType = keyof typeof CONTRACT_TYPES;

interface ContractJson {
  type: string;
  parameter: { type_url: string; value: Record<string, unknown> };
  Permission_id?: number;
}

function contractValueBytes(type: BuiltContractType, v: Record<string, unknown>): Buffer {
  const w = new Writer().bytes(1, hex(v.owner_address as string));
  if (type === 'TransferContract')
    return w
      .bytes(2, hex(v.to_address as string))
      .int(3, v.amount as number)
      .finish();
  return w
    .bytes(2, hex(v.contract_address as string))
    .int(3, v.call_value as number | undefined)
    .bytes(4, hex(v.data as string | undefined))
    .int(5, v.call_token_value as number | undefined)
    .int(6, v.token_id as number | undefined)
    .finish();
}

/** Whether `rawDataBytes` can encode this raw_data (one contract of a type built here, no extras). */
export function canEncode(raw: Record<string, unknown>): boolean {
  const c = raw.contract as ContractJson[] | undefined;
  return (
    Array.isArray(c) &&
    c.length === 1 &&
    c[0]!.type in CONTRACT_TYPES &&
    raw.auths === undefined &&
    raw.scripts === undefined &&
    raw.ref_block_num === undefined
  );
}

/** Protobuf bytes of Transaction.raw (field order as protobuf serialises it). */
export function rawDataBytes(raw: Record<string, unknown>): Buffer {
  if (!canEncode(raw)) throw new Error('unsupported transaction for the local encoder');
  const c = (raw.contract as ContractJson[])[0]!;
  const type = c.type as BuiltContractType;
  const any = new Writer()
    .bytes(1, Buffer.from(c.parameter.type_url, 'utf8'))
    .bytes(2, contractValueBytes(type, c.parameter.value))
    .finish();
  const contract = new Writer().int(1, CONTRACT_TYPES[type]).bytes(2, any).int(5, c.Permission_id).finish();
  return new Writer()
    .bytes(1, hex(raw.ref_block_bytes as string))
    .bytes(4, hex(raw.ref_block_hash as string))
    .int(8, raw.expiration as number)
    .bytes(10, hex(raw.data as string | undefined))
    .bytes(11, contract)
    .int(14, raw.timestamp as number)
    .int(18, raw.fee_limit as number | undefined)
    .finish();
}

const HEXBYTES = /^(?:[0-9a-fA-F]{2})*$/;
const ADDR = /^41[0-9a-fA-F]{40}$/;
const isInt = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const only = (o: object, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));

/**
 * Bytes of raw_data when it is a plainly formed transaction of a type built here (hex fields,
 * integer numbers, no unknown keys), else undefined: the caller then uses TronWeb's general
 * encoder, which also decides how odd inputs are read. Nodes receive both kinds; this is the
 * fast path for the common one.
 */
export function encodeKnown(raw: unknown): Buffer | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (!only(r, ['contract', 'ref_block_bytes', 'ref_block_hash', 'expiration', 'timestamp', 'fee_limit', 'data']))
    return undefined;
  if (!canEncode(r)) return undefined;
  if (
    typeof r.ref_block_bytes !== 'string' ||
    !HEXBYTES.test(r.ref_block_bytes) ||
    typeof r.ref_block_hash !== 'string' ||
    !HEXBYTES.test(r.ref_block_hash)
  )
    return undefined;
  if (
    !isInt(r.expiration) ||
    !(r.timestamp === undefined || isInt(r.timestamp)) ||
    !(r.fee_limit === undefined || isInt(r.fee_limit))
  )
    return undefined;
  if (r.data !== undefined && (typeof r.data !== 'string' || !HEXBYTES.test(r.data))) return undefined;
  const c = (r.contract as ContractJson[])[0]!;
  if (!c || typeof c !== 'object' || !only(c, ['type', 'parameter']) || !c.parameter || typeof c.parameter !== 'object')
    return undefined;
  if (!only(c.parameter, ['type_url', 'value']) || c.parameter.type_url !== `type.googleapis.com/protocol.${c.type}`)
    return undefined;
  const v = c.parameter.value;
  if (!v || typeof v !== 'object') return undefined;
  if (typeof v.owner_address !== 'string' || !ADDR.test(v.owner_address)) return undefined;
  if (c.type === 'TransferContract') {
    if (
      !only(v, ['owner_address', 'to_address', 'amount']) ||
      typeof v.to_address !== 'string' ||
      !ADDR.test(v.to_address) ||
      !isInt(v.amount)
    )
      return undefined;
  } else {
    if (!only(v, ['owner_address', 'contract_address', 'data', 'call_value'])) return undefined;
    if (typeof v.contract_address !== 'string' || !ADDR.test(v.contract_address)) return undefined;
    if (v.data !== undefined && (typeof v.data !== 'string' || !HEXBYTES.test(v.data))) return undefined;
    if (v.call_value !== undefined && !isInt(v.call_value)) return undefined;
  }
  return rawDataBytes(r);
}

export const txIdOf = (rawBytes: Buffer): string => createHash('sha256').update(rawBytes).digest('hex');

/**
 * An unsigned transaction of any contract type on `ref`, laid out as TronWeb lays it out; the
 * bytes and txID come from `rawOf`.
 */
export function buildTx(
  type: string,
  value: Record<string, unknown>,
  ref: RefBlock,
  extra: { fee_limit?: number; data?: string } = {},
): TxJson {
  const raw_data: Record<string, unknown> = {
    contract: [{ parameter: { value, type_url: `type.googleapis.com/protocol.${type}` }, type }],
    ref_block_bytes: ref.ref_block_bytes,
    ref_block_hash: ref.ref_block_hash,
    expiration: ref.expiration,
    timestamp: ref.timestamp,
    ...(extra.fee_limit !== undefined ? { fee_limit: extra.fee_limit } : {}),
    ...(extra.data !== undefined ? { data: extra.data } : {}),
  };
  const { txid, raw } = rawOf({ raw_data });
  return { visible: false, txID: txid, raw_data_hex: raw.toString('hex'), raw_data };
}

// ---- ABI call data ----

const selectors = new Map<string, string>();

/** Call data: 4-byte selector of `signature` and the ABI-encoded parameters, as hex. Addresses may
 * be given in any Tron form. */
export function callData(signature: string, params: Array<{ type: string; value: unknown }>): string {
  const sig = signature.replace(/\s+/g, '');
  let sel = selectors.get(sig);
  if (sel === undefined) {
    sel = keccakHex(sig).slice(0, 8);
    selectors.set(sig, sel);
  }
  return (
    sel +
    encodeValues(
      params.map((p) => ({ name: '', type: p.type })),
      params.map((p) => (p.type === 'address' ? '0x' + toHexAddress(String(p.value)).slice(2) : p.value)),
    )
  );
}

/** Unsigned TriggerSmartContract transaction, as TronWeb's local builder makes it. */
export function triggerTx(o: {
  owner: string;
  contract: string;
  data: string;
  callValue: number;
  feeLimit: number;
  ref: RefBlock;
}): TxJson {
  const value: Record<string, unknown> = {
    data: o.data,
    owner_address: toHexAddress(o.owner),
    contract_address: toHexAddress(o.contract),
  };
  if (o.callValue) value.call_value = o.callValue;
  return buildTx('TriggerSmartContract', value, o.ref, { fee_limit: o.feeLimit });
}

/** Unsigned TRX transfer (TransferContract). */
export function transferTx(o: { owner: string; to: string; amount: number; ref: RefBlock }): TxJson {
  return buildTx(
    'TransferContract',
    { to_address: toHexAddress(o.to), owner_address: toHexAddress(o.owner), amount: o.amount },
    o.ref,
  );
}

/** Reference fields for building on `head` (TAPOS: low two bytes of the number, bytes 8..16 of the id). */
export function refOf(head: { number: number; id: string; timestamp: number }): RefBlock {
  return {
    ref_block_bytes: head.number.toString(16).slice(-4).padStart(4, '0'),
    ref_block_hash: head.id.slice(16, 32),
    expiration: head.timestamp + 60_000,
    timestamp: head.timestamp,
  };
}

/** A transaction as built here, by TronWeb or by a node (JSON with txID and raw_data). */
export interface TxLike {
  txID: string;
  raw_data: Record<string, unknown>;
  signature?: string[];
}

/** txID and raw bytes of a transaction's raw_data: the local encoder for plainly formed ones,
 * TronWeb's general one for anything else (it decides how odd inputs are read, as a node would). */
export function rawOf(tx: { raw_data: unknown }): { txid: string; raw: Buffer } {
  const fast = encodeKnown(tx.raw_data);
  if (fast) return { txid: txIdOf(fast), raw: fast };
  const { txJsonToPb, txPbToTxID, txPbToRawDataHex } = utils.transaction;
  const pb: unknown = txJsonToPb(tx);
  return { txid: txPbToTxID(pb).replace(/^0x/, '').toLowerCase(), raw: Buffer.from(txPbToRawDataHex(pb), 'hex') };
}

/**
 * Signs with the owner's key, as TronWeb's `trx.sign` does and with its checks: the txID must be
 * the hash of the raw data (what is signed is what is shown), and the key must be the owner's.
 */
export function signTx<T extends TxLike>(tx: T, privateKey: string): T & { signature: string[] } {
  if (typeof tx.txID !== 'string' || rawOf(tx).txid !== tx.txID.toLowerCase())
    throw new Error('Invalid transaction: the txID is not the hash of raw_data');
  const contract = (
    tx.raw_data.contract as Array<{ parameter?: { value?: { owner_address?: unknown } } }> | undefined
  )?.[0];
  const owner = tryHexAddress(contract?.parameter?.value?.owner_address);
  if (!owner || owner !== addressOfKey(privateKey))
    throw new Error('Private key does not match address in transaction');
  const signature = signDigest(tx.txID.toLowerCase(), privateKey);
  const before = Array.isArray(tx.signature) ? tx.signature : [];
  return {
    ...tx,
    signature: before.some((s) => s.replace(/^0x/, '').toLowerCase() === signature.toLowerCase())
      ? before
      : [...before, signature],
  };
}
