// The contract registry: the chain runs whatever code is registered for an account's kind.
import { describe, expect, it } from 'vitest';
import { LAUNCHPAD_ABI, type AbiEntry } from '../../../src/tron/abi.js';
import { encodeValues, selectorOf } from '../../../src/tron/codec.js';
import { openSqlite } from '../../../src/db/open.js';
import { Chain, ContractRegistry, nativeContracts } from '../../../src/devnet/chain/index.js';
import { deriveAddress } from '../../../src/devnet/keys.js';
import * as schema from '../../../src/devnet/schema.js';
import type { NativeContract } from '../../../src/devnet/vm.js';

const DOUBLE: AbiEntry = {
  type: 'function',
  name: 'double',
  stateMutability: 'pure',
  inputs: [{ name: 'x', type: 'uint256' }],
  outputs: [{ name: '', type: 'uint256' }],
};
const doubler: NativeContract = { abi: [DOUBLE], methods: { double: (_ctx, [x]) => [(x as bigint) * 2n] } };

describe('contract registry', () => {
  it('knows the native kinds genesis deploys, with their ABIs (the fee router is bytecode)', () => {
    const contracts = nativeContracts();
    for (const kind of ['trc20', 'launchpad', 'wtrx', 'v2factory', 'pair', 'v2router'])
      expect(contracts.contract(kind)).toBeDefined();
    expect(contracts.contract('router')).toBeUndefined();
    expect(contracts.abiOf('launchpad')).toBe(LAUNCHPAD_ABI);
    expect(contracts.abiOf('unknown')).toBeUndefined();
  });

  it('refuses a kind registered twice', () => {
    const contracts = new ContractRegistry().register('doubler', doubler);
    expect(() => contracts.register('doubler', doubler)).toThrow(/registered already/);
  });

  it('runs a newly registered kind of contract at an address of that kind', async () => {
    const chain = await Chain.open(openSqlite(':memory:', schema, 'devnet'), { clock: () => 1_700_000_000_000 });
    chain.host.contracts.register('doubler', doubler);
    const address = deriveAddress('doubler');
    chain.ledger.ensureAccount(address, chain.head().timestamp, 'doubler');
    const data = selectorOf(DOUBLE) + encodeValues(DOUBLE.inputs, [21n]);
    const r = await chain.constantCall(deriveAddress('caller'), address, data);
    expect(r.ok).toBe(true);
    expect(BigInt('0x' + r.output)).toBe(42n);
    chain.db.$client.close();
  });
});
