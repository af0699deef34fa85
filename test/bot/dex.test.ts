// A launched token in the bot: the card says it trades on SunSwap V2, buy and sell by its buttons go
// to the DEX, and a curve trade that the launch overtakes is answered with a fresh DEX quote in one tap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const USER = 7001;
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(USER, '/start'));
  await faucet(h.stack.devnet.url, (await h.account(USER)).wallet.address, 50_000);
});
afterAll(async () => h?.close());

/** Taps Confirm on the last quote and waits for its final edit. */
async function confirm(user: number) {
  const quote = h.tg.last(user);
  expect(quote.text).toMatch(/<b>(🟢 Buy|🔴 Sell) \$/);
  await h.send(h.tg.tap(user, quote, h.tg.button(quote, '✅ Confirm')));
  await waitFor(() => (/^(✅|❌|🚀)/u.test(quote.text) ? true : undefined), 30_000);
  return quote;
}

describe('a launched token in the bot', () => {
  it('shows a card that says where it trades, and buys and sells on the DEX by its buttons', async () => {
    const token = tokens.PKING!;
    await h.send(h.tg.message(USER, token));
    const card = h.tg.last(USER);
    expect(card.text).toContain('<b>Pump King</b> ($PKING)');
    expect(card.text).toContain('🚀 launched, trading on SunSwap V2');
    expect(card.text).toMatch(/🔄 SunSwap V2 pair <code>T\w{4}…\w{4}<\/code>/);
    expect(card.text).toMatch(/💧 Liquidity: [\d.,KM]+ TRX/);
    expect(card.text).not.toContain('⛽ Curve');

    await h.send(h.tg.tap(USER, card, h.tg.button(card, 'Buy 100 TRX')));
    expect(h.tg.last(USER).text).toContain('on SunSwap V2');
    const bought = await confirm(USER);
    expect(bought.text).toMatch(/^✅ <b>Bought<\/b> — received [\d.,KM]+ \$PKING/);
    const { client, wallet } = await h.account(USER);
    const held = (await client.getTokenBalance(wallet.address, token)).balanceInSun;
    expect(BigInt(held)).toBeGreaterThan(0n);

    await h.send(h.tg.message(USER, token));
    const again = h.tg.last(USER);
    await h.send(h.tg.tap(USER, again, h.tg.button(again, 'Sell 100%')));
    const sold = await confirm(USER);
    expect(sold.text).toMatch(/^✅ <b>Sold<\/b> — received [\d.,]+ TRX/);
    expect(sold.text).toMatch(/· 0 \$PKING/);
  });
});

describe('a curve buy that the launch overtakes', () => {
  // blocks are made by the test here, so that a launch can land just before the user's curve buy
  let h2: Awaited<ReturnType<typeof startBotStack>>;
  let mining = true;
  let miner: NodeJS.Timeout;
  beforeAll(async () => {
    h2 = await startBotStack({ stack: await startStack({ pollMs: 100, blockMs: 600_000 }) });
    miner = setInterval(() => {
      if (mining) void h2.stack.devnet.chain.produceBlock();
    }, 100);
  });
  afterAll(async () => {
    clearInterval(miner);
    await h2?.close();
    await h2?.stack.close();
  });

  it('is answered plainly, with a fresh DEX quote one tap away', async () => {
    const url = h2.stack.devnet.url;
    // a fresh token near the top of its curve, made by someone else through the devnet directly
    const creator = await TronWeb.createAccount();
    const ctw = tronWebFor(url, creator.privateKey);
    const broadcast = async (method: string, params: Array<{ type: string; value: unknown }>, callValue = 0) => {
      const built = await ctw.transactionBuilder.triggerSmartContract(
        LP,
        method,
        { feeLimit: 500e6, callValue },
        params,
        creator.address.base58,
      );
      const sent = await ctw.trx.sendRawTransaction(await ctw.trx.sign(built.transaction));
      expect(sent.result).toBe(true);
      return sent.txid;
    };
    const mined = (txid: string) =>
      waitFor(async () => ((await ctw.trx.getTransactionInfo(txid)) as { blockNumber?: number }).blockNumber);
    await mined(await faucet(url, creator.address.base58, 200_000));
    const created = await broadcast(
      'createAndInitPurchase(string,string)',
      [
        { type: 'string', value: 'Overtaken' },
        { type: 'string', value: 'OVTK' },
      ],
      (20 + 95_000) * 1e6,
    );
    await mined(created);
    const evs = await ctw.event.getEventsByTransactionID(created);
    const token = TronWeb.address.fromHex(
      String(evs.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress),
    );
    // indexed before the user asks (a sync joins a cycle under way, which may have started before
    // the token's block: a cycle of its own until the token is listed)
    await waitFor(async () => {
      await h2.stack.facade.indexer.syncOnce();
      return (await h2.built.operator.listTokens({ sort: 'new', limit: 5 })).some((t) => t.symbol === 'OVTK');
    });
    await h2.send(h2.tg.message(USER, '/start'));
    await mined(await faucet(url, (await h2.account(USER)).wallet.address, 1_000));

    await h2.send(h2.tg.message(USER, `/buy ${token} 100`));
    const quote = h2.tg.last(USER);
    expect(quote.text).toContain('<b>🟢 Buy $OVTK</b>');
    expect(quote.text).toContain('launchpad +'); // quoted on the curve

    // the curve's last buyer and the launch reach the network first; the user's buy, built on the
    // curve a moment later, lands in the same block after them
    mining = false;
    await broadcast(
      'purchaseToken(address,uint256)',
      [
        { type: 'address', value: token },
        { type: 'uint256', value: '0' },
      ],
      20_000e6,
    );
    await broadcast('launchToDEX(address)', [{ type: 'address', value: token }]);
    await h2.send(h2.tg.tap(USER, quote, h2.tg.button(quote, '✅ Confirm')));
    await waitFor(() => (quote.text.startsWith('⏳ <b>Pending</b>') ? true : undefined));
    mining = true;
    await waitFor(() => (/^(✅|❌|🚀)/u.test(quote.text) ? true : undefined), 30_000);
    expect(quote.text).toMatch(
      /^🚀 <b>\$OVTK launched to SunSwap V2<\/b> before your buy landed: nothing was bought\./,
    );
    expect(quote.text).toContain('only the network fee');

    // one tap: the same buy, quoted again, now on the DEX
    await h2.send(h2.tg.tap(USER, quote, h2.tg.button(quote, '🔁 Buy on SunSwap')));
    const fresh = h2.tg.last(USER);
    expect(fresh).not.toBe(quote);
    expect(fresh.text).toContain('<b>🟢 Buy $OVTK</b>');
    expect(fresh.text).toContain('on SunSwap V2');
    await h2.send(h2.tg.tap(USER, fresh, h2.tg.button(fresh, '✅ Confirm')));
    await waitFor(() => (/^(✅|❌)/u.test(fresh.text) ? true : undefined), 30_000);
    expect(fresh.text).toMatch(/^✅ <b>Bought<\/b> — received [\d.,KM]+ \$OVTK/);
  });
});
