// What the devnet keeps of contracts deployed from bytecode: their code, ABI and storage, in the
// devnet's SQLite file beside the ledger (so blocks, forks and restarts treat them as any other
// state). Storage holds only non-zero slots, as 32-byte hex words.
import type { AbiEntry } from '../../tron/abi.js';
import type { DevnetDb } from '../ledger.js';

export interface DeployedContract {
  address: string;
  runtime: string;
  bytecode: string;
  codeHash: string;
  abi: string;
  name: string;
  origin: string;
  consumeUserResourcePercent: number;
  originEnergyLimit: number;
  nonce: number;
}

export class ContractStore {
  private readonly q;
  /** Parsed ABIs by address (a contract's ABI never changes once deployed). */
  private readonly abis = new Map<string, AbiEntry[]>();

  constructor(db: DevnetDb) {
    const c = db.$client;
    this.q = {
      get: c.prepare<[string], DeployedContract>(
        `select address, runtime, bytecode, code_hash as codeHash, abi, name, origin,
           consume_user_resource_percent as consumeUserResourcePercent, origin_energy_limit as originEnergyLimit, nonce
         from contract_code where address = ?`,
      ),
      runtime: c.prepare<[string], string>('select runtime from contract_code where address = ?').pluck(),
      meta: c.prepare<[string], { codeHash: string; nonce: number }>(
        'select code_hash as codeHash, nonce from contract_code where address = ?',
      ),
      insert: c.prepare<[string, string, string, string, string, string, string, number, number]>(
        `insert into contract_code (address, runtime, bytecode, code_hash, abi, name, origin,
           consume_user_resource_percent, origin_energy_limit, nonce) values (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`,
      ),
      setRuntime: c.prepare<[string, string, string]>(
        'update contract_code set runtime = ?, code_hash = ? where address = ?',
      ),
      setNonce: c.prepare<[number, string]>('update contract_code set nonce = ? where address = ?'),
      slot: c
        .prepare<[string, string], string>('select value from contract_storage where address = ? and slot = ?')
        .pluck(),
      putSlot: c.prepare<[string, string, string]>(
        'insert into contract_storage (address, slot, value) values (?, ?, ?) on conflict (address, slot) do update set value = excluded.value',
      ),
      deleteSlot: c.prepare<[string, string]>('delete from contract_storage where address = ? and slot = ?'),
      clear: c.prepare<[string]>('delete from contract_storage where address = ?'),
      remove: c.prepare<[string]>('delete from contract_code where address = ?'),
    };
  }

  get(address: string): DeployedContract | undefined {
    return this.q.get.get(address);
  }

  /** What an account read needs: the code's hash (hex, '' while the constructor runs) and the nonce. */
  meta(address: string): { codeHash: string; nonce: number } | undefined {
    return this.q.meta.get(address);
  }

  /** The runtime code (hex), '' when none is deployed there. */
  runtime(address: string): string {
    return this.q.runtime.get(address) ?? '';
  }

  abi(address: string): AbiEntry[] | undefined {
    let abi = this.abis.get(address);
    if (!abi) {
      const row = this.q.get.get(address);
      if (!row) return undefined;
      abi = JSON.parse(row.abi) as AbiEntry[];
      this.abis.set(address, abi);
    }
    return abi;
  }

  /** Records a contract being created (its code is set once its constructor has run). */
  create(c: Omit<DeployedContract, 'nonce' | 'runtime' | 'codeHash'>): void {
    this.abis.delete(c.address);
    this.q.insert.run(
      c.address,
      '',
      c.bytecode,
      '',
      c.abi,
      c.name,
      c.origin,
      c.consumeUserResourcePercent,
      c.originEnergyLimit,
    );
  }

  /** Takes a contract's code and storage away (the account stays): a devnet replacing its own contract. */
  remove(address: string): void {
    this.abis.delete(address);
    this.q.clear.run(address);
    this.q.remove.run(address);
  }

  setRuntime(address: string, runtime: string, codeHash: string): void {
    this.q.setRuntime.run(runtime, codeHash, address);
  }

  setNonce(address: string, nonce: number): void {
    this.q.setNonce.run(nonce, address);
  }

  /** A storage word (64 hex digits), or undefined for zero. */
  slot(address: string, slot: string): string | undefined {
    return this.q.slot.get(address, slot);
  }

  putSlot(address: string, slot: string, value: string): void {
    if (/^0*$/.test(value)) this.q.deleteSlot.run(address, slot);
    else this.q.putSlot.run(address, slot, value);
  }

  clear(address: string): void {
    this.q.clear.run(address);
  }
}
