import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TronWeb } from 'tronweb';
import type { Devnet } from '../src/devnet/index.js';
import { startTestDevnet, tronWebFor } from './helpers/devnet.js';

const run = promisify(execFile);
/** What execFile rejects with when the command exits non-zero; a command that succeeds fails the test. */
type ExecFailure = { code: number; stderr: string };
const failure = (p: Promise<unknown>): Promise<ExecFailure> =>
  p.then(
    () => expect.unreachable('the command succeeded'),
    (e: unknown) => e as ExecFailure,
  );
let devnet: Devnet;
let port: string;

const cli = (args: string[], env: Record<string, string> = {}) =>
  run(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    env: { ...process.env, DEVNET_PORT: port, ...env },
  });

beforeAll(async () => {
  devnet = await startTestDevnet();
  port = new URL(devnet.url).port;
});
afterAll(async () => devnet?.close());

describe('cli devnet', () => {
  it('faucet sends TRX and prints the txid last', async () => {
    const acc = await TronWeb.createAccount();
    const { stdout } = await cli(['devnet', 'faucet', acc.address.base58, '42.5']);
    const lines = stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^[0-9a-f]{64}$/);
    expect(await tronWebFor(devnet.url).trx.getBalance(acc.address.base58)).toBe(42_500_000);
  });

  it('refuses a bad address with usage and exit code 1', async () => {
    const err = await failure(cli(['devnet', 'faucet', 'Tnope', '1']));
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/not a Tron address/);
    expect(err.stderr).toMatch(/usage: npm run cli/);
  });

  it('info --env prints the settings of instances that use the devnet by TRON_RPC', async () => {
    const { stdout } = await cli(['devnet', 'info', '--env']);
    const env = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((l) => l.split('=') as [string, string]),
    );
    const info = (await (await fetch(`${devnet.url}/devnet/info`)).json()) as {
      families: Array<{ launchpad: string; router: string }>;
    };
    expect(env).toEqual({
      TRON_RPC: `http://127.0.0.1:${port}`,
      TRON_RPS: '0',
      LAUNCHPAD_ADDRESS: info.families[0]!.launchpad,
      ROUTER_ADDRESS: info.families[0]!.router,
      LAUNCHPAD2_ADDRESS: info.families[1]!.launchpad,
      ROUTER2_ADDRESS: info.families[1]!.router,
    });
  });

  it('says plainly when the devnet is not running', async () => {
    const err = await failure(cli(['devnet', 'info'], { DEVNET_PORT: '1' }));
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/cannot reach the devnet/);
  });
});
