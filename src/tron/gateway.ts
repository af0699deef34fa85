// The service layer's view of the chain: typed reads, transaction building, signing and broadcast
// over TronWeb. Works the same against the embedded devnet and a real node.
import type { TronWeb } from 'tronweb';
import { TokenState, type TokenStateValue } from './abi.js';
import { decodeRevert } from './codec.js';
import { LaunchpadReader, type DexInfo } from './client.js';
import type { Pool } from './market/index.js';
import type { PairReserves } from './market/index.js';
import type { Family } from './families.js';
import { callData, refOf, signTx, transferTx, triggerTx, type RefBlock } from './tx.js';
import type { ChainPrices, ContractTerms, ResourcesLeft } from './network-fee.js';
import { NodeResources } from './resource-reads.js';

export interface UnsignedTx {
  txID: string;
  raw_data: Record<string, unknown>;
  raw_data_hex: string;
  visible: boolean;
}

export type SignedTx = UnsignedTx & { signature: string[] };

/** A log of a transaction's receipt, as java-tron gives it (20-byte hex address without 41). */
export interface TxLog {
  address: string;
  topics: string[];
  data: string;
}

/**
 * Where a transaction stands: `pending` (the node knows it, in no block yet), `included` (in a head
 * block that a fork may still replace), `confirmed` (its block is solid: final), `failed` (in a block
 * with a failed result), `unknown` (the node does not know it: never sent, expired, or dropped by a
 * fork).
 */
export type TxState = 'pending' | 'included' | 'confirmed' | 'failed' | 'unknown';

export interface TxInfo {
  state: TxState;
  blockNumber?: number;
  /** head − the transaction's block (in a block only) */
  confirmations?: number;
  /** whether its block is solid (in a block only) */
  solid?: boolean;
  feeSun?: number;
  reason?: string;
  /** the receipt's logs (successful transactions in a block) */
  logs?: TxLog[];
}

/** The node's head block: reads are answered as of this block. */
export interface Head {
  number: number;
  id: string;
  /** the block below it (a new head whose parent is not the block we hold there means a fork) */
  parentId: string;
  timestamp: number;
}

type BlockJson = {
  blockID?: string;
  block_header?: { raw_data: { number?: number; timestamp: number; parentHash?: string } };
};

/** A block's header as java-tron answers getblock without detail; undefined for `{}` (no such block). */
function headerOf(b: BlockJson): Head | undefined {
  if (!b.blockID || !b.block_header) return undefined;
  const raw = b.block_header.raw_data;
  return { number: raw.number ?? 0, id: b.blockID, parentId: raw.parentHash ?? '', timestamp: raw.timestamp };
}

const noop = () => {};

/** Bound on remembered reads (they are only valid for one block anyway). */
const MAX_READS = 20_000;

export class ChainGateway {
  private readers = new Map<string, LaunchpadReader>();
  /** Head request on the wire, and the one queued behind it. */
  private headNow: Promise<Head> | undefined;
  private headNext: Promise<Head> | undefined;
  /** View results by call, each valid for the block it was read at. */
  private reads = new Map<string, { block: Head; value: Promise<unknown> }>();
  /** Each launchpad's DEX and each launched token's pair: fixed once known. */
  private dexes = new Map<string, Promise<DexInfo | undefined>>();
  private pairs = new Map<string, string>();
  /** Energy estimates, resources, prices and contracts' resource terms (resource-reads.ts). */
  private readonly resources: NodeResources;

  constructor(readonly tronWeb: TronWeb) {
    this.resources = new NodeResources(tronWeb);
  }

  private reader(launchpad: string): LaunchpadReader {
    let r = this.readers.get(launchpad);
    if (!r) {
      r = new LaunchpadReader(this.tronWeb, launchpad);
      this.readers.set(launchpad, r);
    }
    return r;
  }

  private startHead(): Promise<Head> {
    const p = this.tronWeb.fullNode.request<BlockJson>('wallet/getblock', { detail: false }, 'post').then((b) => {
      const h = headerOf(b);
      if (!h) throw new Error('the node answered no head block');
      return h;
    });
    this.headNow = p;
    const clear = () => {
      if (this.headNow === p) this.headNow = undefined;
    };
    p.then(clear, clear);
    return p;
  }

  /**
   * The head block, read after this call was made. Concurrent callers share requests: a caller
   * that arrives while one is on the wire waits for the next one, which all such callers share.
   * So under load the node sees about one head request per round trip, and no caller gets a head
   * older than its own call.
   */
  head(): Promise<Head> {
    if (!this.headNow) return this.startHead();
    if (!this.headNext) {
      const next = this.headNow.then(noop, noop).then(() => {
        if (this.headNext === next) this.headNext = undefined;
        return this.startHead();
      });
      this.headNext = next;
    }
    return this.headNext;
  }

