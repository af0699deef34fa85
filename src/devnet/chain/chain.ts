// The devnet's chain: validates and queues broadcast transactions, produces blocks that execute them,
// and answers the queries TronWeb makes. Everything is synchronous over SQLite, so each block (and
// each broadcast) is atomic and a restart resumes from the last committed block. A block becomes
// solid `solidAfter` blocks after it is made (as on mainnet, 19); until then a fork may replace it,
// and the undo journal keeps what it changed.
import { buildTx, rawOf, refOf, signTx, type RefBlock } from '../../tron/tx.js';
import { toHexAddress } from '../../tron/address.js';
import { FAUCET, deployRouters, devnetFamilies, writeDex, writeGenesis, type FamilyInfo } from '../genesis.js';
import { chargeBandwidth } from '../resources/bandwidth.js';
import { ChainClock } from './clock.js';
import { Ledger, type DevnetDb } from '../ledger.js';
import { Vm, type VmHost } from '../vm.js';
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
import { forkStart, replaceBlocks, type ForkRequest, type ForkResult } from './fork.js';
import { Journal } from './journal.js';
import { vmHost } from './registry.js';
import { blockIdOf, chainStatements, findTx, txViewOf } from './statements.js';
import { Turns } from './turns.js';
import { checkFamilies, genesisBlock, genesisParent } from './genesis-block.js';
import type { ChainOptions } from './options.js';
import { constantCall } from './calls.js';
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
/**
 * How long (ms) a block being made runs before it lets the event loop turn (broadcasts and reads
 * wait no longer than this for it, whatever a transaction costs to run).
 */
const YIELD_AFTER_MS = 4;
/** Where the chain keeps the newest solid block's number, and how many forks it has made. */
const SOLID_KEY = 'solid';
const FORKS_KEY = 'forks';

export type { ChainOptions } from './options.js';
export { genesisParent } from './genesis-block.js';

export class Chain {
  readonly ledger: Ledger;
  /** What contracts run on: the native contracts by kind, the EVM and the bytecode contracts' store. */
  readonly host: VmHost;
  readonly solidAfter: number;
  /** The launchpad families this chain hosts, in FAMILIES' order. */
  readonly families: readonly FamilyInfo[];
  private headBlock: BlockRow;
  private solidBlock: BlockRow;
  private seq: number;
  /** Called after each block is committed, and after a fork (the HTTP layer and tests listen). */
  onBlock: ((block: BlockRow) => void) | undefined;
  /** Raw sizes measured at broadcast, for the bandwidth fee when the block runs. */
  private readonly rawSizes = new Map<string, number>();
  private readonly eventLog: EventLog;
  private readonly journal: Journal;
  private readonly clock: () => number;
  /** The chain's time: the machine's, moved forward by `time.advance` (a restart keeps it). */
  readonly time: ChainClock;
  private readonly q;
  /** Blocks, forks and calls take turns on the connection (turns.ts). */
  private readonly turns: Turns;

  /** Opens the chain in `db`, making its genesis (the fee routers deployed from bytecode) if it is new. */
  static async open(db: DevnetDb, options: ChainOptions = {}): Promise<Chain> {
    const chain = new Chain(db, options);
    // outside any transaction: no energy limit, the head's time
    const head = chain.head();
    const vm = new Vm(chain.host, FAUCET.address, head.number, head.timestamp, Number.MAX_SAFE_INTEGER);
    await chain.turns.exclusive(() => chain.turns.atomicAsync(() => deployRouters(vm, chain.host, chain.families)));
    return chain;
  }

  private constructor(
    readonly db: DevnetDb,
    options: ChainOptions = {},
  ) {
    this.solidAfter = options.solidAfter ?? 0;
    this.families = devnetFamilies(options.families);
    this.ledger = new Ledger(db);
    this.time = new ChainClock(options.clock ?? Date.now, this.ledger);
    this.clock = this.time.now;
    if (options.unfreezeDelayDays !== undefined) this.ledger.resources.unfreezeDelayDays = options.unfreezeDelayDays;
    this.turns = new Turns(db.$client);
    this.host = vmHost(db, this.ledger);
    this.eventLog = new EventLog(db);
    this.journal = new Journal(db.$client, this.solidAfter > 0);
    this.q = chainStatements(db);
    const head = this.q.head.get();
    if (head) {
      checkFamilies(this.ledger, this.families);
      this.headBlock = head;
      this.atomic(() => writeDex(this.ledger, head.timestamp));
    } else this.headBlock = this.writeGenesisBlock(options.genesisTime ?? this.clock(), genesisParent(options.label));
    // a new chain starts with its genesis solid; one made before finality was kept has no journal,
    // so all its blocks are solid
    const stored = this.ledger.getMeta(SOLID_KEY);
    if (stored === undefined) this.q.setMeta.run(SOLID_KEY, String(this.headBlock.number));
    this.solidBlock = (stored !== undefined && this.block(Number(stored))) || this.headBlock;
    this.solidBlock = this.atomic(() => this.settle(this.headBlock.number - this.solidAfter));
    this.seq = this.q.maxSeq.get() ?? 0;
  }

