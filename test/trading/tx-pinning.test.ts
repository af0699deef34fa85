// The bot signs only what it was asked to do: a transaction from the facade is read from its signed
// bytes and must be, byte for byte, the one the bot builds itself. Each hostile variant below is one
// a compromised or buggy facade could hand over; each is refused.
import { createHash } from 'node:crypto';
import { TronWeb } from 'tronweb';
import { beforeAll, describe, expect, it } from 'vitest';
import { PinError, pinTransaction, type Expected, type PinContext } from '../../src/trading/tx-pinning.js';
import { toHexAddress } from '../../src/tron/address.js';
import { buildTx, callData, rawOf, triggerTx, transferTx, type RefBlock } from '../../src/tron/tx.js';
import { MAX_UINT256 } from '../../src/tron/units.js';

const NOW = 1_790_000_000_000;
const ref: RefBlock = {
  ref_block_bytes: '00b1',
  ref_block_hash: '1122334455667788',
  expiration: NOW + 60_000,
  timestamp: NOW,
};
let owner: string;
let router: string;
let token: string;
let attacker: string;

beforeAll(async () => {
  const made = await Promise.all([1, 2, 3, 4].map(async () => (await TronWeb.createAccount()).address.base58));
  [owner, router, token, attacker] = made as [string, string, string, string];
});

const ctx = (): PinContext => ({ owner, maxFeeLimitSun: 150_000_000n, now: NOW });
const buy = (): Extract<Expected, { kind: 'trade' }> => ({
  kind: 'trade',
  side: 'buy',
  venue: 'curve',
  router,
  token,
  amountIn: 100_000_000n,
  minOut: 1_000n,
  maxFeeBps: 100n,
});
const sell = (): Extract<Expected, { kind: 'trade' }> => ({
  kind: 'trade',
  side: 'sell',
  venue: 'dex',
  router,
  token,
  amountIn: 5_000n,
  minOut: 70_000_000n,
  maxFeeBps: 100n,
});

/** What an honest facade builds for a curve buy of 100 TRX, with these overrides. */
function honestBuy(
  o: { minOut?: bigint; feeBps?: bigint; to?: string; callValue?: number; feeLimit?: number; deadline?: bigint } = {},
) {
  return triggerTx({
    owner,
    contract: o.to ?? router,
    data: callData('buy(address,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: o.minOut ?? 1_000n },
      { type: 'uint256', value: o.feeBps ?? 100n },
      { type: 'uint256', value: o.deadline ?? BigInt(NOW / 1000 + 120) },
    ]),
    callValue: o.callValue ?? 100_000_000,
    feeLimit: o.feeLimit ?? 150_000_000,
    ref,
  });
}

function honestDexSell(deadline: bigint, amount = 5_000n) {
  return triggerTx({
    owner,
    contract: router,
    data: callData('dexSell(address,uint256,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: amount },
      { type: 'uint256', value: 70_000_000n },
      { type: 'uint256', value: 100n },
      { type: 'uint256', value: deadline },
    ]),
    callValue: 0,
    feeLimit: 150_000_000,
    ref,
  });
}

/** A transaction with raw_data changed as given (bytes and txID made to match: the txID check passes). */
function tampered(raw: Record<string, unknown>) {
  const { txid, raw: bytes } = rawOf({ raw_data: raw });
  return { txID: txid, raw_data_hex: bytes.toString('hex'), raw_data: raw };
}

const refused = (tx: { txID: string; raw_data_hex: string }, e: Expected, why: RegExp) => {
  expect(() => pinTransaction(tx, e, ctx())).toThrow(PinError);
  expect(() => pinTransaction(tx, e, ctx())).toThrow(why);
};

