// The kinds of transaction the devnet accepts (Tron calls them contract types), each with what it
// refuses at broadcast and what it does in a block. The chain dispatches on this table.
import type { Ledger } from '../ledger.js';
import { SETTING_TYPES } from '../resources/settings.js';
import { STAKE_TYPES } from '../resources/stake.js';
import type { VmHost } from '../vm.js';
import { createSmartContract } from './create.js';
import type { EventLog } from './events.js';
import { transferContract } from './transfer.js';
import { triggerSmartContract } from './trigger.js';
import type { TxJson } from './types.js';

/** A transaction at broadcast: it is signed by `owner`, and its bandwidth would cost `netFee`. */
export interface Admission {
  tx: TxJson;
  owner: string;
  netFee: bigint;
  ledger: Ledger;
}

/** A transaction running in a block. */
export interface Execution extends Admission {
  txid: string;
  blockNumber: number;
  timestamp: number;
  /**
   * The time of the block before this one (ms): java-tron's latest block header while a block's
   * transactions run, which its resource rules read as "now" (slots, unstaking, locks).
   */
  headTime: number;
  /** What contracts run on: the native registry, the EVM and the bytecode contracts' store. */
  host: VmHost;
  events: EventLog;
  /** Runs fn in a savepoint: a throw rolls back what it wrote. */
  atomic<T>(fn: () => Promise<T>): Promise<T>;
}

export interface Outcome {
  status: string;
  /** The receipt, as gettransactioninfobyid answers it. */
  info: object;
}

export interface TransactionType {
  /** Throws a Refusal for what java-tron refuses before queueing. */
  validate(a: Admission): void;
  /** Runs it; undefined when it can no longer pay and is dropped from the block. */
  execute(e: Execution): Promise<Outcome | undefined> | Outcome | undefined;
}

export const TRANSACTION_TYPES: Record<string, TransactionType> = {
  TransferContract: transferContract,
  TriggerSmartContract: triggerSmartContract,
  CreateSmartContract: createSmartContract,
  ...STAKE_TYPES,
  ...SETTING_TYPES,
};
