// The devnet runs the fee router's calls into native contracts, and its storage opcodes, on paths
// of its own (src/devnet/evm/tvm.ts, storage-ops.ts, interpreter.ts). Here the same trades run on
// two devnets, one on those paths and one on the EVM's own step loop and call path, and every
// transaction must come out the same: result, energy, fee, return data, logs; and every balance
// after them, TRX and tokens, to the unit. The trades: curve buys and sells, a sell without
// approval, a minimum not met, a fee above the cap, a buy that fills the curve (its refund comes
// back through the router's receive()), then a buy and a sell on SunSwap V2 after the launch; and
// a contract that goes on after the launchpad refuses its call (contracts/test/NativeProbe.sol):
// the refused call's TRX must come back to it.
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../../src/db/open.js';
import { createdAddress } from '../../../src/devnet/chain/create.js';
import { Chain } from '../../../src/devnet/chain/index.js';
import { contractBuild } from '../../../src/contracts/fee-router.js';
import { signedCall, type Call } from '../../../src/devnet/demo/trades.js';
import { FAMILIES, TREASURY } from '../../../src/devnet/genesis.js';
import { devnetKey, type DevnetKey } from '../../../src/devnet/keys.js';
import * as schema from '../../../src/devnet/schema.js';
import { LAUNCHPAD_ABI, ROUTER_ABI, TRC20_ABI } from '../../../src/tron/abi.js';
import { toAbiAddress } from '../../../src/tron/address.js';
import { DEFAULT_MINT_FEE } from '../../../src/tron/market/index.js';
import { signTx } from '../../../src/tron/tx.js';
import { MAX_UINT256, SUN_PER_TRX } from '../../../src/tron/units.js';

const FAMILY = FAMILIES[0]!;
/** A deadline for the DEX trades (seconds) that the run never reaches. */
const DEADLINE = 2n ** 40n;
const [alice, bob, whale] = ['paths-alice', 'paths-bob', 'paths-whale'].map((s) => devnetKey(s)) as [
  DevnetKey,
  DevnetKey,
  DevnetKey,
];

const PROBE = contractBuild('NativeProbe');

/** One transaction of the script: who signs what (with the chain's token and the probe's address). */
type Step = (token: string, chain: Chain, probe: string) => [DevnetKey, Call];

const router = (method: string, args: unknown[], value?: bigint): Call => ({
  contract: FAMILY.router,
  abi: ROUTER_ABI,
  method,
  args,
  ...(value ? { value } : {}),
});
const approve = (token: string): Call => ({
  contract: token,
  abi: TRC20_ABI,
  method: 'approve',
  args: [toAbiAddress(FAMILY.router), MAX_UINT256],
});
const trx = (n: bigint) => n * SUN_PER_TRX;
const held = (chain: Chain, token: string, who: DevnetKey) => chain.ledger.tokenBalance(token, who.address);

const SCRIPT: Step[] = [
  (t) => [alice, router('buy', [toAbiAddress(t), 0n, 100n, DEADLINE], trx(100n))],
  (t) => [bob, router('buy', [toAbiAddress(t), 0n, 100n, DEADLINE], trx(50n))],
  (t) => [bob, approve(t)],
  (t, c) => [bob, router('sell', [toAbiAddress(t), held(c, t, bob) / 2n, 0n, 100n, DEADLINE])],
  // no approval: refused
  (t) => [alice, router('sell', [toAbiAddress(t), 1_000n, 0n, 100n, DEADLINE])],
  // a minimum the curve does not give, a fee above the cap: refused
  (t) => [alice, router('buy', [toAbiAddress(t), MAX_UINT256, 100n, DEADLINE], trx(10n))],
  (t) => [alice, router('buy', [toAbiAddress(t), 0n, 10_000n, DEADLINE], trx(10n))],
  // the launchpad refuses the probe's first buy and takes its second
  (t, _c, probe) => [
    bob,
    {
      contract: probe,
      abi: PROBE.abi,
      method: 'buyTwice',
      args: [toAbiAddress(FAMILY.launchpad), toAbiAddress(t)],
      value: trx(20n),
    },
  ],
  // fills the curve: the launchpad refunds the router, which passes it on; the token is ready to launch
  (t) => [whale, router('buy', [toAbiAddress(t), 0n, 100n, DEADLINE], trx(300_000n))],
  (t) => [whale, { contract: FAMILY.launchpad, abi: LAUNCHPAD_ABI, method: 'launchToDEX', args: [toAbiAddress(t)] }],
  (t) => [alice, router('dexBuy', [toAbiAddress(t), 0n, 100n, DEADLINE], trx(100n))],
  (t) => [alice, approve(t)],
  (t, c) => [alice, router('dexSell', [toAbiAddress(t), held(c, t, alice) / 3n, 0n, 100n, DEADLINE])],
];

