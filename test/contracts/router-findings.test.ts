// What the audit of version 1 of the fee router found, one test per finding, each run against
// version 1 (contracts/FeeRouter.sol, to show the finding) where it can be shown, and version 2
// (contracts/FeeRouterV2.sol, to show it answered): both deployed on the devnet's EVM and driven only
// through real TronWeb. The completion buy's fee and two-step ownership are in fee-router.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ROUTER_CONTRACT, contractBuild } from '../../src/contracts/fee-router.js';
import { DEX, FAMILIES } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { LAUNCHPAD_ABI, TRC20_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { decodeRevert } from '../../src/tron/codec.js';
import { DEFAULT_FEES, quoteBuy, type Pool } from '../../src/tron/market/index.js';
import { MAX_UINT256, SUN_PER_TRX } from '../../src/tron/units.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const V2 = TronWeb.address.fromHex(DEX.router);
const WTRX = TronWeb.address.fromHex(DEX.wtrx);
const FEE_LIMIT = 1_000 * 1_000_000;
const FAR = '4102444800';

type Who = { privateKey: string; address: string; tw: TronWeb };
type Info = {
  id: string;
  fee?: number;
  contractResult?: string[];
  receipt?: { result?: string; energy_usage_total?: number };
};

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;
let operator: Who;
let alice: Who;
let treasury: string;
let curveToken: string;
let launched: string;

async function account(trx: number): Promise<Who> {
  const acc = await TronWeb.createAccount();
  if (trx > 0) await faucet(url, acc.address.base58, trx);
  return { privateKey: acc.privateKey, address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

async function call(who: Who, contract: string, selector: string, params: Array<[string, unknown]>, callValue = 0n) {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    contract,
    selector,
    { feeLimit: FEE_LIMIT, callValue: Number(callValue) },
    params.map(([type, value]) => ({ type, value })),
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(built.transaction));
  expect(sent.result).toBe(true);
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Info;
  const ok = info.receipt?.result === 'SUCCESS';
  return {
    info,
    ok,
    reason: ok ? null : decodeRevert(info.contractResult?.[0] ?? ''),
    energy: info.receipt?.energy_usage_total ?? 0,
  };
}

async function deploy(who: Who, name: string, parameters: unknown[]): Promise<string> {
  const build = contractBuild(name);
  const tx = await who.tw.transactionBuilder.createSmartContract(
    { abi: build.abi as never, bytecode: build.bytecode, parameters, feeLimit: FEE_LIMIT },
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(tx));
  expect(sent.result).toBe(true);
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Info;
  expect(info.receipt?.result, name).toBe('SUCCESS');
  return TronWeb.address.fromHex((tx as unknown as { contract_address: string }).contract_address);
}

const balance = async (address: string) => BigInt(await tw.trx.getBalance(address));
const tokenBalance = async (t: string, holder: string) =>
  big(await contractMethods(tw, TRC20_ABI, t).balanceOf!(holder).call({ from: holder }));
async function pool(t: string): Promise<Pool> {
  const r = (await contractMethods(tw, LAUNCHPAD_ABI, LP).virtualPools!(t).call({ from: LP })) as unknown[];
  return { trxReserve: big(r[0]), tokenReserve: big(r[1]) };
}

/** A new token on the launchpad (its creator's small first buy); its address. */
async function newToken(who: Who, symbol: string, firstBuy = 0n): Promise<string> {
  const made = await call(
    who,
    LP,
    'createAndInitPurchase(string,string)',
    [
      ['string', `Findings ${symbol}`],
      ['string', symbol],
    ],
    20n * SUN_PER_TRX + firstBuy,
  );
  expect(made.ok).toBe(true);
  const launchpad = contractMethods(tw, LAUNCHPAD_ABI, LP);
  const count = Number(big(await launchpad.tokenCount!().call({ from: LP })));
  return TronWeb.address.fromHex('41' + String(await launchpad.tokenAddress!(count - 1).call({ from: LP })).slice(2));
}

const curveBuy = (who: Who, router: string, token: string, paid: bigint, amountMin = 0n, deadline = FAR) =>
  call(
    who,
    router,
    'buy(address,uint256,uint256,uint256)',
    [
      ['address', token],
      ['uint256', amountMin.toString()],
      ['uint256', '100'],
      ['uint256', deadline],
    ],
    paid,
  );
const v1CurveBuy = (who: Who, router: string, token: string, paid: bigint) =>
  call(
    who,
    router,
    'buy(address,uint256,uint256)',
    [
      ['address', token],
      ['uint256', '0'],
      ['uint256', '100'],
    ],
    paid,
  );
const dexBuy = (who: Who, router: string, token: string, paid: bigint, amountMin: bigint) =>
  call(
    who,
    router,
    'dexBuy(address,uint256,uint256,uint256)',
    [
      ['address', token],
      ['uint256', amountMin.toString()],
      ['uint256', '100'],
      ['uint256', FAR],
    ],
    paid,
  );

beforeAll(async () => {
  devnet = await startTestDevnet();
  url = devnet.url;
  tw = tronWebFor(url);
  operator = await account(10_000);
  alice = await account(100_000);
  treasury = (await account(0)).address;
  curveToken = await newToken(alice, 'FCRV', 100n * SUN_PER_TRX);
  // a token the launchpad launched: a whale fills its curve, anyone launches it
  const whale = await account(400_000);
  launched = await newToken(whale, 'FDEX');
  expect(
    (
      await call(
        whale,
        LP,
        'purchaseToken(address,uint256)',
        [
          ['address', launched],
          ['uint256', '0'],
        ],
        300_000n * SUN_PER_TRX,
      )
    ).ok,
  ).toBe(true);
  expect((await call(whale, LP, 'launchToDEX(address)', [['address', launched]])).ok).toBe(true);
});

afterAll(async () => {
  await devnet?.close();
});

describe('High: an owner who could take every dexBuy', () => {
  it('version 1 pointed at a hostile DEX router reports a buy that delivered nothing; version 2 reverts it', async () => {
    const hostile = await deploy(operator, 'HostileDex', [WTRX]);
    // version 1: its owner may repoint it at any time (here at deployment, to the same effect)
    const v1 = await deploy(operator, 'FeeRouter', [treasury, 100, LP, hostile]);
    const before = await tokenBalance(launched, alice.address);
    const robbed = await dexBuy(alice, v1, launched, 500n * SUN_PER_TRX, 1n);
    expect(robbed.ok).toBe(true);
    expect(await tokenBalance(launched, alice.address)).toBe(before);
    expect(await balance(hostile)).toBe(495n * SUN_PER_TRX);

    // version 2 measures what reached the user against the user's minimum
    const v2 = await deploy(operator, ROUTER_CONTRACT, [treasury, 100, LP, hostile]);
    const [trxBefore, hostileBefore] = [await balance(alice.address), await balance(hostile)];
    const refused = await dexBuy(alice, v2, launched, 500n * SUN_PER_TRX, 1n);
    expect(refused.reason).toBe('Router: slippage, tokens out 0 below amountMin 1');
    expect(await tokenBalance(launched, alice.address)).toBe(before);
    expect(await balance(hostile)).toBe(hostileBefore);
    expect(await balance(alice.address)).toBe(trxBefore - BigInt(refused.info.fee ?? 0));
  });

  it('version 2 has no way to change its DEX router or its launchpad', () => {
    const names = contractBuild(ROUTER_CONTRACT).abi.map((e) => e.name);
    expect(names).not.toContain('setV2Router');
    expect(names.filter((n) => n?.startsWith('set')).sort()).toEqual(['setMaxFeeBps', 'setTreasury']);
    expect(contractBuild('FeeRouter').abi.map((e) => e.name)).toContain('setV2Router');
  });
});

describe('Medium: the treasury called with all remaining energy in the middle of a trade', () => {
  it('a treasury contract that trades when paid is never called during a trade, only by withdrawFees', async () => {
    const greedy = await deploy(operator, 'TradingTreasury', [LP, curveToken]);
    const router = await deploy(operator, ROUTER_CONTRACT, [greedy, 100, LP, V2]);
    const paid = 200n * SUN_PER_TRX;
    const fee = (paid * 100n) / 10_000n;
    // what the user gets if nobody trades ahead of them in the same transaction
    const quote = quoteBuy(await pool(curveToken), paid - fee, DEFAULT_FEES);
    const before = await tokenBalance(curveToken, alice.address);
    const r = await curveBuy(alice, router, curveToken, paid, quote.tokenOut);
    expect(r.ok).toBe(true);
    expect(await tokenBalance(curveToken, alice.address)).toBe(before + quote.tokenOut);
    const calls = async () =>
      big(await contractMethods(tw, contractBuild('TradingTreasury').abi, greedy).calls!().call({ from: greedy }));
    expect(await calls()).toBe(0n);
    expect(await balance(router)).toBe(fee);
    // the withdrawal calls it, outside any trade: whatever it does then is its own trade
    expect((await call(operator, router, 'withdrawFees()', [])).ok).toBe(true);
    expect(await calls()).toBe(1n);
    expect(await balance(router)).toBe(0n);
  });

  it('a treasury that refuses TRX stops no trade; only its own withdrawal fails', async () => {
    // a contract without receive(): the hostile DEX stands in for one
    const wall = await deploy(operator, 'HostileDex', [WTRX]);
    const router = await deploy(operator, ROUTER_CONTRACT, [wall, 100, LP, V2]);
    expect((await curveBuy(alice, router, curveToken, 10n * SUN_PER_TRX)).ok).toBe(true);
    expect((await call(operator, router, 'withdrawFees()', [])).reason).toBe('Router: TRX transfer failed');
    expect(await balance(router)).toBe((10n * SUN_PER_TRX) / 100n);
  });
});

describe('Low: what else the audit found', () => {
  let router: string;
  beforeAll(async () => {
    router = await deploy(operator, ROUTER_CONTRACT, [treasury, 100, LP, V2]);
  });

  it('refuses a fee-on-transfer token (any token the launchpad did not launch) on the DEX path', async () => {
    const fot = await deploy(alice, 'FeeOnTransferToken', []);
    expect(
      (
        await call(alice, fot, 'approve(address,uint256)', [
          ['address', router],
          ['uint256', MAX_UINT256.toString()],
        ])
      ).ok,
    ).toBe(true);
    const buy = await dexBuy(alice, router, fot, 10n * SUN_PER_TRX, 0n);
    expect(buy.reason).toBe('Router: not a launched token of the launchpad');
    const sell = await call(alice, router, 'dexSell(address,uint256,uint256,uint256,uint256)', [
      ['address', fot],
      ['uint256', '1000'],
      ['uint256', '0'],
      ['uint256', '100'],
      ['uint256', FAR],
    ]);
    expect(sell.reason).toBe('Router: not a launched token of the launchpad');
    // a token still on its curve is not launched either
    expect((await dexBuy(alice, router, curveToken, 10n * SUN_PER_TRX, 0n)).reason).toBe(
      'Router: not a launched token of the launchpad',
    );
  });

  it('refuses stray TRX to receive(): only the launchpad and the DEX router may send it', async () => {
    const pusher = await deploy(alice, 'TrxPusher', []);
    const before = await balance(router);
    const r = await call(alice, pusher, 'push(address)', [['address', router]], 5n * SUN_PER_TRX);
    expect(r.reason).toBe('Router: TRX only from the launchpad or the DEX');
    expect(await balance(router)).toBe(before);
  });

  it('reverts a curve trade past its deadline, as a DEX trade', async () => {
    const block = (await tw.trx.getCurrentBlock()) as { block_header: { raw_data: { timestamp: number } } };
    const past = String(Math.floor(block.block_header.raw_data.timestamp / 1000) - 1);
    const late = await curveBuy(alice, router, curveToken, 10n * SUN_PER_TRX, 0n, past);
    expect(late.reason).toBe('Router: deadline passed');
    const sell = await call(alice, router, 'sell(address,uint256,uint256,uint256,uint256)', [
      ['address', curveToken],
      ['uint256', '1000'],
      ['uint256', '0'],
      ['uint256', '100'],
      ['uint256', past],
    ]);
    expect(sell.reason).toBe('Router: deadline passed');
  });
});

describe('energy', () => {
  it("a first-time holder's curve buy costs at most 81,000 energy through version 2, less than through version 1; a DEX buy less too", async () => {
    const v1 = await deploy(operator, 'FeeRouter', [treasury, 100, LP, V2]);
    const v2 = await deploy(operator, ROUTER_CONTRACT, [treasury, 100, LP, V2]);
    // the treasury's account exists on both (version 1 pays it in the trade; creating it costs more)
    await faucet(url, treasury, 1);
    const first = async (buy: (who: Who) => Promise<{ ok: boolean; energy: number }>) => {
      const who = await account(1_000);
      const r = await buy(who);
      expect(r.ok).toBe(true);
      return r.energy;
    };
    const curveV1 = await first((w) => v1CurveBuy(w, v1, curveToken, 50n * SUN_PER_TRX));
    const curveV2 = await first((w) => curveBuy(w, v2, curveToken, 50n * SUN_PER_TRX));
    const dexV1 = await first((w) => dexBuy(w, v1, launched, 50n * SUN_PER_TRX, 1n));
    const dexV2 = await first((w) => dexBuy(w, v2, launched, 50n * SUN_PER_TRX, 1n));
    expect(curveV2).toBeLessThanOrEqual(81_000);
    expect(curveV2).toBeLessThan(curveV1);
    expect(dexV2).toBeLessThan(dexV1);
  });
});
