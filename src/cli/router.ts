// `cli router deploy`, `info` and `withdraw`: the fee router (contracts/FeeRouterV2.sol, as built into
// contracts/build/FeeRouterV2.json) put on the configured node, devnet or mainnet alike, through
// TronWeb, with the contract's energy settings; what a deployed router (version 1 or 2) says of
// itself; and its accrued fees paid to its treasury. A key comes on stdin, never as an argument
// (which the shell history and `ps` would keep), and is never printed.
import { setTimeout as sleep } from 'node:timers/promises';
import { sunToTrx, trxToSun } from '../tron/units.js';
import { parseArgs } from 'node:util';
import { TronWeb } from 'tronweb';
import { tronHost, type Config } from '../config.js';
import { ROUTER_CONTRACT, contractBuild, isBuildOf } from '../contracts/fee-router.js';
import { isBase58Address, toBase58, toHexAddress } from '../tron/address.js';
import { decodeRevert } from '../tron/codec.js';

export class CliUsageError extends Error {}

/** The most a deployment may burn, in TRX, unless --fee-limit-trx says otherwise. */
const DEFAULT_FEE_LIMIT_TRX = 1_000;
/** The most a withdrawal may burn (TRX): a value call and an event, some 30,000 energy. */
const WITHDRAW_FEE_LIMIT_TRX = 50;
/** The share of a call's energy its caller pays unless --user-pays-percent says otherwise (Tron's default). */
const DEFAULT_USER_ENERGY_PERCENT = 100;
/** The most energy the deployer gives to one call unless --origin-energy-limit says otherwise (Tron's default). */
const DEFAULT_ORIGIN_ENERGY_LIMIT = 10_000_000;
/** The zero address (base58): a router with no DEX names it. */
export const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

type Out = (line: string) => void;

export async function routerCommand(args: string[], config: Config, out: Out, stdin: () => Promise<string>) {
  const [cmd, ...rest] = args;
  if (cmd === 'deploy') return deploy(rest, config, out, stdin);
  if (cmd === 'info') return info(rest, config, out);
  if (cmd === 'withdraw') return withdraw(rest, config, out, stdin);
  if (cmd === 'energy') return energySettings(rest, config, out, stdin);
  throw new CliUsageError(`unknown router command: ${cmd ?? '(none)'}`);
}

/** TronWeb on the configured node (TRON_API_KEY as TronGrid's header), signing with `privateKey` if given. */
export function node(config: Config, privateKey?: string): TronWeb {
  const headers = config.tronApiKey ? { 'TRON-PRO-API-KEY': config.tronApiKey } : undefined;
  return new TronWeb({
    fullHost: tronHost(config),
    ...(headers ? { headers } : {}),
    ...(privateKey ? { privateKey } : {}),
  });
}

function address(v: string | undefined, flag: string): string {
  if (!v || !isBase58Address(v)) throw new CliUsageError(`${flag} must be a Tron address (T...)`);
  return v;
}

/** A view of a contract with no arguments, as 32-byte words (hex). */
async function read(tw: TronWeb, contract: string, signature: string): Promise<string> {
  const r = await tw.transactionBuilder.triggerConstantContract(contract, signature, {}, [], contract);
  const word = (r.constant_result as string[] | undefined)?.[0];
  if (!r.result?.result || !word) throw new Error(`${toBase58(toHexAddress(contract))} does not answer ${signature}`);
  return word;
}
const addressOf = (word: string) => toBase58('41' + word.slice(24, 64));

