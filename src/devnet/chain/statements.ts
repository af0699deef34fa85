// The chain's own statements (transactions and blocks), prepared once, and how a block's id is made.
import { createHash } from 'node:crypto';
import { rawOf } from '../../tron/tx.js';
import type { DevnetDb } from '../ledger.js';
import type { BlockRow, TxJson, TxRow } from './types.js';

const TX_COLS = 'txid, signed, owner, received_at as receivedAt, seq, block_number as blockNumber, status, info';
const BLOCK_COLS = 'number, block_id as blockId, parent_id as parentId, timestamp, tx_count as txCount';

/** The per-transaction and per-block statements. */
export function chainStatements(db: DevnetDb) {
  const c = db.$client;
  return {
    hasTx: c.prepare<[string], number>('select 1 from transactions where txid = ?').pluck(),
    insertTx: c.prepare<[string, string, string, number, number]>(
      "insert into transactions (txid, signed, owner, received_at, seq, block_number, status, info) values (?, ?, ?, ?, ?, null, 'pending', null)",
    ),
    pending: c.prepare<[number], TxRow>(
      `select ${TX_COLS} from transactions where status = 'pending' order by seq limit ?`,
    ),
    tx: c.prepare<[string], TxRow>(`select ${TX_COLS} from transactions where txid = ?`),
    /** The transactions of the blocks from a number on, block by block in their order. */
    txsFrom: c.prepare<[number], TxRow>(
      `select ${TX_COLS} from transactions where block_number >= ? order by block_number, seq`,
    ),
    drop: c.prepare<[string]>("update transactions set status = 'DROPPED', block_number = null where txid = ?"),
    finishTx: c.prepare<[string, number, string, string]>(
      'update transactions set status = ?, block_number = ?, info = ? where txid = ?',
    ),
    maxSeq: c.prepare<[], number>('select coalesce(max(seq), 0) from transactions').pluck(),
    blockTxs: c.prepare<[number], TxRow>(`select ${TX_COLS} from transactions where block_number = ? order by seq`),
    block: c.prepare<[number], BlockRow>(`select ${BLOCK_COLS} from blocks where number = ?`),
    blockById: c.prepare<[string], BlockRow>(`select ${BLOCK_COLS} from blocks where block_id = ?`),
    head: c.prepare<[], BlockRow>(`select ${BLOCK_COLS} from blocks order by number desc limit 1`),
    blocksFrom: c.prepare<[number], BlockRow>(`select ${BLOCK_COLS} from blocks where number >= ? order by number`),
    insertBlock: c.prepare<[number, string, string, number, number]>(
      'insert into blocks (number, block_id, parent_id, timestamp, tx_count) values (?, ?, ?, ?, ?)',
    ),
    setMeta: c.prepare<[string, string]>(
      'insert into meta (key, value) values (?, ?) on conflict (key) do update set value = excluded.value',
    ),
  };
}

/**
 * A block's id: its number in the first 8 bytes (as java-tron's), then a hash of its parent, time and
 * transactions; `fork` (the how-manieth fork made it) tells a replacement block from the one it replaced.
 */
export function blockIdOf(number: number, parentId: string, timestamp: number, txids: string[], fork = 0): string {
  const h = createHash('sha256')
    .update(`${parentId}:${number}:${timestamp}:${txids.join(',')}${fork ? `:fork ${fork}` : ''}`)
    .digest('hex');
  return number.toString(16).padStart(16, '0') + h.slice(16);
}

/** A transaction's row by its id (any case, 0x or not); undefined for what is not an id. */
export function findTx(q: ReturnType<typeof chainStatements>, txid: string): TxRow | undefined {
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(txid)) return undefined;
  return q.tx.get(txid.replace(/^0x/, '').toLowerCase());
}

/** A stored transaction as gettransactionbyid shows it (`ret` once it is in a block). */
export function txViewOf(row: TxRow): TxJson & { ret?: unknown } {
  const tx = JSON.parse(row.signed) as TxJson;
  return {
    ...(row.blockNumber !== null ? { ret: [{ contractRet: row.status }] } : {}),
    signature: tx.signature ?? [],
    txID: row.txid,
    raw_data: tx.raw_data,
    raw_data_hex: rawOf(tx).raw.toString('hex'),
  };
}
