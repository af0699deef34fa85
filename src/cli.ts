// Operator commands: `npm run cli -- <group> <command> [args]`.
import { bootConfig } from './boot.js';
import { tronHost } from './config.js';
import { isBase58Address } from './tron/address.js';

const USAGE = `usage: npm run cli -- <command>

  devnet faucet ADDRESS TRX    send TRX from the devnet faucet to ADDRESS (base58 T...)
  devnet info                  show the devnet's launchpad, router and treasury addresses
`;

class UsageError extends Error {}

async function devnet(args: string[], base: string): Promise<void> {
  const [cmd, ...rest] = args;
  if (cmd === 'faucet') {
    const [address, amount] = rest;
    if (!address || !amount || rest.length !== 2) throw new UsageError('devnet faucet needs ADDRESS and TRX');
    if (!isBase58Address(address)) throw new UsageError(`not a Tron address: ${address}`);
    const res = await fetch(`${base}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amountTrx: amount }),
    });
    const body = (await res.json()) as { txid?: string; error?: string };
    if (!res.ok || !body.txid) throw new Error(`faucet refused: ${body.error ?? res.status}`);
    console.log(`sent ${amount} TRX to ${address}`);
    console.log(body.txid);
    return;
  }
  if (cmd === 'info') {
    const res = await fetch(`${base}/devnet/info`);
    console.log(JSON.stringify(await res.json(), null, 2));
    return;
  }
  throw new UsageError(`unknown devnet command: ${cmd ?? '(none)'}`);
}

async function main(argv: string[]): Promise<number> {
  const { config } = bootConfig();
  const [group, ...rest] = argv;
  try {
    if (group === 'devnet') {
      if (!config.devnet.enabled) throw new UsageError('devnet commands need the embedded devnet (TRON_RPC is set)');
      await devnet(rest, tronHost(config));
      return 0;
    }
    if (!group || group === 'help' || group === '--help') {
      process.stdout.write(USAGE);
      return group ? 0 : 1;
    }
    throw new UsageError(`unknown command: ${group}`);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`${e.message}\n\n${USAGE}`);
      return 1;
    }
    if (e instanceof TypeError && e.message === 'fetch failed') {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      process.stderr.write(`cannot reach the devnet at ${tronHost(config)} (${cause?.code ?? cause?.message ?? 'no answer'}): is \`npm start\` running?\n`);
      return 1;
    }
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
