// Operator commands: `npm run cli -- <group> <command> [args]`.
import { parseArgs } from 'node:util';
import { bootConfig } from './boot.js';
import path from 'node:path';
import { openAppDatabase, openDb, type AppDatabase } from './db/index.js';
import { copyToPostgres, CopyRefused } from './cli/copy.js';
import { referralsCommand } from './cli/referrals.js';
import { ServiceError } from './service/errors.js';
import { createKeysService } from './service/keys.service.js';
import { tronHost, type Config } from './config.js';
import { appCommand } from './cli/app.js';
import { energyCommand } from './cli/energy.js';
import { onFamily, placeRouterForDeploy } from './cli/family.js';
import { DevnetUnreachable, devnetCommand } from './cli/devnet.js';
import { CliUsageError, routerCommand } from './cli/router.js';

const USAGE = `usage: npm run cli -- <command>

  keys create --plan NAME [--label TEXT] [--operator]
                                           create an API key (printed once, as the last line);
                                           an operator key may also create keys (POST /admin/keys)
  keys list                                list keys (id, prefix, label, plan, state)
  keys revoke ID                           revoke a key
  keys set-plan ID PLAN                    move a key to another plan
  keys fees ID                             the router fees booked for a key
  plans list                               list plans
  plans set NAME --rpm N|unlimited --fee-bps N   create or edit a plan
  db copy-to-postgres                      copy the SQLite files of DATA_DIR (app and bot) into the
                                           empty Postgres of DATABASE_URL (stop the instance first)
  referrals list                           each referrer: Telegram id, code, wallet, referees, earned,
                                           paid and owed
  referrals set [--shares 30,20,10] [--days 30,30] [--discount-pct 10] [--threshold-trx 10]
                                           the programme's terms
  referrals payout                         pays every referrer owed at least the threshold, from the
                                           wallet whose private key is on stdin; a second run (or
                                           one after a kill) finishes what the first left, never
                                           paying twice
  app link TELEGRAM_ID [--lang CODE] [--token ADDRESS]
                                           on the devnet: a link that opens the Mini App in a
                                           browser as that Telegram user (signed with BOT_TOKEN,
                                           valid for an hour)
  devnet faucet ADDRESS TRX [--family launchpad|launchpad2]
                                           send TRX from the faucet of that family's devnet (default
                                           launchpad, on DEVNET_PORT; launchpad2's on DEVNET2_PORT) to
                                           ADDRESS (base58 T...)
  devnet info [--family launchpad|launchpad2] [--env]
                                           show that family's devnet: its launchpad, router and
                                           treasury addresses (--env: both devnets as the settings of
                                           instances that use them as nodes, TRON_RPC and LAUNCHPAD2_RPC)
  router deploy --treasury ADDR --fee-cap-bps N [--launchpad ADDR] [--dex-router ADDR] [--fee-limit-trx N]
                [--user-pays-percent N] [--origin-energy-limit N]
                                           deploy contracts/FeeRouterV2.sol to the configured node
                                           with the deployer's private key on stdin (it becomes the
                                           owner); --user-pays-percent: the share of a call's
                                           energy callers pay (default 100; the deployer pays the
                                           rest, at most --origin-energy-limit a call, default
                                           10000000); prints the address for ROUTER_ADDRESS last
  router info [ADDR]                       version, owner, treasury, fee cap, launchpad, DEX router,
                                           energy settings and accrued fees of a router (default:
                                           the configured ROUTER_ADDRESS)
  router withdraw [ADDR]                   pay a router's accrued fees to its treasury (any key on
                                           stdin may send it; it pays the network fee)
  router energy [ADDR] [--user-pays-percent N] [--origin-energy-limit N]
                                           change a deployed router's energy terms (its deployer's
                                           key on stdin): the share of a trade's energy users pay,
                                           the most of the deployer's energy one trade may use
  energy status ADDR                       an energy pool account: staked TRX, energy a day, used and
                                           left, the curve trades a day it sustains, pending unstakes
  energy stake TRX | energy unstake TRX    stake (or start unstaking) TRX for energy, the pool's key
                                           on stdin
  energy withdraw                          pay unstaked TRX whose waiting period is over back to the
                                           pool's balance (its key on stdin)
  energy lender set | clear | status       the account the bot lends trades' energy from (its key on
                                           stdin, sealed into the trading side's database): a trade
                                           that would burn ENERGY_LEND_MIN_TRX or more for energy is
                                           lent it and the loan taken back once the trade landed
                                           (on the first network)
  router … --family F | energy … --family F
                                           the same on the network of family F (launchpad2 on
                                           LAUNCHPAD2_RPC or the second devnet), its launchpad and
                                           router the defaults
`;

/** All of stdin (a piped key); refused from a terminal, where it would be typed in the clear. */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY)
    throw new CliUsageError('pipe the private key on stdin, e.g. `cat deployer.key | npm run cli -- router deploy …`');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

class UsageError extends Error {}

function idArg(v: string | undefined): number {
  if (!v || !/^\d+$/.test(v)) throw new UsageError('ID must be a key id (see keys list)');
  return Number(v);
}

/** The API's database: Postgres with DATABASE_URL, else the SQLite file. */
function appDatabase(config: Config): Promise<AppDatabase> {
  return config.databaseUrl
    ? openAppDatabase({ postgres: config.databaseUrl })
    : openAppDatabase({ sqlite: openDb(config.appDbFile) });
}

