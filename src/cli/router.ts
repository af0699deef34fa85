// `cli router deploy` and `cli router info`: the fee router (contracts/FeeRouter.sol, as built into
// contracts/build/FeeRouter.json) put on the configured node, devnet or mainnet alike, through
// TronWeb; and what a deployed router says of itself. The deployer's key comes on stdin, never as
// an argument (which the shell history and `ps` would keep), and is never printed.
import { setTimeout as sleep } from 'node:timers/promises';
import { sunToTrx, trxToSun } from '../tron/units.js';
import { parseArgs } from 'node:util';
import { TronWeb } from 'tronweb';
import { tronHost, type Config } from '../config.js';
import { contractBuild } from '../contracts/fee-router.js';
import { isBase58Address, toBase58, toHexAddress } from '../tron/address.js';
import { decodeRevert } from '../tron/codec.js';

export class CliUsageError extends Error {}

/** The most a deployment may burn, in TRX, unless --fee-limit-trx says otherwise. */
const DEFAULT_FEE_LIMIT_TRX = 1_000;
/** The zero address (base58): a router with no DEX names it. */
export const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

type Out = (line: string) => void;

export async function routerCommand(args: string[], config: Config, out: Out, stdin: () => Promise<string>) {
  const [cmd, ...rest] = args;
  if (cmd === 'deploy') return deploy(rest, config, out, stdin);
  if (cmd === 'info') return info(rest, config, out);
  throw new CliUsageError(`unknown router command: ${cmd ?? '(none)'}`);
}

function node(config: Config, privateKey?: string): TronWeb {
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
    },
  });
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

  const build = contractBuild('FeeRouter');
  out(`node:       ${tronHost(config)}`);
  out(`deployer:   ${deployer} (the router's owner)`);
  out(`treasury:   ${treasury}`);
  out(`fee cap:    ${cap} bps (${Number(cap) / 100} %)`);
  out(`launchpad:  ${launchpad}`);
  out(`DEX router: ${dexRouter === ZERO ? 'none' : dexRouter}`);
  const tx = await tw.transactionBuilder.createSmartContract(
    {
      abi: build.abi as never,
      bytecode: build.bytecode,
      parameters: [treasury, Number(cap), launchpad, dexRouter],
      feeLimit: Number(trxToSun(feeLimitTrx)),
      name: 'FeeRouter',
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
  fee?: number;
  contractResult?: string[];
  receipt?: { result?: string };
}

async function waitForReceipt(tw: TronWeb, txid: string, timeoutMs = 120_000): Promise<Receipt> {
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
  const build = contractBuild('FeeRouter');
  const onNode = (await tw.trx.getContractInfo(router).catch(() => ({}))) as { runtimecode?: string };
  if (!onNode.runtimecode) throw new Error(`no contract at ${router} on ${tronHost(config)}`);
  out(`router:     ${router}`);
  out(`owner:      ${addressOf(await read(tw, router, 'owner()'))}`);
  out(`treasury:   ${addressOf(await read(tw, router, 'treasury()'))}`);
  const max = BigInt('0x' + (await read(tw, router, 'maxFeeBps()')));
  const cap = BigInt('0x' + (await read(tw, router, 'FEE_CAP_BPS()')));
  out(`fee cap:    ${max} bps (${Number(max) / 100} %; the contract never allows more than ${cap} bps)`);
  out(`launchpad:  ${addressOf(await read(tw, router, 'launchpad()'))}`);
  const dex = addressOf(await read(tw, router, 'v2Router()'));
  out(`DEX router: ${dex === ZERO ? 'none' : dex}`);
  const same = onNode.runtimecode.toLowerCase() === build.deployedBytecode.toLowerCase();
  out(`code:       ${same ? 'the same as' : 'DIFFERENT from'} contracts/build/FeeRouter.json`);
}