async function deploy(args: string[], config: Config, out: Out, stdin: () => Promise<string>): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      treasury: { type: 'string' },
      'fee-cap-bps': { type: 'string' },
      launchpad: { type: 'string' },
      'dex-router': { type: 'string' },
      'fee-limit-trx': { type: 'string' },
      'user-pays-percent': { type: 'string' },
      'origin-energy-limit': { type: 'string' },
    },
  });
  const userPercent = wholeNumber(values['user-pays-percent'], DEFAULT_USER_ENERGY_PERCENT, 100);
  if (userPercent === undefined)
    throw new CliUsageError('--user-pays-percent must be a whole number from 0 to 100 (the share callers pay)');
  const originLimit = wholeNumber(values['origin-energy-limit'], DEFAULT_ORIGIN_ENERGY_LIMIT, Number.MAX_SAFE_INTEGER);
  if (originLimit === undefined || originLimit === 0)
    throw new CliUsageError('--origin-energy-limit must be a whole number of energy above 0');
  const treasury = address(values.treasury, '--treasury');
  const cap = values['fee-cap-bps'];
  if (!cap || !/^\d+$/.test(cap) || Number(cap) > 1000)
    throw new CliUsageError('--fee-cap-bps must be a whole number of basis points from 0 to 1000 (10 %)');
  const feeLimitTrx = Number(values['fee-limit-trx'] ?? DEFAULT_FEE_LIMIT_TRX);
  if (!Number.isInteger(feeLimitTrx) || feeLimitTrx <= 0) throw new CliUsageError('--fee-limit-trx must be whole TRX');
  const launchpad = values.launchpad ? address(values.launchpad, '--launchpad') : config.families[0]!.launchpad;

  const key = (await stdin()).trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(key))
    throw new CliUsageError("give the deployer's private key (64 hex digits) on stdin");
  const tw = node(config, key);
  const deployer = tw.address.fromPrivateKey(key) as string;
  const dexRouter = values['dex-router']
    ? address(values['dex-router'], '--dex-router')
    : addressOf(await read(tw, launchpad, 'v2Router()'));

  const build = contractBuild(ROUTER_CONTRACT);
  out(`node:       ${tronHost(config)}`);
  out(`deployer:   ${deployer} (the router's owner)`);
  out(`treasury:   ${treasury}`);
  out(`fee cap:    ${cap} bps (${Number(cap) / 100} %)`);
  out(`launchpad:  ${launchpad}`);
  out(`DEX router: ${dexRouter === ZERO ? 'none' : dexRouter} (fixed for the router's life, as the launchpad)`);
  out(`energy:     callers pay ${userPercent} % of a call's energy; the deployer at most ${originLimit} a call`);
  const tx = await tw.transactionBuilder.createSmartContract(
    {
      abi: build.abi as never,
      bytecode: build.bytecode,
      parameters: [treasury, Number(cap), launchpad, dexRouter],
      feeLimit: Number(trxToSun(feeLimitTrx)),
      name: 'FeeRouterV2',
      userFeePercentage: userPercent,
      originEnergyLimit: originLimit,
    },
    deployer,
  );
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx, key));
  if (!sent.result) {
    const words = sent.message ? Buffer.from(String(sent.message), 'hex').toString('utf8') : String(sent.code);
    throw new Error(`the node refused the deployment: ${words}`);
  }
  out(`sent ${sent.txid}; waiting for its block…`);
  const receipt = await waitForReceipt(tw, sent.txid);
  if (receipt.receipt?.result !== 'SUCCESS') {
    const reason = decodeRevert(receipt.contractResult?.[0] ?? '') ?? receipt.receipt?.result ?? 'failed';
    throw new Error(`the deployment failed: ${reason} (fee ${sunText(receipt.fee)})`);
  }
  const routerAddress = toBase58(String((tx as unknown as { contract_address: string }).contract_address));
  out(`deployed in block ${receipt.blockNumber}, fee ${sunText(receipt.fee)}`);
  out('set ROUTER_ADDRESS to this address (on mainnet it is final 19 blocks later, about a minute):');
  out(routerAddress);
}

interface Receipt {
  blockNumber?: number;
  withdraw_expire_amount?: number;
  fee?: number;
  contractResult?: string[];
  receipt?: { result?: string };
}

