// A hostile API in front of the real one: it rewrites the transactions the facade builds (localTrade,
// approve, transfer) in each way a compromised hop could, with consistent txIDs so that only reading
// the signed bytes catches them. Each is refused: nothing from the user's wallet lands on the devnet,
// and the user is told, in the bot, through the fake Bot API.
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../helpers/bot.js';
import { hostileProxy, type Rewrite, type Tx } from '../helpers/hostile-proxy.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';
import { toHexAddress } from '../../src/tron/address.js';
import { buildTx, callData, rawOf, triggerTx, transferTx } from '../../src/tron/tx.js';
import { MAX_UINT256 } from '../../src/tron/units.js';

/** The honest call's fields, to rebuild it with one thing changed. */
function fieldsOf(tx: Tx) {
  const v = (tx.raw_data.contract as Array<{ parameter: { value: Record<string, string | number> } }>)[0]!.parameter
    .value;
  return {
    owner: String(v.owner_address),
    contract: String(v.contract_address),
    data: String(v.data ?? ''),
    callValue: Number(v.call_value ?? 0),
    feeLimit: Number(tx.raw_data.fee_limit ?? 0),
    ref: tx.raw_data,
  };
}
/** The call data with its `index`-th 32-byte argument replaced. */
const withArg = (data: string, index: number, value: bigint) =>
  data.slice(0, 8 + index * 64) + value.toString(16).padStart(64, '0') + data.slice(8 + (index + 1) * 64);
/** A raw_data change with bytes and txID that match it (only the pinning can tell). */
function rehashed(raw: Record<string, unknown>): Tx {
  const { txid, raw: bytes } = rawOf({ raw_data: raw });
  return { txID: txid, raw_data: raw as Tx['raw_data'], raw_data_hex: bytes.toString('hex') };
}

let stack: Stack;
let proxy: Awaited<ReturnType<typeof hostileProxy>>;
let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
let attacker: string;
const ALICE = 7001;

beforeAll(async () => {
  stack = await startStack({ pollMs: 100 });
  proxy = await hostileProxy(stack.url);
  h = await startBotStack({ stack, facadeUrl: proxy.url });
  tokens = await demoTokens(stack.devnet.url);
  attacker = (await TronWeb.createAccount()).address.base58;
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(stack.devnet.url, (await h.walletOf(ALICE)).address, 5_000);
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
});

const sentFrom = (address: string): number =>
  (
    stack.devnet.chain.db.$client
      .prepare('select count(*) n from transactions where owner = ?')
      .get(toHexAddress(address).toLowerCase()) as { n: number }
  ).n;

