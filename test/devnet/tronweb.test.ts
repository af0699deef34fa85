// Drives the embedded devnet only through real TronWeb and plain HTTP, as a client on mainnet would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb, utils } from 'tronweb';
import {
  LAUNCHPAD_ABI,
  ROUTER_ABI,
  TRC20_ABI,
  V2_FACTORY_ABI,
  V2_PAIR_ABI,
  V2_ROUTER_ABI,
} from '../../src/tron/abi.js';
import { sqrt } from '../../src/tron/market/index.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { decodeRevert } from '../../src/tron/codec.js';
import { DEFAULT_FEES, TOTAL_SALE, TOTAL_SUPPLY, quoteBuy, quoteSell, type Pool } from '../../src/tron/market/index.js';
import { MAX_UINT256, ONE_TOKEN, SUN_PER_TRX } from '../../src/tron/units.js';
import { FAMILIES, LAUNCH_FEE_SUN, TREASURY } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const TREASURY_B58 = TronWeb.address.fromHex(TREASURY.address);
const FEE_LIMIT = 150 * 1_000_000;

type Info = {
  id?: string;
  fee?: number;
  blockNumber?: number;
  contractResult?: string[];
  receipt?: { result?: string; energy_usage_total?: number; net_fee?: number; energy_fee?: number };
  result?: string;
  resMessage?: string;
  log?: Array<{ address: string; topics: string[]; data: string }>;
};

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb; // read-only client
let alice: { privateKey: string; address: string; tw: TronWeb };
let bob: { privateKey: string; address: string; tw: TronWeb };
let token: string; // base58

