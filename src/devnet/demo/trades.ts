// Runs the demo's actions as signed transactions, each in its own block at its time, exactly as a
// user's trades would run: on the curve (through the fee router, or straight to the launchpad), and
// after the launch on SunSwap V2 (through the fee router, or straight through the V2 router).
import { LAUNCHPAD_ABI, ROUTER_ABI, TRC20_ABI, TokenState, V2_ROUTER_ABI, type AbiEntry } from '../../tron/abi.js';
import { toAbiAddress, toBase58 } from '../../tron/address.js';
import { decodeRevert, encodeValues, findFunction, selectorOf } from '../../tron/codec.js';
import { DEFAULT_FEES, DEFAULT_MINT_FEE, TRX_TO_FILL, realTrxOf } from '../../tron/market/index.js';
import { signTx } from '../../tron/tx.js';
import { BPS, MAX_UINT256, SUN_PER_TRX } from '../../tron/units.js';
import type { Chain } from '../chain/index.js';
import { DEX, type FamilyInfo } from '../genesis.js';
import type { DevnetKey } from '../keys.js';
import type { PoolRow } from '../ledger.js';
import type { Action } from './plan.js';
import { DEMO_TOKENS, type DemoToken } from './tokens.js';

const FEE_LIMIT = 1000 * 1_000_000;
const DEMO_ROUTER_FEE_BPS = 100n;

/** A contract call by name, with its arguments as the ABI codec takes them and the TRX it sends. */
export interface Call {
  contract: string;
  abi: AbiEntry[];
  method: string;
  args: unknown[];
  value?: bigint;
}

/** The call as a TriggerSmartContract on the chain's head, signed by `key` (the demo, tests, benches). */
export function signedCall(chain: Chain, key: DevnetKey, call: Call, feeLimit = FEE_LIMIT) {
  const entry = findFunction(call.abi, call.method);
  const value: Record<string, unknown> = {
    data: selectorOf(entry) + encodeValues(entry.inputs, call.args),
    owner_address: key.address,
    contract_address: call.contract,
  };
  const callValue = call.value ?? 0n;
  if (callValue > 0n) value.call_value = Number(callValue);
  return signTx(chain.buildTransaction('TriggerSmartContract', value, { fee_limit: feeLimit }), key.privateKey);
}

/** What the run has made so far: the tokens' addresses, and which approvals are given. */
export interface DemoRun {
  chain: Chain;
  tokens: string[];
  approved: Set<string>;
}

/** Runs one action; an action that no longer applies (nothing held, curve closed) is skipped. */
export async function runAction(run: DemoRun, a: Action): Promise<void> {
  const def = DEMO_TOKENS[a.token]!;
  const fam = run.chain.families.find((f) => f.family === def.family);
  if (!fam) throw new Error(`demo seed: this chain does not host ${def.family}`);
  if (a.kind === 'create') return await createToken(run, a, def, fam);
  const token = run.tokens[a.token];
  if (!token) return;
  const pool = run.chain.ledger.pool(token)!;
  if (a.kind === 'launch') return await send(run.chain, a.wallet, launchCall(fam, token), a.at);
  if (pool.state === TokenState.LAUNCHED && (a.kind === 'buy' || a.kind === 'sell'))
    return await dexTrade(run, a, token, fam);
  if (pool.state !== TokenState.TRADING) return;
  if (a.kind === 'sell') return await curveSell(run, a, token, fam);
  await curveBuy(run, a, token, fam, pool, def);
}

async function createToken(run: DemoRun, a: Action, def: DemoToken, fam: FamilyInfo): Promise<void> {
  const { chain } = run;
  const before = chain.ledger.launchpad(fam.launchpad)!.tokenCount;
  const call: Call = {
    contract: fam.launchpad,
    abi: LAUNCHPAD_ABI,
    method: 'createAndInitPurchase',
    args: [def.metadata.name, def.metadata.symbol],
    value: DEFAULT_MINT_FEE + a.trx!,
  };
  await send(chain, a.wallet, call, a.at);
  const created = chain.ledger.tokenAt(fam.launchpad, before)!;
  run.tokens[a.token] = created;
  chain.ledger.setMeta(`demo-token:${def.metadata.symbol}`, toBase58(created));
}

const launchCall = (fam: FamilyInfo, token: string): Call => ({
  contract: fam.launchpad,
  abi: LAUNCHPAD_ABI,
  method: 'launchToDEX',
  args: [toAbiAddress(token)],
});

/** A router trade's deadline (block seconds) for an action at `at` (ms): five minutes on. */
const deadlineAfter = (at: number): bigint => BigInt(Math.floor(at / 1000) + 300);

async function curveSell(run: DemoRun, a: Action, token: string, fam: FamilyInfo): Promise<void> {
  const held = run.chain.ledger.tokenBalance(token, a.wallet.address);
  const amount = (held * BigInt(Math.floor(a.fraction! * 1000))) / 1000n;
  if (amount <= 0n) return;
  await approveOnce(run, a, token, a.direct ? fam.launchpad : fam.router);
  const tokenArg = toAbiAddress(token);
  const call: Call = a.direct
    ? { contract: fam.launchpad, abi: LAUNCHPAD_ABI, method: 'saleToken', args: [tokenArg, amount, 0n] }
    : {
        contract: fam.router,
        abi: ROUTER_ABI,
        method: 'sell',
        args: [tokenArg, amount, 0n, DEMO_ROUTER_FEE_BPS, deadlineAfter(a.at)],
      };
  await send(run.chain, a.wallet, call, a.at);
}

