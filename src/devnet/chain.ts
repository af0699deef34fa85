// The devnet's chain: validates and queues broadcast transactions, produces blocks that execute them,
// and answers the queries TronWeb makes. Everything is synchronous over SQLite, so each block (and
// each broadcast) is atomic and a restart resumes from the last committed block.
import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { encodeRevert } from '../tron/codec.js';
import { buildTx, rawOf, refOf, signTx, type RefBlock } from '../tron/tx.js';
import { toBase58, toHexAddress, tryHexAddress } from '../tron/address.js';
import { launchpadContract } from './contracts/launchpad.js';
import { pairContract } from './contracts/pair.js';
import { routerContract } from './contracts/router.js';
import { trc20Contract } from './contracts/trc20.js';
import { v2FactoryContract } from './contracts/v2factory.js';
import { v2RouterContract } from './contracts/v2router.js';
import { wtrxContract } from './contracts/wtrx.js';
import {
  BANDWIDTH_PRICE_SUN,
  CREATE_ACCOUNT_FEE_SUN,
  ENERGY_PRICE_SUN,
  MAX_FEE_LIMIT_SUN,
  TX_RESULT_BYTES,
} from './fees.js';
import { FAUCET, writeDex, writeGenesis } from './genesis.js';
import { Ledger, type DevnetDb } from './ledger.js';
import * as s from './schema.js';
import { OutOfEnergy, Revert, Vm, type NativeContract } from './vm.js';
import { recoverSigner } from '../tron/secp.js';
import { scalarText } from '../text.js';

export const REGISTRY: Record<string, NativeContract> = {
  trc20: trc20Contract,
  launchpad: launchpadContract,
  router: routerContract,
  wtrx: wtrxContract,
  v2factory: v2FactoryContract,
  pair: pairContract,
  v2router: v2RouterContract,
};

const MAX_TX_PER_BLOCK = 5000;
const TAPOS_WINDOW = 65_536;
const MAX_EXPIRATION_MS = 24 * 3600 * 1000;

export interface BlockRow {
  number: number;
  blockId: string;
  parentId: string;
  timestamp: number;
  txCount: number;
}

/** A transaction as TronWeb's JSON sees it. */
export interface TxJson {
  txID?: string;
  visible?: boolean;
  raw_data: {
    contract: Array<{
      type: string;
      parameter: { type_url?: string; value: Record<string, unknown> };
      Permission_id?: number;
    }>;
    ref_block_bytes: string;
    ref_block_hash: string;
    expiration: number;
    timestamp?: number;
    fee_limit?: number;
    data?: string;
  };
  raw_data_hex?: string;
  signature?: string[];
}

type TxRow = typeof s.transactions.$inferSelect;
export type EventRow = typeof s.events.$inferSelect;

export type BroadcastResult = { result: true; txid: string } | { code: string; txid: string; message: string };

export const toHexText = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

class Refusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

class Rollback extends Error {}

export interface ConstantResult {
  ok: boolean;
  output: string;
  energyUsed: number;
  revertReason?: string;
}

export class Chain {
  readonly ledger: Ledger;
  private headBlock: BlockRow;
  private seq: number;
  /** Called after each block is committed (the HTTP layer and tests listen). */
  onBlock: ((block: BlockRow) => void) | undefined;
  /** Raw sizes measured at broadcast, for the bandwidth fee when the block runs. */
  private readonly rawSizes = new Map<string, number>();
  private readonly insertEvent;
  private readonly finishTx;
  private readonly q;
  private readonly eventQueries = new Map<string, Statement<Array<string | number>, EventRow>>();

