// What a bot user waits for, on a mainnet-like devnet (3-s blocks, solid 19 blocks later): tap
// Confirm -> the node accepted the broadcast (block time not in it); tap Confirm -> "Bought" shown
// and the buy in /positions (block time in it: the trade must be in a block); paste an address ->
// the card is sent. The real bot, facade and devnet, a fake Bot API.
import { TronWeb } from 'tronweb';
import { startBotStack } from '../../test/helpers/bot.js';
import { startStack } from '../../test/helpers/facade.js';
import { devnetTokens, out, percentiles, post, sleep, type DevnetToken } from '../harness.js';

type BotStack = Awaited<ReturnType<typeof startBotStack>>;

/** Users with a wallet holding 1,000 TRX, once the faucet's block is made. */
async function fundedUsers(h: BotStack, devnetUrl: string): Promise<number[]> {
  const users = Array.from({ length: 20 }, (_, i) => 9000 + i);
  let last = '';
  for (const u of users) {
    await h.send(h.tg.message(u, '/start'));
    last = (await h.built.services.accounts.activeWallet((await h.built.store.user(u))!)).address;
    await post(`${devnetUrl}/devnet/faucet`, { address: last, amountTrx: 1_000 });
  }
  const tw = new TronWeb({ fullHost: devnetUrl });
  while ((await tw.trx.getBalance(last)) === 0) await sleep(100);
  return users;
}

/** 200 buys by Telegram: from the Confirm tap to the flow reporting the trade pending (the node accepted it). */
async function confirmToAccepted(h: BotStack, users: number[], token: string): Promise<number[]> {
  const accepted = new Map<string, number>();
  const events = h.built.services.events;
  h.built.services.events = (api) => {
    const e = events(api);
    return {
      ...e,
      pending: (t) => {
        accepted.set(t.id, performance.now());
        return e.pending(t);
      },
    };
  };
  const ms: number[] = [];
  for (let i = 0; i < 200; i++) {
    const u = users[i % users.length]!;
    await h.send(h.tg.message(u, `/buy ${token} 1`));
    const quote = h.tg.last(u);
    const data = h.tg.button(quote, '✅ Confirm');
    const id = data.slice(3);
    const t0 = performance.now();
    await h.send(h.tg.tap(u, quote, data));
    while (!accepted.has(id)) await new Promise((r) => setImmediate(r));
    ms.push(accepted.get(id)! - t0);
  }
  return ms;
}

/**
 * Buys by Telegram, every user at once, 10 rounds: from the Confirm tap to the message saying
 * "Bought", and to the buy being in the user's trades (what /positions shows).
 */
async function confirmToBought(h: BotStack, users: number[], token: string) {
  const bought: number[] = [];
  const visible: number[] = [];
  const client = h.built.services.accounts;
  for (let round = 0; round < 10; round++) {
    await Promise.all(
      users.map(async (u) => {
        await h.send(h.tg.message(u, `/buy ${token} 1`));
        const quote = h.tg.last(u);
        const user = (await h.built.store.user(u))!;
        const wallet = (await client.activeWallet(user)).address;
        const before = (await client.clientFor(user).getUserTrades(wallet, { limit: 1 }))[0]?.signature;
        const t0 = performance.now();
        await h.send(h.tg.tap(u, quote, h.tg.button(quote, '✅ Confirm')));
        const seen = (async () => {
          for (;;) {
            const last = (await client.clientFor(user).getUserTrades(wallet, { limit: 1 }))[0]?.signature;
            if (last && last !== before) return visible.push(performance.now() - t0);
            await sleep(50);
          }
        })();
        while (!quote.text.startsWith('✅') && !quote.text.startsWith('❌')) await sleep(10);
        if (!quote.text.startsWith('✅ <b>Bought')) throw new Error(`a buy failed: ${quote.text}`);
        bought.push(performance.now() - t0);
        await seen;
      }),
    );
  }
  const shown = await h.send(h.tg.message(users[0]!, '/positions')).then(() => h.tg.last(users[0]!).text);
  if (!shown.includes('TCAT')) throw new Error('/positions does not show the buys');
  return { bought, visible };
}

async function pasteToCard(h: BotStack, users: number[], tokens: DevnetToken[]): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < 200; i++) {
    const u = users[i % users.length]!;
    const t0 = performance.now();
    await h.send(h.tg.message(u, tokens[i % tokens.length]!.contractAddress));
    ms.push(performance.now() - t0);
  }
  return ms;
}

export async function run(): Promise<void> {
  const stack = await startStack({ pollMs: 1000, blockMs: 3000, solidAfter: 19 });
  // trades are followed to final as the bot does (every 3 s), not at the tests' pace
  const h = await startBotStack({ stack, finalityPollMs: 3000 });
  try {
    const tokens = await devnetTokens(stack.devnet.url);
    const token = tokens.find((t) => t.symbol === 'TCAT')!.contractAddress;
    const users = await fundedUsers(h, stack.devnet.url);
    const c = percentiles(await confirmToAccepted(h, users, token));
    out(
      `- bot: tap Confirm -> broadcast accepted by the node (200 buys, 20 users, 3-s blocks solid 19 blocks later, block time excluded): p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms — ${c.p99 <= 100 ? 'meets' : 'misses'} the target (p99 ≤ 100 ms)`,
    );
    const { bought, visible } = await confirmToBought(h, users, token);
    const b = percentiles(bought);
    const v = percentiles(visible);
    out(
      `- bot: tap Confirm -> "Bought" shown (200 buys, 20 users at once, 3-s blocks solid 19 blocks later, block time included): p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms — ${b.p99 <= 4000 ? 'meets' : 'misses'} the target (p99 ≤ 4 s)`,
    );
    out(
      `- bot: tap Confirm -> the buy in the user's trades (/positions): p50 ${v.p50.toFixed(0)} ms, p99 ${v.p99.toFixed(0)} ms — ${v.p99 <= 4000 ? 'meets' : 'misses'} the target (p99 ≤ 4 s)`,
    );
    const k = percentiles(await pasteToCard(h, users, tokens));
    out(
      `- bot: paste an address -> card sent (200 cards, 7 tokens): p50 ${k.p50.toFixed(1)} ms, p99 ${k.p99.toFixed(1)} ms — ${k.p99 <= 150 ? 'meets' : 'misses'} the target (p99 ≤ 150 ms)`,
    );
  } finally {
    await h.close();
    await stack.close();
  }
}
