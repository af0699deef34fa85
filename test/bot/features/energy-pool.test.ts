// The energy pool as the bot's users and admins see it, on a devnet made as `npm start` makes it (no
// demo history): the routers' origin (ROUTER_OWNER) has 10,000,000 TRX staked for energy and pays all
// of its users' trade energy. /wallet shows the wallet's own energy and bandwidth, /settings whether
// trades are sponsored, /energy (admins only) the pools; the admins are told once when the pool would
// not last an hour of the last day's trades, and once when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient, signTx } from '../../../src/client/index.js';
import { FAMILIES, ROUTER_OWNER } from '../../../src/devnet/genesis.js';
import { watchEnergyPools } from '../../../src/bot/notifiers/energy.notifier.js';
import { createLogger } from '../../../src/log.js';
import { faucet, tronWebFor } from '../../helpers/devnet.js';
import { startStack, waitFor, type Stack } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let stack: Stack;
let h: Awaited<ReturnType<typeof startBotStack>>;
const ADMIN = 4601;
const USER = 4602;
const OWNER = TronWeb.address.fromHex(ROUTER_OWNER.address);
const [ROUTER1, ROUTER2] = FAMILIES.map((f) => TronWeb.address.fromHex(f.router));
const SPONSORED =
  '⚡ Network fees: sponsored: the bot pays the energy of your trades. The trade card shows what you pay.';

beforeAll(async () => {
  stack = await startStack({ seed: false, pollMs: 100 });
  h = await startBotStack({ stack, admins: [ADMIN] });
  await h.send(h.tg.message(USER, '/start'));
});
afterAll(async () => {
  await h?.close();
  await stack?.close();
});

/** The admins' watcher of the pools, as the bot's engine runs it, sending through the fake Telegram. */
const watcher = () =>
  watchEnergyPools({
    api: h.bot.api,
    pools: () => h.built.operator.adminEnergy(),
    admins: [ADMIN],
    meta: h.built.store,
    logger: createLogger('silent'),
    speechOf: h.built.services.speechOf,
  });

/** Signs and sends a resource transaction, waits for its block, and answers the bytes it was billed. */
async function send(tx: unknown, key: string): Promise<number> {
  const tw = tronWebFor(stack.devnet.url);
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never, key));
  expect(sent.result).toBe(true);
  const info = await waitFor(async () => {
    const i = await tw.trx.getUnconfirmedTransactionInfo(sent.txid);
    return i.blockNumber ? i : undefined;
  });
  return (info.receipt as { net_usage?: number }).net_usage ?? 0;
}

/** A router trade on a new token (an API user's), so that the last day has one. */
async function routerTrade(): Promise<void> {
  const client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('developer') });
  const [dev, trader] = await client.createWallet(2);
  await faucet(stack.devnet.url, dev!.publicKey, 2_000);
  await faucet(stack.devnet.url, trader!.publicKey, 2_000);
  const createTx = await client.createToken({ userAddress: dev!.publicKey, name: 'Pool', symbol: 'POOL' });
  await client.broadcast(signTx(createTx, dev!.privateKey));
  const token = await waitFor(async () => (await client.listTokens({ sort: 'new' }))[0]?.address);
  await client.trade({ action: 'buy', tokenAddress: token, amount: 100, privateKey: trader!.privateKey });
  await waitFor(async () => ((await client.getRecentTrades(token)).length ? true : undefined));
}

