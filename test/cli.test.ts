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

  it('says plainly when the devnet is not running', async () => {
    const err = await failure(cli(['devnet', 'info'], { DEVNET_PORT: '1' }));
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(/cannot reach the devnet/);
  });
});