  head(): BlockRow {
    return this.headBlock;
  }

  /** The newest solid block: never replaced by a fork, what the solidity node answers from. */
  solid(): BlockRow {
    return this.solidBlock;
  }

  /** Runs fn in one SQLite transaction; nested calls become savepoints, a throw rolls back. */
  atomic<T>(fn: () => T): T {
    return this.turns.atomic(fn);
  }

  private writeGenesisBlock(time: number, parentId: string): BlockRow {
    const block = genesisBlock(time, parentId);
    this.atomic(() => {
      writeGenesis(this.ledger, time, this.families);
      this.q.insertBlock.run(block.number, block.blockId, block.parentId, block.timestamp, block.txCount);
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

  /**
   * Validates a signed transaction on the head's state (as a full node: funds just received count)
   * and queues it; refusals come back as values, never throws.
   */
  async broadcast(input: unknown, options: { produce?: boolean } = {}): Promise<BroadcastResult> {
    const result = this.admit(input);
    if (options.produce && 'result' in result) await this.produceBlock();
    return result;
  }

  /** Validates and queues (never awaits, so it needs no turn: see `exclusive`). */
  private admit(input: unknown): BroadcastResult {
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
      if (!this.ledger.exists(owner)) throw invalid('account does not exist');
      const bytes = billableBytes(raw.length, sigCount);
      const { netFee } = chargeBandwidth(this.ledger, tx, owner, bytes, this.headBlock.timestamp);
      this.transactionType(tx).validate({ tx, owner, netFee, ledger: this.ledger });
      this.seq += 1;
      this.q.insertTx.run(txid, JSON.stringify(tx), owner, this.clock(), this.seq);
      this.rawSizes.set(txid, raw.length);
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
  produceBlock(timestamp?: number): Promise<BlockRow> {
    return this.turns.exclusive(async () => {
      let solid = this.solidBlock;
      const block = await this.turns.atomicAsync(async () => {
        const parent = this.headBlock;
        const ts = Math.max(timestamp ?? this.clock(), parent.timestamp + 1);
        const b = await this.makeBlock(parent, ts, this.q.pending.all(MAX_TX_PER_BLOCK));
        solid = this.settle(b.number - this.solidAfter);
        return b;
      });
      this.headBlock = block;
      this.solidBlock = solid;
      this.onBlock?.(block);
      return block;
    });
  }

  /** Makes the block after `parent` from these transactions (those that still pay), in the caller's transaction. */
  private async makeBlock(parent: BlockRow, timestamp: number, txs: TxRow[], fork = 0): Promise<BlockRow> {
    const number = parent.number + 1;
    this.journal.open(number);
    const included: string[] = [];
    try {
      let ran = performance.now();
      for (const row of txs) {
        // a long block lets broadcasts and reads in now and then (they never await: see turns.ts)
        if (performance.now() - ran >= YIELD_AFTER_MS) {
          await new Promise((resolve) => setImmediate(resolve));
          ran = performance.now();
        }
        if (await this.execute(row, number, timestamp, parent.timestamp)) included.push(row.txid);
      }
    } finally {
      this.journal.close();
    }
    const blockId = blockIdOf(number, parent.blockId, timestamp, included, fork);
    const b: BlockRow = { number, blockId, parentId: parent.blockId, timestamp, txCount: included.length };
    this.q.insertBlock.run(b.number, b.blockId, b.parentId, b.timestamp, b.txCount);
    return b;
  }

  /**
   * Makes block `number` the newest solid one unless a newer one is (solid never goes back), and
   * forgets the journal up to it. In the caller's transaction; returns the solid block.
   */
  private settle(number: number): BlockRow {
    if (number <= this.solidBlock.number) return this.solidBlock;
    const solid = this.block(number)!;
    this.journal.prune(solid.number);
    this.q.setMeta.run(SOLID_KEY, String(solid.number));
    return solid;
  }

  /** Makes every block up to the head solid (the demo seed's history is solid from the start). */
  solidifyHead(): void {
    this.solidBlock = this.atomic(() => this.settle(this.headBlock.number));
  }

  /** Replaces the newest blocks not yet solid (see fork.ts); a refusal is a plain sentence. */
  fork(request: ForkRequest): Promise<ForkResult | { refusal: string }> {
    return this.turns.exclusive(async () => {
      const from = forkStart(request, this.headBlock.number, this.solidBlock.number);
      if (typeof from !== 'number') return from;
      const result = await this.turns.atomicAsync(() => {
        const fork = Number(this.ledger.getMeta(FORKS_KEY) ?? 0) + 1;
        this.q.setMeta.run(FORKS_KEY, String(fork));
        return replaceBlocks(
          { db: this.db, q: this.q, journal: this.journal, makeBlock: (...a) => this.makeBlock(...a) },
          from,
          request.drop,
          fork,
        );
      });
      this.headBlock = this.block(this.headBlock.number)!;
      this.onBlock?.(this.headBlock);
      return result;
    });
  }

  /** Runs one transaction in a block. Returns false when it is dropped (not included). */
  private async execute(row: TxRow, blockNumber: number, timestamp: number, headTime: number): Promise<boolean> {
    const tx = JSON.parse(row.signed) as TxJson;
    // the size was measured at broadcast; after a restart (or a fork) it is measured again
    const rawBytes = this.rawSizes.get(row.txid) ?? rawOf(tx).raw.length;
    this.rawSizes.delete(row.txid);
    const bytes = billableBytes(rawBytes, tx.signature?.length ?? 1);
    const bandwidth = chargeBandwidth(this.ledger, tx, row.owner, bytes, headTime);
    const outcome = await this.transactionType(tx).execute({
      tx,
      owner: row.owner,
      netFee: bandwidth.netFee,
      ledger: this.ledger,
      txid: row.txid,
      blockNumber,
      timestamp,
      headTime,
      host: this.host,
      events: this.eventLog,
      atomic: (fn) => this.turns.atomicAsync(fn),
    });
    if (!outcome) {
      this.q.drop.run(row.txid);
      return false;
    }
    bandwidth.settle(outcome.info);
    this.q.finishTx.run(outcome.status, blockNumber, JSON.stringify(outcome.info), row.txid);
    return true;
  }

  // ---------------------------------------------------------------- queries

  block(number: number): BlockRow | undefined {
    return this.q.block.get(number);
  }

  blockById(id: string): BlockRow | undefined {
    return this.q.blockById.get(id.toLowerCase());
  }

  blockTransactions(number: number): TxJson[] {
    return this.q.blockTxs.all(number).map((r) => txViewOf(r));
  }

  transaction(txid: string): (TxJson & { ret?: unknown }) | undefined {
    const row = findTx(this.q, txid);
    return row && row.status !== 'DROPPED' ? txViewOf(row) : undefined;
  }

  /** The number of the block holding the transaction; undefined while it is in none. */
  transactionBlock(txid: string): number | undefined {
    return findTx(this.q, txid)?.blockNumber ?? undefined;
  }

  transactionInfo(txid: string): Record<string, unknown> {
    const row = findTx(this.q, txid);
    return row?.info ? (JSON.parse(row.info) as Record<string, unknown>) : {};
  }

  /**
   * Runs `read` on the state as it was at the newest solid block, keeping nothing: every row changed
   * since (or only the account's, when `read` reads one account) is put back first, in a transaction
   * that is then rolled back.
   */
  readAtSolid<T>(read: () => T, account?: string): T {
    const solid = this.solidBlock.number;
    if (!this.journal.changedSince(solid, account)) return read();
    return this.turns.discard(() => {
      this.journal.rewind(solid, account);
      return read();
    });
  }

  /**
   * Runs a call without keeping any change: views and energy estimates, in the time of the head
   * block, or on the state and in the time of the newest solid block (`solid`); see calls.ts.
   */
  constantCall(owner: string, contract: string, data: string, callValue = 0n, solid = false): Promise<ConstantResult> {
    const at = solid ? this.solidBlock : this.headBlock;
    const rewind = solid ? () => this.journal.rewind(at.number) : () => undefined;
    return constantCall({ host: this.host, turns: this.turns, at, rewind }, { owner, contract, data, callValue });
  }

  /** Stored events, filtered and paged as TronGrid's event API asks. */
  events(filter: EventFilter): EventRow[] {
    return this.eventLog.query(filter);
  }

  // ---------------------------------------------------------------- operator helpers

  private faucetNonce = 0;

  /** Sends TRX from the genesis faucet through the ordinary transaction path. */
  faucet(to: string, sun: bigint, options: { produce?: boolean } = {}): Promise<BroadcastResult> {
    const data = toHexText(`faucet ${this.clock()}-${(this.faucetNonce += 1)}`);
    const value = { owner_address: FAUCET.address, to_address: toHexAddress(to), amount: Number(sun) };
    return this.broadcast(
      signTx(this.buildTransaction('TransferContract', value, { data }), FAUCET.privateKey),
      options,
    );
  }
}
