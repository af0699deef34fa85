// `cli router deploy` as an operator runs it: the whole system up (`npm start`'s process on the
// embedded devnet), the deployer's key piped on stdin, the printed address put in ROUTER_ADDRESS and
// the old one in ROUTER_PREVIOUS, the system restarted on them, a trade through the API whose fee is
// booked in the fee ledger and accrues in the new router until `router withdraw` pays it to the new
// treasury, and a trade through the old router still indexed. `router info` reads the router back.
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../src/client/index.js';
import { DEX, FAMILIES } from '../src/devnet/genesis.js';
import { faucet } from './helpers/devnet.js';
import { demoTokens, waitFor } from './helpers/facade.js';
import { ROOT, systemProcess } from './helpers/system.js';

const sys = systemProcess({ prefix: 'lp-router-', env: { DEVNET_BLOCK_MS: '300', INDEXER_POLL_MS: '200' } });
afterAll(() => sys.stop());

const balance = async (address: string) =>
  BigInt(await new TronWeb({ fullHost: sys.devnetUrl }).trx.getBalance(address));

/** The CLI on the system's settings, with `input` on its stdin. */
const cli = (args: string[], input: string) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: sys.dir, DEVNET_PORT: String(sys.devnetPort), PORT: String(sys.port) },
    input,
    encoding: 'utf8',
  });

describe('cli router deploy', () => {
  it('deploys a router that the whole system trades through after a restart, its fees to the new treasury', async () => {
    sys.start();
    await sys.healthy();
    const deployer = await TronWeb.createAccount();
    const treasury = (await TronWeb.createAccount()).address.base58;
    await faucet(sys.devnetUrl, deployer.address.base58, 5_000);
    await waitFor(async () => ((await balance(deployer.address.base58)) > 0n ? true : undefined));

    const out = cli(
      [
        'router',
        'deploy',
        '--treasury',
        treasury,
        '--fee-cap-bps',
        '500',
        '--user-pays-percent',
        '40',
        '--origin-energy-limit',
        '2000000',
      ],
      `${deployer.privateKey}\n`,
    );
    const router = out.trim().split('\n').at(-1)!;
    expect(router).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(out).not.toContain(deployer.privateKey);
    expect(out).toContain(`deployer:   ${deployer.address.base58}`);

    const info = cli(['router', 'info', router], '');
    expect(info).toContain(`owner:      ${deployer.address.base58}`);
    expect(info).toContain(`treasury:   ${treasury}`);
    expect(info).toContain('fee cap:    500 bps');
    expect(info).toContain(`launchpad:  ${TronWeb.address.fromHex(FAMILIES[0]!.launchpad)}`);
    expect(info).toContain(`DEX router: ${TronWeb.address.fromHex(DEX.router)}`);
    expect(info).toContain('version 2, the same as contracts/build/FeeRouterV2.json');
    expect(info).toContain("energy:     callers pay 40 % of a call's energy; the deployer at most 2000000 a call");
    expect(info).toContain('fees:       0 TRX accrued');
    const old = TronWeb.address.fromHex(FAMILIES[0]!.router);

    await sys.stop();
    sys.start({ ROUTER_ADDRESS: router, ROUTER_PREVIOUS: old });
    await sys.healthy();
    const key = sys.cli('keys', 'create', '--plan', 'developer').trim().split('\n').at(-1)!;
    const client = new LaunchpadClient({ baseUrl: sys.apiUrl, apiKey: key });
    const trader = await TronWeb.createAccount();
    await faucet(sys.devnetUrl, trader.address.base58, 1_000);
    await waitFor(async () => ((await balance(trader.address.base58)) > 0n ? true : undefined));
    const { TCAT } = await demoTokens(sys.devnetUrl);
    const signature = await client.trade({
      action: 'buy',
      tokenAddress: TCAT!,
      amount: 100,
      privateKey: trader.privateKey,
    });
    const settled = await waitFor(async () => {
      const s = await client.txStatus(signature);
      return s.state === 'confirmed' || s.state === 'failed' ? s : undefined;
    }, 30_000);
    expect(settled.state).toBe('confirmed');
    // the developer plan's 10 bps of 100 TRX, kept in the router until withdrawn
    expect(await balance(router)).toBe(100_000n);
    expect(await balance(treasury)).toBe(0n);
    const fees = await waitFor(() => {
      const text = sys.cli('keys', 'fees', '1');
      return text.includes(signature) ? text : undefined;
    }, 30_000);
    expect(fees).toContain('total 100000 sun');
    expect(cli(['router', 'info', router], '')).toContain('fees:       0.1 TRX accrued');
    // anyone may pay them out; they go to the treasury only
    const anyone = await TronWeb.createAccount();
    await faucet(sys.devnetUrl, anyone.address.base58, 100);
    await waitFor(async () => ((await balance(anyone.address.base58)) > 0n ? true : undefined));
    const paid = cli(['router', 'withdraw', router], `${anyone.privateKey}\n`);
    expect(paid).toContain(`paying 0.1 TRX from ${router} to its treasury ${treasury}`);
    expect(paid).not.toContain(anyone.privateKey);
    // balances as TronWeb reads them: at the solid block, 19 blocks after the withdrawal's
    await waitFor(async () => ((await balance(treasury)) === 100_000n ? true : undefined), 30_000);
    expect(await balance(router)).toBe(0n);

    // a trade through the old router (built before the move, say) is still indexed, as its trader's
    const late = new TronWeb({ fullHost: sys.devnetUrl, privateKey: trader.privateKey });
    const built = await late.transactionBuilder.triggerSmartContract(
      old,
      'buy(address,uint256,uint256,uint256)',
      { feeLimit: 150_000_000, callValue: 20_000_000 },
      [
        { type: 'address', value: TCAT! },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '4102444800' },
      ],
      trader.address.base58,
    );
    const sent = await late.trx.sendRawTransaction(await late.trx.sign(built.transaction));
    expect(sent.result).toBe(true);
    const indexed = await waitFor(async () => {
      const trades = await client.getRecentTrades(TCAT!, 1, 5);
      return trades.find((t) => t.signature === sent.txid);
    }, 30_000);
    expect(indexed).toMatchObject({ user: trader.address.base58, type: 'BUY' });
  }, 120_000);
});
