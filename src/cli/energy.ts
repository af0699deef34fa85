// `cli energy status | stake | unstake | withdraw`: the operator's energy pool, an account that stakes
// TRX for energy (Stake 2.0) so that, as the fee router's origin, it pays its users' energy (`router
// deploy --user-pays-percent`, `router energy`). The key comes on stdin, never as an argument, and is
// never printed; `status` reads any address without one.
import { lenderCommand } from './lender.js';
import { parseArgs } from 'node:util';
import type { TronWeb } from 'tronweb';
import type { Config } from '../config.js';
import { isBase58Address } from '../tron/address.js';
import { stakeOf, tradesCovered, type StakeJson } from '../tron/energy-pool.js';
import { TYPICAL_TRADE_ENERGY } from '../tron/network-fee.js';
import { sunToTrx, trxToSun } from '../tron/units.js';
import { CliUsageError, node, waitForReceipt } from './router.js';

type Out = (line: string) => void;

interface AccountResources {
  EnergyLimit?: number;
  EnergyUsed?: number;
  TotalEnergyLimit?: number;
  TotalEnergyWeight?: number;
}

type StakeAccount = StakeJson & { balance?: number };

export async function energyCommand(args: string[], config: Config, out: Out, stdin: () => Promise<string>) {
  const [cmd, ...rest] = args;
  if (cmd === 'status') return status(rest, config, out);
  if (cmd === 'stake' || cmd === 'unstake') return stake(cmd, rest, config, out, stdin);
  if (cmd === 'withdraw') return withdraw(config, out, stdin);
  if (cmd === 'lender') return lenderCommand(rest, config, out, stdin);
  throw new CliUsageError(`unknown energy command: ${cmd ?? '(none)'}`);
}

async function keyFrom(stdin: () => Promise<string>): Promise<string> {
  const key = (await stdin()).trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(key))
    throw new CliUsageError("give the pool account's private key (64 hex digits) on stdin");
  return key;
}

/** Whole TRX (up to 6 decimals) as sun, or a usage error. */
function trxArg(v: string | undefined): bigint {
  if (!v || !/^\d+(\.\d{1,6})?$/.test(v)) throw new CliUsageError('give an amount of TRX (up to 6 decimals)');
  const sun = trxToSun(v);
  if (sun < 1_000_000n) throw new CliUsageError('stake or unstake at least 1 TRX');
  return sun;
}

async function status(args: string[], config: Config, out: Out): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const address = positionals[0];
  if (!address || !isBase58Address(address)) throw new CliUsageError('energy status takes the pool account (T...)');
  const tw = node(config);
  const [res, acc] = await Promise.all([
    tw.trx.getAccountResources(address) as unknown as Promise<AccountResources>,
    tw.trx.getAccount(address) as unknown as Promise<StakeAccount>,
  ]);
  const stake = stakeOf(acc);
  const [staked, lent] = [stake.energySun, stake.lentEnergySun];
  const limit = res.EnergyLimit ?? 0;
  const used = res.EnergyUsed ?? 0;
  out(`account:    ${address}`);
  out(`balance:    ${sunToTrx(BigInt(acc.balance ?? 0))} TRX`);
  out(`staked:     ${sunToTrx(staked)} TRX for energy${lent > 0n ? ` (and ${sunToTrx(lent)} TRX lent out)` : ''}`);
  out(`energy:     ${limit} a day, ${used} used, ${Math.max(limit - used, 0)} left (use recovers over 24 hours)`);
  out(
    `network:    ${res.TotalEnergyLimit ?? 0} energy a day over ${res.TotalEnergyWeight ?? 0} TRX staked: ` +
      `${res.TotalEnergyWeight ? ((res.TotalEnergyLimit ?? 0) / res.TotalEnergyWeight).toFixed(2) : '0'} energy per TRX`,
  );
  const perTrade = TYPICAL_TRADE_ENERGY.curve;
  out(
    `sustains:   ${tradesCovered(limit, perTrade)} curve trades a day (${perTrade} energy each, a typical figure that errs high)`,
  );
  for (const u of stake.unstaking) {
    const when = new Date(u.withdrawableAt).toISOString();
    out(`unstaking:  ${sunToTrx(u.amountSun)} TRX (${u.resource}), withdrawable from ${when}`);
  }
}

async function stake(cmd: 'stake' | 'unstake', args: string[], config: Config, out: Out, stdin: () => Promise<string>) {
  const sun = trxArg(args[0]);
  const key = await keyFrom(stdin);
  const tw = node(config, key);
  const owner = tw.address.fromPrivateKey(key) as string;
  const built =
    cmd === 'stake'
      ? await tw.transactionBuilder.freezeBalanceV2(Number(sun), 'ENERGY', owner)
      : await tw.transactionBuilder.unfreezeBalanceV2(Number(sun), 'ENERGY', owner);
  await sendAndWait(tw, key, built, out);
  out(`${cmd === 'stake' ? 'staked' : 'unstaking'} ${sunToTrx(sun)} TRX for energy from ${owner}`);
  if (cmd === 'unstake')
    out("it can be withdrawn (`energy withdraw`) once the network's unstaking period is over (14 days on mainnet)");
}

async function withdraw(config: Config, out: Out, stdin: () => Promise<string>) {
  const key = await keyFrom(stdin);
  const tw = node(config, key);
  const owner = tw.address.fromPrivateKey(key) as string;
  const info = await sendAndWait(tw, key, await tw.transactionBuilder.withdrawExpireUnfreeze(owner), out);
  out(`withdrawn ${sunToTrx(BigInt(info.withdraw_expire_amount ?? 0))} TRX to ${owner}`);
}

async function sendAndWait(tw: TronWeb, key: string, tx: unknown, out: Out) {
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never, key));
  if (!sent.result) {
    const words = (sent as { message?: string }).message;
    throw new Error(`the node refused it: ${words ? Buffer.from(words, 'hex').toString('utf8') : String(sent.code)}`);
  }
  out(`sent ${sent.txid}; waiting for its block…`);
  return waitForReceipt(tw, sent.txid);
}
