// The chain's event log: what a successful call emitted, stored as TronGrid's event API shows it,
// and the filtered pages that API (and the indexer behind it) reads.
import type { Statement } from 'better-sqlite3';
import { toHexAddress } from '../../tron/address.js';
import type { DevnetDb } from '../ledger.js';
import type { LogEntry } from '../vm.js';
import type { EventRow } from './types.js';

export interface EventFilter {
  contract?: string;
  txid?: string;
  blockNumber?: number;
  /** Only events of blocks up to this one (the confirmed ones, with the newest solid block). */
  maxBlock?: number;
  /** Only events of blocks after this one (the unconfirmed ones, with the newest solid block). */
  afterBlock?: number;
  eventName?: string;
  minTimestamp?: number;
  maxTimestamp?: number;
  asc: boolean;
  afterId?: number;
  limit: number;
}

export class EventLog {
  private readonly insert;
  private readonly queries = new Map<string, Statement<Array<string | number>, EventRow>>();

  constructor(private readonly db: DevnetDb) {
    this.insert = db.$client
      .prepare(`insert into events (block_number, block_timestamp, txid, contract, event_index, event_name, signature, result, result_type)
      values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  }

  /** Stores a transaction's logs in the order it emitted them. */
  record(logs: LogEntry[], txid: string, blockNumber: number, timestamp: number): void {
    logs.forEach((l, i) => {
      // a log the contract's ABI does not name is in the receipt only, as TronGrid shows it
      if (!l.entry || !l.values) return;
      const { entry, values } = l;
      const result: Record<string, string> = {};
      const resultType: Record<string, string> = {};
      entry.inputs.forEach((p, j) => {
        const val = eventValue(p.type, values[j]);
        result[String(j)] = val;
        if (p.name) {
          result[p.name] = val;
          resultType[p.name] = p.type;
        }
      });
      this.insert.run(
        blockNumber,
        timestamp,
        txid,
        l.contract,
        i,
        entry.name,
        eventSignature(entry),
        JSON.stringify(result),
        JSON.stringify(resultType),
      );
    });
  }

  query(filter: EventFilter): EventRow[] {
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
    add('block_number <= ?', filter.maxBlock);
    add('block_number > ?', filter.afterBlock);
    add('event_name = ?', filter.eventName);
    add('block_timestamp >= ?', filter.minTimestamp);
    add('block_timestamp <= ?', filter.maxTimestamp);
    add(filter.asc ? 'id > ?' : 'id < ?', filter.afterId);
    const sqlText = `select id, block_number as blockNumber, block_timestamp as blockTimestamp, txid, contract, event_index as eventIndex,
      event_name as eventName, signature, result, result_type as resultType from events
      ${conds.length ? 'where ' + conds.join(' and ') : ''} order by id ${filter.asc ? 'asc' : 'desc'} limit ?`;
    let stmt = this.queries.get(sqlText);
    if (!stmt) {
      stmt = this.db.$client.prepare<Array<string | number>, EventRow>(sqlText);
      this.queries.set(sqlText, stmt);
    }
    return stmt.all(...params, filter.limit);
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

/** Event values the way TronGrid renders them: addresses as 0x-hex, numbers as decimal strings. */
function eventValue(type: string, value: unknown): string {
  if (type === 'address') return '0x' + toHexAddress(String(value)).slice(2);
  if (typeof value === 'bigint') return value.toString();
  return String(value);
}
