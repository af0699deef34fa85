// What the bot signs is pinned to what it was asked to do. The facade is untrusted (it may be another
// process, behind plain http, compromised or buggy): a transaction it built is read from the bytes
// that are signed (raw_data_hex, whose SHA-256 is the txID), never from its JSON, and every field is
// held to what the bot expects: one contract of the type the action needs, from the user's wallet,
// to the router this bot is configured with (or the token, for an approval of that router), the
// function and arguments of the action, the TRX it spends, a bounded fee limit and expiry, and no
// permission id, memo or TRC10 value. Then the same transaction is built here from those expected
// values and the bytes must be equal: what is signed is what the bot built itself.
import type { FamilyName } from '../tron/families.js';
import { createHash } from 'node:crypto';
import type { Side } from '../tron/market/index.js';
import { ROUTER_ABI, TRC20_ABI, routerFunction } from '../tron/abi.js';
import { findFunction, selectorOf, signatureOf } from '../tron/codec.js';
import { toHexAddress } from '../tron/address.js';
import { callData, triggerTx, transferTx, type TxJson } from '../tron/tx.js';
import { MAX_UINT256 } from '../tron/units.js';
import { why, type ErrorKey, type Reason, type ReasonVar } from './reasons.js';

/** How far ahead a transaction may expire (the node's own builder gives 60 s). */
export const MAX_EXPIRY_MS = 120_000;
/** How far ahead a trade's deadline may be. */
export const MAX_DEADLINE_S = 300;

/** A transaction the bot does not sign: its English message, and why in a form the bot words per language. */
export class PinError extends Error {
  readonly why: Reason;
  constructor(message: string, key: ErrorKey, vars?: Record<string, ReasonVar>) {
    super(message);
    this.why = why(key, vars);
  }
}

/** A transaction as the facade hands it over. */
export interface Unsigned {
  txID: string;
  raw_data_hex: string;
}

export type Expected =
  | {
      kind: 'trade';
      side: Side;
      venue: 'curve' | 'dex';
      /** the router this bot is configured for (base58 or hex) */
      router: string;
      token: string;
      /** TRX paid in for a buy (sun), tokens sold for a sell (base units) */
      amountIn: bigint;
      /** the least output the signed call may accept */
      minOut: bigint;
      /** the router fee the call may take, in basis points, at most */
      maxFeeBps: bigint;
    }
  | { kind: 'approve'; token: string; spender: string }
  | {
      kind: 'transfer';
      to: string;
      sun: bigint;
      /** the network it is sent on, by a family on it (the first network's when unset) */
      family?: FamilyName | undefined;
    };

export interface PinContext {
  /** the user's wallet */
  owner: string;
  /** the largest fee limit the bot allows for this transaction (sun) */
  maxFeeLimitSun: bigint;
  /** the chain's time (ms), from the bot's own read of the node: expiration and deadline are block times */
  now: number;
}

// ---- a protobuf reader for Transaction.raw: fields as (number, wire type, value) ----

interface Field {
  no: number;
  int?: bigint;
  bytes?: Buffer;
}

function readFields(buf: Buffer): Field[] {
  const out: Field[] = [];
  let i = 0;
  const varint = (): bigint => {
    let v = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (i >= buf.length || shift > 63n)
        throw new PinError('the transaction bytes are malformed', 'err-pin-malformed');
      const b = buf[i++]!;
      v |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return v;
    }
  };
  while (i < buf.length) {
    const key = varint();
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) out.push({ no, int: varint() });
    else if (wire === 2) {
      const len = Number(varint());
      if (i + len > buf.length) throw new PinError('the transaction bytes are malformed', 'err-pin-malformed');
      out.push({ no, bytes: buf.subarray(i, i + len) });
      i += len;
    } else throw new PinError('the transaction bytes hold a field of a kind Tron does not use', 'err-pin-field-kind');
  }
  return out;
}

/** The fields of a message, each allowed at most once and only those named. */
function only(fields: Field[], allowed: number[], what: string): Map<number, Field> {
  const m = new Map<number, Field>();
  for (const f of fields) {
    if (!allowed.includes(f.no))
      throw new PinError(`the ${what} carries a field it must not (${f.no})`, 'err-pin-field-forbidden', {
        what,
        field: f.no,
      });
    if (m.has(f.no))
      throw new PinError(`the ${what} carries field ${f.no} twice`, 'err-pin-field-twice', { what, field: f.no });
    m.set(f.no, f);
  }
  return m;
}

