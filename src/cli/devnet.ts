// `cli devnet faucet` and `devnet info`: the embedded devnets' operator helpers, over their HTTP
// surface. Each launchpad family has a devnet of its own (launchpad on DEVNET_PORT, launchpad2 on
// DEVNET2_PORT): `--family` picks which one, `launchpad` by default; `info --env` prints the settings
// of instances that use both devnets as their nodes (TRON_RPC, LAUNCHPAD2_RPC and the addresses).
import { parseArgs } from 'node:util';
import { hostOf, type Config } from '../config.js';
import { isBase58Address } from '../tron/address.js';
import { FAMILY_NAMES, type FamilyName } from '../tron/families.js';
import { networkOf } from '../tron/networks.js';
import { CliUsageError } from './router.js';

type Out = (line: string) => void;

/** A devnet that does not answer: the message names where it was looked for. */
export class DevnetUnreachable extends Error {}

interface DevnetInfo {
  families: Array<{ family: string; launchpad: string; router: string }>;
}

export async function devnetCommand(args: string[], config: Config, out: Out): Promise<void> {
  if (!config.devnet.enabled) throw new CliUsageError('devnet commands need the embedded devnet (TRON_RPC is set)');
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { family: { type: 'string' }, env: { type: 'boolean' } },
  });
  const [cmd, ...rest] = positionals;
  const family = familyOf(values.family);
  if (cmd === 'faucet') return faucet(rest, config, family, out);
  if (cmd === 'info' && rest.length === 0) {
    if (!values.env) return out(JSON.stringify(await getInfo(config, family), null, 2));
    if (values.family !== undefined)
      throw new CliUsageError("devnet info --env prints both networks' settings: leave out --family");
    return printEnv(config, out);
  }
  throw new CliUsageError(`unknown devnet command: ${[cmd ?? '(none)', ...rest].join(' ')}`);
}

function familyOf(name: string | undefined): FamilyName {
  if (name === undefined) return 'launchpad';
  const found = FAMILY_NAMES.find((f) => f === name);
  if (!found) throw new CliUsageError(`--family takes ${FAMILY_NAMES.join(' or ')} (got ${JSON.stringify(name)})`);
  return found;
}

/** Where the devnet of a family's network answers. */
const urlOf = (config: Config, family: FamilyName): string => hostOf(config, networkOf(config.networks, family).id);

/** fetch, with a devnet that does not answer said plainly (which family's, where). */
async function call(config: Config, family: FamilyName, route: string, init?: RequestInit): Promise<Response> {
  const url = urlOf(config, family);
  try {
    return await fetch(`${url}${route}`, init);
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const port = family === 'launchpad' ? 'DEVNET_PORT' : 'DEVNET2_PORT';
    throw new DevnetUnreachable(
      `cannot reach the devnet at ${url} (${cause?.code ?? cause?.message ?? 'no answer'}; ${family}'s, on ${port}): is \`npm start\` (or \`npm run devnet\`) running?`,
    );
  }
}

async function faucet(args: string[], config: Config, family: FamilyName, out: Out): Promise<void> {
  const [address, amount] = args;
  if (!address || !amount || args.length !== 2) throw new CliUsageError('devnet faucet needs ADDRESS and TRX');
  const given: string = address; // the type guard narrows `address` to never when it fails
  if (!isBase58Address(address)) throw new CliUsageError(`not a Tron address: ${given}`);
  const res = await call(config, family, '/devnet/faucet', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amountTrx: amount }),
  });
  const body = (await res.json()) as { txid?: string; error?: string };
  if (!res.ok || !body.txid) throw new Error(`faucet refused: ${body.error ?? res.status}`);
  out(`sent ${amount} TRX to ${address} on ${family}'s devnet (${urlOf(config, family)})`);
  out(body.txid);
}

async function getInfo(config: Config, family: FamilyName): Promise<DevnetInfo> {
  const res = await call(config, family, '/devnet/info');
  if (!res.ok) throw new Error(`the devnet at ${urlOf(config, family)} answered ${res.status}`);
  return (await res.json()) as DevnetInfo;
}

/** The settings of instances that use the devnets as their nodes (several instances: they run alone). */
async function printEnv(config: Config, out: Out): Promise<void> {
  const contracts = async (family: FamilyName) => {
    const info = await getInfo(config, family);
    const f = info.families.find((x) => x.family === family);
    if (!f) throw new Error(`the devnet at ${urlOf(config, family)} has no ${family} launchpad`);
    return f;
  };
  const [one, two] = await Promise.all([contracts('launchpad'), contracts('launchpad2')]);
  out(`TRON_RPC=${urlOf(config, 'launchpad')}\nTRON_RPS=0`);
  out(`LAUNCHPAD_ADDRESS=${one.launchpad}\nROUTER_ADDRESS=${one.router}`);
  out(`LAUNCHPAD2_RPC=${urlOf(config, 'launchpad2')}`);
  out(`LAUNCHPAD2_ADDRESS=${two.launchpad}\nROUTER2_ADDRESS=${two.router}`);
}
