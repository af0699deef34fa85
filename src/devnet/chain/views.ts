// What each of a java-tron node's two APIs sees of the chain: the full node (/wallet) the head and
// everything in it, the solidity node (/walletsolidity) only the newest solid block, the blocks and
// transactions up to it and the state as it was there.
import type { Chain } from './chain.js';
import type { BlockRow, ConstantResult, TxJson } from './types.js';

type Account = ReturnType<Chain['ledger']['account']>;

export interface NodeView {
  /** The newest block this node serves: the head, or the newest solid block. */
  top(): BlockRow;
  /** A block this node has (none past its top). */
  block(number: number): BlockRow | undefined;
  blockById(id: string): BlockRow | undefined;
  blockTransactions(number: number): TxJson[];
  transaction(txid: string): (TxJson & { ret?: unknown }) | undefined;
  /** The receipt ({} until the transaction is in a block this node serves). */
  transactionInfo(txid: string): Record<string, unknown>;
  account(address: string): Account;
  constantCall(owner: string, contract: string, data: string, callValue: bigint): Promise<ConstantResult>;
  /** Reads the state as this node sees it (the head's, or the newest solid block's). */
  read<T>(fn: () => T): T;
}

/** The full node's view: the head block and its state. */
export function fullNodeView(chain: Chain): NodeView {
  return {
    top: () => chain.head(),
    block: (n) => chain.block(n),
    blockById: (id) => chain.blockById(id),
    blockTransactions: (n) => chain.blockTransactions(n),
    transaction: (txid) => chain.transaction(txid),
    transactionInfo: (txid) => chain.transactionInfo(txid),
    account: (address) => chain.ledger.account(address),
    constantCall: (owner, contract, data, value) => chain.constantCall(owner, contract, data, value),
    read: (fn) => fn(),
  };
}

/** The solidity node's view: the newest solid block, and the state as it was at its end. */
export function solidityNodeView(chain: Chain): NodeView {
  const isSolid = (n: number | undefined) => n !== undefined && n <= chain.solid().number;
  const solidBlock = (b: BlockRow | undefined) => (b && isSolid(b.number) ? b : undefined);
  // A solid block is final (no fork reaches it, and every change to the state is made in a block
  // after it), so an account as it was there never changes: each is read (rewound) once, and kept
  // until the next block is solid. TronWeb's getBalance and getAccount ask here: a wallet waiting for
  // its TRX polls it, each poll a rewind of what the last 19 blocks changed before.
  let keptAt: string | undefined;
  let kept = new Map<string, Account>();
  const accountAtSolid = (address: string): Account => {
    const at = chain.solid().blockId;
    if (at !== keptAt) {
      keptAt = at;
      kept = new Map();
    }
    if (!kept.has(address)) {
      // an account is never deleted, so its own rows in the journal tell what it was
      kept.set(
        address,
        chain.readAtSolid(() => chain.ledger.account(address), address),
      );
    }
    return kept.get(address);
  };
  return {
    top: () => chain.solid(),
    block: (n) => solidBlock(chain.block(n)),
    blockById: (id) => solidBlock(chain.blockById(id)),
    blockTransactions: (n) => (isSolid(n) ? chain.blockTransactions(n) : []),
    transaction: (txid) => (isSolid(chain.transactionBlock(txid)) ? chain.transaction(txid) : undefined),
    transactionInfo: (txid) => (isSolid(chain.transactionBlock(txid)) ? chain.transactionInfo(txid) : {}),
    account: accountAtSolid,
    constantCall: (owner, contract, data, value) => chain.constantCall(owner, contract, data, value, true),
    read: (fn) => chain.readAtSolid(fn),
  };
}
