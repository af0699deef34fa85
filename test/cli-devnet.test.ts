// `cli devnet faucet` and `devnet info` against the two devnets (launchpad's on DEVNET_PORT,
// launchpad2's on DEVNET2_PORT), as an operator runs them: the CLI on its own process.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf, loadConfig } from '../src/config.js';
import { FAMILIES } from '../src/devnet/genesis.js';
import { startDevnets, type Devnets } from '../src/devnet/networks.js';
import { createLogger } from '../src/log.js';
import { tempDir, tronWebFor } from './helpers/devnet.js';

const run = promisify(execFile);
/** What execFile rejects with when the command exits non-zero; a command that succeeds fails the test. */
type ExecFailure = { code: number; stderr: string };
const failure = (p: Promise<unknown>): Promise<ExecFailure> =>
  p.then(
    () => expect.unreachable('the command succeeded'),
    (e: unknown) => e as ExecFailure,
  );

let devnets: Devnets;
let url1 = '';
let url2 = '';
const portOf = (url: string) => new URL(url).port;

const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, DEVNET_PORT: portOf(url1), DEVNET2_PORT: portOf(url2), ...env },
  });
const balance = (url: string, address: string) => tronWebFor(url).trx.getBalance(address);
const envOf = (stdout: string) =>
  Object.fromEntries(
    stdout
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );

beforeAll(async () => {
  const config = loadConfig({
    DATA_DIR: tempDir(),
    DEVNET_PORT: '0',
    DEVNET2_PORT: '0',
    DEVNET_BLOCK_MS: '0',
    DEVNET_SOLID_AFTER: '0',
    DEVNET_SEED: 'false',
  });
  devnets = await startDevnets(config, createLogger('silent'));
  url1 = devnets.byNetwork.get('launchpad')!.url;
  url2 = devnets.byNetwork.get('launchpad2')!.url;
}, 60_000);
afterAll(async () => devnets?.close());

describe('cli devnet faucet', () => {
  it("sends from launchpad's devnet by default, and prints the txid last", async () => {
    const acc = (await TronWeb.createAccount()).address.base58;
    const { stdout } = await cli(['devnet', 'faucet', acc, '42.5']);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(url1, acc)).toBe(42_500_000);
    expect(await balance(url2, acc)).toBe(0);
  });

  it("sends from launchpad2's devnet with --family launchpad2, on that chain only", async () => {
    const acc = (await TronWeb.createAccount()).address.base58;
    const { stdout } = await cli(['devnet', 'faucet', acc, '7', '--family', 'launchpad2']);
    const txid = stdout.trim().split('\n').at(-1)!;
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await balance(url2, acc)).toBe(7_000_000);
    expect(await balance(url1, acc)).toBe(0);
    expect(devnets.byNetwork.get('launchpad2')!.chain!.transactionBlock(txid)).toBeDefined();
    expect(devnets.byNetwork.get('launchpad')!.chain!.transactionBlock(txid)).toBeUndefined();
    // --family launchpad is the default said out loud
    await cli(['devnet', 'faucet', '--family', 'launchpad', acc, '1']);
    expect(await balance(url1, acc)).toBe(1_000_000);
  });

  it('refuses a bad address or family with usage and exit code 1', async () => {
    const bad = await failure(cli(['devnet', 'faucet', 'Tnope', '1']));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not a Tron address/);
    expect(bad.stderr).toMatch(/usage: npm run cli/);
    expect(bad.stderr).toMatch(/devnet faucet ADDRESS TRX \[--family launchpad\|launchpad2\]/);
    const acc = (await TronWeb.createAccount()).address.base58;
    const family = await failure(cli(['devnet', 'faucet', acc, '1', '--family', 'sunpump']));
    expect(family.code).toBe(1);
    expect(family.stderr).toMatch(/^--family takes launchpad or launchpad2 \(got "sunpump"\)/);
  });
});

