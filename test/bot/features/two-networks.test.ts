// The bot on two real networks (launchpad on one devnet, launchpad2 on another with its own genesis):
// /wallet shows the wallet's TRX on each and says the same key works on both; a buy of each family's
// token is quoted from, signed for and lands on its own chain, with the network named on the quote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, startStack, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let one: Record<string, string>;
let two: Record<string, string>;

beforeAll(async () => {
  h = await startBotStack({
    stack: await startStack({ pollMs: 100, networks: 2 }),
    explorer: {
      txUrl: 'https://scan.one/tx/',
      byFamily: { launchpad: 'https://scan.one/tx/', launchpad2: 'https://scan.two/tx/' },
    },
  });
  one = await demoTokens(h.stack.devnet.url);
  two = await demoTokens(h.stack.devnet2!.url);
});
afterAll(async () => {
  await h?.close();
  await h?.stack.close();
});

/** The node's receipt of a transaction on a devnet (an empty object when its chain does not hold it). */
async function receiptOn(url: string, txid: string): Promise<{ id?: string }> {
  const res = await fetch(`${url}/wallet/gettransactioninfobyid`, {
    method: 'POST',
    body: JSON.stringify({ value: txid }),
  });
  return (await res.json()) as { id?: string };
}

describe('the bot on two networks', () => {
  it('shows the wallet’s TRX on each network, and that the same key works on both', async () => {
    const U = 9201;
    await h.send(h.tg.message(U, '/start'));
    const { wallet } = await h.account(U);
    await faucet(h.stack.devnet.url, wallet.address, 12);
    await faucet(h.stack.devnet2!.url, wallet.address, 34.5);
    await h.send(h.tg.message(U, '/wallet'));
    const lines = h.tg.last(U).text.split('\n');
    expect(lines).toContain('On devnet: <b>12 TRX</b>');
    expect(lines).toContain('On devnet 2: <b>34.5 TRX</b>');
    expect(lines).toContain('The same address and key work on every network.');
  });

  it('buys each family’s token on its own chain, paid from that network’s TRX', async () => {
    const U = 9202;
    await h.send(h.tg.message(U, '/start'));
    const { wallet, client } = await h.account(U);
    await faucet(h.stack.devnet2!.url, wallet.address, 200);
    const WAVE = Object.values(two)[0]!;
    await h.send(h.tg.message(U, `/buy ${WAVE} 50`));
    const quote = h.tg.last(U);
    expect(quote.text.split('\n')[1]).toBe('🌐 Network: devnet 2');
    await h.send(h.tg.tap(U, quote, h.tg.button(quote, '✅ Confirm')));
    const [trade] = await waitFor(async () => {
      const got = await client.getUserTrades(wallet.address);
      return got.length ? got : undefined;
    }, 30_000);
    expect((await receiptOn(h.stack.devnet2!.url, trade!.signature)).id).toBe(trade!.signature);
    expect(await receiptOn(h.stack.devnet.url, trade!.signature)).toEqual({});
    // its message links to the second network's explorer
    const told = await waitFor(() => h.tg.sent(U).find((m) => m.text.includes(trade!.signature.slice(0, 10))));
    expect(told.text).toContain(`<a href="https://scan.two/tx/${trade!.signature}">`);

    // the wallet has no TRX on the first network: a launchpad token's buy is refused, saying what is missing
    await h.send(h.tg.message(U, `/buy ${one.TCAT} 50`));
    expect(h.tg.last(U).text).toMatch(/missing/);
  });

  it('withdraws TRX from the network the user picks, held to that network’s chain', async () => {
    const U = 9203;
    await h.send(h.tg.message(U, '/start'));
    // a PIN set on an empty wallet starts no hold
    await h.send(h.tg.message(U, '/pin 86420'));
    await h.send(h.tg.message(U, '/unlock 86420'));
    const { wallet } = await h.account(U);
    await faucet(h.stack.devnet.url, wallet.address, 5);
    await faucet(h.stack.devnet2!.url, wallet.address, 40);
    const dest = (await TronWeb.createAccount()).address.base58;
    await h.send(h.tg.message(U, '/wallet'));
    const view = h.tg.last(U);
    await h.send(h.tg.tap(U, view, h.tg.button(view, '💸 Withdraw TRX')));
    const pick = h.tg.last(U);
    expect(pick.text).toBe('From which network? The same address holds TRX on each:');
    expect(h.tg.buttons(pick).map((b) => [b.text, b.data])).toEqual([
      ['devnet · 5 TRX', 'wn:launchpad'],
      ['devnet 2 · 40 TRX', 'wn:launchpad2'],
    ]);
    await h.send(h.tg.tap(U, pick, 'wn:launchpad2'));
    await h.send(h.tg.message(U, dest));
    await h.send(h.tg.message(U, '12.5'));
    const confirm = h.tg.last(U);
    expect(confirm.text).toBe(`Send <b>12.5 TRX</b> to <code>${dest}</code> on devnet 2?`);
    await h.send(h.tg.tap(U, confirm, 'wd:yes'));
    // a first withdrawal to this address waits for a second tap (300 ms in the test bot)
    await new Promise((r) => setTimeout(r, 350));
    await h.send(h.tg.tap(U, confirm, 'wd:yes'));
    expect(confirm.text).toMatch(/^✅ Sent 12\.5 TRX/);
    const balanceOn = async (url: string, address: string) => {
      const res = await fetch(`${url}/wallet/getaccount`, {
        method: 'POST',
        body: JSON.stringify({ address, visible: true }),
      });
      return ((await res.json()) as { balance?: number }).balance ?? 0;
    };
    expect(await balanceOn(h.stack.devnet2!.url, dest)).toBe(12_500_000);
    expect(await balanceOn(h.stack.devnet.url, dest)).toBe(0);
    expect(await balanceOn(h.stack.devnet.url, wallet.address)).toBe(5_000_000);
  });
});
