// Putting a contract from bytecode at an address: the account (kind 'evm'), its record (ABI,
// creation code, origin), then the constructor on the EVM, whose returned runtime code is stored.
// Runs in the caller's savepoint: a failed constructor leaves nothing behind.
import { Revert, type Vm, type VmHost } from '../vm.js';

export interface Deployment {
  address: string;
  owner: string;
  /** Creation code with the constructor's arguments after it (hex, no 0x). */
  initcode: string;
  /** The ABI entries (JSON). */
  abi: string;
  name: string;
  /** TRX sent to the constructor (sun). */
  value: bigint;
  consumeUserResourcePercent: number;
  originEnergyLimit: number;
  /** The account exists already (a native contract being replaced by its bytecode): keep it. */
  replace?: boolean;
}

/** Deploys; returns the runtime code (hex). Throws Revert / OutOfEnergy as a call does. */
export async function deployContract(vm: Vm, host: VmHost, d: Deployment): Promise<string> {
  if (d.replace) host.ledger.setContractKind(d.address, 'evm');
  else if (host.ledger.exists(d.address)) throw new Revert('contract address exists');
  else host.ledger.ensureAccount(d.address, vm.now, 'evm', d.name || null);
  host.code.create({
    address: d.address,
    bytecode: d.initcode,
    abi: d.abi,
    name: d.name,
    origin: d.owner,
    consumeUserResourcePercent: d.consumeUserResourcePercent,
    originEnergyLimit: d.originEnergyLimit,
  });
  return vm.deploy(d.owner, d.address, d.value, d.initcode);
}