/**
 * What a transaction did, as the node reports it, without what names the transaction itself (the
 * probe's address comes from the transaction that made it: named here by what it is).
 */
function outcome(chain: Chain, txid: string, probe: string): unknown {
  const { id: _id, blockNumber: _n, blockTimeStamp: _t, ...rest } = chain.transactionInfo(txid);
  return JSON.parse(JSON.stringify(rest).replaceAll(probe.slice(2), 'probe'));
}

/** Deploys the probe (bob's); its address. */
async function deployProbe(chain: Chain): Promise<string> {
  const newContract = {
    origin_address: bob.address,
    abi: { entrys: PROBE.abi },
    bytecode: PROBE.bytecode,
    consume_user_resource_percent: 100,
    origin_energy_limit: 10_000_000,
    name: 'NativeProbe',
  };
  const tx = chain.buildTransaction(
    'CreateSmartContract',
    { owner_address: bob.address, new_contract: newContract },
    { fee_limit: 1_000 * 1_000_000 },
  );
  const sent = await chain.broadcast(signTx(tx, bob.privateKey));
  if (!('result' in sent)) throw new Error(`probe refused: ${JSON.stringify(sent)}`);
  return createdAddress(tx.txID, bob.address);
}

/** Runs the script on a fresh devnet, each transaction in a block of its own. */
async function run(shipped: boolean) {
  const chain = await Chain.open(openSqlite(':memory:', schema, 'devnet'));
  if (shipped) chain.host.machine.runAsShipped();
  const next = () => chain.produceBlock();
  for (const k of [alice, bob, whale]) await chain.faucet(k.address, trx(400_000n));
  await next();
  const make = { contract: FAMILY.launchpad, abi: LAUNCHPAD_ABI, method: 'createAndInitPurchase' };
  await chain.broadcast(signedCall(chain, alice, { ...make, args: ['Paths', 'PTH'], value: DEFAULT_MINT_FEE }));
  await next();
  const token = chain.ledger.tokenAt(FAMILY.launchpad, 0)!;
  const probe = await deployProbe(chain);
  await next();
  const outcomes = [];
  for (const step of SCRIPT) {
    const [key, call] = step(token, chain, probe);
    const sent = await chain.broadcast(signedCall(chain, key, call));
    if (!('result' in sent)) throw new Error(`refused at broadcast: ${JSON.stringify(sent)}`);
    await next();
    outcomes.push(outcome(chain, sent.txid, probe));
  }
  const holders = [alice, bob, whale, TREASURY].map((k) => k.address).concat(FAMILY.router, FAMILY.launchpad, probe);
  const balances = holders.map((h) => [chain.ledger.balance(h), chain.ledger.tokenBalance(token, h)]);
  chain.db.$client.close();
  return { outcomes, balances };
}

describe("the devnet's own paths through the EVM", () => {
  it("run the router's trades exactly as the EVM's own: every outcome and every balance", async () => {
    const direct = await run(false);
    const shipped = await run(true);
    // the script does what it says: three refusals, the probe, the fill, the launch, the DEX
    const results = direct.outcomes.map((o) => (o as { receipt: { result: string } }).receipt.result);
    expect(results).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'REVERT',
      'REVERT',
      'REVERT',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);
    // the probe got back the TRX of the buy the launchpad refused: it holds half of what it was sent
    expect(direct.balances.at(-1)![0]).toBe(trx(10n));
    expect(direct.outcomes).toEqual(shipped.outcomes);
    expect(direct.balances).toEqual(shipped.balances);
  });
});
