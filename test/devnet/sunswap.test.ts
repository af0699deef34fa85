// SunSwap V2 on the devnet, driven only through real TronWeb and plain HTTP as on mainnet: the pair a
// launch makes, direct router swaps both ways (amounts checked against Uniswap V2's formulas worked
// out here, to the unit), liquidity, WTRX, the fee router's DEX entry points, and the wire format
// details a client meets (reverted views, event rows).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import {
  LAUNCHPAD_ABI,
  ROUTER_ABI,
  TRC20_ABI,
  V2_FACTORY_ABI,
  V2_PAIR_ABI,
  V2_ROUTER_ABI,
  WTRX_ABI,
} from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { decodeRevert } from '../../src/tron/codec.js';
import { TOTAL_SALE, TOTAL_SUPPLY, TRX_TO_FILL } from '../../src/tron/market/index.js';
import { MAX_UINT256, SUN_PER_TRX } from '../../src/tron/units.js';
import { FAMILIES, LAUNCH_FEE_SUN, TREASURY } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const FEE_ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const FEE_LIMIT = 300 * 1_000_000;

type Info = {
  fee?: number;
  contractResult?: string[];
  receipt?: { result?: string };
};
interface Wallet {
  address: string;
  tw: TronWeb;
}

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;
let alice: Wallet;
let bob: Wallet;
let token: string;
let v2: string;
let wtrx: string;
let factory: string;
let pair: string;

/** Uniswap V2's getAmountOut / getAmountIn, written out again here so the devnet is checked against them. */
const outFor = (x: bigint, rIn: bigint, rOut: bigint) => (x * 997n * rOut) / (rIn * 1000n + x * 997n);
const inFor = (y: bigint, rIn: bigint, rOut: bigint) => (rIn * y * 1000n) / ((rOut - y) * 997n) + 1n;
const deadline = (fromNowS = 60) => String(Math.floor(Date.now() / 1000) + fromNowS);
const hex = (b58: string) => TronWeb.address.toHex(b58);

