// The devnet's fee routers are the compiled contract (version 2): a new chain deploys its bytecode at
// genesis; a chain made while the router was native TypeScript gets the bytecode at the same address
// with the settings it had and the TRX it held; one made with version 1's bytecode gets version 2.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTER_CONTRACT, contractBuild, feeRouterArguments, isBuildOf } from '../../../src/contracts/fee-router.js';
import { openSqlite } from '../../../src/db/open.js';
import { Chain } from '../../../src/devnet/chain/index.js';
import { DEX, FAMILIES, ROUTER_MAX_FEE_BPS, ROUTER_OWNER, TREASURY } from '../../../src/devnet/genesis.js';
import { deriveAddress } from '../../../src/devnet/keys.js';
import * as schema from '../../../src/devnet/schema.js';
import { tempDir } from '../../helpers/devnet.js';

const ROUTER = FAMILIES[0]!.router;
const open = (file: string) => Chain.open(openSqlite(file, schema, 'devnet'), { clock: () => 1_700_000_000_000 });

/** A router view with no arguments, as the 32-byte word it returns. */
async function read(chain: Chain, name: string): Promise<string> {
  const { keccakHex } = await import('../../../src/tron/codec.js');
  const r = await chain.constantCall(deriveAddress('reader'), ROUTER, keccakHex(`${name}()`).slice(0, 8));
  expect(r.ok).toBe(true);
  return r.output;
}
const addressWord = (a: string) => a.slice(2).padStart(64, '0');

describe('the fee routers on the devnet', () => {
  it("are the build's bytecode from genesis, owned by the devnet's router owner, fees to the treasury", async () => {
    const chain = await open(':memory:');
    for (const f of FAMILIES) {
      expect(chain.ledger.contractKind(f.router)).toBe('evm');
      expect(isBuildOf(chain.host.code.runtime(f.router), contractBuild(ROUTER_CONTRACT))).toBe(true);
    }
    expect(await read(chain, 'owner')).toBe(addressWord(ROUTER_OWNER.address));
    expect(await read(chain, 'treasury')).toBe(addressWord(TREASURY.address));
    expect(BigInt('0x' + (await read(chain, 'maxFeeBps')))).toBe(BigInt(ROUTER_MAX_FEE_BPS));
    expect(await read(chain, 'v2Router')).toBe(addressWord(DEX.router));
    expect(await read(chain, 'pendingOwner')).toBe('0'.repeat(64));
    chain.db.$client.close();
  });

  it('replace version 1 of an older devnet with version 2 at the same address; its TRX stays there', async () => {
    const file = path.join(tempDir(), 'devnet.sqlite');
    const first = await open(file);
    const v1 = contractBuild('FeeRouter');
    // the state an older devnet left: version 1's code at the router's address, with its storage
    const c = first.db.$client;
    c.prepare("update accounts set balance = '777' where address = ?").run(ROUTER);
    c.prepare('delete from contract_storage where address = ?').run(ROUTER);
    c.prepare('update contract_code set runtime = ?, abi = ?, bytecode = ? where address = ?').run(
      v1.deployedBytecode,
      JSON.stringify(v1.abi),
      v1.bytecode +
        feeRouterArguments({
          treasury: TREASURY.address,
          maxFeeBps: 100,
          launchpad: FAMILIES[0]!.launchpad,
          v2Router: DEX.router,
        }),
      ROUTER,
    );
    c.close();

    const chain = await open(file);
    expect(isBuildOf(chain.host.code.runtime(ROUTER), contractBuild(ROUTER_CONTRACT))).toBe(true);
    expect(chain.ledger.balance(ROUTER)).toBe(777n);
    expect(BigInt('0x' + (await read(chain, 'accruedFees')))).toBe(777n);
    expect(await read(chain, 'owner')).toBe(addressWord(ROUTER_OWNER.address));
    chain.db.$client.close();
  });

  it('replace a native router of an older devnet at its address, with its settings and its TRX', async () => {
    const file = path.join(tempDir(), 'devnet.sqlite');
    const first = await open(file);
    // the state an older devnet left: a native router (kind 'router', a routers row), holding TRX
    const treasury = deriveAddress('old-treasury');
    const c = first.db.$client;
    c.prepare("update accounts set contract_kind = 'router', balance = '1234567' where address = ?").run(ROUTER);
    c.prepare('delete from contract_code where address = ?').run(ROUTER);
    c.prepare('delete from contract_storage where address = ?').run(ROUTER);
    c.prepare('insert into routers (address, launchpad, treasury, max_fee_bps, v2_router) values (?, ?, ?, ?, ?)').run(
      ROUTER,
      FAMILIES[0]!.launchpad,
      treasury,
      250,
      DEX.router,
    );
    c.close();

    const chain = await open(file);
    expect(chain.ledger.contractKind(ROUTER)).toBe('evm');
    expect(chain.ledger.balance(ROUTER)).toBe(1_234_567n);
    expect(await read(chain, 'treasury')).toBe(addressWord(treasury));
    expect(BigInt('0x' + (await read(chain, 'maxFeeBps')))).toBe(250n);
    expect(await read(chain, 'launchpad')).toBe(addressWord(FAMILIES[0]!.launchpad));
    chain.db.$client.close();
    expect(fs.existsSync(file)).toBe(true);
  });
});
