// TriggerSmartContract: calls a contract. The caller pays bandwidth, then energy for what the call
// burnt (all its fee limit allows when it runs out); a failed call keeps its fees and loses its
// changes and logs, as on the TVM.
import { toHexAddress, tryHexAddress } from '../../tron/address.js';
import { encodeRevert } from '../../tron/codec.js';
import { scalarText } from '../../text.js';
import { ENERGY_PRICE_SUN, MAX_FEE_LIMIT_SUN } from '../fees.js';
import { OutOfEnergy, Revert, Vm } from '../vm.js';
import { invalid, toBigIntField } from './admission.js';
import type { Execution, TransactionType } from './transactions.js';
import { toHexText } from './types.js';

interface CallResult {
  status: 'SUCCESS' | 'OUT_OF_ENERGY' | 'REVERT';
  output: string;
  resMessage?: string;
}

export const triggerSmartContract: TransactionType = {
  validate({ tx, owner, netFee, ledger }) {
    const v = tx.raw_data.contract[0]!.parameter.value;
    const contract = tryHexAddress(v.contract_address);
    if (!contract || !ledger.contractKind(contract)) throw invalid('No contract or not a valid smart contract');
    const callValue = toBigIntField(v.call_value ?? 0);
    if (callValue === null || callValue < 0n) throw invalid('callValue must be >= 0');
    const feeLimit = toBigIntField(tx.raw_data.fee_limit ?? 0);
    if (feeLimit === null || feeLimit < 0n || feeLimit > MAX_FEE_LIMIT_SUN) {
      throw invalid(`feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT_SUN}`);
    }
    if (ledger.balance(owner) < callValue + netFee) throw invalid('balance is not sufficient.');
  },

  execute(e) {
    const { tx, owner, netFee, ledger } = e;
    const v = tx.raw_data.contract[0]!.parameter.value;
    const contract = toHexAddress(String(v.contract_address));
    const callValue = BigInt((v.call_value as number | undefined) ?? 0);
    const feeLimit = BigInt(tx.raw_data.fee_limit ?? 0);
    const balance = ledger.balance(owner);
    if (balance < callValue + netFee) return undefined;
    ledger.setBalance(owner, balance - netFee);
    const spendable = balance - netFee - callValue;
    const maxEnergyFee = feeLimit < spendable ? feeLimit : spendable;
    const energyLimit = Number(maxEnergyFee / ENERGY_PRICE_SUN);
    const vm = new Vm(ledger, e.contracts, e.timestamp, energyLimit);
    const result = runCall(e, vm, contract, callValue, scalarText(v.data));
    if (result.status === 'OUT_OF_ENERGY')
      result.resMessage = `Not enough energy: fee limit ${feeLimit} sun buys ${energyLimit} energy`;
    const outOfEnergy = result.status === 'OUT_OF_ENERGY';
    const energyUsed = outOfEnergy ? energyLimit : Math.min(vm.energyUsed, energyLimit);
    const energyFee = outOfEnergy ? maxEnergyFee : BigInt(energyUsed) * ENERGY_PRICE_SUN;
    ledger.setBalance(owner, ledger.balance(owner) - energyFee);
    const ok = result.status === 'SUCCESS';
    const logs = ok ? vm.logs : [];
    const info = {
      id: e.txid,
      blockNumber: e.blockNumber,
      blockTimeStamp: e.timestamp,
      fee: Number(netFee + energyFee),
      contractResult: [result.output],
      contract_address: contract,
      receipt: {
        ...(energyFee > 0n ? { energy_fee: Number(energyFee) } : {}),
        energy_usage_total: energyUsed,
        net_fee: Number(netFee),
        result: result.status,
      },
      ...(logs.length
        ? { log: logs.map((l) => ({ address: l.contract.slice(2), topics: l.topics, data: l.data })) }
        : {}),
      ...(ok ? {} : { result: 'FAILED', resMessage: toHexText(result.resMessage ?? result.status) }),
    };
    e.events.record(logs, e.txid, e.blockNumber, e.timestamp);
    return { status: result.status, info };
  },
};

/** Runs the call in a savepoint, so a failure leaves only the fees behind. */
function runCall(e: Execution, vm: Vm, contract: string, callValue: bigint, data: string): CallResult {
  try {
    let output = '';
    e.atomic(() => {
      output = vm.callData(e.owner, contract, callValue, data);
    });
    return { status: 'SUCCESS', output };
  } catch (err) {
    if (err instanceof OutOfEnergy) return { status: 'OUT_OF_ENERGY', output: '' };
    const reason = err instanceof Revert ? err.reason : 'internal error';
    return { status: 'REVERT', output: encodeRevert(reason), resMessage: 'REVERT opcode executed' };
  }
}
