// The EVM's view of the devnet's state: accounts and TRX balances from the ledger, code and storage
// of bytecode contracts from the contract store, all in the devnet's SQLite file. There is no trie:
// every write goes straight to its row, and the EVM's checkpoints are SQLite savepoints, so a
// reverted call frame undoes whatever it wrote (its own storage, and what native contracts it
// called wrote to the ledger) and the block's transaction holds it all.
//
// Reads are remembered while the EVM runs (it asks for the same account a dozen times a call:
// caller, callee, balance, code, gas rules), and only that long. The machine forgets them when the
// EVM starts from outside (machine.ts: a transaction, or native code calling bytecode), and this
// class forgets them when a frame reverts (the savepoint has put rows back). In between, every
// account write goes through the ledger, which tells this class of it (the native contracts'
// payments), and only the EVM writes a bytecode contract's storage.
//
// Storage writes wait in memory until the outermost frame commits, and only the words that end
// up changed reach the store then: a reentrancy guard set and cleared in one call (two SSTOREs a
// router trade) writes no row at all. A reverted frame drops its own writes from memory (`undo`),
// as the savepoint drops its rows.
import type { StateManagerInterface } from '@ethereumjs/common';
import { Account, KECCAK256_NULL, KECCAK256_RLP, equalsBytes, type Address } from '@ethereumjs/util';
import type { Database } from 'better-sqlite3';
import { utils } from 'tronweb';
import type { Ledger } from '../ledger.js';
import type { ContractStore } from './store.js';

const { keccak256 } = utils.ethersUtils;

/**
 * Bytes to hex (no 0x) and back, for hex the devnet wrote itself, with Node's own codec:
 * @ethereumjs/util's helpers build the string a byte at a time and check the hex with a regex, and
 * every address and slot the EVM touches is converted (about 30 KB of garbage a router trade).
 */
export const hexOf = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
export function bytesOf(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length >>> 1);
  Buffer.from(out.buffer).write(hex, 'hex');
  return out;
}

/** The ledger's key for an EVM address: `41` + 40 hex digits. */
export const tronHex = (address: Address): string => '41' + hexOf(address.bytes);

/** Code a native contract shows to EXTCODESIZE / EXTCODEHASH: one INVALID opcode (it is never run). */
export const NATIVE_CODE = new Uint8Array([0xfe]);

/** keccak256 of code (hex, no 0x). */
export const codeHashOf = (code: Uint8Array): string => keccak256(code).slice(2);
const NATIVE_CODE_HASH = bytesOf(codeHashOf(NATIVE_CODE));

const word = (bytes: Uint8Array): string => hexOf(bytes).padStart(64, '0');

/** An account as the EVM sees it: its TRX, what runs there, and a bytecode contract's code hash and nonce. */
interface AccountRow {
  balance: bigint;
  kind: string | null;
  codeHash: string | null;
  nonce: number | null;
  /** codeHash as bytes, once asked for. */
  hashBytes?: Uint8Array;
}

export class LedgerState implements StateManagerInterface {
  private readonly q;
  /** Runtime code by its hash. */
  private readonly codes = new Map<string, Uint8Array>();
  /** Each slot's value when this transaction first read it (SSTORE's energy depends on it). */
  private readonly original = new Map<string, Uint8Array>();
  /** Accounts (null: none there) and storage words read or written since the machine last forgot. */
  private readonly accounts = new Map<string, AccountRow | null>();
  private readonly slots = new Map<string, Uint8Array>();
  /** Storage words written by the running frames (as getStorage answers), not yet in the store. */
  private readonly written = new Map<string, Uint8Array>();
  /** What each write replaced in `written` (undefined: nothing). */
  private readonly undo: [string, Uint8Array | undefined][] = [];
  /** Where each open frame's writes start in `undo`: one per open checkpoint (savepoint). */
  private readonly marks: number[] = [];

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
    ledger.onAccountWrite = (address) => void this.accounts.delete(address);
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

  /** Forgets what was read: the state may have changed outside the EVM since. */
  forget(): void {
    this.accounts.clear();
    this.slots.clear();
  }

  /**
   * The EVM starts from outside, no frame of its own open: what was read is forgotten, and nothing
   * is left of a run that ended in the middle (native code that threw something other than a
   * revert leaves its frames' checkpoints open; their savepoints, and their writes, went with the
   * transaction that failed).
   */
  startOutside(): void {
    this.marks.length = 0;
    this.undo.length = 0;
    this.written.clear();
    this.forget();
  }

  /** The account at `hex` (null: none), read once until the machine forgets. */
  private row(hex: string): AccountRow | null {
    let row = this.accounts.get(hex);
    if (row === undefined) {
      const r = this.q.account.get(hex);
      row = r ? { balance: BigInt(r.balance), kind: r.kind, codeHash: r.codeHash, nonce: r.nonce } : null;
      this.accounts.set(hex, row);
    }
    return row;
  }

