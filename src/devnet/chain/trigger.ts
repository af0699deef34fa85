// TriggerSmartContract: calls a contract. The caller pays bandwidth, then energy for what the call
// burnt (all its fee limit allows when it runs out); a failed call keeps its fees and loses its
// changes and logs, as on the TVM. CreateSmartContract (create.ts) runs its constructor the same way.
import { toHexAddress, tryHexAddress } from '../../tron/address.js';
import { encodeRevert } from '../../tron/codec.js';
import { scalarText } from '../../text.js';
import { ENERGY_PRICE_SUN, MAX_FEE_LIMIT_SUN } from '../fees.js';
import { OutOfEnergy, Revert, Vm } from '../vm.js';
import { invalid, toBigIntField } from './admission.js';
import type { Admission, Execution, Outcome, TransactionType } from './transactions.js';
import { toHexText } from './types.js';

interface CallResult {
  status: 'SUCCESS' | 'OUT_OF_ENERGY' | 'REVERT';
  output: string;
  resMessage?: string;
}

export const triggerSmartContract: TransactionType = {
  validate(a) {
    const v = a.tx.raw_data.contract[0]!.parameter.value;
    const contract = tryHexAddress(v.contract_address);
    if (!contract || !a.ledger.contractKind(contract)) throw invalid('No contract or not a valid smart contract');
    checkCallFunds(a, v.call_value);
  },

  async execute(e) {
    const v = e.tx.raw_data.contract[0]!.parameter.value;
    const contract = toHexAddress(String(v.contract_address));
    const data = scalarText(v.data);
    return runContract(e, contract, BigInt((v.call_value as number | undefined) ?? 0), (vm, callValue) =>
      vm.callData(e.owner, contract, callValue, data),
    );
  },
};

/** What java-tron refuses of a contract call's value and fee limit before queueing it. */
export function checkCallFunds(a: Admission, callValueField: unknown): void {
  const callValue = toBigIntField(callValueField ?? 0);
  if (callValue === null || callValue < 0n) throw invalid('callValue must be >= 0');
  const feeLimit = toBigIntField(a.tx.raw_data.fee_limit ?? 0);
  if (feeLimit === null || feeLimit < 0n || feeLimit > MAX_FEE_LIMIT_SUN) {
    throw invalid(`feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT_SUN}`);
  }
  if (a.ledger.balance(a.owner) < callValue + a.netFee) throw invalid('balance is not sufficient.');
}

/**
 * Runs a contract call or a constructor in the block: bandwidth first, then what the fee limit buys
 * in energy; the receipt as gettransactioninfobyid shows it. Undefined when it can no longer pay.
 */
export async function runContract(
  e: Execution,
  contract: string,
  callValue: bigint,
  run: (vm: Vm, callValue: bigint) => Promise<string>,
): Promise<Outcome | undefined> {
  const { tx, owner, netFee, ledger } = e;
  const feeLimit = BigInt(tx.raw_data.fee_limit ?? 0);
  const balance = ledger.balance(owner);
  if (balance < callValue + netFee) return undefined;
  ledger.setBalance(owner, balance - netFee);
  const spendable = balance - netFee - callValue;
  const maxEnergyFee = feeLimit < spendable ? feeLimit : spendable;
  const energyLimit = Number(maxEnergyFee / ENERGY_PRICE_SUN);
  const vm = new Vm(e.host, owner, e.blockNumber, e.timestamp, energyLimit);
  const result = await attempt(e, () => run(vm, callValue));
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
}

/** Runs the call in a savepoint, so a failure leaves only the fees behind. */
async function attempt(e: Execution, call: () => Promise<string>): Promise<CallResult> {
  try {
    const output = await e.atomic(call);
    return { status: 'SUCCESS', output };
  } catch (err) {
    if (err instanceof OutOfEnergy) return { status: 'OUT_OF_ENERGY', output: '' };
    if (!(err instanceof Revert)) throw err;
    return { status: 'REVERT', output: err.data ?? encodeRevert(err.reason), resMessage: 'REVERT opcode executed' };
  }
}