export async function waitForReceipt(tw: TronWeb, txid: string, timeoutMs = 120_000): Promise<Receipt> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = (await tw.trx.getUnconfirmedTransactionInfo(txid)) as Receipt;
    if (r.blockNumber !== undefined) return r;
    if (Date.now() > until)
      throw new Error(`no block holds ${txid} after ${timeoutMs / 1000} s; look it up on Tronscan`);
    await sleep(1000);
  }
}

const sunText = (sun: number | undefined) => `${sunToTrx(BigInt(sun ?? 0))} TRX`;

async function info(args: string[], config: Config, out: Out): Promise<void> {
  const [given, ...extra] = args;
  if (extra.length) throw new CliUsageError('router info takes at most one address');
  const router = given ? address(given, 'ADDR') : config.families[0]!.router;
  const tw = node(config);
  const onNode = (await tw.trx.getContractInfo(router).catch(() => ({}))) as { runtimecode?: string };
  if (!onNode.runtimecode) throw new Error(`no contract at ${router} on ${tronHost(config)}`);
  const settings = (await tw.trx.getContract(router).catch(() => ({}))) as {
    consume_user_resource_percent?: number;
    origin_energy_limit?: number;
  };
  const v2 = contractBuild(ROUTER_CONTRACT);
  const v1 = contractBuild('FeeRouter');
  const version = isBuildOf(onNode.runtimecode, v2) ? 2 : isBuildOf(onNode.runtimecode, v1) ? 1 : undefined;
  out(`router:     ${router}`);
  out(
    `code:       ${version ? `version ${version}, the same as contracts/build/${version === 2 ? ROUTER_CONTRACT : 'FeeRouter'}.json` : 'DIFFERENT from both versions in contracts/build'}`,
  );
  out(`owner:      ${addressOf(await read(tw, router, 'owner()'))}`);
  if (version === 2) {
    const pending = addressOf(await read(tw, router, 'pendingOwner()'));
    if (pending !== ZERO) out(`pending:    ${pending} (becomes the owner when it calls acceptOwnership)`);
  }
  out(`treasury:   ${addressOf(await read(tw, router, 'treasury()'))}`);
  const max = BigInt('0x' + (await read(tw, router, 'maxFeeBps()')));
  const cap = BigInt('0x' + (await read(tw, router, 'FEE_CAP_BPS()')));
  out(`fee cap:    ${max} bps (${Number(max) / 100} %; the contract never allows more than ${cap} bps)`);
  out(`launchpad:  ${addressOf(await read(tw, router, 'launchpad()'))}`);
  const dex = addressOf(await read(tw, router, 'v2Router()'));
  out(`DEX router: ${dex === ZERO ? 'none' : dex}`);
  out(
    `energy:     callers pay ${settings.consume_user_resource_percent ?? 0} % of a call's energy; the deployer at most ${settings.origin_energy_limit ?? 0} a call`,
  );
  if (version === 1) {
    out('fees:       paid to the treasury in each trade (version 1 holds none); move to version 2: docs/mainnet.md');
  } else if (version === undefined) {
    out(`fees:       ${sunToTrx(BigInt(await tw.trx.getBalance(router)))} TRX held (not a known router version)`);
  } else {
    const fees = BigInt('0x' + (await read(tw, router, 'accruedFees()')));
    out(`fees:       ${sunToTrx(fees)} TRX accrued (\`router withdraw\` pays them to the treasury)`);
  }
}

