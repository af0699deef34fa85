// The shapes the chain stores and answers in: its rows, and transactions as TronWeb's JSON has them.
import type * as s from '../schema.js';

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

export type TxRow = typeof s.transactions.$inferSelect;
export type EventRow = typeof s.events.$inferSelect;

export type BroadcastResult = { result: true; txid: string } | { code: string; txid: string; message: string };

export interface ConstantResult {
  ok: boolean;
  output: string;
  energyUsed: number;
  revertReason?: string;
}

/** java-tron sends its messages (refusals, account names) as hex-encoded UTF-8. */
export const toHexText = (text: string): string => Buffer.from(text, 'utf8').toString('hex');