async function wallet(trx: number): Promise<Wallet> {
  const acc = await TronWeb.createAccount();
  await faucet(url, acc.address.base58, trx);
  return { address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

async function send(
  who: Wallet,
  contract: string,
  selector: string,
  params: Array<{ type: string; value: unknown }>,
  callValue = 0n,
) {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    contract,
    selector,
    { feeLimit: FEE_LIMIT, callValue: Number(callValue) },
    params,
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(built.transaction));
  if (!sent.result) throw new Error(`refused: ${sent.code}`);
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Info;
  return { txid: sent.txid, info, fee: BigInt(info.fee ?? 0), reason: decodeRevert(info.contractResult?.[0] ?? '') };
}

const view = async (abi: typeof TRC20_ABI, at: string, method: string, ...args: unknown[]) =>
  contractMethods(tw, abi, at)[method]!(...args).call({ from: LP });
const trx = async (a: string) => BigInt(await tw.trx.getBalance(a));
const tokens = async (t: string, a: string) => big(await view(TRC20_ABI, t, 'balanceOf', a));
const addressOf = (v: unknown) => TronWeb.address.fromHex(String(v));

/** (trx, token) reserves of the pair, read with getReserves and token0. */
async function reserves(): Promise<{ trxR: bigint; tokR: bigint }> {
  const r = (await view(V2_PAIR_ABI, pair, 'getReserves')) as unknown[];
  const token0 = addressOf(await view(V2_PAIR_ABI, pair, 'token0'));
  return token0 === wtrx ? { trxR: big(r[0]), tokR: big(r[1]) } : { trxR: big(r[1]), tokR: big(r[0]) };
}

const buyPath = () => [wtrx, token];
const sellPath = () => [token, wtrx];

beforeAll(async () => {
  devnet = await startTestDevnet();
  url = devnet.url;
  tw = tronWebFor(url);
  alice = await wallet(500_000);
  bob = await wallet(100_000);
  // a token whose creator's first buy fills the curve, then launched by someone else
  const created = await send(
    alice,
    LP,
    'createAndInitPurchase(string,string)',
    [
      { type: 'string', value: 'Dex Cat' },
      { type: 'string', value: 'DCAT' },
    ],
    (20n + 150_000n) * SUN_PER_TRX,
  );
  expect(created.info.receipt?.result).toBe('SUCCESS');
  const evs = await tw.event.getEventsByTransactionID(created.txid);
  token = addressOf(evs.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress);
  const launch = await send(bob, LP, 'launchToDEX(address)', [{ type: 'address', value: token }]);
  expect(launch.info.receipt?.result).toBe('SUCCESS');
  v2 = addressOf(await view(LAUNCHPAD_ABI, LP, 'v2Router'));
  wtrx = addressOf(await view(V2_ROUTER_ABI, v2, 'WETH'));
  factory = addressOf(await view(V2_ROUTER_ABI, v2, 'factory'));
  pair = addressOf(await view(V2_FACTORY_ABI, factory, 'getPair', token, wtrx));
});

afterAll(async () => {
  await devnet?.close();
});

describe('the pair a launch makes', () => {
  it('is found from the launchpad as on mainnet: v2Router() → WETH(), factory() → getPair', async () => {
    expect(addressOf(await view(V2_FACTORY_ABI, factory, 'getPair', wtrx, token))).toBe(pair);
    expect(big(await view(V2_FACTORY_ABI, factory, 'allPairsLength'))).toBe(1n);
    expect(addressOf(await view(V2_FACTORY_ABI, factory, 'allPairs', 0))).toBe(pair);
    const t0 = addressOf(await view(V2_PAIR_ABI, pair, 'token0'));
    const t1 = addressOf(await view(V2_PAIR_ABI, pair, 'token1'));
    // the factory orders a pair's tokens by address
    expect([t0, t1]).toEqual(hex(wtrx).toLowerCase() < hex(token).toLowerCase() ? [wtrx, token] : [token, wtrx]);
    expect(String(await view(WTRX_ABI, wtrx, 'symbol'))).toBe('WTRX');
    expect(Number(await view(WTRX_ABI, wtrx, 'decimals'))).toBe(6);
  });

  it('holds the curve TRX less the launch fee and the 200M tokens kept back, with the reserves equal to the balances', async () => {
    const { trxR, tokR } = await reserves();
    expect(tokR).toBe(TOTAL_SUPPLY - TOTAL_SALE);
    // one buy from a fresh curve raised exactly what fills it; the vault kept the launch fee
    expect(trxR).toBe(TRX_TO_FILL - LAUNCH_FEE_SUN);
    expect(await tokens(wtrx, pair)).toBe(trxR);
    expect(await tokens(token, pair)).toBe(tokR);
    // WTRX is backed one to one by the TRX it holds
    expect(big(await view(WTRX_ABI, wtrx, 'totalSupply'))).toBe(await trx(wtrx));
  });

  it('lists PairCreated from the factory as TronGrid does (", " signature, positional and named keys)', async () => {
    const res = await tw.event.getEventsByContractAddress(factory, { eventName: 'PairCreated', onlyConfirmed: true });
    const row = res.data![0]!;
    expect(row.event).toBe('PairCreated(address indexed token0, address indexed token1, address pair, uint256)');
    expect(row.result.pair).toBe('0x' + hex(pair).slice(2).toLowerCase());
    expect(row.result['3']).toBe('1');
    const unconfirmed = await tw.event.getEventsByContractAddress(factory, { onlyUnconfirmed: true });
    expect(unconfirmed.data).toEqual([]);
  });
});

describe('direct swaps on the V2 router', () => {
  it('buys with swapExactETHForTokens: getAmountsOut and the tokens received equal the formula to the unit', async () => {
    const { trxR, tokR } = await reserves();
    const amountIn = 1_000n * SUN_PER_TRX;
    const expected = outFor(amountIn, trxR, tokR);
    const amounts = (await view(V2_ROUTER_ABI, v2, 'getAmountsOut', String(amountIn), buyPath())) as unknown[][];
    expect(amounts[0]!.map(big)).toEqual([amountIn, expected]);
    const trxBefore = await trx(bob.address);
    const tokBefore = await tokens(token, bob.address);
    const sent = await send(
      bob,
      v2,
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      [
        { type: 'uint256', value: expected.toString() },
        { type: 'address[]', value: buyPath() },
        { type: 'address', value: bob.address },
        { type: 'uint256', value: deadline() },
      ],
      amountIn,
    );
    expect(sent.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(token, bob.address)).toBe(tokBefore + expected);
    expect(await trx(bob.address)).toBe(trxBefore - amountIn - sent.fee);
    expect(await reserves()).toEqual({ trxR: trxR + amountIn, tokR: tokR - expected });
    const evs = (await tw.event.getEventsByTransactionID(sent.txid)).data!;
    expect(evs.map((e) => e.event_name)).toEqual(['Deposit', 'Transfer', 'Transfer', 'Sync', 'Swap']);
    const swap = evs.find((e) => e.event_name === 'Swap')!;
    expect(swap.event).toBe(
      'Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
    );
    expect(swap.result.to).toBe('0x' + hex(bob.address).slice(2).toLowerCase());
  });

  it('sells with approve + swapExactTokensForETH for exactly the formula TRX', async () => {
    const approve = await send(bob, token, 'approve(address,uint256)', [
      { type: 'address', value: v2 },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    expect(approve.info.receipt?.result).toBe('SUCCESS');
    const held = await tokens(token, bob.address);
    const amountIn = held / 2n;
    const { trxR, tokR } = await reserves();
    const expected = outFor(amountIn, tokR, trxR);
    const trxBefore = await trx(bob.address);
    const sent = await send(bob, v2, 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)', [
      { type: 'uint256', value: amountIn.toString() },
      { type: 'uint256', value: expected.toString() },
      { type: 'address[]', value: sellPath() },
      { type: 'address', value: bob.address },
      { type: 'uint256', value: deadline() },
    ]);
    expect(sent.info.receipt?.result).toBe('SUCCESS');
    expect(await trx(bob.address)).toBe(trxBefore + expected - sent.fee);
    expect(await tokens(token, bob.address)).toBe(held - amountIn);
    expect(await reserves()).toEqual({ trxR: trxR - expected, tokR: tokR + amountIn });
  });

  it('buys an exact amount with swapETHForExactTokens and refunds what getAmountsIn did not need', async () => {
    const { trxR, tokR } = await reserves();
    const want = 1_000_000n * 10n ** 18n;
    const need = inFor(want, trxR, tokR);
    const amounts = (await view(V2_ROUTER_ABI, v2, 'getAmountsIn', want.toString(), buyPath())) as unknown[][];
    expect(amounts[0]!.map(big)).toEqual([need, want]);
    const trxBefore = await trx(bob.address);
    const tokBefore = await tokens(token, bob.address);
    const sent = await send(
      bob,
      v2,
      'swapETHForExactTokens(uint256,address[],address,uint256)',
      [
        { type: 'uint256', value: want.toString() },
        { type: 'address[]', value: buyPath() },
        { type: 'address', value: bob.address },
        { type: 'uint256', value: deadline() },
      ],
      need + 50n * SUN_PER_TRX,
    );
    expect(sent.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(token, bob.address)).toBe(tokBefore + want);
    expect(await trx(bob.address)).toBe(trxBefore - need - sent.fee);
  });

  it('sells for an exact TRX amount with swapTokensForExactETH', async () => {
    const { trxR, tokR } = await reserves();
    const want = 100n * SUN_PER_TRX;
    const need = inFor(want, tokR, trxR);
    const trxBefore = await trx(bob.address);
    const tokBefore = await tokens(token, bob.address);
    const sent = await send(bob, v2, 'swapTokensForExactETH(uint256,uint256,address[],address,uint256)', [
      { type: 'uint256', value: want.toString() },
      { type: 'uint256', value: need.toString() },
      { type: 'address[]', value: sellPath() },
      { type: 'address', value: bob.address },
      { type: 'uint256', value: deadline() },
    ]);
    expect(sent.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(token, bob.address)).toBe(tokBefore - need);
    expect(await trx(bob.address)).toBe(trxBefore + want - sent.fee);
  });

  it('reverts past the deadline and below amountOutMin with the router’s reasons, keeping the TRX', async () => {
    const { trxR, tokR } = await reserves();
    const amountIn = 10n * SUN_PER_TRX;
    const swap = (min: bigint, dl: string) =>
      send(
        bob,
        v2,
        'swapExactETHForTokens(uint256,address[],address,uint256)',
        [
          { type: 'uint256', value: min.toString() },
          { type: 'address[]', value: buyPath() },
          { type: 'address', value: bob.address },
          { type: 'uint256', value: dl },
        ],
        amountIn,
      );
    const before = await trx(bob.address);
    const expired = await swap(0n, deadline(-30));
    expect(expired.info.receipt?.result).toBe('REVERT');
    expect(expired.reason).toBe('UniswapV2Router: EXPIRED');
    const greedy = await swap(outFor(amountIn, trxR, tokR) + 1n, deadline());
    expect(greedy.reason).toBe('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
    // a reverted call costs its fee only
    expect(await trx(bob.address)).toBe(before - expired.fee - greedy.fee);
    expect(await reserves()).toEqual({ trxR, tokR });
  });
});

describe('liquidity and WTRX', () => {
  it('wraps and unwraps TRX one to one', async () => {
    const carol = await wallet(1_000);
    const dep = await send(carol, wtrx, 'deposit()', [], 100n * SUN_PER_TRX);
    expect(dep.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(wtrx, carol.address)).toBe(100n * SUN_PER_TRX);
    const before = await trx(carol.address);
    const wd = await send(carol, wtrx, 'withdraw(uint256)', [{ type: 'uint256', value: String(40n * SUN_PER_TRX) }]);
    expect(await tokens(wtrx, carol.address)).toBe(60n * SUN_PER_TRX);
    expect(await trx(carol.address)).toBe(before + 40n * SUN_PER_TRX - wd.fee);
  });

  it('adds liquidity at the pool’s ratio with addLiquidityETH and takes it out with removeLiquidityETH', async () => {
    const { trxR, tokR } = await reserves();
    const supply = big(await view(V2_PAIR_ABI, pair, 'totalSupply'));
    const tokIn = (await tokens(token, bob.address)) / 4n;
    const trxNeeded = (tokIn * trxR) / tokR;
    await send(bob, token, 'approve(address,uint256)', [
      { type: 'address', value: v2 },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    const trxBefore = await trx(bob.address);
    const add = await send(
      bob,
      v2,
      'addLiquidityETH(address,uint256,uint256,uint256,address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: tokIn.toString() },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'address', value: bob.address },
        { type: 'uint256', value: deadline() },
      ],
      trxNeeded + 1_000n * SUN_PER_TRX,
    );
    expect(add.info.receipt?.result).toBe('SUCCESS');
    // the TRX side is what the ratio asks for (quote), the rest came back
    const usedTrx = trxBefore - add.fee - (await trx(bob.address));
    const tokUsed = usedTrx === trxNeeded ? tokIn : (usedTrx * tokR) / trxR;
    expect(usedTrx).toBe(trxNeeded);
    const lp = await tokens(pair, bob.address);
    const a = (tokUsed * supply) / tokR;
    const b = (usedTrx * supply) / trxR;
    expect(lp).toBe(a < b ? a : b);

    await send(bob, pair, 'approve(address,uint256)', [
      { type: 'address', value: v2 },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    const r = await reserves();
    const supplyNow = big(await view(V2_PAIR_ABI, pair, 'totalSupply'));
    const tokBefore = await tokens(token, bob.address);
    const trxBefore2 = await trx(bob.address);
    const rm = await send(bob, v2, 'removeLiquidityETH(address,uint256,uint256,uint256,address,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: lp.toString() },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
      { type: 'address', value: bob.address },
      { type: 'uint256', value: deadline() },
    ]);
    expect(rm.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(pair, bob.address)).toBe(0n);
    expect(await tokens(token, bob.address)).toBe(tokBefore + (lp * r.tokR) / supplyNow);
    expect(await trx(bob.address)).toBe(trxBefore2 + (lp * r.trxR) / supplyNow - rm.fee);
  });
});

describe('the fee router on the DEX', () => {
  it('dexBuy keeps the plan fee for the treasury and buys the rest on the pair; dexSell the same way back', async () => {
    const carol = await wallet(5_000);
    const feeBps = 100n;
    const paid = 1_000n * SUN_PER_TRX;
    const fee = (paid * feeBps) / 10_000n;
    const { trxR, tokR } = await reserves();
    const out = outFor(paid - fee, trxR, tokR);
    const [treasuryBefore, keptBefore] = [await trx(TronWeb.address.fromHex(TREASURY.address)), await trx(FEE_ROUTER)];
    const buy = await send(
      carol,
      FEE_ROUTER,
      'dexBuy(address,uint256,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: out.toString() },
        { type: 'uint256', value: feeBps.toString() },
        { type: 'uint256', value: deadline() },
      ],
      paid,
    );
    expect(buy.info.receipt?.result).toBe('SUCCESS');
    expect(await tokens(token, carol.address)).toBe(out);
    // the fee stays in the router until withdrawFees pays it to the treasury (version 2)
    expect(await trx(FEE_ROUTER)).toBe(keptBefore + fee);
    expect(await trx(TronWeb.address.fromHex(TREASURY.address))).toBe(treasuryBefore);
    const names = (await tw.event.getEventsByTransactionID(buy.txid)).data!.map((e) => e.event_name);
    expect(names).toContain('Swap');
    expect(names[names.length - 1]).toBe('RouterBuy');

    // sells need the fee router's approval, as on the curve
    await send(carol, token, 'approve(address,uint256)', [
      { type: 'address', value: FEE_ROUTER },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    const r = await reserves();
    const gross = outFor(out, r.tokR, r.trxR);
    const sellFee = (gross * feeBps) / 10_000n;
    const before = await trx(carol.address);
    const sell = await send(carol, FEE_ROUTER, 'dexSell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: out.toString() },
      { type: 'uint256', value: (gross - sellFee).toString() },
      { type: 'uint256', value: feeBps.toString() },
      { type: 'uint256', value: deadline() },
    ]);
    expect(sell.info.receipt?.result).toBe('SUCCESS');
    expect(await trx(carol.address)).toBe(before + gross - sellFee - sell.fee);
    expect(await tokens(token, carol.address)).toBe(0n);
    expect(await trx(FEE_ROUTER)).toBe(keptBefore + fee + sellFee);
  });

  it('the curve entry points refuse a launched token with a reason that says so', async () => {
    const late = await send(
      bob,
      FEE_ROUTER,
      'buy(address,uint256,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '100' },
        { type: 'uint256', value: '4102444800' },
      ],
      10n * SUN_PER_TRX,
    );
    expect(late.info.receipt?.result).toBe('REVERT');
    expect(late.reason).toMatch(/launched/);
  });

  it('is the contract the ABI says: v2Router() of the fee router is the launchpad’s', async () => {
    expect(addressOf(await view(ROUTER_ABI, FEE_ROUTER, 'v2Router'))).toBe(v2);
  });
});

describe('the launchpad’s other public views', () => {
  it('answer as the real proxy’s, and the exact-amount views invert the quoting ones to the unit', async () => {
    const created = await send(
      bob,
      LP,
      'createAndInitPurchase(string,string)',
      [
        { type: 'string', value: 'View Cat' },
        { type: 'string', value: 'VCAT' },
      ],
      (20n + 1_000n) * SUN_PER_TRX,
    );
    const evs = (await tw.event.getEventsByTransactionID(created.txid)).data!;
    const made = evs.find((e) => e.event_name === 'TokenCreate')!;
    const fresh = addressOf(made.result.tokenAddress);
    const v = async (name: string, ...args: unknown[]) => view(LAUNCHPAD_ABI, LP, name, ...args);
    const pair = async (name: string, ...args: unknown[]) => ((await v(name, ...args)) as unknown[]).map(big);
    expect(big(await v('TOKEN_SUPPLY'))).toBe(TOTAL_SUPPLY);
    expect(big(await v('TOTAL_SALE'))).toBe(TOTAL_SALE);
    expect(big(await v('LAUNCH_FEE'))).toBe(LAUNCH_FEE_SUN);
    expect(addressOf(await v('tokenAddress', made.result.tokenIndex))).toBe(fresh);
    expect(addressOf(await v('tokenCreator', fresh))).toBe(bob.address);
    expect(addressOf(await v('vault'))).toBe(TronWeb.address.fromHex(FAMILIES[0]!.feeRecipient));
    expect(hex(addressOf(await v('deadAddress'))).toLowerCase()).toBe('41' + '0'.repeat(36) + 'dead');
    expect(big(await v('getTokenState', fresh))).toBe(1n);

    const want = 5_000_000n * 10n ** 18n;
    const trxIn = big(await v('getExactTokenAmountForPurchase', fresh, want.toString()));
    expect(big(await v('getTokenAmountByPurchase', fresh, trxIn.toString()))).toBeGreaterThanOrEqual(want);
    expect(big(await v('getTokenAmountByPurchase', fresh, (trxIn - 1n).toString()))).toBeLessThan(want);
    const [paid, fee] = await pair('getExactTokenAmountForPurchaseWithFee', fresh, want.toString());
    expect(paid! - fee!).toBe(trxIn);
    const [tokensForPaid] = await pair('getTokenAmountByPurchaseWithFee', fresh, paid!.toString());
    expect(tokensForPaid).toBeGreaterThanOrEqual(want);

    const trxOut = 100n * SUN_PER_TRX;
    const sell = big(await v('getExactTrxAmountForSale', fresh, trxOut.toString()));
    expect(big(await v('getTrxAmountBySale', fresh, sell.toString()))).toBeGreaterThanOrEqual(trxOut);
    expect(big(await v('getTrxAmountBySale', fresh, (sell - 1n).toString()))).toBeLessThan(trxOut);
    const [sellWithFee] = await pair('getExactTrxAmountForSaleWithFee', fresh, trxOut.toString());
    const [net] = await pair('getTrxAmountBySaleWithFee', fresh, sellWithFee!.toString());
    expect(net).toBeGreaterThanOrEqual(trxOut);
  });
});

describe('java-tron wire format', () => {
  it('answers a reverted constant call with result true, the REVERT message, a FAILED transaction and the revert data', async () => {
    const res = await fetch(`${url}/wallet/triggerconstantcontract`, {
      method: 'POST',
      body: JSON.stringify({
        owner_address: hex(bob.address),
        contract_address: hex(v2),
        function_selector: 'getAmountOut(uint256,uint256,uint256)',
        parameter: '0'.repeat(64 * 3),
      }),
    });
    const body = (await res.json()) as {
      result: { result: boolean; message: string };
      transaction: { ret: Array<{ ret: string }> };
      constant_result: string[];
    };
    expect(body.result.result).toBe(true);
    expect(TronWeb.toUtf8(body.result.message)).toBe('REVERT opcode executed');
    expect(body.transaction.ret).toEqual([{ ret: 'FAILED' }]);
    expect(decodeRevert(body.constant_result[0]!)).toBe('UniswapV2Library: INSUFFICIENT_INPUT_AMOUNT');
    // TronWeb turns it into an error, as against a real node
    await expect(view(V2_ROUTER_ABI, v2, 'getAmountOut', 0, 0, 0)).rejects.toThrow(/REVERT opcode executed/);
  });

  it('takes back any fingerprint it gave, and refuses one it did not', async () => {
    const first = await tw.event.getEventsByContractAddress(pair, { limit: 2, orderBy: 'block_timestamp,asc' });
    const fp = (first.meta as { fingerprint?: string }).fingerprint!;
    expect(fp.length).toBeGreaterThan(0);
    const next = await tw.event.getEventsByContractAddress(pair, {
      limit: 2,
      fingerprint: fp,
      orderBy: 'block_timestamp,asc',
    });
    expect(next.data!.length).toBe(2);
    const long = 'x'.repeat(300);
    const bad = await fetch(`${url}/v1/contracts/${pair}/events?fingerprint=${long}`);
    expect(bad.status).toBe(400);
  });
});
