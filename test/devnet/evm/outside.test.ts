// A run of the EVM that ends in the middle (native code throwing something other than a revert, a
// devnet bug) fails its transaction and leaves the EVM's frame checkpoints open. The next
// transaction still writes its storage to the file: the fee router's owner changes the treasury,
// and a devnet opened again on the same file reads the new one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contractBuild } from '../../../src/contracts/fee-router.js';
import { openSqlite } from '../../../src/db/open.js';
import { Chain } from '../../../src/devnet/chain/index.js';
import type { Turns } from '../../../src/devnet/chain/turns.js';
import { signedCall } from '../../../src/devnet/demo/trades.js';
import { FAMILIES, ROUTER_OWNER, TREASURY } from '../../../src/devnet/genesis.js';
import { devnetKey } from '../../../src/devnet/keys.js';
import * as schema from '../../../src/devnet/schema.js';
import { ROUTER_ABI } from '../../../src/tron/abi.js';
import { selectorOf } from '../../../src/tron/codec.js';
import { toAbiAddress } from '../../../src/tron/address.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evm-outside-'));
const file = path.join(dir, 'devnet.sqlite');
const ROUTER = FAMILIES[0]!.router;
const NEW_TREASURY = devnetKey('outside-treasury');
const ROUTER_BUILD = contractBuild('FeeRouter');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The router's treasury as a constant call reads it (hex, 41…). */
async function treasuryOf(chain: Chain): Promise<string> {
  const treasury = ROUTER_ABI.find((e) => e.name === 'treasury')!;
  const r = await chain.constantCall(ROUTER_OWNER.address, ROUTER, selectorOf(treasury));
  return '41' + String(r.output).slice(-40);
}

describe('the EVM after a run that ended in the middle', () => {
  it('writes the next transaction’s storage to the file', async () => {
    const chain = await Chain.open(openSqlite(file, schema, 'devnet'));
    expect(await treasuryOf(chain)).toBe(TREASURY.address);
    // a transaction whose EVM run dies with a frame open (the chain's turns, private, as a block's)
    const { turns } = chain as unknown as { turns: Turns };
    const dead = turns.exclusive(() =>
      turns.atomicAsync(async () => {
        await chain.host.machine.state.checkpoint();
        throw new Error('a native contract failed');
      }),
    );
    await expect(dead).rejects.toThrow('a native contract failed');

    await chain.faucet(ROUTER_OWNER.address, 10_000_000_000n);
    await chain.produceBlock();
    const call = {
      contract: ROUTER,
      abi: ROUTER_BUILD.abi,
      method: 'setTreasury',
      args: [toAbiAddress(NEW_TREASURY.address)],
    };
    const sent = await chain.broadcast(signedCall(chain, ROUTER_OWNER, call));
    expect(sent).toMatchObject({ result: true });
    await chain.produceBlock();
    expect((chain.transactionInfo(sent.txid).receipt as { result: string }).result).toBe('SUCCESS');
    chain.db.$client.close();

    const again = await Chain.open(openSqlite(file, schema, 'devnet'));
    expect(await treasuryOf(again)).toBe(NEW_TREASURY.address);
    again.db.$client.close();
  });
});
