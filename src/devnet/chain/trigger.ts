// TriggerSmartContract: calls a contract. The caller pays bandwidth, then energy for what the call
// used (all its energy limit when it runs out), staked energy first; a failed call keeps its fees and loses its
// changes and logs, as on the TVM. CreateSmartContract (create.ts) runs its constructor the same way.
import { toHexAddress, tryHexAddress } from '../../tron/address.js';
import { encodeRevert } from '../../tron/codec.js';
import { scalarText } from '../../text.js';
import { ENERGY_PRICE_SUN, MAX_FEE_LIMIT_SUN } from '../fees.js';
import { energyTerms, settleEnergy } from '../resources/pay.js';
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
 * Runs a contract call or a constructor in the block: bandwidth first, then energy, from the contract
 * origin's stake for its share, the caller's stake, then burnt TRX within the fee limit (pay.ts); the
 * receipt as gettransactioninfobyid shows it. Undefined when it can no longer pay.
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
  const terms = energyTerms(ledger, e.host.code.get(contract), {
    caller: owner,
    spendable: balance - netFee,
    callValue,
    feeLimit,
    price: ENERGY_PRICE_SUN,
    headTime: e.headTime,
  });
  const vm = new Vm(e.host, owner, e.blockNumber, e.timestamp, terms.limit);
  const result = await attempt(e, () => run(vm, callValue));
  if (result.status === 'OUT_OF_ENERGY')
    result.resMessage = `Not enough energy: the call may use ${terms.limit} energy (fee limit ${feeLimit} sun)`;
  const ok = result.status === 'SUCCESS';
  const used = result.status === 'OUT_OF_ENERGY' ? terms.limit : Math.min(vm.energyUsed, terms.limit);
  const bill = settleEnergy(ledger, owner, terms, used, ok, ENERGY_PRICE_SUN);
  ledger.setBalance(owner, ledger.balance(owner) - bill.energyFeeSun);
  const logs = ok ? vm.logs : [];
  const info = {
    id: e.txid,
    blockNumber: e.blockNumber,
    blockTimeStamp: e.timestamp,
    fee: Number(netFee + bill.energyFeeSun),
    contractResult: [result.output],
    contract_address: contract,
    receipt: {
      ...(bill.energyUsage > 0 ? { energy_usage: bill.energyUsage } : {}),
      ...(bill.energyFeeSun > 0n ? { energy_fee: Number(bill.energyFeeSun) } : {}),
      ...(bill.originEnergyUsage > 0 ? { origin_energy_usage: bill.originEnergyUsage } : {}),
      energy_usage_total: used,
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
