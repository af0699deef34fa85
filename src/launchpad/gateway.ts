// The service layer's view of the chain: typed reads, transaction building, signing and broadcast
// over TronWeb. Works the same against the embedded devnet and a real node.
import type { TronWeb } from "tronweb";
import { TokenState, type TokenStateValue } from '../tron/abi.js';
import { decodeRevert } from '../tron/codec.js';
import { LaunchpadReader } from '../tron/client.js';
import type { Pool } from '../tron/curve.js';
import type { Family } from '../tron/families.js';

export interface UnsignedTx {
  txID: string;
  raw_data: Record<string, unknown>;
  raw_data_hex: string;
  visible: boolean;
}

export type SignedTx = UnsignedTx & { signature: string[] };

export interface TxInfo {
  state: 'pending' | 'confirmed' | 'failed' | 'unknown';
  blockNumber?: number;
  feeSun?: number;
  reason?: string;
}

export class ChainGateway {
  private readers = new Map<string, LaunchpadReader>();

  constructor(readonly tronWeb: TronWeb) {}

  private reader(launchpad: string): LaunchpadReader {
    let r = this.readers.get(launchpad);
    if (!r) {
      r = new LaunchpadReader(this.tronWeb, launchpad);
      this.readers.set(launchpad, r);
    }
    return r;
  }

  async trxBalance(address: string): Promise<bigint> {
    return BigInt(await this.tronWeb.trx.getBalance(address));
  }

  tokenBalance(token: string, holder: string): Promise<bigint> {
    // any reader will do for plain TRC20 reads
    return this.reader(token).tokenBalance(token, holder);
  }

  allowance(token: string, owner: string, spender: string): Promise<bigint> {
    return this.reader(token).allowance(token, owner, spender);
  }

  async pool(family: Family, token: string): Promise<Pool> {
    const p = await this.reader(family.launchpad).pool(token);
    return { trxReserve: p.trxReserve, tokenReserve: p.tokenReserve };
  }

  state(family: Family, token: string): Promise<TokenStateValue> {
    return this.reader(family.launchpad).state(token);
  }

  fees(family: Family) {
    return this.reader(family.launchpad).fees();
  }

  /** The family whose launchpad knows this token, if any. */
  async familyOf(families: Family[], token: string): Promise<Family | undefined> {
    for (const f of families) {
      if ((await this.state(f, token)) !== TokenState.NOT_EXIST) return f;
    }
    return undefined;
  }

  async buildCall(
    owner: string,
    contract: string,
    selector: string,
    params: Array<{ type: string; value: unknown }>,
    opts: { callValue: bigint; feeLimit: bigint },
  ): Promise<UnsignedTx> {
    // Built locally by TronWeb (same bytes a node would return) on a reference block fetched at
    // most once a second: one round trip less per trade. The timestamp is the build time, so two
    // equal trades built in the same second are still two transactions.
    const head = await this.refBlock();
    const res = await this.tronWeb.transactionBuilder.triggerSmartContract(
      contract,
      selector,
      {
        feeLimit: Number(opts.feeLimit), callValue: Number(opts.callValue), txLocal: true,
        blockHeader: { ...head, timestamp: Math.max(Date.now(), head.timestamp) },
      },
      params,
      owner,
    );
    return res.transaction as unknown as UnsignedTx;
  }

  private ref: { at: number; value: Promise<{ ref_block_bytes: string; ref_block_hash: string; expiration: number; timestamp: number }> } | undefined;

  /** The head block's reference fields, shared for up to a second. */
  private refBlock() {
    const t = Date.now();
    if (!this.ref || t - this.ref.at > 1000) {
      const value = this.tronWeb.trx.getCurrentRefBlockParams();
      this.ref = { at: t, value };
      value.catch(() => (this.ref = undefined));
    }
    return this.ref.value;
  }

  async buildTrxTransfer(from: string, to: string, sun: bigint): Promise<UnsignedTx> {
    return (await this.tronWeb.transactionBuilder.sendTrx(to, Number(sun), from)) as unknown as UnsignedTx;
  }

  async sign(tx: UnsignedTx, privateKey: string): Promise<SignedTx> {
    return (await this.tronWeb.trx.sign(tx as never, privateKey)) as unknown as SignedTx;
  }

  /** Broadcasts; a duplicate counts as accepted (the node has it already). */
  async broadcast(tx: SignedTx): Promise<{ ok: true; txid: string } | { ok: false; code: string; message: string }> {
    const res = (await this.tronWeb.trx.sendRawTransaction(tx as never)) as { result?: boolean; txid?: string; code?: string; message?: string };
    if (res.result) return { ok: true, txid: res.txid ?? tx.txID };
    if (res.code === 'DUP_TRANSACTION_ERROR') return { ok: true, txid: res.txid ?? tx.txID };
    const message = res.message ? safeUtf8(res.message) : 'refused';
    return { ok: false, code: res.code ?? 'ERROR', message };
  }

  async txInfo(txid: string): Promise<TxInfo> {
    const info = (await this.tronWeb.trx.getTransactionInfo(txid)) as {
      blockNumber?: number; fee?: number; receipt?: { result?: string }; result?: string; resMessage?: string; contractResult?: string[];
    };
    if (info && typeof info.blockNumber === 'number') {
      const failed = info.result === 'FAILED';
      return {
        state: failed ? 'failed' : 'confirmed',
        blockNumber: info.blockNumber,
        feeSun: info.fee ?? 0,
        ...(failed ? { reason: failureReason(info) } : {}),
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

function failureReason(info: { receipt?: { result?: string }; resMessage?: string; contractResult?: string[] }): string {
  return decodeRevert(info.contractResult?.[0] ?? '') ?? info.receipt?.result ?? (info.resMessage ? safeUtf8(info.resMessage) : 'failed');
}
