// A bytecode contract's storage on the devnet, through real TronWeb: what a frame that reverts wrote
// is gone and what its caller wrote stays; a whole call that reverts leaves nothing; and a word set
// and put back within one call (the fee router's guard) is not written at all, so the block's undo
// journal has no record of it. (contracts/test/SlotKeeper.sol)
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractBuild } from '../../../src/contracts/fee-router.js';
import { faucet, startTestDevnet, tronWebFor } from '../../helpers/devnet.js';

const FEE_LIMIT = 1_000 * 1_000_000;
const BUILD = contractBuild('SlotKeeper');
/** The guard's slot (the third state variable). */
const GUARD_SLOT = '2'.padStart(64, '0');

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;
let tw: TronWeb;
let owner: string;
let keeper: string; // base58
let keeperHex: string;

type Info = { blockNumber?: number; receipt?: { result?: string } };

async function send(selector: string, params: Array<[string, unknown]>): Promise<Info> {
  const built = await tw.transactionBuilder.triggerSmartContract(
    keeper,
    selector,
    { feeLimit: FEE_LIMIT },
    params.map(([type, value]) => ({ type, value })),
    owner,
  );
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
  expect(sent.result).toBe(true);
  // the head's view: the block is not solid yet
  const info = (await tw.trx.getUnconfirmedTransactionInfo(sent.txid)) as Info;
  expect(info.blockNumber).toBeTypeOf('number');
  return info;
}

const view = async (name: string): Promise<bigint> => {
  const out = await tw.transactionBuilder.triggerConstantContract(keeper, `${name}()`, {}, [], owner);
  return BigInt('0x' + (out.constant_result as string[])[0]);
};
const words = async () => ({ kept: await view('kept'), inner: await view('inner'), guard: await view('guard') });

/** The undo journal's records of the guard's storage row in block `n`. */
function guardRecords(n: number): number {
  const db = devnet.chain.db.$client;
  const rid = db
    .prepare('select rowid from contract_storage where address = ? and slot = ?')
    .pluck()
    .get(keeperHex, GUARD_SLOT) as number;
  expect(rid).toBeTypeOf('number');
  return db
    .prepare("select count(*) from journal where tbl = 'contract_storage' and rid = ? and block = ?")
    .pluck()
    .get(rid, n) as number;
}

beforeAll(async () => {
  // blocks are kept undoable for 19 blocks, as on mainnet: the journal records what each changed
  devnet = await startTestDevnet({ solidAfter: 19 });
  const acc = await TronWeb.createAccount();
  owner = acc.address.base58;
  await faucet(devnet.url, owner, 10_000);
  tw = tronWebFor(devnet.url, acc.privateKey);
  const tx = await tw.transactionBuilder.createSmartContract(
    { abi: BUILD.abi as never, bytecode: BUILD.bytecode, feeLimit: FEE_LIMIT },
    owner,
  );
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
  expect(sent.result).toBe(true);
  keeperHex = (tx as unknown as { contract_address: string }).contract_address;
  keeper = TronWeb.address.fromHex(keeperHex);
});

afterAll(async () => {
  await devnet?.close();
});

describe("a bytecode contract's storage", () => {
  it("keeps the caller frame's writes and drops those of a frame that reverted", async () => {
    expect(await words()).toEqual({ kept: 0n, inner: 0n, guard: 1n });
    const info = await send('write(uint256,bool)', [
      ['uint256', 5],
      ['bool', true],
    ]);
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(await words()).toEqual({ kept: 5n, inner: 0n, guard: 1n });

    await send('write(uint256,bool)', [
      ['uint256', 7],
      ['bool', false],
    ]);
    expect(await words()).toEqual({ kept: 7n, inner: 7n, guard: 1n });
  });

  it('is as it was after a call that reverted as a whole', async () => {
    const info = await send('writeAndRevert(uint256)', [['uint256', 9]]);
    expect(info.receipt?.result).toBe('REVERT');
    expect(await words()).toEqual({ kept: 7n, inner: 7n, guard: 1n });
  });

  it('does not write a word set and put back within one call: the block has nothing of it to undo', async () => {
    const info = await send('write(uint256,bool)', [
      ['uint256', 8],
      ['bool', false],
    ]);
    expect(info.receipt?.result).toBe('SUCCESS');
    expect(await words()).toEqual({ kept: 8n, inner: 8n, guard: 1n });
    expect(guardRecords(info.blockNumber!)).toBe(0);
  });
});
