// A contract origin's own settings, as java-tron's UpdateSettingContractActuator and
// UpdateEnergyLimitContractActuator check and apply them: only the origin (the deployer, whoever owns
// the contract's code otherwise) may set the share of energy callers pay and the most of its energy
// a call may use. Neither moves funds or touches the contract's storage.
import { tryHexAddress } from '../../tron/address.js';
import { invalid, toBigIntField } from '../chain/admission.js';
import type { Admission, TransactionType } from '../chain/transactions.js';
import { receipt } from './stake.js';

const valueOf = (a: Admission) => a.tx.raw_data.contract[0]!.parameter.value;

/** The contract the transaction names, checked as java-tron checks it; its address. */
function ownContract(a: Admission): string {
  if (!a.ledger.exists(a.owner)) throw invalid(`Account[${a.owner}] does not exist`);
  const address = tryHexAddress(valueOf(a).contract_address);
  const c = address && a.ledger.resources.contract(address);
  if (!address || !c) throw invalid(`Contract does not exist`);
  if (c.origin !== a.owner) throw invalid(`Account[${a.owner}] is not the owner of the contract`);
  return address;
}

export const updateSetting: TransactionType = {
  validate(a) {
    const percent = toBigIntField(valueOf(a).consume_user_resource_percent ?? 0);
    if (percent === null || percent < 0n || percent > 100n) throw invalid('percent not in [0, 100]');
    ownContract(a);
  },
  execute(e) {
    if (e.ledger.balance(e.owner) < e.netFee) return undefined;
    const address = ownContract(e);
    e.ledger.resources.setUserPercent(address, Number(valueOf(e).consume_user_resource_percent ?? 0));
    return receipt(e);
  },
};

export const updateEnergyLimit: TransactionType = {
  validate(a) {
    const limit = toBigIntField(valueOf(a).origin_energy_limit ?? 0);
    if (limit === null || limit <= 0n) throw invalid('origin energy limit must be > 0');
    ownContract(a);
  },
  execute(e) {
    if (e.ledger.balance(e.owner) < e.netFee) return undefined;
    const address = ownContract(e);
    e.ledger.resources.setOriginEnergyLimit(address, Number(valueOf(e).origin_energy_limit));
    return receipt(e);
  },
};

export const SETTING_TYPES: Record<string, TransactionType> = {
  UpdateSettingContract: updateSetting,
  UpdateEnergyLimitContract: updateEnergyLimit,
};