async function copyCommand(args: string[], config: Config): Promise<void> {
  if (args[0] !== 'copy-to-postgres' || args.length !== 1)
    throw new UsageError(`unknown command: db ${args.join(' ')}`.trim());
  if (!config.databaseUrl) throw new UsageError('db copy-to-postgres needs DATABASE_URL (the Postgres to copy into)');
  const files = { app: config.appDbFile, bot: path.join(config.dataDir, 'bot.sqlite') };
  for (const r of await copyToPostgres(files, config.databaseUrl))
    console.log(`copied the ${r.database} database: ${r.rows} rows in ${r.tables} tables`);
  console.log('done: start the instances with DATABASE_URL set');
}

async function keysAndPlans(group: string, args: string[], config: Config): Promise<void> {
  const database = await appDatabase(config);
  try {
    const keys = createKeysService(database);
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: {
        plan: { type: 'string' },
        label: { type: 'string' },
        rpm: { type: 'string' },
        'fee-bps': { type: 'string' },
        operator: { type: 'boolean' },
      },
    });
    const [cmd, a, b] = positionals;
    if (group === 'keys' && cmd === 'create') {
      if (!values.plan) throw new UsageError('keys create needs --plan NAME');
      const { id, key } = await keys.create(values.plan, values.label, values.operator ?? false);
      console.log(
        `created ${values.operator ? 'operator ' : ''}key ${id} on plan ${values.plan}; it is shown only now:`,
      );
      console.log(key);
    } else if (group === 'keys' && cmd === 'list') {
      for (const k of await keys.list()) {
        console.log(
          `${k.id}\t${k.prefix}…\t${k.plan}\t${k.revokedAt ? 'revoked' : 'active'}${k.operator ? '\toperator' : ''}\t${k.label ?? ''}`,
        );
      }
    } else if (group === 'keys' && cmd === 'revoke') {
      await keys.revoke(idArg(a));
      console.log(`revoked key ${a}`);
    } else if (group === 'keys' && cmd === 'set-plan') {
      if (!b) throw new UsageError('keys set-plan needs ID and PLAN');
      await keys.setPlan(idArg(a), b);
      console.log(`key ${a} is on plan ${b}`);
    } else if (group === 'keys' && cmd === 'fees') {
      const rows = await keys.feesOf(idArg(a));
      const total = rows.reduce((sum, r) => sum + BigInt(r.feeSun), 0n);
      for (const r of rows) console.log(`${r.txid}\t${r.side}\t${r.token}\t${r.feeSun} sun`);
      console.log(`total ${total} sun`);
    } else if (group === 'plans' && cmd === 'list') {
      for (const p of await keys.plans())
        console.log(`${p.name}\t${p.rpm ?? 'unlimited'} req/min\t${p.feeBps} bps (${p.feeBps / 100} %)`);
    } else if (group === 'plans' && cmd === 'set') {
      if (!a || values.rpm === undefined || values['fee-bps'] === undefined)
        throw new UsageError('plans set needs NAME --rpm N|unlimited --fee-bps N');
      const rpm = values.rpm === 'unlimited' ? null : Number(values.rpm);
      await keys.setPlanLimits(a, rpm, Number(values['fee-bps']));
      console.log(`plan ${a}: ${rpm ?? 'unlimited'} req/min, ${values['fee-bps']} bps`);
    } else {
      throw new UsageError(`unknown command: ${group} ${cmd ?? ''}`.trim());
    }
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [group, ...rest] = argv;
  placeRouterForDeploy(group, rest);
  const { config } = bootConfig();
  try {
    if (group === 'keys' || group === 'plans') {
      await keysAndPlans(group, rest, config);
      return 0;
    }
    if (group === 'referrals') {
      await referralsCommand(rest, config, (line) => console.log(line), readStdin);
      return 0;
    }
    if (group === 'db') {
      await copyCommand(rest, config);
      return 0;
    }
    if (group === 'router') {
      const on = onFamily(rest, config);
      await routerCommand(on.args, on.config, (line) => console.log(line), readStdin);
      return 0;
    }
    if (group === 'app') {
      appCommand(rest, config, (line) => console.log(line));
      return 0;
    }
    if (group === 'energy') {
      const on = onFamily(rest, config);
      if (on.family && on.args[0] === 'lender')
        throw new CliUsageError('the energy lender lends on the first network only: energy lender takes no --family');
      await energyCommand(on.args, on.config, (line) => console.log(line), readStdin);
      return 0;
    }
    if (group === 'devnet') {
      await devnetCommand(rest, config, (line) => console.log(line));
      return 0;
    }
    if (!group || group === 'help' || group === '--help') {
      process.stdout.write(USAGE);
      return group ? 0 : 1;
    }
    throw new UsageError(`unknown command: ${group}`);
  } catch (e) {
    if (e instanceof CopyRefused || e instanceof DevnetUnreachable) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    if (e instanceof ServiceError) {
      process.stderr.write(`${e.error}: ${e.message}\n`);
      return 1;
    }
    if (
      e instanceof UsageError ||
      e instanceof CliUsageError ||
      (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(e as Error).message}\n\n${USAGE}`);
      return 1;
    }
    if (e instanceof TypeError && e.message === 'fetch failed') {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      process.stderr.write(
        `cannot reach the devnet at ${tronHost(config)} (${cause?.code ?? cause?.message ?? 'no answer'}): is \`npm start\` running?\n`,
      );
      return 1;
    }
    process.stderr.write(`error: ${(e as Error).message}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