  /**
   * The newest solid (irreversible) block's header, unshared and uncached: what the indexer reads up
   * to. getblock without detail (the solidity API serves it too) rather than getnowblock, which would
   * carry every transaction of the block on each poll.
   */
  async solidHead(): Promise<Head> {
    const b = await this.tronWeb.solidityNode.request<BlockJson>('walletsolidity/getblock', { detail: false }, 'post');
    const h = headerOf(b);
    if (!h) throw new Error('the node answered no solid block');
    return h;
  }

  /** The head chain's block at this height (header only), unshared; undefined above the head. */
  async blockAt(number: number): Promise<Head | undefined> {
    const b = await this.tronWeb.fullNode.request<BlockJson>(
      'wallet/getblock',
      { id_or_num: String(number), detail: false },
      'post',
    );
    return headerOf(b);
  }

  /**
   * A view read as of the current head block. The chain's state only changes with a new block,
   * so a result read at the head (or a newer block) is reused until the head moves; concurrent
   * equal reads share one call. Failures are not kept.
   */
  private async atHead<T>(key: string, load: () => Promise<T>): Promise<T> {
    const head = await this.head();
    const hit = this.reads.get(key);
    if (hit && (hit.block.number > head.number || hit.block.id === head.id)) return hit.value as Promise<T>;
    const value = load();
    if (this.reads.size >= MAX_READS) this.reads.clear();
    this.reads.set(key, { block: head, value });
    value.catch(() => {
      if (this.reads.get(key)?.value === value) this.reads.delete(key);
    });
    return value;
  }

  trxBalance(address: string): Promise<bigint> {
    return this.atHead(`trx:${address}`, async () => BigInt(await this.tronWeb.trx.getUnconfirmedBalance(address)));
  }

  tokenBalance(token: string, holder: string): Promise<bigint> {
    // any reader will do for plain TRC20 reads
    return this.atHead(`bal:${token}:${holder}`, () => this.reader(token).tokenBalance(token, holder));
  }

  allowance(token: string, owner: string, spender: string): Promise<bigint> {
    return this.atHead(`allow:${token}:${owner}:${spender}`, () => this.reader(token).allowance(token, owner, spender));
  }

  pool(family: Family, token: string): Promise<Pool> {
    return this.atHead(`pool:${family.launchpad}:${token}`, async () => {
      const p = await this.reader(family.launchpad).pool(token);
      return { trxReserve: p.trxReserve, tokenReserve: p.tokenReserve };
    });
  }

  state(family: Family, token: string): Promise<TokenStateValue> {
    return this.atHead(`state:${family.launchpad}:${token}`, () => this.reader(family.launchpad).state(token));
  }

  /** The DEX the family's tokens trade on after the launch (the launchpad's v2Router(), or the override). */
  dex(family: Family): Promise<DexInfo | undefined> {
    let d = this.dexes.get(family.launchpad);
    if (!d) {
      d = this.reader(family.launchpad).dex(family.dexRouter);
      this.dexes.set(family.launchpad, d);
      const forget = () => this.dexes.delete(family.launchpad);
      d.then((v) => v ?? forget(), forget);
    }
    return d;
  }

  /** The token's SunSwap V2 pair against WTRX, once it exists (base58). */
  async pair(family: Family, token: string): Promise<{ pair: string; dex: DexInfo } | undefined> {
    const dex = await this.dex(family);
    if (!dex) return undefined;
    let pair = this.pairs.get(token);
    if (!pair) {
      pair = await this.atHead(`pairOf:${dex.factory}:${token}`, () =>
        this.reader(family.launchpad).pairOf(dex, token),
      );
      if (!pair) return undefined;
      this.pairs.set(token, pair);
    }
    return { pair, dex };
  }

  /** The pair's reserves, TRX side and token side, as of the head block. */
  pairReserves(family: Family, pair: string, dex: DexInfo): Promise<PairReserves> {
    return this.atHead(`reserves:${pair}`, async () => {
      const r = await this.reader(family.launchpad).pairReserves(pair);
      return r.token0 === dex.wtrx
        ? { trxReserve: r.reserve0, tokenReserve: r.reserve1 }
        : { trxReserve: r.reserve1, tokenReserve: r.reserve0 };
    });
  }

  fees(family: Family) {
    return this.reader(family.launchpad).fees();
  }

  /** The energy a call would use, run on the node at the head (resource-reads.ts); undefined when it fails there. */
  estimateEnergy(
    owner: string,
    contract: string,
    data: string,
    callValue: bigint,
    shape?: string,
  ): Promise<number | undefined> {
    return this.resources.estimateEnergy(owner, contract, data, callValue, shape);
  }

  /** An account's energy and bandwidth left now, as of the head block. */
  resourcesLeft(address: string): Promise<ResourcesLeft> {
    return this.atHead(`res:${address}`, () => this.resources.resourcesLeft(address));
  }

  /** The energy price and the price of a burnt byte. */
  prices(): Promise<ChainPrices> {
    return this.resources.prices();
  }

  /** A contract's resource terms: its origin, the caller's share of energy, the origin's cap. */
  contractTerms(contract: string): Promise<ContractTerms | undefined> {
    return this.resources.contractTerms(contract);
  }