  constructor(
    readonly db: DevnetDb,
    private readonly clock: () => number = Date.now,
    genesisTime?: number,
  ) {
    this.ledger = new Ledger(db);
    this.insertEvent = db.$client
      .prepare(`insert into events (block_number, block_timestamp, txid, contract, event_index, event_name, signature, result, result_type)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    this.finishTx = db.$client.prepare('update transactions set status = ?, block_number = ?, info = ? where txid = ?');
    // the rest of the per-transaction statements, prepared once
    const c = db.$client;
    const TX_COLS = 'txid, signed, owner, received_at as receivedAt, seq, block_number as blockNumber, status, info';
    const BLOCK_COLS = 'number, block_id as blockId, parent_id as parentId, timestamp, tx_count as txCount';
    this.q = {
      hasTx: c.prepare<[string], number>('select 1 from transactions where txid = ?').pluck(),
      insertTx: c.prepare<[string, string, string, number, number]>(
        "insert into transactions (txid, signed, owner, received_at, seq, block_number, status, info) values (?, ?, ?, ?, ?, null, 'pending', null)",
      ),
      pending: c.prepare<[number], TxRow>(
        `select ${TX_COLS} from transactions where status = 'pending' order by seq limit ?`,
      ),
      tx: c.prepare<[string], TxRow>(`select ${TX_COLS} from transactions where txid = ?`),
      drop: c.prepare<[string]>("update transactions set status = 'DROPPED', block_number = null where txid = ?"),
      block: c.prepare<[number], BlockRow>(`select ${BLOCK_COLS} from blocks where number = ?`),
      insertBlock: c.prepare<[number, string, string, number, number]>(
        'insert into blocks (number, block_id, parent_id, timestamp, tx_count) values (?, ?, ?, ?, ?)',
      ),
    };
    const head = this.loadHead();
    if (head) {
      this.headBlock = head;
      this.atomic(() => writeDex(this.ledger, head.timestamp));
    } else this.headBlock = this.writeGenesisBlock(genesisTime ?? clock());
    const maxSeq = db
      .select({ m: sql<number>`coalesce(max(${s.transactions.seq}), 0)` })
      .from(s.transactions)
      .get();
    this.seq = maxSeq?.m ?? 0;
  }

  head(): BlockRow {
    return this.headBlock;
  }

  /** Runs fn in one SQLite transaction; nested calls become savepoints, a throw rolls back. */
  atomic<T>(fn: () => T): T {
    return this.db.$client.transaction(fn)();
  }

  private loadHead(): BlockRow | undefined {
    return this.db.select().from(s.blocks).orderBy(desc(s.blocks.number)).limit(1).get();
  }

  private writeGenesisBlock(time: number): BlockRow {
    const block: BlockRow = {
      number: 0,
      blockId: blockIdOf(0, '0'.repeat(64), time, []),
      parentId: '0'.repeat(64),
      timestamp: time,
      txCount: 0,
    };
    this.atomic(() => {
      writeGenesis(this.ledger, time);
      this.db.insert(s.blocks).values(block).run();
    });
    return block;
  }

  // ---------------------------------------------------------------- building

  /** Reference-block fields for a new transaction, as TronWeb computes them. */
  refBlockParams(): RefBlock {
    const head = this.headBlock;
    return {
      ...refOf({ number: head.number, id: head.blockId, timestamp: head.timestamp }),
      timestamp: Math.max(this.clock(), head.timestamp),
    };
  }

  /** Builds an unsigned transaction on the head block (txID and raw_data_hex as TronWeb computes them). */
  buildTransaction(
    type: string,
    value: Record<string, unknown>,
    extra: { fee_limit?: number; data?: string } = {},
  ): TxJson & { txID: string; raw_data_hex: string } {
    return buildTx(type, value, this.refBlockParams(), extra) as unknown as TxJson & {
      txID: string;
      raw_data_hex: string;
    };
  }

  // ---------------------------------------------------------------- broadcast

  /** Validates a signed transaction and queues it; refusals come back as values, never throws. */
  broadcast(input: unknown, options: { produce?: boolean } = {}): BroadcastResult {
    let txid = '';
    try {
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
      let raw: Buffer;
      try {
        ({ txid, raw } = rawOf(tx));
      } catch (e) {
        throw new Refusal('OTHER_ERROR', `Invalid transaction: ${(e as Error).message}`);
      }
      if (this.q.hasTx.get(txid)) {
        throw new Refusal('DUP_TRANSACTION_ERROR', 'Dup transaction.');
      }
      const owner = this.ownerOf(tx);
      const sigs = Array.isArray(tx.signature) ? tx.signature : [];
      if (sigs.length === 0) throw new Refusal('SIGERROR', 'Validate signature error: miss sig or contract');
      let signer = '';
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
      const head = this.headBlock;
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
      this.checkTapos(tx);
      const rawBytes = raw.length;
      const bytes = this.billableBytes(rawBytes, sigs.length);
      this.validateContract(tx, owner, bytes);
      this.seq += 1;
      this.q.insertTx.run(txid, JSON.stringify(tx), owner, this.clock(), this.seq);
      this.rawSizes.set(txid, rawBytes);
      if (options.produce) this.produceBlock();
      return { result: true, txid };
    } catch (e) {
      if (e instanceof Refusal) return { code: e.code, txid, message: toHexText(e.message) };
      return { code: 'OTHER_ERROR', txid, message: toHexText('Invalid transaction') };
    }
  }

  private ownerOf(tx: TxJson): string {
    const owner = tryHexAddress(tx.raw_data.contract[0]!.parameter?.value?.owner_address);
    if (!owner) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Invalid ownerAddress');
    return owner;
  }

  private checkTapos(tx: TxJson): void {
    const bytes = parseInt(String(tx.raw_data.ref_block_bytes), 16);
    const hash = String(tx.raw_data.ref_block_hash).toLowerCase();
    const head = this.headBlock.number;
    // the one recent block whose number ends in these two bytes
    const candidate = Number.isFinite(bytes)
      ? head - ((((head - bytes) % TAPOS_WINDOW) + TAPOS_WINDOW) % TAPOS_WINDOW)
      : -1;
    const block = candidate >= 0 ? this.block(candidate) : undefined;
    if (!block || block.blockId.slice(16, 32) !== hash) {
      throw new Refusal('TAPOS_ERROR', 'Tapos check error.');
    }
  }

  private billableBytes(rawBytes: number, sigCount: number): bigint {
    return BigInt(rawBytes + 3 + sigCount * 67 + TX_RESULT_BYTES);
  }

  private validateContract(tx: TxJson, owner: string, bytes: bigint): void {
    const c = tx.raw_data.contract[0]!;
    const v = c.parameter.value;
    const balance = this.ledger.balance(owner);
    const netFee = bytes * BANDWIDTH_PRICE_SUN;
    if (!this.ledger.exists(owner))
      throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : account does not exist');
    if (c.type === 'TransferContract') {
      const to = tryHexAddress(v.to_address);
      const amount = toBigIntField(v.amount);
      if (!to) throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Invalid toAddress!');
      if (to === owner)
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Cannot transfer TRX to yourself.');
      if (amount === null || amount <= 0n)
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Amount must be greater than 0.');
      const createFee = this.ledger.exists(to) ? 0n : CREATE_ACCOUNT_FEE_SUN;
      if (balance < amount + netFee + createFee) {
        throw new Refusal(
          'CONTRACT_VALIDATE_ERROR',
          'Contract validate error : Validate TransferContract error, balance is not sufficient.',
        );
      }
      return;
    }
    if (c.type === 'TriggerSmartContract') {
      const contract = tryHexAddress(v.contract_address);
      if (!contract || !this.ledger.contractKind(contract)) {
        throw new Refusal(
          'CONTRACT_VALIDATE_ERROR',
          'Contract validate error : No contract or not a valid smart contract',
        );
      }
      const callValue = toBigIntField(v.call_value ?? 0);
      if (callValue === null || callValue < 0n)
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : callValue must be >= 0');
      const feeLimit = toBigIntField(tx.raw_data.fee_limit ?? 0);
      if (feeLimit === null || feeLimit < 0n || feeLimit > MAX_FEE_LIMIT_SUN) {
        throw new Refusal(
          'CONTRACT_VALIDATE_ERROR',
          `Contract validate error : feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT_SUN}`,
        );
      }
      if (balance < callValue + netFee) {
        throw new Refusal('CONTRACT_VALIDATE_ERROR', 'Contract validate error : balance is not sufficient.');
      }
      return;
    }
    throw new Refusal(
      'CONTRACT_VALIDATE_ERROR',
      `Contract validate error : ${String(c.type)} is not supported by the devnet`,
    );
  }

  // ---------------------------------------------------------------- blocks

  /** Produces one block holding the queued transactions (possibly none). */
  produceBlock(timestamp?: number): BlockRow {
    const block = this.atomic(() => {
      const parent = this.headBlock;
      const ts = Math.max(timestamp ?? this.clock(), parent.timestamp + 1);
      const number = parent.number + 1;
      const pending = this.q.pending.all(MAX_TX_PER_BLOCK);
      const included: string[] = [];
      for (const row of pending) {
        if (this.execute(row, number, ts)) included.push(row.txid);
      }
      const blockId = blockIdOf(number, parent.blockId, ts, included);
      const b: BlockRow = { number, blockId, parentId: parent.blockId, timestamp: ts, txCount: included.length };
      this.q.insertBlock.run(b.number, b.blockId, b.parentId, b.timestamp, b.txCount);
      return b;
    });
    this.headBlock = block;
    this.onBlock?.(block);
    return block;
  }

  /** Runs one transaction in a block. Returns false when it is dropped (not included). */
  private execute(row: TxRow, blockNumber: number, ts: number): boolean {
    const tx = JSON.parse(row.signed) as TxJson;
    const c = tx.raw_data.contract[0]!;
    const v = c.parameter.value;
    const owner = row.owner;
    // the size was measured at broadcast; after a restart it is measured again
    const rawBytes = this.rawSizes.get(row.txid) ?? rawOf(tx).raw.length;
    this.rawSizes.delete(row.txid);
    const bytes = this.billableBytes(rawBytes, tx.signature?.length ?? 1);
    const netFee = bytes * BANDWIDTH_PRICE_SUN;
    const balance = this.ledger.balance(owner);
    const drop = () => {
      this.q.drop.run(row.txid);
      return false;
    };
    const base = { id: row.txid, blockNumber, blockTimeStamp: ts };

    if (c.type === 'TransferContract') {
      const to = toHexAddress(String(v.to_address));
      const amount = BigInt(v.amount as number);
      const created = !this.ledger.exists(to);
      const fee = netFee + (created ? CREATE_ACCOUNT_FEE_SUN : 0n);
      if (balance < amount + fee) return drop();
      this.ledger.ensureAccount(to, ts);
      this.ledger.setBalance(owner, balance - amount - fee);
      this.ledger.setBalance(to, this.ledger.balance(to) + amount);
      const info = {
        ...base,
        fee: Number(fee),
        contractResult: [''],
        // the account-creation fee is in `fee`; java-tron's ResourceReceipt has no field of its own for it
        receipt: { net_fee: Number(netFee) },
      };
      this.finish(row.txid, blockNumber, 'SUCCESS', info);
      return true;
    }

    // TriggerSmartContract
    const contract = toHexAddress(String(v.contract_address));
    const callValue = BigInt((v.call_value as number | undefined) ?? 0);
    const feeLimit = BigInt(tx.raw_data.fee_limit ?? 0);
    if (balance < callValue + netFee) return drop();
    this.ledger.setBalance(owner, balance - netFee);
    const spendable = balance - netFee - callValue;
    const maxEnergyFee = feeLimit < spendable ? feeLimit : spendable;
    const energyLimit = Number(maxEnergyFee / ENERGY_PRICE_SUN);
    const vm = new Vm(this.ledger, REGISTRY, ts, energyLimit);
    let status = 'SUCCESS';
    let output = '';
    let resMessage: string | undefined;
    try {
      this.atomic(() => {
        output = vm.callData(owner, contract, callValue, scalarText(v.data));
      });
    } catch (e) {
      if (e instanceof OutOfEnergy) {
        status = 'OUT_OF_ENERGY';
        resMessage = `Not enough energy: fee limit ${feeLimit} sun buys ${energyLimit} energy`;
      } else if (e instanceof Revert) {
        status = 'REVERT';
        output = encodeRevert(e.reason);
        resMessage = 'REVERT opcode executed';
      } else {
        status = 'REVERT';
        output = encodeRevert('internal error');
        resMessage = 'REVERT opcode executed';
      }
    }
    const energyUsed = status === 'OUT_OF_ENERGY' ? energyLimit : Math.min(vm.energyUsed, energyLimit);
    const energyFee = status === 'OUT_OF_ENERGY' ? maxEnergyFee : BigInt(energyUsed) * ENERGY_PRICE_SUN;
    this.ledger.setBalance(owner, this.ledger.balance(owner) - energyFee);
    const ok = status === 'SUCCESS';
    const logs = ok ? vm.logs : [];
    const info = {
      ...base,
      fee: Number(netFee + energyFee),
      contractResult: [output],
      contract_address: contract,
      receipt: {
        ...(energyFee > 0n ? { energy_fee: Number(energyFee) } : {}),
        energy_usage_total: energyUsed,
        net_fee: Number(netFee),
        result: status,
      },
      ...(logs.length
        ? { log: logs.map((l) => ({ address: l.contract.slice(2), topics: l.topics, data: l.data })) }
        : {}),
      ...(ok ? {} : { result: 'FAILED', resMessage: toHexText(resMessage ?? status) }),
    };
    logs.forEach((l, i) => {
      const result: Record<string, string> = {};
      const resultType: Record<string, string> = {};
      l.entry.inputs.forEach((p, j) => {
        const val = eventValue(p.type, l.values[j]);
        result[String(j)] = val;
        if (p.name) {
          result[p.name] = val;
          resultType[p.name] = p.type;
        }
      });
      this.insertEvent.run(
        blockNumber,
        ts,
        row.txid,
        l.contract,
        i,
        l.entry.name,
        eventSignature(l.entry),
        JSON.stringify(result),
        JSON.stringify(resultType),
      );
    });
    this.finish(row.txid, blockNumber, status, info);
    return true;
  }

  private finish(txid: string, blockNumber: number, status: string, info: object): void {
    this.finishTx.run(status, blockNumber, JSON.stringify(info), txid);
  }

  // ---------------------------------------------------------------- queries

  block(number: number): BlockRow | undefined {
    return this.q.block.get(number);
  }

  blockById(id: string): BlockRow | undefined {
    return this.db.select().from(s.blocks).where(eq(s.blocks.blockId, id.toLowerCase())).get();
  }

  blockTransactions(number: number): TxJson[] {
    return this.db
      .select()
      .from(s.transactions)
      .where(eq(s.transactions.blockNumber, number))
      .orderBy(asc(s.transactions.seq))
      .all()
      .map((r) => this.txView(r));
  }

  transaction(txid: string): (TxJson & { ret?: unknown }) | undefined {
    const row = this.txRow(txid);
    return row && row.status !== 'DROPPED' ? this.txView(row) : undefined;
  }

  transactionInfo(txid: string): Record<string, unknown> {
    const row = this.txRow(txid);
    return row?.info ? (JSON.parse(row.info) as Record<string, unknown>) : {};
  }

  private txRow(txid: string) {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid)) return undefined;
    return this.q.tx.get(txid.replace(/^0x/, '').toLowerCase());
  }

  private txView(row: TxRow): TxJson & { ret?: unknown } {
    const tx = JSON.parse(row.signed) as TxJson;
    return {
      ...(row.blockNumber !== null ? { ret: [{ contractRet: row.status }] } : {}),
      signature: tx.signature ?? [],
      txID: row.txid,
      raw_data: tx.raw_data,
      raw_data_hex: rawOf(tx).raw.toString('hex'),
    };
  }

  /** Runs a call without keeping any change: views and energy estimates. */
  constantCall(owner: string, contract: string, data: string, callValue = 0n): ConstantResult {
    const vm = new Vm(this.ledger, REGISTRY, this.headBlock.timestamp, Number.MAX_SAFE_INTEGER);
    let output = '';
    let ok = true;
    let reason: string | undefined;
    try {
      this.atomic(() => {
        if (callValue > 0n) {
          // simulate affordability (rolled back with everything else)
          this.ledger.ensureAccount(owner, this.headBlock.timestamp);
          this.ledger.setBalance(owner, this.ledger.balance(owner) + callValue);
        }
        output = vm.callData(owner, contract, callValue, data);
        throw new Rollback();
      });
    } catch (e) {
      if (!(e instanceof Rollback)) {
        ok = false;
        reason = e instanceof Revert ? e.reason : 'internal error';
        output = encodeRevert(reason);
      }
    }
    return { ok, output, energyUsed: vm.energyUsed, ...(reason ? { revertReason: reason } : {}) };
  }

  // ---------------------------------------------------------------- events

  events(filter: {
    contract?: string;
    txid?: string;
    blockNumber?: number;
    eventName?: string;
    minTimestamp?: number;
    maxTimestamp?: number;
    asc: boolean;
    afterId?: number;
    limit: number;
  }): EventRow[] {
    // plain SQL, one cached statement per filter shape: the indexer pages through these all day
    const conds: string[] = [];
    const params: Array<string | number> = [];
    const add = (cond: string, value: string | number | undefined) => {
      if (value === undefined || value === '') return;
      conds.push(cond);
      params.push(value);
    };
    add('contract = ?', filter.contract);
    add('txid = ?', filter.txid);
    add('block_number = ?', filter.blockNumber);
    add('event_name = ?', filter.eventName);
    add('block_timestamp >= ?', filter.minTimestamp);
    add('block_timestamp <= ?', filter.maxTimestamp);
    add(filter.asc ? 'id > ?' : 'id < ?', filter.afterId);
    const sqlText = `select id, block_number as blockNumber, block_timestamp as blockTimestamp, txid, contract, event_index as eventIndex,
      event_name as eventName, signature, result, result_type as resultType from events
      ${conds.length ? 'where ' + conds.join(' and ') : ''} order by id ${filter.asc ? 'asc' : 'desc'} limit ?`;
    let stmt = this.eventQueries.get(sqlText);
    if (!stmt) {
      stmt = this.db.$client.prepare<Array<string | number>, EventRow>(sqlText);
      this.eventQueries.set(sqlText, stmt);
    }
    return stmt.all(...params, filter.limit);
  }

  // ---------------------------------------------------------------- operator helpers

  private faucetNonce = 0;

  /** Sends TRX from the genesis faucet through the ordinary transaction path. */
  faucet(to: string, sun: bigint, options: { produce?: boolean } = {}): BroadcastResult {
    this.faucetNonce += 1;
    const tx = this.buildTransaction(
      'TransferContract',
      { owner_address: FAUCET.address, to_address: toHexAddress(to), amount: Number(sun) },
      { data: toHexText(`faucet ${this.clock()}-${this.faucetNonce}`) },
    );
    const signed = signTx(tx, FAUCET.privateKey);
    return this.broadcast(signed, options);
  }
}

/** The event's signature as TronGrid shows it: `Transfer(address indexed from, address indexed to, uint256 value)`. */
function eventSignature(entry: {
  name: string;
  inputs: Array<{ type: string; name: string; indexed?: boolean }>;
}): string {
  const params = entry.inputs.map((p) => [p.type, p.indexed ? 'indexed' : '', p.name].filter(Boolean).join(' '));
  return `${entry.name}(${params.join(', ')})`;
}

function toBigIntField(v: unknown): bigint | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  if (typeof v === 'bigint') return v;
  return null;
}

/** Event values the way TronGrid renders them: addresses as 0x-hex, numbers as decimal strings. */
function eventValue(type: string, value: unknown): string {
  if (type === 'address') return '0x' + toHexAddress(String(value)).slice(2);
  if (typeof value === 'bigint') return value.toString();
  return String(value);
}

function blockIdOf(number: number, parentId: string, timestamp: number, txids: string[]): string {
  const h = createHash('sha256')
    .update(`${parentId}:${number}:${timestamp}:${txids.join(',')}`)
    .digest('hex');
  return number.toString(16).padStart(16, '0') + h.slice(16);
}