/** Buys 10 TRX of SDOG through the bot with the proxy rewriting; the final text of the quote message. */
async function buyThroughProxy(rewrite: Rewrite): Promise<string> {
  proxy.set(rewrite);
  try {
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 10`));
    const quote = h.tg.last(ALICE);
    await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 20_000);
    return quote.text;
  } finally {
    proxy.set(undefined);
  }
}

const hostileBuys: Array<[string, Rewrite, RegExp]> = [
  [
    'a TRX transfer of the whole balance with a decoy call_value in its JSON',
    (tx) => {
      const theft = transferTx({ owner: fieldsOf(tx).owner, to: attacker, amount: 4_000_000_000, ref: tx.raw_data });
      const c = (theft.raw_data.contract as Array<{ parameter: { value: Record<string, unknown> } }>)[0]!;
      c.parameter.value.call_value = 10_000_000; // the encoder ignores it: the bytes are a transfer
      return theft as unknown as Tx;
    },
    /not a contract call/,
  ],
  [
    'an AccountPermissionUpdateContract giving the wallet away',
    (tx) =>
      buildTx(
        'AccountPermissionUpdateContract',
        {
          owner_address: fieldsOf(tx).owner,
          owner: {
            type: 0,
            permission_name: 'owner',
            threshold: 1,
            keys: [{ address: toHexAddress(attacker), weight: 1 }],
          },
          actives: [],
        },
        tx.raw_data,
      ) as unknown as Tx,
    /kind the bot never signs/,
  ],
  [
    'a minimum out of 0',
    (tx) => {
      const f = fieldsOf(tx);
      return triggerTx({ ...f, data: withArg(f.data, 1, 0n) }) as unknown as Tx;
    },
    /less than the minimum/,
  ],
  [
    'a call to another contract',
    (tx) => triggerTx({ ...fieldsOf(tx), contract: attacker }) as unknown as Tx,
    /another contract than the router/,
  ],
  [
    "a fee at the router's cap",
    (tx) => {
      const f = fieldsOf(tx);
      return triggerTx({ ...f, data: withArg(f.data, 2, 1000n) }) as unknown as Tx;
    },
    /larger router fee/,
  ],
  [
    'a 24-hour expiry',
    (tx) => rehashed({ ...tx.raw_data, expiration: tx.raw_data.timestamp + 24 * 3600_000 }),
    /expires too far ahead/,
  ],
  [
    'a permission id',
    (tx) => {
      const [c] = tx.raw_data.contract as Array<Record<string, unknown>>;
      return rehashed({ ...tx.raw_data, contract: [{ ...c, Permission_id: 2 }] });
    },
    /must not \(5\)/,
  ],
];

describe('a hostile facade', () => {
  it.each(hostileBuys)('cannot make the bot sign %s', async (_what, rewrite, why) => {
    const address = (await h.walletOf(ALICE)).address;
    const before = sentFrom(address);
    const text = await buyThroughProxy(rewrite);
    expect(text).toMatch(/^❌/);
    expect(text).toContain('Stopped for your safety');
    expect(text).toMatch(why);
    expect(sentFrom(address)).toBe(before);
  });

  it('cannot turn a withdrawal into approve(attacker, MAX) or send it elsewhere', async () => {
    const address = (await h.walletOf(ALICE)).address;
    const before = sentFrom(address);
    const asApproval: Rewrite = (tx) =>
      triggerTx({
        owner: fieldsOf(tx).owner,
        contract: tokens.SDOG!,
        data: callData('approve(address,uint256)', [
          { type: 'address', value: attacker },
          { type: 'uint256', value: MAX_UINT256 },
        ]),
        callValue: 0,
        feeLimit: 100_000_000,
        ref: tx.raw_data,
      }) as unknown as Tx;
    const elsewhere: Rewrite = (tx) =>
      transferTx({ owner: fieldsOf(tx).owner, to: attacker, amount: 1_000_000, ref: tx.raw_data }) as unknown as Tx;
    const honest = (await TronWeb.createAccount()).address.base58;
    for (const [rewrite, why] of [
      [asApproval, /not a TRX transfer/],
      [elsewhere, /another address/],
    ] as const) {
      proxy.set(rewrite);
      const refused = h.built.services.trading.sendTrx(
        (await h.built.store.user(ALICE))!,
        await h.walletOf(ALICE),
        honest,
        '1',
      );
      await expect(refused).rejects.toThrow(why);
      proxy.set(undefined);
    }
    expect(sentFrom(address)).toBe(before);
  });

  it('with nothing rewritten, the same buy goes through at the minimum the user confirmed', async () => {
    const text = await buyThroughProxy((tx) => tx);
    expect(text).toMatch(/^✅ <b>Bought<\/b>/);
    // the build asked for the minimum of the quote the user confirmed, to the unit
    const trade = h.sqlite.$client
      .prepare("select quote from trades where side = 'buy' and status = 'confirmed' order by created_at desc limit 1")
      .get() as { quote: string };
    const confirmed = (JSON.parse(trade.quote) as { minOut: string }).minOut;
    expect(confirmed).toMatch(/^[1-9]\d+$/);
    expect(proxy.asked('/launchpad/localTrade')).toMatchObject({ minOut: confirmed });
  });
});
