// Automated orders under load: 10,000 active orders over 100 tokens (100 users, one order per token
// each, none near its level) while other wallets trade 50 times a second; meanwhile trigger orders
// are set just below the price and a wallet's sale crosses them. Measured: from the block holding
// the sale to the node accepting the order's transaction (both times from the devnet's own records),
// and the CPU the checks after each trade cost (the engine's synchronous work per stream event).
// BENCH_INDEXER_POLL_MS sets the indexer's poll; BENCH_ORDERS_POLL_ONLY=1 leaves new blocks to it.
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { signTx } from '../../src/tron/tx.js';
import { moveBps, priceE18 } from '../../src/tron/market/index.js';
import { startBotStack } from '../../test/helpers/bot.js';
import { startStack, type Stack } from '../../test/helpers/facade.js';
import { debug, out, percentiles, post, sleep } from '../harness.js';

type BotStack = Awaited<ReturnType<typeof startBotStack>>;
type Engine = BotStack['built']['services']['orders'];
type Key = { publicKey: string; privateKey: string };

interface Bench {
  stack: Stack;
  h: BotStack;
  api: LaunchpadClient;
  /** A new wallet with TRX from the faucet (its block not yet made). */
  funded(trx: number): Promise<Key>;
  /** Waits for a transaction's final state. */
  confirmed(sig: string): Promise<unknown>;
}

/** 100 tokens, made in one block by one creator. */
async function makeTokens(b: Bench): Promise<string[]> {
  const tw = new TronWeb({ fullHost: b.stack.devnet.url });
  const creator = await b.funded(10_000);
  debug('orders bench: creator funded');
  while ((await tw.trx.getBalance(creator.publicKey)) === 0) await sleep(200);
  const created: string[] = [];
  for (let i = 0; i < 100; i++) {
    const tx = await b.api.createToken({ userAddress: creator.publicKey, name: `Bench ${i}`, symbol: `B${i}` });
    created.push(await b.api.broadcast(signTx(tx as never, creator.privateKey)));
  }
  debug('orders bench: 100 creations sent');
  await b.confirmed(created.at(-1)!);
  debug('orders bench: 100 tokens made');
  await b.stack.facade.indexer.syncOnce();
  const tokens = (await b.api.listTokens({ sort: 'new', limit: 200 }))
    .filter((t) => t.symbol.startsWith('B'))
    .map((t) => t.address);
  if (tokens.length !== 100) throw new Error(`made ${tokens.length} tokens`);
  return tokens;
}

/** 100 users with one far-off order per token: 10,000 active orders, written straight to the store. */
async function farOrders(h: BotStack, tokens: string[]): Promise<void> {
  const users = Array.from({ length: 100 }, (_, i) => 7_000_000 + i);
  for (const u of users) await h.send(h.tg.message(u, '/start'));
  const st = h.built.store;
  const t0 = Date.now();
  await st.db.tx(async () => {
    for (const u of users) {
      const wallet = await h.built.services.accounts.activeWallet((await st.user(u))!);
      for (const [j, token] of tokens.entries())
        await st.insertOrder({
          id: `bench-${u}-${j}`,
          userId: u,
          walletId: wallet.id,
          token,
          symbol: `B${j}`,
          kind: 'limit',
          side: 'buy',
          amount: '1000000',
          triggerE18: '1', // 1e-18 TRX per token: never reached
          status: 'active',
          createdAt: t0,
          updatedAt: t0,
        });
    }
  });
}

/** The engine's synchronous work per stream event is the cost of the checks: timed around onEvent. */
function timeChecks(engine: Engine): { ms: () => number; events: () => number } {
  const onEvent = engine.onEvent.bind(engine);
  let checkMs = 0;
  let checked = 0;
  engine.onEvent = (e) => {
    const a = performance.now();
    const p = onEvent(e);
    checkMs += performance.now() - a;
    checked++;
    return p;
  };
  return { ms: () => checkMs, events: () => checked };
}

/** 50 trades a second on random tokens from 10 wallets (the service signs: /launchpad/trade), until stopped. */
async function tradeLoad(b: Bench, tokens: string[]) {
  const traders = await Promise.all(Array.from({ length: 10 }, () => b.funded(100_000)));
  await sleep(3500);
  let sent = 0;
  let on = true;
  const started = performance.now();
  const done = Promise.all(
    traders.map(async (w, k) => {
      for (let i = 0; on; i++) {
        const wait = started + ((i * traders.length + k) * 1000) / 50 - performance.now();
        if (wait > 0) await sleep(wait);
        // the first 90 tokens: the last ten belong to the trigger lanes
        const token = tokens[(i * 7 + k * 13) % 90]!;
        await b.api
          .trade({
            action: 'buy',
            tokenAddress: token,
            amount: 1 + (i % 10) / 1e6,
            privateKey: w.privateKey,
            slippage: 100,
          })
          .then(() => sent++)
          .catch(() => undefined);
      }
    }),
  );
  return {
    started,
    sent: () => sent,
    stop: async () => {
      on = false;
      await done;
    },
  };
}

interface Lane {
  mover: Key;
  u: number;
  token: string;
}

/** Four lanes, each on its own token with a user of its own (the 100 hold the most open orders one may). */
async function makeLanes(b: Bench, tokens: string[]): Promise<Lane[]> {
  const { h } = b;
  const lanes = await Promise.all(
    [0, 1, 2, 3].map(async (lane) => {
      const mover = await b.funded(50_000);
      const u = 7_100_000 + lane;
      await h.send(h.tg.message(u, '/start'));
      await post(`${b.stack.devnet.url}/devnet/faucet`, {
        address: (await h.built.services.accounts.activeWallet((await h.built.store.user(u))!)).address,
        amountTrx: 5_000,
      });
      return { mover, u, token: tokens[90 + lane]! };
    }),
  );
  await sleep(3500);
  return lanes;
}