  /** What runs at `hex`: 'evm' for bytecode, a native contract's kind, null for none. */
  kindAt(hex: string): string | null {
    return this.row(hex)?.kind ?? null;
  }

  async getAccount(address: Address): Promise<Account | undefined> {
    const row = this.row(tronHex(address));
    if (!row) return undefined;
    if (row.kind === 'evm') {
      row.hashBytes ??= row.codeHash ? bytesOf(row.codeHash) : KECCAK256_NULL;
      return new Account(BigInt(row.nonce ?? 0), row.balance, KECCAK256_RLP, row.hashBytes);
    }
    return new Account(0n, row.balance, KECCAK256_RLP, row.kind ? NATIVE_CODE_HASH : KECCAK256_NULL);
  }

  async putAccount(address: Address, account?: Account): Promise<void> {
    if (!account) return;
    const hex = tronHex(address);
    const known = this.row(hex);
    if (!known) this.ledger.ensureAccount(hex, this.now);
    const row = known ?? { balance: 0n, kind: null, codeHash: null, nonce: null };
    const nonce = row.kind === 'evm' ? Number(account.nonce) : row.nonce;
    // the EVM puts both ends of every call, most of them moving no TRX
    if (known && row.balance === account.balance && nonce === row.nonce) return;
    if (row.balance !== account.balance) this.ledger.setBalance(hex, account.balance);
    if (nonce !== row.nonce) this.code.setNonce(hex, nonce!);
    // the ledger's writes made this class forget the account: what was written is what it is now
    this.accounts.set(hex, { ...row, balance: account.balance, nonce });
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
    this.accounts.delete(hex);
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
    this.code.setRuntime(hex, hexOf(value), codeHashOf(value));
  }

  async getCode(address: Address): Promise<Uint8Array> {
    const hex = tronHex(address);
    const row = this.row(hex);
    if (row?.kind !== 'evm') return row?.kind ? NATIVE_CODE : new Uint8Array();
    // code never changes under its hash: read and decoded once, the same bytes every call after
    const hash = row.codeHash;
    if (!hash) return new Uint8Array();
    let code = this.codes.get(hash);
    if (!code) {
      code = bytesOf(this.code.runtime(hex));
      this.codes.set(hash, code);
    }
    return code;
  }

  async getCodeSize(address: Address): Promise<number> {
    return (await this.getCode(address)).length;
  }

  async getStorage(address: Address, key: Uint8Array): Promise<Uint8Array> {
    const id = tronHex(address) + word(key);
    return this.written.get(id) ?? this.stored(id);
  }

  /** The word the store holds under `id` (address and slot), as getStorage answers. */
  private stored(id: string): Uint8Array {
    let value = this.slots.get(id);
    if (!value) {
      const v = this.code.slot(id.slice(0, 42), id.slice(42));
      value = v ? bytesOf(v.replace(/^(00)+/, '') || '00') : new Uint8Array();
      this.slots.set(id, value);
    }
    return value;
  }

  async putStorage(address: Address, key: Uint8Array, value: Uint8Array): Promise<void> {
    const id = tronHex(address) + word(key);
    // as getStorage answers: no leading zero bytes, empty for zero
    const first = value.findIndex((b) => b !== 0);
    const kept = first < 0 ? new Uint8Array() : value.slice(first);
    if (this.marks.length === 0) {
      this.writeSlot(id, kept);
      return;
    }
    this.undo.push([id, this.written.get(id)]);
    this.written.set(id, kept);
  }

  private writeSlot(id: string, value: Uint8Array): void {
    this.code.putSlot(id.slice(0, 42), id.slice(42), word(value));
    this.slots.set(id, value);
  }

  async clearStorage(address: Address): Promise<void> {
    const hex = tronHex(address);
    for (const [id, value] of this.written) {
      if (!id.startsWith(hex)) continue;
      this.undo.push([id, value]);
      this.written.delete(id);
    }
    this.code.clear(hex);
    this.slots.clear();
  }

  async checkpoint(): Promise<void> {
    this.q.open.run();
    this.marks.push(this.undo.length);
  }

  async commit(): Promise<void> {
    this.q.release.run();
    // a committed frame's writes are its parent's now (the parent's mark still stands before them)
    this.marks.pop();
    if (this.marks.length === 0) this.flush();
  }

  async revert(): Promise<void> {
    this.q.rollback.run();
    this.q.release.run();
    const mark = this.marks.pop() ?? 0;
    while (this.undo.length > mark) {
      const [id, before] = this.undo.pop()!;
      if (before === undefined) this.written.delete(id);
      else this.written.set(id, before);
    }
    this.forget();
  }

  /** The outermost frame has committed: the words it changed go to the store. */
  private flush(): void {
    for (const [id, value] of this.written) {
      if (!equalsBytes(this.stored(id), value)) this.writeSlot(id, value);
    }
    this.written.clear();
    this.undo.length = 0;
  }

  /** Open checkpoints (0 once every call frame has ended). */
  get openCheckpoints(): number {
    return this.marks.length;
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