/** Pays a version 2 router's accrued fees to its treasury; any key may send it (it pays the network fee). */
async function withdraw(args: string[], config: Config, out: Out, stdin: () => Promise<string>): Promise<void> {
  const [given, ...extra] = args;
  if (extra.length) throw new CliUsageError('router withdraw takes at most one address');
  const router = given ? address(given, 'ADDR') : config.families[0]!.router;
  const key = (await stdin()).trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new CliUsageError('give a private key (64 hex digits) on stdin');
  const tw = node(config, key);
  const sender = tw.address.fromPrivateKey(key) as string;
  const fees = BigInt('0x' + (await read(tw, router, 'accruedFees()')));
  const treasury = addressOf(await read(tw, router, 'treasury()'));
  if (fees === 0n) {
    out(`no fees accrued in ${router}`);
    return;
  }
  out(`paying ${sunToTrx(fees)} TRX from ${router} to its treasury ${treasury} (sent by ${sender})`);
  const built = await tw.transactionBuilder.triggerSmartContract(
    router,
    'withdrawFees()',
    { feeLimit: Number(trxToSun(WITHDRAW_FEE_LIMIT_TRX)) },
    [],
    sender,
  );
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction, key));
  if (!sent.result) throw new Error(`the node refused the withdrawal: ${String(sent.code ?? sent.message)}`);
  const receipt = await waitForReceipt(tw, sent.txid);
  if (receipt.receipt?.result !== 'SUCCESS') {
    const reason = decodeRevert(receipt.contractResult?.[0] ?? '') ?? receipt.receipt?.result ?? 'failed';
    throw new Error(`the withdrawal failed: ${reason} (fee ${sunText(receipt.fee)})`);
  }
  out(`withdrawn in block ${receipt.blockNumber} (${sent.txid}), fee ${sunText(receipt.fee)}`);
}

/**
 * Changes a deployed router's energy terms (Tron's UpdateSetting and UpdateEnergyLimit): the share of
 * a call's energy callers pay, and the most of the deployer's energy one call may use. Only the
 * contract's origin (its deployer) may; its key comes on stdin.
 */
async function energySettings(args: string[], config: Config, out: Out, stdin: () => Promise<string>) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'user-pays-percent': { type: 'string' }, 'origin-energy-limit': { type: 'string' } },
  });
  const router = positionals[0] ? address(positionals[0], 'ADDR') : config.families[0]!.router;
  const percent = values['user-pays-percent'];
  const limit = values['origin-energy-limit'];
  if (percent === undefined && limit === undefined)
    throw new CliUsageError('router energy needs --user-pays-percent N and/or --origin-energy-limit N');
  const p = percent === undefined ? undefined : wholeNumber(percent, 0, 100);
  if (percent !== undefined && p === undefined)
    throw new CliUsageError('--user-pays-percent must be a whole number from 0 to 100');
  const l = limit === undefined ? undefined : wholeNumber(limit, 0, Number.MAX_SAFE_INTEGER);
  if (limit !== undefined && !l)
    throw new CliUsageError('--origin-energy-limit must be a whole number of energy above 0');
  const key = (await stdin()).trim().replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{64}$/.test(key))
    throw new CliUsageError("give the router deployer's private key (64 hex digits) on stdin");
  const tw = node(config, key);
  const origin = tw.address.fromPrivateKey(key) as string;
  const send = async (tx: unknown, what: string) => {
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never, key));
    if (!sent.result) {
      const words = sent.message ? Buffer.from(String(sent.message), 'hex').toString('utf8') : String(sent.code);
      throw new Error(`the node refused ${what}: ${words}`);
    }
    const receipt = await waitForReceipt(tw, sent.txid);
    out(`${what} in block ${receipt.blockNumber} (${sent.txid})`);
  };
  if (p !== undefined) {
    await send(await tw.transactionBuilder.updateSetting(router, p, origin), `callers pay ${p} % of a call's energy`);
  }
  if (l !== undefined) {
    await send(
      await tw.transactionBuilder.updateEnergyLimit(router, l, origin),
      `the deployer pays at most ${l} a call`,
    );
  }
}

/** A whole number flag from 0 to `max`, `fallback` when absent; undefined when it is not one. */
function wholeNumber(v: string | undefined, fallback: number, max: number): number | undefined {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v) || Number(v) > max) return undefined;
  return Number(v);
}