const CONTRACT_TYPE = { TransferContract: 1, TriggerSmartContract: 31 } as const;

interface Decoded {
  ref: { ref_block_bytes: string; ref_block_hash: string; expiration: number; timestamp: number };
  feeLimit: bigint;
  type: number;
  value: Map<number, Field>;
}

/** The signed bytes read back: the raw data's and its one contract's fields, nothing else allowed. */
function decode(tx: Unsigned): Decoded {
  if (typeof tx.raw_data_hex !== 'string' || !/^(?:[0-9a-f]{2})+$/i.test(tx.raw_data_hex))
    throw new PinError('the transaction has no raw bytes', 'err-pin-no-raw');
  const raw = Buffer.from(tx.raw_data_hex, 'hex');
  if (createHash('sha256').update(raw).digest('hex') !== String(tx.txID).toLowerCase())
    throw new PinError('the transaction id is not the hash of its bytes', 'err-pin-txid');
  // ref_block_bytes 1, ref_block_hash 4, expiration 8, contract 11, timestamp 14, fee_limit 18;
  // never ref_block_num 3, auths 9, data (a memo) 10, scripts 12
  const top = readFields(raw);
  if (top.filter((f) => f.no === 11).length !== 1)
    throw new PinError('the transaction must hold exactly one contract', 'err-pin-contracts');
  const r = only(top, [1, 4, 8, 11, 14, 18], 'transaction');
  // type 1, parameter 2; never provider 3, ContractName 4, Permission_id 5
  const contract = only(readFields(r.get(11)!.bytes!), [1, 2], 'contract');
  const any = only(readFields(contract.get(2)?.bytes ?? Buffer.alloc(0)), [1, 2], 'contract parameter');
  const type = Number(contract.get(1)?.int ?? 0n);
  const name = Object.entries(CONTRACT_TYPE).find(([, n]) => n === type)?.[0];
  if (!name || any.get(1)?.bytes?.toString('utf8') !== `type.googleapis.com/protocol.${name}`)
    throw new PinError('the transaction is of a kind the bot never signs', 'err-pin-kind');
  return {
    ref: {
      ref_block_bytes: r.get(1)?.bytes?.toString('hex') ?? '',
      ref_block_hash: r.get(4)?.bytes?.toString('hex') ?? '',
      expiration: Number(r.get(8)?.int ?? 0n),
      timestamp: Number(r.get(14)?.int ?? 0n),
    },
    feeLimit: r.get(18)?.int ?? 0n,
    type,
    value: readFields(any.get(2)?.bytes ?? Buffer.alloc(0)).reduce((m, f) => m.set(f.no, f), new Map<number, Field>()),
  };
}

/** The 32-byte words of call data after its 4-byte selector. */
function words(data: Buffer): bigint[] {
  if ((data.length - 4) % 32 !== 0)
    throw new PinError('the call data is not a plain list of arguments', 'err-pin-call-data');
  const out: bigint[] = [];
  for (let i = 4; i < data.length; i += 32) out.push(BigInt('0x' + data.subarray(i, i + 32).toString('hex')));
  return out;
}

/** The router call the bot expects, with what only the facade could fill in (minimum out, fee, deadline) checked. */
function expectedCall(e: Extract<Expected, { kind: 'trade' }>, data: Buffer | undefined, now: number) {
  const fn = routerFunction(e.side, e.venue);
  const entry = findFunction(ROUTER_ABI, fn);
  if (!data || data.subarray(0, 4).toString('hex') !== selectorOf(entry))
    throw new PinError(`the transaction does not call the router's ${fn}`, 'err-pin-not-router', { fn });
  const w = words(data);
  const sell = e.side === 'sell';
  const [minOut, feeBps] = [w[sell ? 2 : 1] ?? -1n, w[sell ? 3 : 2] ?? -1n];
  if (minOut < e.minOut || minOut === 0n)
    throw new PinError('the transaction accepts less than the minimum you confirmed', 'err-pin-min');
  if (feeBps > e.maxFeeBps) throw new PinError('the transaction takes a larger router fee than quoted', 'err-pin-fee');
  const args: Array<{ type: string; value: unknown }> = [{ type: 'address', value: e.token }];
  if (sell) args.push({ type: 'uint256', value: e.amountIn });
  args.push({ type: 'uint256', value: minOut }, { type: 'uint256', value: feeBps });
  const deadline = w[sell ? 4 : 3] ?? 0n;
  const nowS = BigInt(Math.floor(now / 1000));
  if (deadline < nowS || deadline > nowS + BigInt(MAX_DEADLINE_S))
    throw new PinError('the transaction has a deadline too far ahead', 'err-pin-deadline');
  args.push({ type: 'uint256', value: deadline });
  return callData(signatureOf(entry), args);
}