describe('pinning a trade', () => {
  it('passes an honest curve buy and DEX sell, and gives back the bytes built here', () => {
    const tx = honestBuy();
    const mine = pinTransaction(tx, buy(), ctx());
    expect(mine.raw_data_hex).toBe(tx.raw_data_hex);
    expect(mine.txID).toBe(tx.txID);
    const deadline = BigInt(NOW / 1000 + 120);
    expect(pinTransaction(honestDexSell(deadline), sell(), ctx()).txID).toBe(honestDexSell(deadline).txID);
  });

  it("reads the bytes, not the JSON: a decoy JSON over another transaction's bytes is refused", () => {
    const tx = honestBuy();
    const theft = transferTx({ owner, to: attacker, amount: 99_000_000_000, ref });
    refused({ txID: theft.txID, raw_data_hex: theft.raw_data_hex }, buy(), /not a contract call/);
    // and bytes that do not hash to the txID
    refused({ txID: tx.txID, raw_data_hex: theft.raw_data_hex }, buy(), /id is not the hash/);
  });

  it('refuses a transfer of the whole balance, and a permission update, dressed as a buy', () => {
    refused(transferTx({ owner, to: attacker, amount: 100_000_000, ref }), buy(), /not a contract call/);
    const perms = buildTx(
      'AccountPermissionUpdateContract',
      {
        owner_address: toHexAddress(owner),
        owner: {
          type: 0,
          permission_name: 'owner',
          threshold: 1,
          keys: [{ address: toHexAddress(attacker), weight: 1 }],
        },
        actives: [],
      },
      ref,
    );
    refused(perms, buy(), /kind the bot never signs/);
    refused(perms, { kind: 'approve', token, spender: router }, /kind the bot never signs/);
  });

  it('refuses a zero or lowered minimum, a higher fee, another contract, another amount', () => {
    refused(honestBuy({ minOut: 0n }), buy(), /less than the minimum/);
    refused(honestBuy({ minOut: 999n }), buy(), /less than the minimum/);
    refused(honestBuy({ feeBps: 1_000n }), buy(), /larger router fee/);
    refused(honestBuy({ to: attacker }), buy(), /another contract than the router/);
    refused(honestBuy({ callValue: 100_000_001 }), buy(), /does not spend the amount quoted/);
    refused(honestBuy(), { ...buy(), token: attacker }, /another token or amount/);
    // a sell of more tokens than confirmed
    const deadline = BigInt(NOW / 1000 + 120);
    refused(honestDexSell(deadline, 5_001n), sell(), /another token or amount/);
    // the curve's sell function where a DEX sell was confirmed
    refused(honestBuy(), { ...buy(), venue: 'dex' }, /router's dexBuy/);
  });

  it('refuses a long expiry, a far deadline and a fee limit above the setting', () => {
    const tx = honestBuy();
    refused(tampered({ ...tx.raw_data, expiration: NOW + 24 * 3600_000 }), buy(), /expires too far ahead/);
    refused(tampered({ ...tx.raw_data, expiration: NOW - 1 }), buy(), /expired/);
    refused(honestBuy({ feeLimit: 150_000_001 }), buy(), /larger network fee/);
    refused(honestDexSell(BigInt(NOW / 1000 + 24 * 3600)), sell(), /deadline too far ahead/);
    // a curve trade's deadline too (version 2 of the router takes one), and one already past
    refused(honestBuy({ deadline: BigInt(NOW / 1000 + 24 * 3600) }), buy(), /deadline too far ahead/);
    refused(honestBuy({ deadline: BigInt(NOW / 1000 - 1) }), buy(), /deadline too far ahead/);
  });

  it('refuses a permission id, a memo and a second contract', () => {
    const raw = honestBuy().raw_data;
    const [c] = raw.contract as Array<Record<string, unknown>>;
    refused(tampered({ ...raw, contract: [{ ...c, Permission_id: 2 }] }), buy(), /must not \(5\)/);
    refused(tampered({ ...raw, data: '6d656d6f' }), buy(), /must not \(10\)/);
    // a second contract (TronWeb's encoder would drop it: the bytes are made by hand, field 11 twice)
    const contractField = rawOf({ raw_data: { contract: [c] } }).raw;
    const twice = Buffer.concat([Buffer.from(honestBuy().raw_data_hex, 'hex'), contractField]);
    refused(
      { txID: createHash('sha256').update(twice).digest('hex'), raw_data_hex: twice.toString('hex') },
      buy(),
      /exactly one contract/,
    );
  });

  it('refuses a transaction from another wallet', () => {
    const other = triggerTx({ ...honestBuyArgs(), owner: attacker });
    refused(other, buy(), /not from your wallet/);
  });
});

function honestBuyArgs() {
  return {
    owner,
    contract: router,
    data: callData('buy(address,uint256,uint256,uint256)', [
      { type: 'address', value: token },
      { type: 'uint256', value: 1_000n },
      { type: 'uint256', value: 100n },
      { type: 'uint256', value: BigInt(NOW / 1000 + 120) },
    ]),
    callValue: 100_000_000,
    feeLimit: 150_000_000,
    ref,
  };
}

describe('pinning an approval and a withdrawal', () => {
  const approveOf = (spender: string, amount: bigint, contract = token) =>
    triggerTx({
      owner,
      contract,
      data: callData('approve(address,uint256)', [
        { type: 'address', value: spender },
        { type: 'uint256', value: amount },
      ]),
      callValue: 0,
      feeLimit: 100_000_000,
      ref,
    });

  it("passes the router's approval and refuses approve(attacker, MAX)", () => {
    expect(
      pinTransaction(approveOf(router, MAX_UINT256), { kind: 'approve', token, spender: router }, ctx()).txID,
    ).toBe(approveOf(router, MAX_UINT256).txID);
    refused(
      approveOf(attacker, MAX_UINT256),
      { kind: 'approve', token, spender: router },
      /approval is not for the router/,
    );
    refused(approveOf(router, MAX_UINT256, attacker), { kind: 'approve', token, spender: router }, /another token/);
  });

  it('passes the transfer asked for and refuses another recipient or amount', () => {
    const to = { kind: 'transfer' as const, to: token, sun: 5_000_000n };
    expect(pinTransaction(transferTx({ owner, to: token, amount: 5_000_000, ref }), to, ctx()).raw_data_hex).toBe(
      transferTx({ owner, to: token, amount: 5_000_000, ref }).raw_data_hex,
    );
    refused(transferTx({ owner, to: attacker, amount: 5_000_000, ref }), to, /another address/);
    refused(transferTx({ owner, to: token, amount: 5_000_001, ref }), to, /not the amount/);
    // an approval where a withdrawal was asked for
    refused(approveOf(attacker, MAX_UINT256), to, /not a TRX transfer/);
  });
});
