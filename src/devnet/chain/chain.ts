// The devnet's chain: validates and queues broadcast transactions, produces blocks that execute them,
// and answers the queries TronWeb makes. Everything is synchronous over SQLite, so each block (and
// each broadcast) is atomic and a restart resumes from the last committed block.
import { createHash } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { encodeRevert } from '../../tron/codec.js';
import { buildTx, rawOf, refOf, signTx, type RefBlock } from '../../tron/tx.js';
import { toHexAddress } from '../../tron/address.js';
import { BANDWIDTH_PRICE_SUN } from '../fees.js';
import { FAUCET, writeDex, writeGenesis } from '../genesis.js';
import { Ledger, type DevnetDb } from '../ledger.js';
import * as s from '../schema.js';
import { Revert, Vm } from '../vm.js';
import {
  Refusal,
  billableBytes,
  checkExpiration,
  checkSignature,
  checkTapos,
  invalid,
  ownerOf,
  parseTransaction,
} from './admission.js';
import { EventLog, type EventFilter } from './events.js';
import { nativeContracts } from './registry.js';
import { TRANSACTION_TYPES, type TransactionType } from './transactions.js';
import {
  toHexText,
  type BlockRow,
  type BroadcastResult,
  type ConstantResult,
  type EventRow,
  type TxJson,
  type TxRow,
} from './types.js';

const MAX_TX_PER_BLOCK = 5000;

class Rollback extends Error {}

export class Chain {
  readonly ledger: Ledger;
  /** The code behind each kind of contract. */
  readonly contracts = nativeContracts();
  private headBlock: BlockRow;
  private seq: number;
  /** Called after each block is committed (the HTTP layer and tests listen). */
  onBlock: ((block: BlockRow) => void) | undefined;
  /** Raw sizes measured at broadcast, for the bandwidth fee when the block runs. */
  private readonly rawSizes = new Map<string, number>();
  private readonly eventLog: EventLog;
  private readonly q;

  constructor(
    readonly db: DevnetDb,
    private readonly clock: () => number = Date.now,
    genesisTime?: number,
  ) {
    this.ledger = new Ledger(db);
    this.eventLog = new EventLog(db);
    this.q = prepare(db);
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
      const parsed = parseTransaction(input);
      const { tx, raw } = parsed;
      txid = parsed.txid;
      if (this.q.hasTx.get(txid)) throw new Refusal('DUP_TRANSACTION_ERROR', 'Dup transaction.');
      const owner = ownerOf(tx);
      const sigCount = checkSignature(tx, txid, owner);
      checkExpiration(tx, this.headBlock);
      checkTapos(tx, this.headBlock, (n) => this.block(n));
      const netFee = billableBytes(raw.length, sigCount) * BANDWIDTH_PRICE_SUN;
      if (!this.ledger.exists(owner)) throw invalid('account does not exist');
      this.transactionType(tx).validate({ tx, owner, netFee, ledger: this.ledger });
      this.seq += 1;
      this.q.insertTx.run(txid, JSON.stringify(tx), owner, this.clock(), this.seq);
      this.rawSizes.set(txid, raw.length);
      if (options.produce) this.produceBlock();
      return { result: true, txid };
    } catch (e) {
      if (e instanceof Refusal) return { code: e.code, txid, message: toHexText(e.message) };
      return { code: 'OTHER_ERROR', txid, message: toHexText('Invalid transaction') };
    }
  }

  private transactionType(tx: TxJson): TransactionType {
    const type = String(tx.raw_data.contract[0]!.type);
    const handler = Object.hasOwn(TRANSACTION_TYPES, type) ? TRANSACTION_TYPES[type] : undefined;
    if (!handler) throw invalid(`${type} is not supported by the devnet`);
    return handler;
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
  private execute(row: TxRow, blockNumber: number, timestamp: number): boolean {
    const tx = JSON.parse(row.signed) as TxJson;
    // the size was measured at broadcast; after a restart it is measured again
    const rawBytes = this.rawSizes.get(row.txid) ?? rawOf(tx).raw.length;
    this.rawSizes.delete(row.txid);
    const netFee = billableBytes(rawBytes, tx.signature?.length ?? 1) * BANDWIDTH_PRICE_SUN;
    const outcome = this.transactionType(tx).execute({
      tx,
      owner: row.owner,
      netFee,
      ledger: this.ledger,
      txid: row.txid,
      blockNumber,
      timestamp,
      contracts: this.contracts,
      events: this.eventLog,
      atomic: (fn) => this.atomic(fn),
    });
    if (!outcome) {
      this.q.drop.run(row.txid);
      return false;
    }
    this.q.finishTx.run(outcome.status, blockNumber, JSON.stringify(outcome.info), row.txid);
    return true;
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
    const vm = new Vm(this.ledger, this.contracts, this.headBlock.timestamp, Number.MAX_SAFE_INTEGER);
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

  /** Stored events, filtered and paged as TronGrid's event API asks. */
  events(filter: EventFilter): EventRow[] {
    return this.eventLog.query(filter);
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

/** The per-transaction and per-block statements, prepared once. */
function prepare(db: DevnetDb) {
  const c = db.$client;
  const TX_COLS = 'txid, signed, owner, received_at as receivedAt, seq, block_number as blockNumber, status, info';
  const BLOCK_COLS = 'number, block_id as blockId, parent_id as parentId, timestamp, tx_count as txCount';
  return {
    hasTx: c.prepare<[string], number>('select 1 from transactions where txid = ?').pluck(),
    insertTx: c.prepare<[string, string, string, number, number]>(
      "insert into transactions (txid, signed, owner, received_at, seq, block_number, status, info) values (?, ?, ?, ?, ?, null, 'pending', null)",
    ),
    pending: c.prepare<[number], TxRow>(
      `select ${TX_COLS} from transactions where status = 'pending' order by seq limit ?`,
    ),
    tx: c.prepare<[string], TxRow>(`select ${TX_COLS} from transactions where txid = ?`),
    drop: c.prepare<[string]>("update transactions set status = 'DROPPED', block_number = null where txid = ?"),
    finishTx: c.prepare<[string, number, string, string]>(
      'update transactions set status = ?, block_number = ?, info = ? where txid = ?',
    ),
    block: c.prepare<[number], BlockRow>(`select ${BLOCK_COLS} from blocks where number = ?`),
    insertBlock: c.prepare<[number, string, string, number, number]>(
      'insert into blocks (number, block_id, parent_id, timestamp, tx_count) values (?, ?, ?, ?, ?)',
    ),
  };
}

function blockIdOf(number: number, parentId: string, timestamp: number, txids: string[]): string {
  const h = createHash('sha256')
    .update(`${parentId}:${number}:${timestamp}:${txids.join(',')}`)
    .digest('hex');
  return number.toString(16).padStart(16, '0') + h.slice(16);
}
