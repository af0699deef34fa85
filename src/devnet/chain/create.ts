// CreateSmartContract: deploys a contract from bytecode, as TronWeb's `contract().new()` and the
// node's /wallet/deploycontract build it. The address is java-tron's: the last 20 bytes of
// keccak256(txID ‖ owner address), after the 41 prefix. The constructor runs on the EVM with the
// call value and what the fee limit buys, and the runtime code it returns is stored with the ABI
// the transaction carries (getcontract shows both).
import { utils } from 'tronweb';
import { tryHexAddress } from '../../tron/address.js';
import { scalarText } from '../../text.js';
import { deployContract } from '../evm/deploy.js';
import { invalid } from './admission.js';
import { checkCallFunds, runContract } from './trigger.js';
import type { TransactionType } from './transactions.js';
import type { TxJson } from './types.js';

/** java-tron's address for the contract a CreateSmartContract transaction makes. */
export function createdAddress(txid: string, owner: string): string {
  return '41' + utils.ethersUtils.keccak256(Buffer.from(txid + owner, 'hex')).slice(-40);
}

/** The new_contract of a CreateSmartContract transaction. */
function newContract(tx: TxJson): Record<string, unknown> {
  const v = tx.raw_data.contract[0]!.parameter.value;
  const c = v.new_contract;
  return c && typeof c === 'object' ? (c as Record<string, unknown>) : {};
}

export const createSmartContract: TransactionType = {
  validate(a) {
    const c = newContract(a.tx);
    const bytecode = scalarText(c.bytecode);
    if (!/^([0-9a-fA-F]{2})+$/.test(bytecode)) throw invalid('Bytecode is empty or not hex');
    if (tryHexAddress(c.origin_address) !== a.owner) throw invalid('OwnerAddress is not equals OriginAddress');
    const percent = Number(c.consume_user_resource_percent ?? 0);
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw invalid('percent must be >= 0 and <= 100');
    const limit = Number(c.origin_energy_limit ?? 0);
    if (!Number.isInteger(limit) || limit <= 0) throw invalid('The originEnergyLimit must be > 0');
    if (Buffer.byteLength(scalarText(c.name ?? '')) > 32)
      throw invalid("contractName's length cannot be greater than 32");
    checkCallFunds(a, c.call_value);
  },

  async execute(e) {
    const c = newContract(e.tx);
    const address = createdAddress(e.txid, e.owner);
    const abi = (c.abi as { entrys?: unknown[] } | undefined)?.entrys ?? [];
    return runContract(e, address, BigInt((c.call_value as number | undefined) ?? 0), (vm, callValue) =>
      deployContract(vm, e.host, {
        address,
        owner: e.owner,
        initcode: scalarText(c.bytecode).toLowerCase(),
        abi: JSON.stringify(abi),
        name: scalarText(c.name ?? ''),
        value: callValue,
        consumeUserResourcePercent: Number(c.consume_user_resource_percent ?? 100),
        originEnergyLimit: Number(c.origin_energy_limit ?? 10_000_000),
      }),
    );
  },
};
