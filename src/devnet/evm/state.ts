// The EVM's view of the devnet's state: accounts and TRX balances from the ledger, code and storage
// of bytecode contracts from the contract store, all in the devnet's SQLite file. There is no cache
// and no trie: every read is the current row, every write goes straight to it, and the EVM's
// checkpoints are SQLite savepoints, so a reverted call frame undoes whatever it wrote (its own
// storage, and what native contracts it called wrote to the ledger) and the block's transaction
// holds it all.
import type { StateManagerInterface } from '@ethereumjs/common';
import {
  Account,
  KECCAK256_NULL,
  KECCAK256_RLP,
  bytesToUnprefixedHex,
  hexToBytes,
  type Address,
} from '@ethereumjs/util';
import type { Database } from 'better-sqlite3';
import { utils } from 'tronweb';
import type { Ledger } from '../ledger.js';
import type { ContractStore } from './store.js';

const { keccak256 } = utils.ethersUtils;

/** The ledger's key for an EVM address: `41` + 40 hex digits. */
export const tronHex = (address: Address): string => '41' + bytesToUnprefixedHex(address.bytes);

/** Code a native contract shows to EXTCODESIZE / EXTCODEHASH: one INVALID opcode (it is never run). */
export const NATIVE_CODE = new Uint8Array([0xfe]);

/** keccak256 of code (hex, no 0x). */
export const codeHashOf = (code: Uint8Array): string => keccak256(code).slice(2);
const NATIVE_CODE_HASH = hexToBytes(`0x${codeHashOf(NATIVE_CODE)}`);

const word = (bytes: Uint8Array): string => bytesToUnprefixedHex(bytes).padStart(64, '0');

export class LedgerState implements StateManagerInterface {
  private depth = 0;
  private readonly q;
  /** Runtime code by its hash. */
  private readonly codes = new Map<string, Uint8Array>();
  /** Each slot's value when this transaction first read it (SSTORE's energy depends on it). */
  private readonly original = new Map<string, Uint8Array>();

  readonly originalStorageCache = {
    get: async (address: Address, key: Uint8Array): Promise<Uint8Array> => {
      const id = tronHex(address) + word(key);
      let v = this.original.get(id);
      if (!v) {
        v = await this.getStorage(address, key);
        this.original.set(id, v);
      }
      return v;
    },
    clear: (): void => this.original.clear(),
  };

  constructor(
    db: Database,
    private readonly ledger: Ledger,
    private readonly code: ContractStore,
    /** The block time (ms), for accounts a call creates. */
    public now: number,
  ) {
    this.q = {
      // an account as the EVM sees it, in one read: balance, kind, and a bytecode contract's code hash and nonce
      account: db.prepare<
        [string],
        { balance: string; kind: string | null; codeHash: string | null; nonce: number | null }
      >(
        `select a.balance, a.contract_kind as kind, c.code_hash as codeHash, c.nonce
         from accounts a left join contract_code c on c.address = a.address where a.address = ?`,
      ),
      open: db.prepare('savepoint evm'),
      release: db.prepare('release evm'),
      rollback: db.prepare('rollback to evm'),
    };
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const row = this.q.account.get(tronHex(address));
    if (!row) return undefined;
    const balance = BigInt(row.balance);
    if (row.kind === 'evm') {
      const hash = row.codeHash ? hexToBytes(`0x${row.codeHash}`) : KECCAK256_NULL;
      return new Account(BigInt(row.nonce ?? 0), balance, KECCAK256_RLP, hash);
    }
    return new Account(0n, balance, KECCAK256_RLP, row.kind ? NATIVE_CODE_HASH : KECCAK256_NULL);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    if (!account) return;
    const hex = tronHex(address);
    const row = this.q.account.get(hex);
    if (!row) this.ledger.ensureAccount(hex, this.now);
    if ((row ? BigInt(row.balance) : 0n) !== account.balance) this.ledger.setBalance(hex, account.balance);
    if (row?.kind === 'evm' && row.nonce !== Number(account.nonce)) this.code.setNonce(hex, Number(account.nonce));
  }

  /** Tron never deletes an account (an empty one stays, SELFDESTRUCT aside). */
  async deleteAccount(): Promise<void> {}

  async modifyAccountFields(
    address: Address,
    fields: Partial<Pick<Account, 'nonce' | 'balance' | 'storageRoot' | 'codeHash'>>,
  ): Promise<void> {
    const account = (await this.getAccount(address)) ?? new Account();
    if (fields.nonce !== undefined) account.nonce = fields.nonce;
    if (fields.balance !== undefined) account.balance = fields.balance;
    await this.putAccount(address, account);
  }

  /** The EVM stores the code its CREATE made; deployments set theirs through `deploy` (machine.ts). */
  async putCode(address: Address, value: Uint8Array): Promise<void> {
    const hex = tronHex(address);
    if (!this.code.meta(hex)) {
      // a contract's CREATE: the EVM has made the account already (its nonce), as a plain one
      this.ledger.ensureAccount(hex, this.now);
      this.ledger.setContractKind(hex, 'evm');
      this.code.create({
        address: hex,
        bytecode: '',
        abi: '[]',
        name: '',
        origin: hex,
        consumeUserResourcePercent: 100,
        originEnergyLimit: 10_000_000,
      });
    }
    this.code.setRuntime(hex, bytesToUnprefixedHex(value), codeHashOf(value));
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const hex = tronHex(address);
    const row = this.q.account.get(hex);
    if (row?.kind !== 'evm') return row?.kind ? NATIVE_CODE : new Uint8Array();
    // code never changes under its hash: read and decoded once, the same bytes every call after
    const hash = row.codeHash;
    if (!hash) return new Uint8Array();
    let code = this.codes.get(hash);
    if (!code) {
      code = hexToBytes(`0x${this.code.runtime(hex)}`);
      this.codes.set(hash, code);
    }
    return code;
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const v = this.code.slot(tronHex(address), word(key));
    return v ? hexToBytes(`0x${v.replace(/^(00)+/, '') || '00'}`) : new Uint8Array();
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    this.code.putSlot(tronHex(address), word(key), word(value));
  }

  async clearStorage(address: Address): Promise<void> {
    this.code.clear(tronHex(address));
  }

  async checkpoint(): Promise<void> {
    this.q.open.run();
    this.depth += 1;
  }

  async commit(): Promise<void> {
    this.q.release.run();
    this.depth -= 1;
  }

  async revert(): Promise<void> {
    this.q.rollback.run();
    this.q.release.run();
    this.depth -= 1;
  }

  /** Open checkpoints (0 once every call frame has ended). */
  get openCheckpoints(): number {
    return this.depth;
  }

  // the devnet keeps no state trie: roots are not computed
  async getStateRoot(): Promise<Uint8Array> {
    return KECCAK256_RLP;
  }
  async setStateRoot(): Promise<void> {}
  async hasStateRoot(): Promise<boolean> {
    return true;
  }
  clearCaches(): void {}
  shallowCopy(): StateManagerInterface {
    return this;
  }
}