describe('cli devnet info', () => {
  it("shows launchpad's devnet by default and launchpad2's with --family", async () => {
    type Info = { families: Array<{ family: string }> };
    const one = JSON.parse((await cli(['devnet', 'info'])).stdout) as Info;
    const two = JSON.parse((await cli(['devnet', 'info', '--family', 'launchpad2'])).stdout) as Info;
    expect(one.families.map((f) => f.family)).toEqual(['launchpad']);
    expect(two.families.map((f) => f.family)).toEqual(['launchpad2']);
  });

  it('--env prints the settings of instances that use both devnets as their nodes', async () => {
    const env = envOf((await cli(['devnet', 'info', '--env'])).stdout);
    expect(env).toEqual({
      TRON_RPC: `http://127.0.0.1:${portOf(url1)}`,
      TRON_RPS: '0',
      LAUNCHPAD_ADDRESS: TronWeb.address.fromHex(FAMILIES[0]!.launchpad),
      ROUTER_ADDRESS: TronWeb.address.fromHex(FAMILIES[0]!.router),
      LAUNCHPAD2_RPC: `http://127.0.0.1:${portOf(url2)}`,
      LAUNCHPAD2_ADDRESS: TronWeb.address.fromHex(FAMILIES[1]!.launchpad),
      ROUTER2_ADDRESS: TronWeb.address.fromHex(FAMILIES[1]!.router),
    });
    // an instance with these settings has the two networks on the two devnets
    const config = loadConfig(env);
    expect(config.devnet.enabled).toBe(false);
    expect(config.networks.map((n) => [n.id, n.families, hostOf(config, n.id)])).toEqual([
      ['launchpad', ['launchpad'], env.TRON_RPC],
      ['launchpad2', ['launchpad2'], env.LAUNCHPAD2_RPC],
    ]);
  });

  it('refuses --env with --family (it prints both networks)', async () => {
    const err = await failure(cli(['devnet', 'info', '--env', '--family', 'launchpad2']));
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/^devnet info --env prints both networks' settings: leave out --family/);
  });
});

describe('a devnet that is not running', () => {
  it('is named with its URL: the first, or the second for launchpad2', async () => {
    const first = await failure(cli(['devnet', 'info'], { DEVNET_PORT: '1' }));
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(
      /^cannot reach the devnet at http:\/\/127\.0\.0\.1:1 \(.*launchpad's, on DEVNET_PORT\)/,
    );
    const acc = (await TronWeb.createAccount()).address.base58;
    const second = await failure(cli(['devnet', 'faucet', acc, '1', '--family', 'launchpad2'], { DEVNET2_PORT: '1' }));
    expect(second.stderr).toMatch(
      /^cannot reach the devnet at http:\/\/127\.0\.0\.1:1 \(.*launchpad2's, on DEVNET2_PORT\)/,
    );
    expect(second.stderr).toMatch(/is `npm start` \(or `npm run devnet`\) running\?/);
    const env = await failure(cli(['devnet', 'info', '--env'], { DEVNET2_PORT: '1' }));
    expect(env.stderr).toMatch(/^cannot reach the devnet at http:\/\/127\.0\.0\.1:1 /);
  });
});

describe('cli router and energy with --family', () => {
  it("reads launchpad2's router and an account on launchpad2's network", async () => {
    const [lp1, lp2] = FAMILIES.map((f) => ({
      launchpad: TronWeb.address.fromHex(f.launchpad),
      router: TronWeb.address.fromHex(f.router),
    }));
    const first = (await cli(['router', 'info'])).stdout;
    expect(first).toContain(`router:     ${lp1!.router}`);
    expect(first).toContain(`launchpad:  ${lp1!.launchpad}`);
    const second = (await cli(['router', 'info', '--family', 'launchpad2'])).stdout;
    expect(second).toContain(`router:     ${lp2!.router}`);
    expect(second).toContain(`launchpad:  ${lp2!.launchpad}`);
    // an account funded on the second network only
    const acc = (await TronWeb.createAccount()).address.base58;
    await cli(['devnet', 'faucet', acc, '3', '--family', 'launchpad2']);
    expect((await cli(['energy', 'status', acc, '--family=launchpad2'])).stdout).toContain('balance:    3 TRX');
    expect((await cli(['energy', 'status', acc])).stdout).toContain('balance:    0 TRX');
    const refused = await failure(cli(['energy', 'lender', 'status', '--family', 'launchpad2']));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^the energy lender lends on the first network only/);
    expect((await failure(cli(['router', 'info', '--family', 'launchpad3']))).stderr).toMatch(
      /^--family must be one of launchpad, launchpad2/,
    );
  });
});