  /** The family whose launchpad knows this token, if any. */
  async familyOf(families: Family[], token: string): Promise<Family | undefined> {
    for (const f of families) {
      if ((await this.state(f, token)) !== TokenState.NOT_EXIST) return f;
    }
    return undefined;
  }

  /**
   * Unsigned contract call, built here (the same JSON, bytes and txID TronWeb's local builder
   * makes; see src/tron/tx.ts) on the current head as reference block. The timestamp is the build
   * time, so two equal trades built in the same second are still two transactions.
   */
  async buildCall(
    owner: string,
    contract: string,
    signature: string,
    params: Array<{ type: string; value: unknown }>,
    opts: { callValue: bigint; feeLimit: bigint },
  ): Promise<UnsignedTx> {
    const ref = await this.ref();
    return triggerTx({
      owner,
      contract,
      data: callData(signature, params),
      callValue: Number(opts.callValue),
      feeLimit: Number(opts.feeLimit),
      ref,
    });
  }

  async buildTrxTransfer(from: string, to: string, sun: bigint): Promise<UnsignedTx> {
    return transferTx({ owner: from, to, amount: Number(sun), ref: await this.ref() });
  }

  /** The last timestamp a build was given: two builds never share one (a head ahead of the clock would give it twice). */
  private lastStamp = 0;
  private async ref(): Promise<RefBlock> {
    const r = refOf(await this.head());
    this.lastStamp = Math.max(Date.now(), r.timestamp, this.lastStamp + 1);
    return { ...r, timestamp: this.lastStamp };
  }

  /** Signs with the owner's key (libsecp256k1; checks as TronWeb's trx.sign, see src/tron/tx.ts). */
  async sign(tx: UnsignedTx, privateKey: string): Promise<SignedTx> {
    return signTx(tx, privateKey);
  }

  /** Broadcasts; a duplicate counts as accepted (the node has it already). */
  async broadcast(tx: SignedTx): Promise<{ ok: true; txid: string } | { ok: false; code: string; message: string }> {
    const res = (await this.tronWeb.trx.sendRawTransaction(tx as never)) as {
      result?: boolean;
      txid?: string;
      code?: string;
      message?: string;
    };
    if (res.result) return { ok: true, txid: res.txid ?? tx.txID };
    if (res.code === 'DUP_TRANSACTION_ERROR') return { ok: true, txid: res.txid ?? tx.txID };
    const message = res.message ? safeUtf8(res.message) : 'refused';
    return { ok: false, code: res.code ?? 'ERROR', message };
  }

  /**
   * The newest solid block's number, read once for each head block (it only moves when the head
   * does): what tells an included transaction from a final one.
   */
  private solidFor: { head: string; number: Promise<number> } | undefined;
  private solidNumberAt(head: Head): Promise<number> {
    if (this.solidFor?.head !== head.id) {
      const number = this.solidHead().then((b) => b.number);
      this.solidFor = { head: head.id, number };
      number.catch(() => {
        if (this.solidFor?.number === number) this.solidFor = undefined;
      });
    }
    return this.solidFor.number;
  }

  /**
   * A transaction's state from the head (the full node's receipt, as soon as its block is made), and
   * whether that block is solid yet.
   */
  async txInfo(txid: string): Promise<TxInfo> {
    const info = (await this.tronWeb.trx.getUnconfirmedTransactionInfo(txid)) as {
      blockNumber?: number;
      fee?: number;
      receipt?: { result?: string };
      result?: string;
      resMessage?: string;
      contractResult?: string[];
      log?: TxLog[];
    };
    if (info && typeof info.blockNumber === 'number') {
      const failed = info.result === 'FAILED';
      // one head read serves both: a second concurrent head() would wait for the next request
      const head = await this.head();
      const solidNumber = await this.solidNumberAt(head);
      const solid = info.blockNumber <= solidNumber;
      return {
        state: failed ? 'failed' : solid ? 'confirmed' : 'included',
        blockNumber: info.blockNumber,
        confirmations: Math.max(0, head.number - info.blockNumber),
        solid,
        feeSun: info.fee ?? 0,
        ...(failed ? { reason: failureReason(info) } : { logs: info.log ?? [] }),
      };
    }
    const tx = (await this.tronWeb.trx.getTransaction(txid).catch(() => undefined)) as { txID?: string } | undefined;
    return { state: tx?.txID ? 'pending' : 'unknown' };
  }
}

function safeUtf8(hex: string): string {
  try {
    return /^[0-9a-fA-F]*$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : hex;
  } catch {
    return hex;
  }
}

function failureReason(info: {
  receipt?: { result?: string };
  resMessage?: string;
  contractResult?: string[];
}): string {
  return (
    decodeRevert(info.contractResult?.[0] ?? '') ??
    info.receipt?.result ??
    (info.resMessage ? safeUtf8(info.resMessage) : 'failed')
  );
}