/**
 * The transaction the bot signs for `expected`, built here; throws PinError unless the facade's
 * bytes are exactly these. The returned transaction (not the facade's JSON) is what gets signed.
 */
export function pinTransaction(tx: Unsigned, expected: Expected, ctx: PinContext): TxJson {
  const d = decode(tx);
  if (d.ref.expiration <= ctx.now || d.ref.expiration > ctx.now + MAX_EXPIRY_MS)
    throw new PinError('the transaction expires too far ahead (or has expired)', 'err-pin-expiry');
  if (d.feeLimit > ctx.maxFeeLimitSun)
    throw new PinError('the transaction allows a larger network fee than set', 'err-pin-fee-limit');
  const hex = (f: Field | undefined) => f?.bytes?.toString('hex') ?? '';
  if (hex(d.value.get(1)) !== toHexAddress(ctx.owner).toLowerCase())
    throw new PinError('the transaction is not from your wallet', 'err-pin-owner');
  let mine: TxJson;
  if (expected.kind === 'transfer') {
    if (d.type !== CONTRACT_TYPE.TransferContract)
      throw new PinError('the transaction is not a TRX transfer', 'err-pin-not-transfer');
    if (expected.sun > BigInt(Number.MAX_SAFE_INTEGER))
      throw new PinError('the amount is too large', 'err-pin-too-large');
    mine = transferTx({ owner: ctx.owner, to: expected.to, amount: Number(expected.sun), ref: d.ref });
  } else {
    if (d.type !== CONTRACT_TYPE.TriggerSmartContract)
      throw new PinError('the transaction is not a contract call', 'err-pin-not-call');
    const data = d.value.get(4)?.bytes;
    const trade = expected.kind === 'trade';
    const callValue = trade && expected.side === 'buy' ? expected.amountIn : 0n;
    if (callValue > BigInt(Number.MAX_SAFE_INTEGER)) throw new PinError('the amount is too large', 'err-pin-too-large');
    mine = triggerTx({
      owner: ctx.owner,
      contract: trade ? expected.router : expected.token,
      data: trade
        ? expectedCall(expected, data, ctx.now)
        : callData(signatureOf(findFunction(TRC20_ABI, 'approve')), [
            { type: 'address', value: expected.spender },
            { type: 'uint256', value: MAX_UINT256 },
          ]),
      callValue: Number(callValue),
      feeLimit: Number(d.feeLimit),
      ref: d.ref,
    });
  }
  if (mine.raw_data_hex !== tx.raw_data_hex.toLowerCase()) throw new PinError(...describeMismatch(d, expected));
  return mine;
}

/** Why the bytes differ from the expected ones, in words and as a reason (the first field that does). */
function describeMismatch(d: Decoded, e: Expected): [string, ErrorKey] {
  const hex = (no: number) => d.value.get(no)?.bytes?.toString('hex') ?? '';
  if (e.kind === 'transfer') {
    if (hex(2) !== toHexAddress(e.to).toLowerCase())
      return ['the transfer goes to another address than you asked', 'err-pin-transfer-to'];
    return ['the transfer is not the amount you asked for', 'err-pin-transfer-amount'];
  }
  const to = e.kind === 'trade' ? e.router : e.token;
  if (hex(2) !== toHexAddress(to).toLowerCase())
    return e.kind === 'trade'
      ? ['the transaction calls another contract than the router', 'err-pin-other-contract']
      : ['the approval is for another token', 'err-pin-approval-token'];
  if (d.value.has(5) || d.value.has(6)) return ['the transaction sends a TRC10 token', 'err-pin-trc10'];
  if (e.kind === 'trade') {
    const value = d.value.get(3)?.int ?? 0n;
    if (value !== (e.side === 'buy' ? e.amountIn : 0n))
      return ['the transaction does not spend the amount quoted', 'err-pin-spend'];
    return ['the transaction trades another token or amount than you confirmed', 'err-pin-other-trade'];
  }
  return ['the approval is not for the router', 'err-pin-approval-spender'];
}