async function curveBuy(
  run: DemoRun,
  a: Action,
  token: string,
  fam: FamilyInfo,
  pool: PoolRow,
  def: DemoToken,
): Promise<void> {
  let trx = a.trx ?? 0n;
  if (a.kind === 'topup') {
    const target = (TRX_TO_FILL * BigInt(def.progress)) / 100n;
    const missing = target - realTrxOf(pool);
    if (missing <= 0n) return;
    // gross up for the launchpad fee; a filling buy gets its excess refunded
    trx = (missing * BPS) / (BPS - DEFAULT_FEES.purchaseFeeBps) + (def.progress >= 100 ? 1000n * SUN_PER_TRX : 1n);
  }
  if (trx <= 0n) return;
  const tokenArg = toAbiAddress(token);
  const call: Call = a.direct
    ? { contract: fam.launchpad, abi: LAUNCHPAD_ABI, method: 'purchaseToken', args: [tokenArg, 0n], value: trx }
    : {
        contract: fam.router,
        abi: ROUTER_ABI,
        method: 'buy',
        args: [tokenArg, 0n, DEMO_ROUTER_FEE_BPS, deadlineAfter(a.at)],
        // the router takes its fee on top, so the launchpad still gets `trx`
        value: (trx * BPS) / (BPS - DEMO_ROUTER_FEE_BPS),
      };
  await send(run.chain, a.wallet, call, a.at);
}

/**
 * A trade of a launched token on SunSwap V2: through the fee router (dexBuy / dexSell) or, for the
 * "direct" ones, straight through the V2 router as a wallet on mainnet would.
 */
async function dexTrade(run: DemoRun, a: Action, token: string, fam: FamilyInfo): Promise<void> {
  const deadline = deadlineAfter(a.at);
  const path = (a.kind === 'buy' ? [DEX.wtrx, token] : [token, DEX.wtrx]).map(toAbiAddress);
  const me = toAbiAddress(a.wallet.address);
  const tokenArg = toAbiAddress(token);
  const fee = DEMO_ROUTER_FEE_BPS;
  if (a.kind === 'buy') {
    const trx = a.trx ?? 0n;
    if (trx <= 0n) return;
    const call: Call = a.direct
      ? { contract: DEX.router, abi: V2_ROUTER_ABI, method: 'swapExactETHForTokens', args: [0n, path, me, deadline] }
      : { contract: fam.router, abi: ROUTER_ABI, method: 'dexBuy', args: [tokenArg, 0n, fee, deadline] };
    return await send(run.chain, a.wallet, { ...call, value: trx }, a.at);
  }
  // holders from the curve days sell a little at a time, so the pool keeps most of its TRX
  const held = run.chain.ledger.tokenBalance(token, a.wallet.address);
  const amount = (held * BigInt(Math.floor(a.fraction! * 100))) / 1000n;
  if (amount <= 0n) return;
  await approveOnce(run, a, token, a.direct ? DEX.router : fam.router);
  const call: Call = a.direct
    ? {
        contract: DEX.router,
        abi: V2_ROUTER_ABI,
        method: 'swapExactTokensForETH',
        args: [amount, 0n, path, me, deadline],
      }
    : { contract: fam.router, abi: ROUTER_ABI, method: 'dexSell', args: [tokenArg, amount, 0n, fee, deadline] };
  await send(run.chain, a.wallet, call, a.at);
}

/** The wallet's first sale of a token through `spender` approves it (just before the sale). */
async function approveOnce(run: DemoRun, a: Action, token: string, spender: string): Promise<void> {
  const key = `${token}:${a.wallet.address}:${spender}`;
  if (run.approved.has(key)) return;
  const call: Call = { contract: token, abi: TRC20_ABI, method: 'approve', args: [toAbiAddress(spender), MAX_UINT256] };
  await send(run.chain, a.wallet, call, a.at - 1);
  run.approved.add(key);
}

/** Sends one contract call in its own block at time `at`; throws if it does not succeed. */
async function send(chain: Chain, key: DevnetKey, call: Call, at: number): Promise<void> {
  const res = await chain.broadcast(signedCall(chain, key, call));
  if (!('result' in res))
    throw new Error(`demo seed: ${call.method} refused: ${Buffer.from(res.message, 'hex').toString()}`);
  await chain.produceBlock(at);
  const info = chain.transactionInfo(res.txid) as { receipt?: { result?: string }; contractResult?: string[] };
  if (info.receipt?.result !== 'SUCCESS') {
    throw new Error(
      `demo seed: ${call.method} failed: ${decodeRevert(info.contractResult?.[0] ?? '') ?? info.receipt?.result}`,
    );
  }
}