/**
 * One round of a lane: a buy lifts the price, an order is set 2 % under it, a sale crosses it.
 * Returns the ms from the sale's block to the node receiving the order's transaction, if both are known.
 */
async function triggerRound(b: Bench, engine: Engine, { mover, u, token }: Lane): Promise<number | undefined> {
  const st = b.h.built.store;
  const devnetDb = b.stack.devnet.chain.db.$client;
  const trade = (action: 'buy' | 'sell', amount: number | string) =>
    b.api.trade({ action, tokenAddress: token, amount, privateKey: mover.privateKey, slippage: 100 });
  await b.confirmed(await trade('buy', 1_000));
  await b.stack.facade.indexer.syncOnce();
  const p = await b.api.getTokenPrice(token);
  const level = moveBps(
    priceE18({ trxReserve: BigInt(p.exact.trxReserveSun), tokenReserve: BigInt(p.exact.tokenReserve) }),
    -200n,
  );
  const order = await engine.create((await st.user(u))!, {
    kind: 'limit',
    side: 'buy',
    token,
    trx: '1',
    at: { e18: level },
  });
  const sale = await trade('sell', '100%');
  // the order's transaction, once the node has it
  let received: number | undefined;
  for (let i = 0; i < 200 && received === undefined; i++) {
    await sleep(100);
    const t = (await st.orderTrades(order.id)).at(-1);
    if (t?.txid)
      received = (
        devnetDb.prepare('select received_at r from transactions where txid = ?').get(t.txid) as
          { r: number } | undefined
      )?.r;
  }
  const block = devnetDb
    .prepare('select b.timestamp t from transactions x join blocks b on b.number = x.block_number where x.txid = ?')
    .get(sale) as { t: number } | undefined;
  debug(`orders bench: trigger ${received !== undefined && block ? 'measured' : 'missed'} ${received} ${block?.t}`);
  for (let i = 0; i < 150 && ['active', 'executing'].includes((await st.order(order.id))!.status); i++)
    await sleep(200);
  // a sale that did not cross the level leaves the order open: cancelled, and the round not counted
  if ((await st.order(order.id))!.status === 'active') await engine.cancel(u, order.id);
  return received !== undefined && block ? received - block.t : undefined;
}

async function setUp(pollMs: number, nudged: boolean): Promise<Bench> {
  const stack = await startStack({ pollMs, blockMs: 3000, solidAfter: 19 });
  // as `npm start` does with the devnet in its thread: each block is indexed when it is made
  if (nudged) stack.devnet.chain.onBlock = () => stack.facade.indexer.nudge();
  const h = await startBotStack({ stack, finalityPollMs: 3000, orders: { tickMs: 1000 } });
  const api = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key() });
  const funded = async (trx: number) => {
    const [w] = await api.createWallet(1);
    await post(`${stack.devnet.url}/devnet/faucet`, { address: w!.publicKey, amountTrx: trx });
    return w!;
  };
  const confirmed = async (sig: string) => {
    for (;;) {
      const st = await api.txStatus(sig);
      if (st.state === 'confirmed' || st.state === 'failed') return st;
      await sleep(200);
    }
  };
  return { stack, h, api, funded, confirmed };
}

export async function run(): Promise<void> {
  const pollMs = Number(process.env.BENCH_INDEXER_POLL_MS ?? 1000);
  // BENCH_ORDERS_POLL_ONLY=1 leaves new blocks to the poll, as against a real node
  const nudged = !process.env.BENCH_ORDERS_POLL_ONLY;
  const b = await setUp(pollMs, nudged);
  let traffic: Awaited<ReturnType<typeof tradeLoad>> | undefined;
  try {
    const tokens = await makeTokens(b);
    await farOrders(b.h, tokens);
    const engine = b.h.built.services.orders;
    const checks = timeChecks(engine);
    await engine.start();
    debug('orders bench: 10,000 orders loaded');
    traffic = await tradeLoad(b, tokens);
    const lanes = await makeLanes(b, tokens);
    const latencies: number[] = [];
    await Promise.all(
      lanes.map(async (lane) => {
        for (let round = 0; round < 6; round++) {
          const ms = await triggerRound(b, engine, lane);
          if (ms !== undefined) latencies.push(ms);
        }
      }),
    );
    const seconds = (performance.now() - traffic.started) / 1000;
    await traffic.stop();
    const l = percentiles(latencies);
    out(
      `- orders: from the block of the trade that crosses a level to the node accepting the triggered order's transaction (10,000 active orders over 100 tokens, ${Math.round(traffic.sent() / seconds)} trades/s from other wallets, 3-s blocks solid 19 blocks later, ${nudged ? 'each block indexed when made (as npm start)' : `indexer polling every ${pollMs} ms`}, ${latencies.length} triggers): p50 ${l.p50} ms, p99 ${l.p99} ms — ${l.p99 <= 1500 ? 'meets' : 'misses'} the target (p99 ≤ 1,500 ms)`,
    );
    out(
      `- orders: the checks after each trade (100 orders of its token): ${((checks.ms() / checks.events()) * 1000).toFixed(0)} µs per stream event, ${((checks.ms() / 1000 / seconds) * 100).toFixed(2)} % of a core at this rate (${checks.events()} events)`,
    );
  } finally {
    await traffic?.stop();
    await b.h.built.services.orders.stop();
    await b.h.close();
    await b.stack.close();
  }
}