describe('the energy pool in the bot', () => {
  it('/wallet shows a new wallet with no energy and the day’s 600 free bytes', async () => {
    await h.send(h.tg.message(USER, '/wallet'));
    const text = h.tg.last(USER).text;
    expect(text).toContain('Energy: none staked\nBandwidth: <b>600</b> of 600 free bytes left today');
  });

  it('/settings says the trades are sponsored', async () => {
    await h.send(h.tg.message(USER, '/settings'));
    expect(h.tg.last(USER).text.split('\n')).toContain(SPONSORED);
  });

  it('/energy shows the pools to admins, and nothing to anyone else', async () => {
    await h.send(h.tg.message(USER, '/energy'));
    expect(h.tg.last(USER).text).toMatch(/Paste a token address/);
    await h.send(h.tg.message(ADMIN, '/energy'));
    // 10,000,000 TRX × 180,000,000,000 energy a day ÷ 18,010,000,000 TRX staked = 99,944,475.29
    const pool = (family: string, router: string, other: string) => [
      `<b>${family}</b> · router <code>${router}</code>`,
      `Pool: <code>${OWNER}</code> (shared with ${other})`,
      'Staked: 10,000,000 TRX for energy',
      'Energy: 99,944,475 left of 99,944,475 a day',
      "Users pay 0% of a trade's energy: <b>sponsored</b>",
      'Covers 999 typical trades now, 999 a day (100,000 energy each)',
      'Last 24 h: 0 router trades (0 curve, 0 DEX)',
    ];
    expect(h.tg.last(ADMIN).text).toBe(
      [
        '<b>⚡ Energy pools</b>',
        '',
        ...pool('launchpad', ROUTER1!, 'launchpad2'),
        '',
        ...pool('launchpad2', ROUTER2!, 'launchpad'),
      ].join('\n'),
    );
  });

  it('tells the admins once when the pool would not last an hour, and once when it is back', async () => {
    await routerTrade();
    const look = watcher();
    const notices = () => h.tg.sent(ADMIN).filter((m) => /^(⚠️|✅) <b>Energy pool/.test(m.text));
    // the pool covers days of one trade a day: the watcher looks, records the pool as fine, says nothing
    expect(await look()).toBe(0);
    expect(await h.built.store.meta(`energy.pool:${OWNER}`)).toBe('ok');
    expect(notices()).toHaveLength(0);

    // the operator unstakes all of it: 0 energy left against 100,000 ÷ 24 = 4,167 an hour
    const tw = tronWebFor(stack.devnet.url);
    await send(
      await tw.transactionBuilder.unfreezeBalanceV2(10_000_000 * 1_000_000, 'ENERGY', OWNER),
      ROUTER_OWNER.privateKey,
    );
    expect(await look()).toBe(1);
    expect(notices()).toHaveLength(1);
    expect(h.tg.last(ADMIN).text).toBe(
      [
        '⚠️ <b>Energy pool low</b>',
        `The pool <code>${OWNER}</code> (launchpad, launchpad2) has 0 energy left: less than an hour of the last day's trades (4,167 energy an hour).`,
        "When it runs out, users pay their trades' energy in burnt TRX.",
        'Stake more: <code>npm run cli -- energy stake TRX</code> (the key on stdin). /energy shows the pools.',
      ].join('\n'),
    );
    // looking again tells nothing more: the watcher answers once it has looked
    expect(await look()).toBe(0);
    expect(notices()).toHaveLength(1);
    // the users see it too
    await h.send(h.tg.message(USER, '/settings'));
    expect(h.tg.last(USER).text.split('\n')).toContain(
      "⚡ Network fees: not sponsored for now (the bot's energy pool is empty): your trades burn TRX for their energy. The trade card shows what you pay.",
    );
    await h.send(h.tg.message(ADMIN, '/energy'));
    expect(h.tg.last(ADMIN).text).toContain(
      'Energy: 0 left of 0 a day\n' +
        "Users pay 0% of a trade's energy: <b>not sponsored</b>\n" +
        'Covers 0 typical trades now, 0 a day (100,000 energy each)\n' +
        'Last 24 h: 1 router trades (1 curve, 0 DEX) · 4,167 energy an hour: 0 hours left\n' +
        '⚠️ Less than an hour of trades left: stake more (<code>npm run cli -- energy stake TRX</code>)\n' +
        'Unstaking: 10,000,000 TRX (ENERGY), withdrawable from ',
    );

    // it stakes 9,000 TRX again: 9,000 × 180,000,000,000 ÷ 18,000,009,000 = 89,999.96 a day, less the
    // trade's 76,874 still recovering: some 13,000 left, three hours of 4,167
    await send(
      await tw.transactionBuilder.freezeBalanceV2(9_000 * 1_000_000, 'ENERGY', OWNER),
      ROUTER_OWNER.privateKey,
    );
    expect(await look()).toBe(1);
    expect(notices()).toHaveLength(2);
    const back =
      /^✅ <b>Energy pool recovered<\/b>\nThe pool <code>(T\w+)<\/code> \(launchpad, launchpad2\) has ([\d,]+) energy left: ([\d.]+) hours of the last day's trades\.$/.exec(
        h.tg.last(ADMIN).text,
      );
    expect(back, h.tg.last(ADMIN).text).not.toBeNull();
    expect(back![1]).toBe(OWNER);
    const left = Number(back![2]!.replace(/,/g, ''));
    expect(left).toBeGreaterThanOrEqual(89_999 - 76_874);
    expect(left).toBeLessThan(89_999 - 76_874 + 100);
    expect(Number(back![3])).toBe(Math.floor((left / 4_167) * 10) / 10);
    expect(await look()).toBe(0);
    expect(notices()).toHaveLength(2);
  });

  it("/wallet shows the wallet's own stake: its energy a day, and the bytes its transaction took", async () => {
    const { wallet, key } = await h.account(USER);
    await faucet(stack.devnet.url, wallet.address, 2_000);
    const tw = tronWebFor(stack.devnet.url);
    const billed = await send(
      await tw.transactionBuilder.freezeBalanceV2(1_000 * 1_000_000, 'ENERGY', wallet.address),
      key(),
    );
    // the network's stake is now 18,000,000,000 + the operator's 9,000 + this 1,000 TRX:
    // 1,000 × 180,000,000,000 ÷ 18,000,010,000 = 9,999.99 → 9,999 energy a day
    await h.send(h.tg.message(USER, '/wallet'));
    const text = h.tg.last(USER).text;
    expect(text).toContain('Energy: <b>9,999</b> of 9,999 a day left (1,000 TRX staked)');
    // the bytes its transaction was billed came from the free 600 (a block or two of recovery may give
    // one back)
    expect(billed).toBeGreaterThan(200);
    const free = Number(/Bandwidth: <b>(\d+)<\/b> of 600 free bytes left today/.exec(text)?.[1]);
    expect(free).toBeGreaterThanOrEqual(600 - billed);
    expect(free).toBeLessThanOrEqual(600 - billed + 1);
  });
});
