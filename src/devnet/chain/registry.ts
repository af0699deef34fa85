// Which code runs at a contract address. An account records its contract's kind: 'evm' for a
// contract deployed from bytecode (its code in the contract store, run on the EVM), else a native
// contract's kind, which the registry maps to the TypeScript behind it (over the real ABIs). The VM
// and the node's getcontract look contracts up here only.
import type { AbiEntry } from '../../tron/abi.js';
import { launchpadContract } from '../contracts/launchpad.js';
import { pairContract } from '../contracts/pair.js';
import { trc20Contract } from '../contracts/trc20.js';
import { v2FactoryContract } from '../contracts/v2factory.js';
import { v2RouterContract } from '../contracts/v2router.js';
import { wtrxContract } from '../contracts/wtrx.js';
import { Machine } from '../evm/machine.js';
import { ContractStore } from '../evm/store.js';
import type { DevnetDb, Ledger } from '../ledger.js';
import type { NativeContract, VmHost } from '../vm.js';

export class ContractRegistry {
  private readonly byKind = new Map<string, NativeContract>();

  /** Adds a kind of contract; a kind is registered once. */
  register(kind: string, contract: NativeContract): this {
    if (this.byKind.has(kind)) throw new Error(`contract kind ${kind} is registered already`);
    this.byKind.set(kind, contract);
    return this;
  }

  contract(kind: string): NativeContract | undefined {
    return this.byKind.get(kind);
  }

  /** The ABI a contract of this kind shows (getcontract), if the kind is known. */
  abiOf(kind: string): AbiEntry[] | undefined {
    return this.byKind.get(kind)?.abi;
  }
}

/** The kinds genesis deploys: the launchpads and their tokens, the fee routers and SunSwap V2. */
export function nativeContracts(): ContractRegistry {
  return new ContractRegistry()
    .register('trc20', trc20Contract)
    .register('launchpad', launchpadContract)
    .register('wtrx', wtrxContract)
    .register('v2factory', v2FactoryContract)
    .register('pair', pairContract)
    .register('v2router', v2RouterContract);
}

/** What the chain's contracts run on: the native registry, the EVM and the bytecode contracts' store. */
export function vmHost(db: DevnetDb, ledger: Ledger): VmHost {
  const code = new ContractStore(db);
  return { ledger, contracts: nativeContracts(), code, machine: new Machine(db.$client, ledger, code) };
}
