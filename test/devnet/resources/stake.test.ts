// Tron's resource model on the devnet (Stake 2.0, energy and bandwidth), driven through real TronWeb
// over HTTP as a wallet would, on a devnet whose clock the test holds (blocks a millisecond apart;
// POST /devnet/advance moves it). Every figure is worked by hand below from java-tron's rules
// (EnergyProcessor, BandwidthProcessor, ReceiptCapsule, the Stake 2.0 actuators), with the devnet's
// network weights: 180,000,000,000 energy and 43,200,000,000 bandwidth a day over 18,000,000,000 and
// 43,200,000,000 TRX staked by the rest of the network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ROUTER_CONTRACT, contractBuild } from '../../../src/contracts/fee-router.js';
import { DEX, FAMILIES, ROUTER_OWNER } from '../../../src/devnet/genesis.js';
import type { Devnet } from '../../../src/devnet/index.js';
import { LAUNCHPAD_ABI } from '../../../src/tron/abi.js';
import { big, contractMethods } from '../../../src/tron/client.js';
import { decodeRevert } from '../../../src/tron/codec.js';
import { faucet, startTestDevnet, tronWebFor } from '../../helpers/devnet.js';

const T0 = 1_800_000_000_000;
const SUN = 1_000_000;
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const FAR = '4102444800';

type Who = { address: string; tw: TronWeb };
type Receipt = {
  id: string;
  fee?: number;
  contractResult?: string[];
  receipt?: Record<string, number | string | undefined>;
  withdraw_expire_amount?: number;
};

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;
let token: string;

async function account(trx: number): Promise<Who> {
  const acc = await TronWeb.createAccount();
  if (trx > 0) await faucet(url, acc.address.base58, trx);
  return { address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

/** Signs and sends what TronWeb built; the receipt (blocks are made on demand). */
async function send(who: Who, built: unknown): Promise<Receipt & { ok: boolean; reason: string | null }> {
  const tx = (built as { transaction?: unknown }).transaction ?? built;
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(tx as never));
  if (!sent.result) {
    const message = Buffer.from(String((sent as { message?: string }).message ?? ''), 'hex').toString('utf8');
    return { id: '', ok: false, reason: message };
  }
  const info = (await who.tw.trx.getTransactionInfo(sent.txid)) as Receipt;
  const ok = info.receipt?.result === undefined || info.receipt.result === 'SUCCESS';
  return { ...info, ok, reason: ok ? null : decodeRevert(info.contractResult?.[0] ?? '') };
}

const buy = (who: Who, router: string, trx: number) =>
  who.tw.transactionBuilder
    .triggerSmartContract(
      router,
      'buy(address,uint256,uint256,uint256)',
      { feeLimit: 100 * SUN, callValue: trx * SUN },
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: '0' },
        { type: 'uint256', value: FAR },
      ],
      who.address,
    )
    .then((b) => send(who, b));

const resources = (address: string) =>
  tw.trx.getAccountResources(address) as unknown as Promise<Record<string, number | undefined>>;

