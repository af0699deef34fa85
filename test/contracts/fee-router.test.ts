// The fee router contract itself (contracts/FeeRouterV2.sol, as compiled into contracts/build), run
// on the devnet's EVM and driven only through real TronWeb, as an operator and traders would on
// mainnet: deployment with contract().new(), what the node shows of it, the fee and its cap, the
// fees kept and withdrawn to the treasury, the owner's settings, a sell without approval, a buy whose
// minimum is not met, and a hostile token that calls back into the router in the middle of a trade.
// What version 1 got wrong is in router-findings.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ROUTER_CONTRACT, contractBuild, isBuildOf } from '../../src/contracts/fee-router.js';
import { DEX, FAMILIES } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { LAUNCHPAD_ABI, TRC20_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { decodeRevert } from '../../src/tron/codec.js';
import { DEFAULT_FEES, DEFAULT_MINT_FEE, quoteBuy, type Pool } from '../../src/tron/market/index.js';
import { MAX_UINT256, SUN_PER_TRX } from '../../src/tron/units.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const V2 = TronWeb.address.fromHex(DEX.router);
const FEE_LIMIT = 1_000 * 1_000_000;
const ROUTER_BUILD = contractBuild(ROUTER_CONTRACT);
/** A deadline far ahead (2100-01-01, block seconds). */
const FAR = '4102444800';

type Who = { privateKey: string; address: string; tw: TronWeb };
type Info = {
  fee?: number;
  contract_address?: string;
  contractResult?: string[];
  receipt?: { result?: string };
};

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;
let operator: Who;
let alice: Who;
let mallory: Who;
let treasury: string;
let router: string; // base58
let token: string; // base58

async function account(trx: number): Promise<Who> {
  const acc = await TronWeb.createAccount();
  if (trx > 0) await faucet(url, acc.address.base58, trx);
  return { privateKey: acc.privateKey, address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

/** Builds, signs and broadcasts a call; the block is made at once (blocks on demand). */
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
  const reason = info.receipt?.result === 'SUCCESS' ? null : decodeRevert(info.contractResult?.[0] ?? '');
  return { info, ok: info.receipt?.result === 'SUCCESS', reason, fee: BigInt(info.fee ?? 0) };
}

/** Sends a CreateSmartContract as TronWeb builds it; the receipt and the address TronWeb computed. */
async function deploy(who: Who, build: { abi: unknown[]; bytecode: string }, parameters: unknown[]) {
  const tx = await who.tw.transactionBuilder.createSmartContract(
    { abi: build.abi as never, bytecode: build.bytecode, parameters, feeLimit: FEE_LIMIT },
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(tx));
  expect(sent.result).toBe(true);
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Info;
  return { info, address: TronWeb.address.fromHex((tx as unknown as { contract_address: string }).contract_address) };
}

const view = async (name: string): Promise<unknown> => {
  const out = await tw.transactionBuilder.triggerConstantContract(router, `${name}()`, {}, [], router);
  return (out.constant_result as string[])[0];
};
const addressView = async (name: string) => TronWeb.address.fromHex('41' + String(await view(name)).slice(24));
const uintView = async (name: string) => BigInt('0x' + String(await view(name)));
const balance = async (address: string) => BigInt(await tw.trx.getBalance(address));
const tokenBalance = async (t: string, holder: string) =>
  big(await contractMethods(tw, TRC20_ABI, t).balanceOf!(holder).call({ from: holder }));

async function pool(t: string): Promise<Pool> {
  const r = (await contractMethods(tw, LAUNCHPAD_ABI, LP).virtualPools!(t).call({ from: LP })) as unknown[];
  return { trxReserve: big(r[0]), tokenReserve: big(r[1]) };
}

const buy = (who: Who, paid: bigint, feeBps: bigint, amountMin = 0n) =>
  call(
    who,
    router,
    'buy(address,uint256,uint256,uint256)',
    [
      ['address', token],
      ['uint256', amountMin.toString()],
      ['uint256', feeBps.toString()],
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
  mallory = await account(10_000);
  treasury = (await account(0)).address;
  const created = await call(
    alice,
    LP,
    'createAndInitPurchase(string,string)',
    [
      ['string', 'Router Test'],
      ['string', 'RTT'],
    ],
    120n * SUN_PER_TRX,
  );
  expect(created.ok).toBe(true);
  const launchpad = contractMethods(tw, LAUNCHPAD_ABI, LP);
  const count = Number(big(await launchpad.tokenCount!().call({ from: LP })));
  token = TronWeb.address.fromHex('41' + String(await launchpad.tokenAddress!(count - 1).call({ from: LP })).slice(2));
});

afterAll(async () => {
  await devnet?.close();
});

describe('deploying the fee router', () => {
  it("deploys with TronWeb's contract().new(); the node shows its code and ABI, and its settings read back", async () => {
    // TronWeb's Contract type does not resolve for the linter; its new() is what is called here
    const factory = operator.tw.contract() as unknown as { new: (o: object) => Promise<{ address: unknown }> };
    const contract = await factory.new({
      abi: ROUTER_BUILD.abi as never,
      bytecode: ROUTER_BUILD.bytecode,
      parameters: [treasury, 100, LP, V2],
      feeLimit: FEE_LIMIT,
    });
    router = TronWeb.address.fromHex(contract.address as string);
    const onNode = (await tw.trx.getContract(router)) as unknown as Record<string, unknown>;
    expect(onNode.contract_address).toBe(TronWeb.address.toHex(router).toLowerCase());
    expect(onNode.origin_address).toBe(TronWeb.address.toHex(operator.address).toLowerCase());
    expect(String(onNode.bytecode).startsWith(ROUTER_BUILD.bytecode)).toBe(true);
    expect((onNode.abi as { entrys: unknown[] }).entrys).toEqual(ROUTER_BUILD.abi);
    const info = (await tw.trx.getContractInfo(router)) as unknown as { runtimecode: string };
    expect(isBuildOf(info.runtimecode, ROUTER_BUILD)).toBe(true);
    expect(isBuildOf(info.runtimecode, contractBuild('FeeRouter'))).toBe(false);

    expect(await addressView('owner')).toBe(operator.address);
    expect(await addressView('pendingOwner')).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    expect(await addressView('treasury')).toBe(treasury);
    expect(await addressView('launchpad')).toBe(LP);
    expect(await addressView('v2Router')).toBe(V2);
    expect(await uintView('maxFeeBps')).toBe(100n);
    expect(await uintView('FEE_CAP_BPS')).toBe(1000n);
  });

  it('refuses a fee cap above 10 % or no treasury at deployment, and keeps only the fees', async () => {
    const before = await balance(operator.address);
    const high = await deploy(operator, ROUTER_BUILD, [treasury, 1001, LP, V2]);
    expect(high.info.receipt?.result).toBe('REVERT');
    expect(decodeRevert(high.info.contractResult![0]!)).toBe('Router: fee cap above 10%');
    expect(await tw.trx.getContract(high.address).catch(() => ({}))).not.toHaveProperty('bytecode');
    const noTreasury = await deploy(operator, ROUTER_BUILD, ['T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', 100, LP, V2]);
    expect(decodeRevert(noTreasury.info.contractResult![0]!)).toBe('Router: treasury is the zero address');
    expect(await balance(operator.address)).toBe(before - BigInt(high.info.fee!) - BigInt(noTreasury.info.fee!));
  });
});

describe('trading through it', () => {
  it('keeps the fee for the treasury, exact to the sun, and holds nothing else after the trade', async () => {
    const paid = 500n * SUN_PER_TRX;
    const fee = (paid * 100n) / 10_000n;
    const quote = quoteBuy(await pool(token), paid - fee, DEFAULT_FEES);
    const before = await balance(alice.address);
    const r = await buy(alice, paid, 100n, quote.tokenOut);
    expect(r.ok).toBe(true);
    expect(await balance(treasury)).toBe(0n);
    expect(await balance(alice.address)).toBe(before - paid - r.fee);
    expect(await balance(router)).toBe(fee);
    expect(await uintView('accruedFees')).toBe(fee);
    expect(await tokenBalance(token, router)).toBe(0n);
  });

  it('pays the accrued fees to the treasury when anyone asks, and to no one else', async () => {
    const kept = await balance(router);
    const before = await balance(mallory.address);
    const r = await call(mallory, router, 'withdrawFees()', []);
    expect(r.ok).toBe(true);
    expect(await balance(treasury)).toBe(kept);
    expect(await balance(router)).toBe(0n);
    expect(await balance(mallory.address)).toBe(before - r.fee);
    const events = await tw.event.getEventsByTransactionID((r.info as { id: string }).id);
    expect(events.data!.find((e) => e.event_name === 'FeesWithdrawn')?.result).toMatchObject({
      amount: kept.toString(),
    });
    expect((await call(mallory, router, 'withdrawFees()', [])).reason).toBe('Router: no fees to withdraw');
  });

  it('refuses a fee above its maximum, with the maximum in the reason', async () => {
    const r = await buy(alice, 10n * SUN_PER_TRX, 101n);
    expect(r.ok).toBe(false);
    expect(r.reason).toBe('Router: feeBps above maximum 100');
  });

  it("reverts a buy whose minimum out is not met with the launchpad's reason; the user keeps all but the network fee", async () => {
    const paid = 50n * SUN_PER_TRX;
    const fee = (paid * 100n) / 10_000n;
    const p = await pool(token);
    const quote = quoteBuy(p, paid - fee, DEFAULT_FEES);
    const [trxBefore, tokensBefore, keptBefore] = [
      await balance(alice.address),
      await tokenBalance(token, alice.address),
      await balance(router),
    ];
    const r = await buy(alice, paid, 100n, quote.tokenOut + 1n);
    expect(r.reason).toBe(`Launchpad: slippage, tokens out ${quote.tokenOut} below AmountMin ${quote.tokenOut + 1n}`);
    expect(await balance(alice.address)).toBe(trxBefore - r.fee);
    expect(await tokenBalance(token, alice.address)).toBe(tokensBefore);
    expect(await balance(router)).toBe(keptBefore);
    expect(await pool(token)).toEqual(p);
  });

  it("refuses a sell without approval, and nobody can sell another holder's approved tokens", async () => {
    const held = await tokenBalance(token, alice.address);
    const sell = (who: Who, amount: bigint) =>
      call(who, router, 'sell(address,uint256,uint256,uint256,uint256)', [
        ['address', token],
        ['uint256', amount.toString()],
        ['uint256', '0'],
        ['uint256', '0'],
        ['uint256', FAR],
      ]);
    const unapproved = await sell(alice, held / 2n);
    expect(unapproved.reason).toBe('TRC20: insufficient allowance');
    const approved = await call(alice, token, 'approve(address,uint256)', [
      ['address', router],
      ['uint256', MAX_UINT256.toString()],
    ]);
    expect(approved.ok).toBe(true);
    // the router only ever takes from the caller: Mallory's call moves Mallory's tokens (none)
    const stolen = await sell(mallory, held / 2n);
    expect(stolen.ok).toBe(false);
    expect(await tokenBalance(token, alice.address)).toBe(held);
    const sold = await sell(alice, held / 2n);
    expect(sold.ok).toBe(true);
    expect(await tokenBalance(token, alice.address)).toBe(held - held / 2n);
    expect(await tokenBalance(token, router)).toBe(0n);
  });

  it('refuses a hostile token that calls back into the router in the middle of a trade', async () => {
    const hostile = await deploy(alice, contractBuild('HostileToken'), [router]);
    expect(hostile.info.receipt?.result).toBe('SUCCESS');
    const h = hostile.address;
    expect(
      (
        await call(alice, h, 'approve(address,uint256)', [
          ['address', router],
          ['uint256', MAX_UINT256.toString()],
        ])
      ).ok,
    ).toBe(true);
    const before = await tokenBalance(h, alice.address);
    const r = await call(alice, router, 'sell(address,uint256,uint256,uint256,uint256)', [
      ['address', h],
      ['uint256', '1000'],
      ['uint256', '0'],
      ['uint256', '0'],
      ['uint256', FAR],
    ]);
    expect(r.reason).toBe('Router: reentrant call');
    expect(await tokenBalance(h, alice.address)).toBe(before);
    expect(await tokenBalance(h, router)).toBe(0n);
  });

  it('passes on the refund of a buy that fills the curve with its share of the fee, exact to the sun', async () => {
    // the refund comes back from the native launchpad into the router's receive(), after the
    // launchpad paid its own fee out of the same balance: an account the EVM remembered from before
    // the launchpad ran would pass on the wrong amount or leave the launchpad the wrong balance
    const whale = await account(400_000);
    const made = await call(
      whale,
      LP,
      'createAndInitPurchase(string,string)',
      [
        ['string', 'Fill Test'],
        ['string', 'FILL'],
      ],
      DEFAULT_MINT_FEE,
    );
    expect(made.ok).toBe(true);
    const launchpad = contractMethods(tw, LAUNCHPAD_ABI, LP);
    const count = Number(big(await launchpad.tokenCount!().call({ from: LP })));
    const fresh = TronWeb.address.fromHex(
      '41' + String(await launchpad.tokenAddress!(count - 1).call({ from: LP })).slice(2),
    );
    const paid = 300_000n * SUN_PER_TRX;
    const fee = (paid * 100n) / 10_000n;
    const q = quoteBuy(await pool(fresh), paid - fee, DEFAULT_FEES);
    expect(q.fills).toBe(true);
    expect(q.refund).toBeGreaterThan(0n);
    // the fee on what the curve used, written out: 1 % of the payment, less the refund's share
    const spend = paid - fee;
    const used = spend - q.refund;
    const kept = (fee * used) / spend;
    const back = q.refund + (fee - kept);
    expect(kept).toBeLessThan(fee);
    // about 1 % of what the trade cost the user (used + kept), not 1 % of what was sent
    expect((kept * 10_000n) / (used + kept)).toBe(99n);
    const [trxBefore, keptBefore, curveBefore] = [
      await balance(whale.address),
      await balance(router),
      await balance(LP),
    ];
    const r = await call(
      whale,
      router,
      'buy(address,uint256,uint256,uint256)',
      [
        ['address', fresh],
        ['uint256', q.tokenOut.toString()],
        ['uint256', '100'],
        ['uint256', FAR],
      ],
      paid,
    );
    expect(r.ok).toBe(true);
    expect(await balance(whale.address)).toBe(trxBefore - paid + back - r.fee);
    expect(await tokenBalance(fresh, whale.address)).toBe(q.tokenOut);
    expect(await balance(router)).toBe(keptBefore + kept);
    // the launchpad keeps what the curve took (its own fee went on to its fee recipient)
    expect(await balance(LP)).toBe(curveBefore + q.trxIn);
    expect(await tokenBalance(fresh, router)).toBe(0n);
    const events = await tw.event.getEventsByTransactionID((r.info as { id: string }).id);
    const routerBuy = events.data!.find((e) => e.event_name === 'RouterBuy');
    expect(routerBuy?.result).toMatchObject({
      trxIn: (paid - back).toString(),
      fee: kept.toString(),
      tokenOut: q.tokenOut.toString(),
    });
  });
});

describe('TRC20 return conventions', () => {
  const sell = (t: string) =>
    call(alice, router, 'sell(address,uint256,uint256,uint256,uint256)', [
      ['address', t],
      ['uint256', '1000'],
      ['uint256', '0'],
      ['uint256', '0'],
      ['uint256', FAR],
    ]);
  const approved = async (build: string) => {
    const token = (await deploy(alice, contractBuild(build), [])).address;
    const ok = await call(alice, token, 'approve(address,uint256)', [
      ['address', router],
      ['uint256', MAX_UINT256.toString()],
    ]);
    expect(ok.ok).toBe(true);
    return token;
  };

  it('takes a token that answers nothing (as older TRC20s do) and refuses one that answers false', async () => {
    // the pull and the approval answer nothing and pass; then the launchpad, which only trades its
    // own tokens, refuses the sale, and the whole call is undone
    const quiet = await approved('QuietToken');
    const before = await tokenBalance(quiet, alice.address);
    expect((await sell(quiet)).reason).toBe('Launchpad: token does not exist');
    expect(await tokenBalance(quiet, alice.address)).toBe(before);
    // false is a failure, not a success without a revert
    const falsy = await approved('FalseToken');
    expect((await sell(falsy)).reason).toBe('Router: token call failed');
  });
});

describe("the owner's settings", () => {
  it('are refused to anyone but the owner', async () => {
    for (const [selector, params] of [
      ['setTreasury(address)', [['address', mallory.address]]],
      ['setMaxFeeBps(uint256)', [['uint256', '1000']]],
      ['transferOwnership(address)', [['address', mallory.address]]],
    ] as Array<[string, Array<[string, unknown]>]>) {
      const r = await call(mallory, router, selector, params);
      expect(r.reason, selector).toBe('Router: caller is not the owner');
    }
    expect(await addressView('treasury')).toBe(treasury);
    expect(await addressView('owner')).toBe(operator.address);
  });

  it('move future withdrawals to a new treasury and the maximum up to the 10 % cap, never past it', async () => {
    const next = (await account(0)).address;
    const moved = await call(operator, router, 'setTreasury(address)', [['address', next]]);
    expect(moved.ok).toBe(true);
    const events = await tw.event.getEventsByTransactionID((moved.info as { id: string }).id);
    // the event carries the old value and the new one
    expect(events.data!.find((e) => e.event_name === 'TreasuryChanged')?.result).toMatchObject({
      previousTreasury: TronWeb.address.toHex(treasury).replace(/^41/, '0x').toLowerCase(),
      treasury: TronWeb.address.toHex(next).replace(/^41/, '0x').toLowerCase(),
    });
    const cap = await call(operator, router, 'setMaxFeeBps(uint256)', [['uint256', '1001']]);
    expect(cap.reason).toBe('Router: fee cap above 10%');
    expect((await call(operator, router, 'setMaxFeeBps(uint256)', [['uint256', '1000']])).ok).toBe(true);
    const paid = 100n * SUN_PER_TRX;
    const oldTreasury = await balance(treasury);
    const keptBefore = await balance(router);
    expect((await buy(alice, paid, 1000n)).ok).toBe(true);
    expect(await balance(router)).toBe(keptBefore + paid / 10n);
    expect((await call(mallory, router, 'withdrawFees()', [])).ok).toBe(true);
    expect(await balance(next)).toBe(keptBefore + paid / 10n);
    expect(await balance(treasury)).toBe(oldTreasury);
  });

  it('pass to a new owner only when it accepts, and the old one loses them then', async () => {
    expect((await call(operator, router, 'transferOwnership(address)', [['address', alice.address]])).ok).toBe(true);
    // named, not yet the owner: the old owner still is
    expect(await addressView('pendingOwner')).toBe(alice.address);
    expect(await addressView('owner')).toBe(operator.address);
    expect((await call(alice, router, 'setMaxFeeBps(uint256)', [['uint256', '0']])).reason).toBe(
      'Router: caller is not the owner',
    );
    // nobody else can take the pending place
    expect((await call(mallory, router, 'acceptOwnership()', [])).reason).toBe(
      'Router: caller is not the pending owner',
    );
    expect((await call(alice, router, 'acceptOwnership()', [])).ok).toBe(true);
    expect(await addressView('owner')).toBe(alice.address);
    expect(await addressView('pendingOwner')).toBe('T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb');
    const r = await call(operator, router, 'setMaxFeeBps(uint256)', [['uint256', '0']]);
    expect(r.reason).toBe('Router: caller is not the owner');
    expect((await call(alice, router, 'setMaxFeeBps(uint256)', [['uint256', '0']])).ok).toBe(true);
    expect((await buy(alice, 10n * SUN_PER_TRX, 1n)).reason).toBe('Router: feeBps above maximum 0');
  });
});

describe('a restart of the node', () => {
  it('keeps the deployed contracts, their storage and their code, and they still trade', async () => {
    await devnet.close();
    devnet = await startTestDevnet({ dir: devnet.dir });
    url = devnet.url;
    tw = tronWebFor(url);
    alice.tw = tronWebFor(url, alice.privateKey);
    const info = (await tw.trx.getContractInfo(router)) as unknown as { runtimecode: string };
    expect(isBuildOf(info.runtimecode, ROUTER_BUILD)).toBe(true);
    expect(await addressView('owner')).toBe(alice.address);
    expect(await uintView('maxFeeBps')).toBe(0n);
    const before = await tokenBalance(token, alice.address);
    expect((await buy(alice, 10n * SUN_PER_TRX, 0n)).ok).toBe(true);
    expect(await tokenBalance(token, alice.address)).toBeGreaterThan(before);
  });
});
