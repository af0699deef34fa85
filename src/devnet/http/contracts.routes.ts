// Contracts on the node: building a call, running one without keeping it (views, energy estimates;
// on the head's state on /wallet, the newest solid block's on /walletsolidity), and what getcontract
// shows (a bytecode contract's code and ABI as deployed; a native one's ABI from the registry), and
// deploycontract, which builds a CreateSmartContract transaction.
import { keccakHex } from '../../tron/codec.js';
import { tryHexAddress } from '../../tron/address.js';
import { scalarText } from '../../text.js';
import { toHexText, type Chain, type NodeView } from '../chain/index.js';
import { createdAddress } from '../chain/create.js';
import { ZERO_ADDRESS } from '../vm.js';
import { intParam, type DevnetRoutes, type Params } from './routes.js';

export function contractRoutes({ node, full, chain }: DevnetRoutes): void {
  const isContract = (address: string | null, view: NodeView): address is string =>
    address !== null && Boolean(view.account(address)?.contractKind);

  full('triggersmartcontract', (p, view) => {
    const a = callArgs(p);
    if (!isContract(a.contract, view))
      return failed('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    if (!tryHexAddress(p.owner_address))
      return failed('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Invalid ownerAddress');
    const value: Record<string, unknown> = { data: a.data, owner_address: a.owner, contract_address: a.contract };
    if (a.callValue > 0n) value.call_value = Number(a.callValue);
    const feeLimit = intParam(p.fee_limit);
    const transaction = chain.buildTransaction('TriggerSmartContract', value, feeLimit ? { fee_limit: feeLimit } : {});
    return { result: { result: true }, transaction };
  });
  const constant = async (p: Params, view: NodeView) => {
    const a = callArgs(p);
    if (!isContract(a.contract, view))
      return failed('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    const r = await view.constantCall(a.owner, a.contract, a.data, a.callValue);
    if (!r.ok) {
      // java-tron: the call "succeeds" with a message, a FAILED transaction and the revert data
      return {
        result: { result: true, message: toHexText('REVERT opcode executed') },
        energy_used: r.energyUsed,
        constant_result: [r.output],
        transaction: { ret: [{ ret: 'FAILED' }] },
      };
    }
    return { result: { result: true }, energy_used: r.energyUsed, constant_result: [r.output] };
  };
  node('triggerconstantcontract', constant);
  node('estimateenergy', async (p, view) => {
    const r = (await constant(p, view)) as { result: { result?: boolean }; energy_used?: number };
    return r.result.result ? { result: { result: true }, energy_required: r.energy_used } : r;
  });

  full('deploycontract', (p) => deployTransaction(chain, p));
  full('getcontract', (p) => contractJson(chain, p));
  full('getcontractinfo', (p) => {
    const c = contractJson(chain, p);
    if (!('contract_address' in c)) return {};
    const runtimecode = chain.host.code.runtime(String(c.contract_address));
    return { smart_contract: c, runtimecode, contract_state: { energy_usage: 0, energy_factor: 0, update_cycle: 0 } };
  });
}

/** java-tron's /wallet/deploycontract: a CreateSmartContract transaction and the address it will make. */
function deployTransaction(chain: Chain, p: Params) {
  const owner = tryHexAddress(p.owner_address);
  const bytecode = scalarText(p.bytecode).replace(/^0x/, '') + scalarText(p.parameter ?? '').replace(/^0x/, '');
  if (!owner) return { Error: 'class java.lang.IllegalArgumentException : owner_address is invalid' };
  if (!/^([0-9a-fA-F]{2})+$/.test(bytecode))
    return { Error: 'class java.lang.IllegalArgumentException : bytecode is invalid' };
  let abi: unknown;
  try {
    abi = typeof p.abi === 'string' && p.abi ? JSON.parse(p.abi) : (p.abi ?? []);
  } catch {
    return { Error: 'class java.lang.IllegalArgumentException : abi is invalid' };
  }
  const entrys = Array.isArray(abi) ? abi : ((abi as { entrys?: unknown[] }).entrys ?? []);
  const newContract: Record<string, unknown> = {
    origin_address: owner,
    abi: { entrys },
    bytecode: bytecode.toLowerCase(),
    consume_user_resource_percent: intParam(p.consume_user_resource_percent) ?? 100,
    origin_energy_limit: intParam(p.origin_energy_limit) ?? 10_000_000,
    ...(p.name ? { name: scalarText(p.name) } : {}),
  };
  const callValue = intParam(p.call_value);
  if (callValue) newContract.call_value = callValue;
  const feeLimit = intParam(p.fee_limit);
  const tx = chain.buildTransaction(
    'CreateSmartContract',
    { owner_address: owner, new_contract: newContract },
    feeLimit ? { fee_limit: feeLimit } : {},
  );
  return { ...tx, contract_address: createdAddress(tx.txID, owner) };
}

/** A call's contract, caller, data (from `data`, or a selector and its parameters) and value. */
function callArgs(p: Params) {
  const contract = tryHexAddress(p.contract_address);
  const owner = tryHexAddress(p.owner_address) ?? ZERO_ADDRESS;
  let data: string;
  if (typeof p.data === 'string' && p.data) data = p.data.replace(/^0x/, '');
  else {
    const selector = scalarText(p.function_selector).replace(/\s*/g, '');
    data = selectorHex(selector) + scalarText(p.parameter).replace(/^0x/, '');
  }
  const callValue = BigInt(intParam(p.call_value) ?? 0);
  return { contract, owner, data: data.toLowerCase(), callValue };
}

const failed = (code: string, message: string) => ({ result: { code, message: toHexText(message) } });

function selectorHex(signature: string): string {
  return signature ? keccakHex(signature).slice(0, 8) : '';
}

function contractJson(chain: Chain, p: Params) {
  const address = tryHexAddress(p.value);
  const acc = address ? chain.ledger.account(address) : undefined;
  if (acc?.contractKind === 'evm') {
    const c = chain.host.code.get(acc.address)!;
    return {
      origin_address: c.origin,
      contract_address: c.address,
      abi: { entrys: JSON.parse(c.abi) as unknown[] },
      bytecode: c.bytecode,
      // java-tron leaves out a field at its default (0), as for every message it prints
      ...(c.consumeUserResourcePercent ? { consume_user_resource_percent: c.consumeUserResourcePercent } : {}),
      name: c.name,
      ...(c.originEnergyLimit ? { origin_energy_limit: c.originEnergyLimit } : {}),
      code_hash: c.codeHash,
    };
  }
  const abi = acc?.contractKind ? chain.host.contracts.abiOf(acc.contractKind) : undefined;
  if (!address || !acc || !abi) return {};
  return {
    origin_address: ZERO_ADDRESS,
    contract_address: address,
    abi: { entrys: abi },
    bytecode: '',
    consume_user_resource_percent: 100,
    name: acc.name ?? acc.contractKind,
    origin_energy_limit: 10_000_000,
  };
}