async function advance(seconds: number): Promise<void> {
  const res = await fetch(`${url}/devnet/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(res.status).toBe(200);
}

/** java-tron's usage recovery, written out: the fixed-point average decays linearly over 28,800 slots. */
function recoveredByHand(usage: number, slots: number): number {
  const average = Math.ceil((usage * 1_000_000) / 28_800);
  const decayed = Math.round(average * ((28_800 - slots) / 28_800));
  return Math.floor((decayed * 28_800) / 1_000_000);
}

beforeAll(async () => {
  devnet = await startTestDevnet({ clock: () => T0, unfreezeDays: 14 });
  url = devnet.url;
  tw = tronWebFor(url);
  // the genesis operator takes out the stake that sponsors the routers: the figures below are worked
  // with the rest of the network's weight alone, and the callers of the routers pay their own energy
  const operator = {
    address: TronWeb.address.fromPrivateKey(ROUTER_OWNER.privateKey) as string,
    tw: tronWebFor(url, ROUTER_OWNER.privateKey),
  };
  const pool = (await tw.trx.getAccount(operator.address)) as unknown as {
    frozenV2?: Array<{ type?: string; amount?: number }>;
  };
  const stake = pool.frozenV2?.find((f) => f.type === 'ENERGY')?.amount ?? 0;
  expect(stake).toBe(10_000_000 * SUN);
  expect(
    (await send(operator, await operator.tw.transactionBuilder.unfreezeBalanceV2(stake, 'ENERGY', operator.address)))
      .ok,
  ).toBe(true);
  const creator = await account(1_000);
  const made = await creator.tw.transactionBuilder
    .triggerSmartContract(
      LP,
      'createAndInitPurchase(string,string)',
      { feeLimit: 200 * SUN, callValue: 120 * SUN },
      [
        { type: 'string', value: 'Stake Test' },
        { type: 'string', value: 'STK' },
      ],
      creator.address,
    )
    .then((b) => send(creator, b));
  expect(made.ok).toBe(true);
  const launchpad = contractMethods(tw, LAUNCHPAD_ABI, LP);
  const count = Number(big(await launchpad.tokenCount!().call({ from: LP })));
  token = TronWeb.address.fromHex('41' + String(await launchpad.tokenAddress!(count - 1).call({ from: LP })).slice(2));
});

afterAll(async () => {
  await devnet?.close();
});

describe('staking for energy (FreezeBalanceV2)', () => {
  let staker: Who;

  it('moves the TRX into the stake and gives the energy its share of the network limit', async () => {
    staker = await account(20_000);
    const before = BigInt(await tw.trx.getBalance(staker.address));
    const r = await send(
      staker,
      await staker.tw.transactionBuilder.freezeBalanceV2(10_000 * SUN, 'ENERGY', staker.address),
    );
    expect(r.ok).toBe(true);
    // a new account's first transaction: its bytes fit the 600 free bytes a day, so no TRX burnt
    expect(r.fee ?? 0).toBe(0);
    expect(r.receipt?.net_usage).toBeGreaterThan(0);
    expect(r.receipt?.net_fee).toBeUndefined();
    expect(BigInt(await tw.trx.getBalance(staker.address))).toBe(before - 10_000n * 1_000_000n);
    // 10,000 of 18,000,010,000 TRX staked: 10,000 × 180,000,000,000 ÷ 18,000,010,000 = 99,999.94 → 99,999
    expect(await resources(staker.address)).toMatchObject({
      EnergyLimit: 99_999,
      TotalEnergyLimit: 180_000_000_000,
      TotalEnergyWeight: 18_000_010_000,
      freeNetLimit: 600,
      freeNetUsed: r.receipt?.net_usage,
    });
    const acc = (await tw.trx.getAccount(staker.address)) as unknown as { frozenV2: unknown[] };
    expect(acc.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 10_000 * SUN }, { type: 'TRON_POWER' }]);
    // the chain's parameters say the same figures
    const params = Object.fromEntries(
      ((await tw.trx.getChainParameters()) as Array<{ key: string; value?: number }>).map((p) => [p.key, p.value]),
    );
    expect(params).toMatchObject({
      getEnergyFee: 100,
      getTransactionFee: 1000,
      getFreeNetLimit: 600,
      getTotalEnergyCurrentLimit: 180_000_000_000,
      getUnfreezeDelayDays: 14,
      getAllowTvmCancun: 1,
    });
  });

  it('pays a contract call from the stake: energy_usage, no energy_fee, the use counted', async () => {
    const r = await buy(staker, ROUTER, 50);
    expect(r.ok).toBe(true);
    const used = Number(r.receipt?.energy_usage_total);
    expect(used).toBeGreaterThan(60_000);
    expect(used).toBeLessThan(99_999);
    expect(r.receipt?.energy_usage).toBe(used);
    expect(r.receipt?.energy_fee).toBeUndefined();
    expect((await resources(staker.address)).EnergyUsed).toBe(used);
  });

  it('gets the use back over 24 hours: after 12, half of it (as java-tron rounds)', async () => {
    const used = (await resources(staker.address)).EnergyUsed!;
    // blocks are a millisecond apart: every block so far is in slot 0; 12 hours on is slot 14,400
    await advance(12 * 3600);
    const half = recoveredByHand(used, 14_400);
    expect((await resources(staker.address)).EnergyUsed).toBe(half);
    expect(half).toBeGreaterThan(used / 2 - 2);
    expect(half).toBeLessThan(used / 2 + 2);
  });

  it('burns TRX for what the stake does not cover, within the fee limit', async () => {
    const poor = await account(1_000);
    const r = await buy(poor, ROUTER, 20);
    expect(r.ok).toBe(true);
    const used = Number(r.receipt?.energy_usage_total);
    expect(r.receipt?.energy_usage).toBeUndefined();
    expect(r.receipt?.energy_fee).toBe(used * 100);
  });
});

describe('lending energy (DelegateResource, UnDelegateResource)', () => {
  let owner: Who;
  let borrower: Who;

  beforeAll(async () => {
    owner = await account(20_000);
    borrower = await account(1_000);
    expect(
      (await send(owner, await owner.tw.transactionBuilder.freezeBalanceV2(10_000 * SUN, 'ENERGY', owner.address))).ok,
    ).toBe(true);
  });

  it('lends stake: the borrower gets its energy, the owner keeps its weight, and both see the delegation', async () => {
    const weight = (await resources(owner.address)).TotalEnergyWeight!;
    expect(await tw.trx.getCanDelegatedMaxSize(owner.address, 'ENERGY')).toEqual({
      max_size: 10_000 * SUN,
    });
    const r = await send(
      owner,
      await owner.tw.transactionBuilder.delegateResource(4_000 * SUN, borrower.address, 'ENERGY', owner.address),
    );
    expect(r.ok).toBe(true);
    // 4,000 × 180,000,000,000 ÷ weight, and the owner 6,000 × the same, each rounded down
    const share = (trx: number) => Math.trunc(trx * (180_000_000_000 / weight));
    expect((await resources(borrower.address)).EnergyLimit).toBe(share(4_000));
    expect((await resources(owner.address)).EnergyLimit).toBe(share(6_000));
    expect((await resources(owner.address)).TotalEnergyWeight).toBe(weight);
    const d = (await tw.trx.getDelegatedResourceV2(owner.address, borrower.address)) as unknown as {
      delegatedResource: Array<Record<string, unknown>>;
    };
    expect(d.delegatedResource).toEqual([
      {
        from: TronWeb.address.toHex(owner.address).toLowerCase(),
        to: TronWeb.address.toHex(borrower.address).toLowerCase(),
        frozen_balance_for_energy: 4_000 * SUN,
      },
    ]);
  });

  it('refuses what java-tron refuses: under 1 TRX, more than is free, a contract', async () => {
    const refuse = async (amount: number, to: string) =>
      send(owner, await owner.tw.transactionBuilder.delegateResource(amount, to, 'ENERGY', owner.address));
    expect((await refuse(999_999, borrower.address)).reason).toContain('delegateBalance must be more than 1TRX');
    expect((await refuse(7_000 * SUN, borrower.address)).reason).toContain(
      'delegateBalance must be less than available FreezeEnergyV2 balance',
    );
    expect((await refuse(10 * SUN, ROUTER)).reason).toContain('Do not allow delegate resources to contract addresses');
  });

  it('takes it back: the borrower gives its energy back, the owner its stake', async () => {
    const r = await send(
      owner,
      await owner.tw.transactionBuilder.undelegateResource(4_000 * SUN, borrower.address, 'ENERGY', owner.address),
    );
    expect(r.ok).toBe(true);
    expect((await resources(borrower.address)).EnergyLimit).toBeUndefined();
    expect(await tw.trx.getCanDelegatedMaxSize(owner.address, 'ENERGY')).toEqual({
      max_size: 10_000 * SUN,
    });
    expect(await tw.trx.getDelegatedResourceV2(owner.address, borrower.address)).toEqual({});
  });

  it('holds a locked loan until its lock ends', async () => {
    const r = await send(
      owner,
      await owner.tw.transactionBuilder.delegateResource(
        1_000 * SUN,
        borrower.address,
        'ENERGY',
        owner.address,
        true,
        100,
      ),
    );
    expect(r.ok).toBe(true);
    const early = await send(
      owner,
      await owner.tw.transactionBuilder.undelegateResource(1_000 * SUN, borrower.address, 'ENERGY', owner.address),
    );
    expect(early.reason).toContain(
      `insufficient delegateFrozenBalance(Energy), request=${1_000 * SUN}, unlock_balance=0`,
    );
    // 100 blocks of 3 s
    await advance(301);
    const late = await send(
      owner,
      await owner.tw.transactionBuilder.undelegateResource(1_000 * SUN, borrower.address, 'ENERGY', owner.address),
    );
    expect(late.ok).toBe(true);
  });
});

describe('unstaking (UnfreezeBalanceV2, WithdrawExpireUnfreeze)', () => {
  it('waits 14 days, then pays the stake back to the balance', async () => {
    const who = await account(5_000);
    expect(
      (await send(who, await who.tw.transactionBuilder.freezeBalanceV2(1_000 * SUN, 'ENERGY', who.address))).ok,
    ).toBe(true);
    const un = await send(who, await who.tw.transactionBuilder.unfreezeBalanceV2(400 * SUN, 'ENERGY', who.address));
    expect(un.ok).toBe(true);
    const acc = (await tw.trx.getAccount(who.address)) as unknown as {
      frozenV2: unknown[];
      unfrozenV2: Array<{ type?: string; unfreeze_amount: number; unfreeze_expire_time: number }>;
    };
    expect(acc.frozenV2[1]).toEqual({ type: 'ENERGY', amount: 600 * SUN });
    expect(acc.unfrozenV2).toHaveLength(1);
    expect(acc.unfrozenV2[0]).toMatchObject({ type: 'ENERGY', unfreeze_amount: 400 * SUN });
    const early = await send(who, await who.tw.transactionBuilder.withdrawExpireUnfreeze(who.address));
    expect(early.reason).toContain('no unFreeze balance to withdraw');
    // blocks a millisecond apart: past the expiry, the 14 days and a second
    await advance(14 * 86_400 + 1);
    const before = BigInt(await tw.trx.getBalance(who.address));
    const out = await send(who, await who.tw.transactionBuilder.withdrawExpireUnfreeze(who.address));
    expect(out.ok).toBe(true);
    expect(out.withdraw_expire_amount).toBe(400 * SUN);
    expect(BigInt(await tw.trx.getBalance(who.address))).toBe(before + 400n * 1_000_000n - BigInt(out.fee ?? 0));
  });
});

describe("a contract's origin pays its users' energy", () => {
  it('takes (100 − consume_user_resource_percent) % of a call from its stake, at most origin_energy_limit', async () => {
    const sponsor = await account(30_000);
    const build = contractBuild(ROUTER_CONTRACT);
    const deployed = async (percent: number, originLimit: number) => {
      const tx = await sponsor.tw.transactionBuilder.createSmartContract(
        {
          abi: build.abi as never,
          bytecode: build.bytecode,
          parameters: [sponsor.address, 100, LP, TronWeb.address.fromHex(DEX.router)],
          feeLimit: 2_000 * SUN,
          userFeePercentage: percent,
          originEnergyLimit: originLimit,
        },
        sponsor.address,
      );
      expect((await send(sponsor, tx)).ok).toBe(true);
      return TronWeb.address.fromHex((tx as unknown as { contract_address: string }).contract_address);
    };
    // deployed first (their creation would use the stake up), then staked
    const sponsored = await deployed(0, 1_000_000);
    const shared = await deployed(40, 1_000_000);
    const capped = await deployed(0, 20_000);
    expect(
      (
        await send(
          sponsor,
          await sponsor.tw.transactionBuilder.freezeBalanceV2(20_000 * SUN, 'ENERGY', sponsor.address),
        )
      ).ok,
    ).toBe(true);
    // 0 %: the origin pays it all; the user burns nothing for energy
    const user = await account(1_000);
    const free = await buy(user, sponsored, 10);
    expect(free.ok).toBe(true);
    expect(free.receipt?.origin_energy_usage).toBe(free.receipt?.energy_usage_total);
    expect(free.receipt?.energy_fee).toBeUndefined();
    // 40 %: the origin pays ⌊used × 60 ÷ 100⌋, the user burns the rest at 100 sun
    const r = await buy(user, shared, 10);
    const used = Number(r.receipt?.energy_usage_total);
    expect(r.receipt?.origin_energy_usage).toBe(Math.floor((used * 60) / 100));
    expect(r.receipt?.energy_fee).toBe((used - Math.floor((used * 60) / 100)) * 100);
    // a cap of 20,000 energy a call: the origin pays 20,000, the user the rest
    const c = await buy(user, capped, 10);
    const all = Number(c.receipt?.energy_usage_total);
    expect(c.receipt?.origin_energy_usage).toBe(20_000);
    expect(c.receipt?.energy_fee).toBe((all - 20_000) * 100);
    // the sponsor's use counts what it paid (all in one slot: the sum, as java-tron's averages give it)
    const paid = Number(free.receipt?.origin_energy_usage) + Math.floor((used * 60) / 100) + 20_000;
    expect((await resources(sponsor.address)).EnergyUsed).toBe(paid);

    // the origin, and only the origin, changes the share (UpdateSetting) and the cap (UpdateEnergyLimit)
    const stranger = await account(100);
    const refused = await send(
      stranger,
      await stranger.tw.transactionBuilder.updateSetting(sponsored, 100, stranger.address),
    );
    expect(refused.reason).toContain('is not the owner of the contract');
    expect(
      (await send(sponsor, await sponsor.tw.transactionBuilder.updateSetting(sponsored, 100, sponsor.address))).ok,
    ).toBe(true);
    expect(
      (await send(sponsor, await sponsor.tw.transactionBuilder.updateEnergyLimit(capped, 30_000, sponsor.address))).ok,
    ).toBe(true);
    const onNode = (await tw.trx.getContract(sponsored)) as unknown as { consume_user_resource_percent?: number };
    expect(onNode.consume_user_resource_percent).toBe(100);
    const after = await buy(user, sponsored, 10);
    expect(after.receipt?.origin_energy_usage).toBeUndefined();
    expect(after.receipt?.energy_fee).toBe(Number(after.receipt?.energy_usage_total) * 100);
    const more = await buy(user, capped, 10);
    expect(more.receipt?.origin_energy_usage).toBe(30_000);
  });
});

describe('forks and restarts', () => {
  it('a fork that drops the block of a stake takes the stake back; a restart keeps what stands', async () => {
    // a chain whose blocks are solid 5 blocks later, so that the newest can be replaced
    const chain = await startTestDevnet({ clock: () => T0, solidAfter: 5 });
    const node = tronWebFor(chain.url);
    const acc = await TronWeb.createAccount();
    await faucet(chain.url, acc.address.base58, 3_000);
    const who = { address: acc.address.base58, tw: tronWebFor(chain.url, acc.privateKey) };
    const stake = async (trx: number, resource: 'ENERGY' | 'BANDWIDTH') => {
      const tx = await who.tw.transactionBuilder.freezeBalanceV2(trx * SUN, resource, who.address);
      expect((await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(tx))).result).toBe(true);
    };
    const account = () =>
      node.fullNode.request<{ balance: number; frozenV2: unknown[] }>(
        'wallet/getaccount',
        { address: TronWeb.address.toHex(who.address) },
        'post',
      );
    await stake(1_000, 'ENERGY');
    const before = (await account()).balance;
    await stake(500, 'BANDWIDTH');
    expect((await account()).frozenV2[0]).toEqual({ amount: 500 * SUN });
    const forked = await fetch(`${chain.url}/devnet/fork`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ blocks: 1, drop: true }),
    });
    expect(forked.status).toBe(200);
    const after = await account();
    expect(after.frozenV2).toEqual([{}, { type: 'ENERGY', amount: 1_000 * SUN }, { type: 'TRON_POWER' }]);
    expect(after.balance).toBe(before);

    await chain.close();
    const again = await startTestDevnet({ dir: chain.dir, clock: () => T0, solidAfter: 5 });
    try {
      const kept = await tronWebFor(again.url).fullNode.request<{ frozenV2: unknown[] }>(
        'wallet/getaccount',
        { address: TronWeb.address.toHex(who.address) },
        'post',
      );
      expect(kept.frozenV2).toEqual(after.frozenV2);
    } finally {
      await again.close();
    }
  });
});
