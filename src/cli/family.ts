// `--family F` on the commands that act on a node (router, energy): the same command on the network
// the family is on, with that family's launchpad and router as the defaults. A family on a network of
// its own (LAUNCHPAD2_RPC, or the second devnet) has its own router to deploy, fund and inspect there.
import type { Config } from '../config.js';
import { FAMILY_NAMES, type FamilyName } from '../tron/families.js';
import { networkOf } from '../tron/networks.js';
import { CliUsageError, ZERO } from './router.js';

/** `--family F` (or `--family=F`) taken out of the arguments, wherever it stands. */
export function takeFamily(args: readonly string[]): { family?: FamilyName; rest: string[] } {
  const rest: string[] = [];
  let family: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--family') family = args[++i];
    else if (a.startsWith('--family=')) family = a.slice('--family='.length);
    else {
      rest.push(a);
      continue;
    }
    if (!family || !(FAMILY_NAMES as readonly string[]).includes(family))
      throw new CliUsageError(`--family must be one of ${FAMILY_NAMES.join(', ')}`);
  }
  return family ? { family: family as FamilyName, rest } : { rest };
}

/**
 * The configuration as the family's network sees it: its node (its URL, API key and pace, or its
 * devnet's port) and the family first, so that its launchpad and router are the commands' defaults.
 */
export function configOfFamily(config: Config, family: FamilyName): Config {
  const served = config.families.find((f) => f.family === family);
  if (!served) throw new CliUsageError(`${family} is not served by this configuration`);
  const n = networkOf(config.networks, family);
  return {
    ...config,
    tronRpc: n.rpc,
    tronApiKey: n.apiKey,
    tronRps: n.rps,
    devnet: { ...config.devnet, port: n.devnetPort ?? config.devnet.port },
    families: [served, ...config.families.filter((f) => f !== served)],
  };
}

/** A command's arguments without `--family F`, and the configuration of that family's network. */
export function onFamily(
  args: readonly string[],
  config: Config,
): { args: string[]; config: Config; family?: FamilyName } {
  const { family, rest } = takeFamily(args);
  return family ? { args: rest, config: configOfFamily(config, family), family } : { args: rest, config };
}

/**
 * The router is deployed before there is a ROUTER_ADDRESS (ROUTER2_ADDRESS with --family launchpad2)
 * to configure: the deployment does not read it, so a placeholder lets the rest of the configuration
 * load.
 */
export function placeRouterForDeploy(group: string | undefined, args: readonly string[]): void {
  if (group !== 'router' || !args.includes('deploy')) return;
  const second = args.some((a, i) => a === '--family=launchpad2' || (a === '--family' && args[i + 1] === 'launchpad2'));
  const setting = second ? 'ROUTER2_ADDRESS' : 'ROUTER_ADDRESS';
  if (!process.env[setting]) process.env[setting] = ZERO;
}