async function account(trx: number) {
  const acc = await TronWeb.createAccount();
  await faucet(url, acc.address.base58, trx);
  return { privateKey: acc.privateKey, address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

/** Builds with triggerSmartContract, signs with trx.sign, broadcasts with sendRawTransaction. */
async function call(
  who: { tw: TronWeb; address: string },
  contract: string,
  selector: string,
  params: Array<{ type: string; value: unknown }>,
  opts: { callValue?: bigint; feeLimit?: number } = {},
) {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    contract,
    selector,
    { feeLimit: opts.feeLimit ?? FEE_LIMIT, callValue: Number(opts.callValue ?? 0n) },
    params,
    who.address,
  );
  expect(built.result.result).toBe(true);
  const signed = await who.tw.trx.sign(built.transaction);
  const sent = await who.tw.trx.sendRawTransaction(signed);
  if (!sent.result)
    throw new Error(`broadcast refused: ${sent.code} ${Buffer.from(String(sent.message), 'hex').toString()}`);
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Info;
  return { txid: sent.txid, info, signed };
}

async function balance(address: string): Promise<bigint> {
  return BigInt(await tw.trx.getBalance(address));
}

async function tokenBalance(tokenAddr: string, holder: string): Promise<bigint> {
  return big(await contractMethods(tw, TRC20_ABI, tokenAddr).balanceOf!(holder).call({ from: holder }));
}

async function pool(tokenAddr: string): Promise<Pool & { launched: boolean }> {
  const r = (await contractMethods(tw, LAUNCHPAD_ABI, LP).virtualPools!(tokenAddr).call({ from: LP })) as unknown[];
  return { trxReserve: big(r[0]), tokenReserve: big(r[1]), launched: Boolean(r[2]) };
}

async function tokenState(tokenAddr: string): Promise<number> {
  return Number(big(await contractMethods(tw, LAUNCHPAD_ABI, LP).getTokenState!(tokenAddr).call({ from: LP })));
}

beforeAll(async () => {
  devnet = await startTestDevnet();
  url = devnet.url;
  tw = tronWebFor(url);
  tw.setAddress(LP);
  alice = await account(500_000);
  bob = await account(10_000);
});

afterAll(async () => {
  await devnet?.close();
});

describe('accounts and TRX', () => {
  it('answers the health check and isConnected', async () => {
    const res = await fetch(`${url}/healthcheck`);
    expect(res.status).toBe(200);
    const conn = await tw.isConnected();
    expect(conn.fullNode).toBe(true);
    expect(conn.eventServer).toBe(true);
  });

  it('funds a new account from the faucet and reads the balance with trx.getBalance', async () => {
    const acc = await TronWeb.createAccount();
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(0);
    const txid = await faucet(url, acc.address.base58, '12.345678');
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(12_345_678);
    const info = (await tw.trx.getTransactionInfo(txid)) as Info;
    expect(Number.isInteger(info.blockNumber)).toBe(true);
    const unknown = await tw.trx.getAccount((await TronWeb.createAccount()).address.base58);
    expect(unknown).toEqual({});
  });

  it('sends TRX with trx.sendTransaction and charges bandwidth (and account creation) exactly', async () => {
    const fresh = (await TronWeb.createAccount()).address.base58;
    const before = await balance(bob.address);
    const res = await bob.tw.trx.sendTransaction(fresh, 2_000_000);
    expect(res.result).toBe(true);
    const info = (await tw.trx.getTransactionInfo(res.txid)) as Info;
    expect(info.fee).toBeGreaterThan(1_000_000); // 1 TRX for the new account plus bandwidth
    // java-tron's ResourceReceipt has no field of its own for the account-creation fee
    expect(Object.keys(info.receipt ?? {})).toEqual(['net_fee']);
    expect(await balance(fresh)).toBe(2_000_000n);
    expect(await balance(bob.address)).toBe(before - 2_000_000n - BigInt(info.fee!));
    const tx = await tw.trx.getTransaction(res.txid);
    expect(tx.ret?.[0]?.contractRet).toBe('SUCCESS');
  });

  it('rejects faucet requests with bad input', async () => {
    const bad = async (body: unknown) =>
      (
        await fetch(`${url}/devnet/faucet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    expect(await bad({ address: 'nope', amountTrx: 1 })).toBe(400);
    expect(await bad({ address: bob.address, amountTrx: -1 })).toBe(400);
    expect(await bad({ address: bob.address, amountTrx: '0.0000001' })).toBe(400);
    expect(await bad({ address: bob.address, amountTrx: 1e12 })).toBe(400);
  });
});

describe('launchpad through TronWeb', () => {
  it('creates a token with a first buy and emits TokenCreate', async () => {
    const paid = 20n * SUN_PER_TRX + 100n * SUN_PER_TRX;
    const before = await balance(alice.address);
    const { txid, info } = await call(
      alice,
      LP,
      'createAndInitPurchase(string,string)',
      [
        { type: 'string', value: 'Test Coin' },
        { type: 'string', value: 'TEST' },
      ],
      { callValue: paid },
    );
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(info.fee).toBeGreaterThan(0);
    expect(await balance(alice.address)).toBe(before - paid - BigInt(info.fee!));

    const events = await tw.event.getEventsByContractAddress(LP, {
      eventName: 'TokenCreate',
      orderBy: 'block_timestamp,desc',
      limit: 1,
    });
    const ev = events.data![0]!;
    expect(ev.transaction_id).toBe(txid);
    expect(ev.result.creator).toBe('0x' + TronWeb.address.toHex(alice.address).slice(2).toLowerCase());
    token = TronWeb.address.fromHex('41' + String(ev.result.tokenAddress).slice(2));

    const c = contractMethods(tw, TRC20_ABI, token);
    expect(await c.name!().call()).toBe('Test Coin');
    expect(await c.symbol!().call()).toBe('TEST');
    expect(Number(await c.decimals!().call())).toBe(18);
    expect(big(await c.totalSupply!().call())).toBe(TOTAL_SUPPLY);
    expect(await tokenState(token)).toBe(1);
    // the creator's first buy: 100 TRX on a fresh curve
    expect(await tokenBalance(token, alice.address)).toBe(3018034701843357360608564n);
  });

  it('buys through the router: exact tokens, router fee to the treasury, events and receipt', async () => {
    const p = await pool(token);
    const paid = 1_000n * SUN_PER_TRX;
    const feeBps = 50n;
    const routerFee = (paid * feeBps) / 10_000n;
    const quote = quoteBuy(p, paid - routerFee, DEFAULT_FEES);
    const trxBefore = await balance(bob.address);
    const [treasuryBefore, keptBefore] = [await balance(TREASURY_B58), await balance(ROUTER)];
    const { txid, info } = await call(
      bob,
      ROUTER,
      'buy(address,uint256,uint256,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: quote.tokenOut.toString() },
        { type: 'uint256', value: feeBps.toString() },
        { type: 'uint256', value: '4102444800' },
      ],
      { callValue: paid },
    );
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(info.receipt?.energy_usage_total).toBeGreaterThan(10_000);
    // the router is sponsored (genesis): its origin's stake pays all the energy, the free bandwidth the bytes
    expect((info.receipt as { origin_energy_usage?: number }).origin_energy_usage).toBe(
      info.receipt?.energy_usage_total,
    );
    expect(info.receipt?.energy_fee ?? 0).toBe(0);
    expect(info.fee ?? 0).toBe(0);
    expect(await tokenBalance(token, bob.address)).toBe(quote.tokenOut);
    expect(await balance(bob.address)).toBe(trxBefore - paid - BigInt(info.fee!));
    // the fee stays in the router until withdrawFees pays it to the treasury (version 2)
    expect(await balance(ROUTER)).toBe(keptBefore + routerFee);
    expect(await balance(TREASURY_B58)).toBe(treasuryBefore);
    expect(await pool(token)).toMatchObject(quote.after);

    const evs = await tw.event.getEventsByTransactionID(txid);
    const names = evs.data!.map(
      (e) => `${e.contract_address === token ? 'token' : e.contract_address === LP ? 'lp' : 'router'}:${e.event_name}`,
    );
    expect(names).toEqual(['token:Transfer', 'lp:TokenPurchased', 'token:Transfer', 'router:RouterBuy']);
    const purchased = evs.data![1]!.result;
    expect(purchased.buyer).toBe('0x' + TronWeb.address.toHex(ROUTER).slice(2).toLowerCase());
    expect(purchased.trxAmount).toBe(quote.trxIn.toString());
    expect(purchased.fee).toBe(quote.fee.toString());
    expect(purchased.tokenAmount).toBe(quote.tokenOut.toString());
    expect(purchased.tokenReserve).toBe(quote.after.tokenReserve.toString());
    expect(info.log).toHaveLength(4);
  });

  it('reverts a buy whose slippage guard is not met, keeps the state, still charges the fee', async () => {
    const p = await pool(token);
    const paid = 100n * SUN_PER_TRX;
    const quote = quoteBuy(p, paid, DEFAULT_FEES);
    const trxBefore = await balance(bob.address);
    const tokensBefore = await tokenBalance(token, bob.address);
    const { info } = await call(
      bob,
      LP,
      'purchaseToken(address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: (quote.tokenOut + 1n).toString() },
      ],
      { callValue: paid },
    );
    expect(info.result).toBe('FAILED');
    expect(info.receipt?.result).toBe('REVERT');
    expect(decodeRevert(info.contractResult![0]!)).toMatch(/slippage/);
    expect(TronWeb.toUtf8(info.resMessage!)).toBe('REVERT opcode executed');
    expect(info.fee).toBeGreaterThan(0);
    expect(await balance(bob.address)).toBe(trxBefore - BigInt(info.fee!));
    expect(await tokenBalance(token, bob.address)).toBe(tokensBefore);
    expect(await pool(token)).toMatchObject(p);
  });

  it('fails with OUT_OF_ENERGY when the fee limit is too low and burns the whole limit', async () => {
    const trxBefore = await balance(bob.address);
    const { info } = await call(
      bob,
      LP,
      'purchaseToken(address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
      ],
      { callValue: 10n * SUN_PER_TRX, feeLimit: 100_000 },
    );
    expect(info.result).toBe('FAILED');
    expect(info.receipt?.result).toBe('OUT_OF_ENERGY');
    expect(info.receipt?.energy_fee).toBe(100_000);
    expect(await balance(bob.address)).toBe(trxBefore - BigInt(info.fee!));
    expect(BigInt(info.fee!)).toBe(100_000n + BigInt(info.receipt!.net_fee!));
  });

  it('approves the router and sells half through it, with exact TRX out', async () => {
    const { info: approveInfo } = await call(bob, token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    expect(approveInfo.receipt?.result).toBe('SUCCESS');
    const c = contractMethods(tw, TRC20_ABI, token);
    expect(big(await c.allowance!(bob.address, ROUTER).call())).toBe(MAX_UINT256);

    const held = await tokenBalance(token, bob.address);
    const amount = held / 2n;
    const p = await pool(token);
    const q = quoteSell(p, amount, DEFAULT_FEES);
    const feeBps = 50n;
    const routerFee = (q.trxOut * feeBps) / 10_000n;
    const trxBefore = await balance(bob.address);
    const [treasuryBefore, keptBefore] = [await balance(TREASURY_B58), await balance(ROUTER)];
    const { info } = await call(bob, ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: amount.toString() },
      { type: 'uint256', value: (q.trxOut - routerFee).toString() },
      { type: 'uint256', value: feeBps.toString() },
      { type: 'uint256', value: '4102444800' },
    ]);
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(await tokenBalance(token, bob.address)).toBe(held - amount);
    expect(await balance(bob.address)).toBe(trxBefore + q.trxOut - routerFee - BigInt(info.fee!));
    expect(await balance(ROUTER)).toBe(keptBefore + routerFee);
    expect(await balance(TREASURY_B58)).toBe(treasuryBefore);
    expect(await pool(token)).toMatchObject(q.after);
  });

  it('reverts a sell without allowance with a clear reason', async () => {
    const { info } = await call(alice, ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: ONE_TOKEN.toString() },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '0' },
      { type: 'uint256', value: '4102444800' },
    ]);
    expect(info.receipt?.result).toBe('REVERT');
    expect(decodeRevert(info.contractResult![0]!)).toBe('TRC20: insufficient allowance');
  });

  it('quotes with the launchpad views exactly as the shared curve maths', async () => {
    const p = await pool(token);
    const lp = contractMethods(tw, LAUNCHPAD_ABI, LP);
    const r = (await lp.getTokenAmountByPurchaseWithFee!(token, 5_000_000_000).call()) as unknown[];
    const q = quoteBuy(p, 5_000_000_000n, DEFAULT_FEES);
    expect(big(r[0])).toBe(q.tokenOut);
    expect(big(r[1])).toBe(q.fee);
    expect(Number(big(await lp.purchaseFee!().call()))).toBe(100);
    const router = contractMethods(tw, ROUTER_ABI, ROUTER);
    expect(TronWeb.address.fromHex('41' + String(await router.treasury!().call()).slice(2))).toBe(TREASURY_B58);
  });
});

describe('broadcast refusals', () => {
  it('refuses a transaction signed by the wrong key (SIGERROR)', async () => {
    const built = await bob.tw.transactionBuilder.sendTrx(alice.address, 1_000_000, bob.address);
    const forged = utils.crypto.signTransaction(alice.privateKey, built); // alice signs bob's transfer
    const res = await tw.trx.sendRawTransaction(forged);
    expect(res.result).toBeFalsy();
    expect(res.code).toBe('SIGERROR');
    // java-tron's words: the signature, who signed it, and the permission it is not part of
    expect(TronWeb.toUtf8(res.message)).toBe(
      `Validate signature error: ${String(forged.signature[0]).toLowerCase()} is signed by ${alice.address} but it is not contained of permission.`,
    );
  });

  it('refuses the same signed transaction twice (DUP_TRANSACTION_ERROR)', async () => {
    const built = await bob.tw.transactionBuilder.sendTrx(alice.address, 1_000_000, bob.address);
    const signed = await bob.tw.trx.sign(built);
    const first = await tw.trx.sendRawTransaction(signed);
    expect(first.result).toBe(true);
    const second = await tw.trx.sendRawTransaction(signed);
    expect(second.code).toBe('DUP_TRANSACTION_ERROR');
    expect(second.txid).toBe(first.txid);
  });

  it('refuses expired transactions and unknown reference blocks', async () => {
    const head = await tw.trx.getCurrentBlock();
    const number = head.block_header.raw_data.number;
    const header = {
      ref_block_bytes: number.toString(16).slice(-4).padStart(4, '0'),
      ref_block_hash: head.blockID.slice(16, 32),
      expiration: head.block_header.raw_data.timestamp - 1,
      timestamp: head.block_header.raw_data.timestamp - 60_000,
    };
    const expired = await bob.tw.trx.sign(
      await bob.tw.transactionBuilder.sendTrx(alice.address, 1_000_001, bob.address, { blockHeader: header }),
    );
    const late = await tw.trx.sendRawTransaction(expired);
    expect(late.code).toBe('TRANSACTION_EXPIRATION_ERROR');
    expect(TronWeb.toUtf8(late.message)).toBe('Transaction expired');
    const badRef = await bob.tw.trx.sign(
      await bob.tw.transactionBuilder.sendTrx(alice.address, 1_000_002, bob.address, {
        blockHeader: {
          ...header,
          ref_block_hash: 'ffffffffffffffff',
          expiration: head.block_header.raw_data.timestamp + 60_000,
        },
      }),
    );
    const tapos = await tw.trx.sendRawTransaction(badRef);
    expect(tapos.code).toBe('TAPOS_ERROR');
    expect(TronWeb.toUtf8(tapos.message)).toBe('Tapos check error.');
  });

  it('refuses a transfer larger than the balance', async () => {
    const poor = await account(1);
    const res = await poor.tw.trx.sendTransaction(bob.address, 5_000_000);
    expect(res.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(TronWeb.toUtf8(res.message)).toMatch(/balance is not sufficient/);
  });

  it('refuses a call to an address that is not a contract when building', async () => {
    await expect(
      bob.tw.transactionBuilder.triggerSmartContract(alice.address, 'foo()', { feeLimit: FEE_LIMIT }, [], bob.address),
    ).rejects.toThrow(/^No contract or not a valid smart contract$/);
  });
});

describe('the curve fills and the token launches', () => {
  it('turns READY_TO_LAUNCH on the filling buy, refunds the excess, then launches to the DEX', async () => {
    const p = await pool(token);
    const paid = 150_000n * SUN_PER_TRX;
    const q = quoteBuy(p, paid, DEFAULT_FEES);
    expect(q.fills).toBe(true);
    const trxBefore = await balance(alice.address);
    const tokensBefore = await tokenBalance(token, alice.address);
    const { txid, info } = await call(
      alice,
      LP,
      'purchaseToken(address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
      ],
      { callValue: paid },
    );
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(await balance(alice.address)).toBe(trxBefore - q.trxIn - q.fee - BigInt(info.fee!));
    expect(await tokenBalance(token, alice.address)).toBe(tokensBefore + q.tokenOut);
    const evs = await tw.event.getEventsByTransactionID(txid);
    expect(evs.data!.map((e) => e.event_name)).toContain('LaunchPending');
    expect(await tokenState(token)).toBe(2);

    // trading on the curve is closed now
    const { info: late } = await call(
      bob,
      LP,
      'purchaseToken(address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
      ],
      { callValue: 10n * SUN_PER_TRX },
    );
    expect(decodeRevert(late.contractResult![0]!)).toMatch(/waiting for launch/);

    const curveTrx = (await pool(token)).trxReserve - 35_000n * SUN_PER_TRX;
    const { txid: launchTx, info: launchInfo } = await call(bob, LP, 'launchToDEX(address)', [
      { type: 'address', value: token },
    ]);
    expect(launchInfo.receipt?.result).toBe('SUCCESS');
    expect(await tokenState(token)).toBe(3);
    expect((await pool(token)).launched).toBe(true);
    expect(await tokenBalance(token, LP)).toBe(0n);
    // the liquidity is in the token/WTRX pair the factory made, the LP tokens burned
    const v2 = TronWeb.address.fromHex(
      String(await contractMethods(tw, LAUNCHPAD_ABI, LP).v2Router!().call({ from: LP })),
    );
    const routerViews = contractMethods(tw, V2_ROUTER_ABI, v2);
    const wtrx = TronWeb.address.fromHex(String(await routerViews.WETH!().call({ from: LP })));
    const factory = TronWeb.address.fromHex(String(await routerViews.factory!().call({ from: LP })));
    const pair = TronWeb.address.fromHex(
      String(await contractMethods(tw, V2_FACTORY_ABI, factory).getPair!(token, wtrx).call({ from: LP })),
    );
    const tokensIn = TOTAL_SUPPLY - TOTAL_SALE;
    const trxIn = curveTrx - LAUNCH_FEE_SUN;
    expect(await tokenBalance(token, pair)).toBe(tokensIn);
    expect(await tokenBalance(wtrx, pair)).toBe(trxIn);
    const lp = sqrt(tokensIn * trxIn);
    expect(await tokenBalance(pair, TronWeb.address.fromHex('41' + '0'.repeat(36) + 'dead'))).toBe(lp - 1000n);
    expect(big(await contractMethods(tw, V2_PAIR_ABI, pair).totalSupply!().call({ from: LP }))).toBe(lp);
    const launched = await tw.event.getEventsByTransactionID(launchTx);
    expect(launched.data!.map((e) => e.event_name)).toEqual(
      expect.arrayContaining(['PairCreated', 'Deposit', 'Mint', 'Sync', 'TokenLaunched']),
    );
    // the launch fee went to the launchpad's vault
    expect(await tokenBalance(token, LP)).toBe(0n);
  });
});

describe('event API', () => {
  it('pages with limit and fingerprint in ascending order without gaps or repeats', async () => {
    const all = await tw.event.getEventsByContractAddress(token, { orderBy: 'block_timestamp,asc', limit: 200 });
    expect(all.data!.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let fingerprint: string | undefined;
    do {
      const page = await tw.event.getEventsByContractAddress(token, {
        orderBy: 'block_timestamp,asc',
        limit: 2,
        ...(fingerprint ? { fingerprint } : {}),
      });
      seen.push(...page.data!.map((e) => `${e.transaction_id}:${e.event_index}`));
      fingerprint = (page.meta as { fingerprint?: string }).fingerprint;
    } while (fingerprint);
    expect(seen).toEqual(all.data!.map((e) => `${e.transaction_id}:${e.event_index}`));
  });

  it('answers a bad query with success false', async () => {
    const res = await fetch(`${url}/v1/contracts/${token}/events?limit=999`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { success: boolean }).success).toBe(false);
  });
});
