// `cli energy` and `cli router energy` as an operator runs them against a node (here the devnet,
// reached by DEVNET_PORT as `npm start`'s CLI reaches it): a pool account stakes TRX for energy,
// reads its pool, starts unstaking part of it; the fee router's deployer makes the router pay its
// users' energy. Keys go on stdin and are never printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { FAMILIES, ROUTER_OWNER } from '../src/devnet/genesis.js';
import type { Devnet } from '../src/devnet/index.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from './helpers/devnet.js';
import { runCli } from './helpers/system.js';

let devnet: Devnet & { dir: string };
const dataDir = tempDir('lp-energy-');

/** The CLI on its own process (the devnet answers from this one, so nothing here may block). */
const cli = (args: string[], input = ''): Promise<string> =>
  runCli({ DATA_DIR: dataDir, DEVNET_PORT: new URL(devnet.url).port }, args, input);

beforeAll(async () => {
  devnet = await startTestDevnet();
});
afterAll(async () => {
  await devnet?.close();
});

describe('cli energy', () => {
  it('stakes for energy, shows the pool and what it sustains, and starts an unstake', async () => {
    const pool = await TronWeb.createAccount();
    await faucet(devnet.url, pool.address.base58, 200_000);
    const staked = await cli(['energy', 'stake', '100000'], `${pool.privateKey}\n`);
    expect(staked).toContain(`staked 100000 TRX for energy from ${pool.address.base58}`);
    expect(staked).not.toContain(pool.privateKey);
    const status = await cli(['energy', 'status', pool.address.base58]);
    expect(status).toContain('staked:     100000 TRX for energy');
    // the network's 18,000,000,000 staked TRX, the genesis operator's 10,000,000 and these 100,000:
    // 100,000 × 180,000,000,000 ÷ 18,010,100,000 = 999,439.4 → 999,439 a day; ÷ 100,000 (a typical
    // trade, erring high) = 9 trades
    expect(status).toContain('energy:     999439 a day, 0 used, 999439 left');
    expect(status).toContain('sustains:   9 curve trades a day (100000 energy each');
    const un = await cli(['energy', 'unstake', '40000'], `${pool.privateKey}\n`);
    expect(un).toContain('unstaking 40000 TRX for energy');
    expect(await cli(['energy', 'status', pool.address.base58])).toMatch(
      /unstaking: {2}40000 TRX \(ENERGY\), withdrawable from /,
    );
  }, 60_000);

  it("lets the router's deployer set its callers' share of the energy, and no one else", async () => {
    const router = TronWeb.address.fromHex(FAMILIES[0]!.router);
    // genesis deploys it sponsored (0 %): the deployer makes its callers pay 30 %
    const read = async () =>
      ((await tronWebFor(devnet.url).trx.getContract(router)) as unknown as Record<string, unknown>)
        .consume_user_resource_percent ?? 0;
    expect(await read()).toBe(0);
    const out = await cli(['router', 'energy', router, '--user-pays-percent', '30'], `${ROUTER_OWNER.privateKey}\n`);
    expect(out).toContain("callers pay 30 % of a call's energy");
    expect(await read()).toBe(30);
    const stranger = await TronWeb.createAccount();
    await faucet(devnet.url, stranger.address.base58, 100);
    await expect(
      cli(['router', 'energy', router, '--user-pays-percent', '50'], `${stranger.privateKey}\n`),
    ).rejects.toThrow(/is not the owner of the contract/);
  }, 60_000);
});
