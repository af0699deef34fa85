// The sniper: 1,000 users hold a rule each (100 words, ten rules a word), tokens whose names carry
// one of the words are created one per block, and each creation is bought by its ten rules. Measured
// from the devnet's own records: from the creation's block to the node accepting each snipe, and
// how many snipes landed in the block right after the creation's.
import { TronWeb } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { signTx } from '../../src/tron/tx.js';
import { toHexAddress } from '../../src/tron/address.js';
import { startBotStack } from '../../test/helpers/bot.js';
import { startStack, type Stack } from '../../test/helpers/facade.js';
import { out, percentiles, sleep } from '../harness.js';

type BotStack = Awaited<ReturnType<typeof startBotStack>>;

/** 1,000 users, each with a funded wallet and one rule: the word `w<i % 100>x`, 1 TRX a snipe. */
async function rules(h: BotStack, stack: Stack): Promise<void> {
  const chain = stack.devnet.chain;
  const users = Array.from({ length: 1000 }, (_, i) => 6_000_000 + i);
  for (const u of users) await h.send(h.tg.message(u, '/start'));
  const st = h.built.store;
  const t0 = Date.now();
  await st.db.tx(async () => {
    for (const [i, u] of users.entries()) {
      const wallet = await h.built.services.accounts.activeWallet((await st.user(u))!);
      void chain.faucet(toHexAddress(wallet.address), 300_000_000n);
      await st.insertSnipeRule({
        id: `bench-${u}`,
        userId: u,
        walletId: wallet.id,
        amountSun: '1000000',
        word: `w${i % 100}x`,
        creator: null,
        maxDevBps: null,
        safe: false,
        onLaunch: false,
        budgetSun: '10000000',
        status: 'active',
        createdAt: t0,
      });
    }
  });
}

/** The creator's wallet, funded, once its block is made. */
async function fundedCreator(stack: Stack) {
  const api = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key() });
  const [creator] = await api.createWallet(1);
  void stack.devnet.chain.faucet(toHexAddress(creator!.publicKey), 10_000_000_000n);
  await sleep(3500); // the faucet's block
  return { api, creator: creator! };
}

/** 20 creations, one a block, each name carrying a word; returns their txids once the last snipes are in. */
async function creations({ api, creator }: Awaited<ReturnType<typeof fundedCreator>>): Promise<string[]> {
  const created: string[] = [];
  for (let i = 0; i < 20; i++) {
    const tx = await api.createToken({ userAddress: creator.publicKey, name: `Bench w${i}x`, symbol: `SN${i}` });
    created.push(await api.broadcast(signTx(tx as never, creator.privateKey)));
    await sleep(3100); // one creation a block
  }
  await sleep(7000); // the last snipes' block
  return created;
}

/** From the devnet's and the bot's records: each snipe's delay after its creation's block. */
function measure(h: BotStack, stack: Stack, created: string[]) {
  const db = stack.devnet.chain.db.$client;
  const bot = h.sqlite.$client;
  const blockOf = (txid: string) =>
    db
      .prepare(
        'select x.block_number n, b.timestamp t from transactions x join blocks b on b.number = x.block_number where x.txid = ?',
      )
      .get(txid) as { n: number; t: number } | undefined;
  const ms: number[] = [];
  let next = 0;
  let total = 0;
  for (const txid of created) {
    const c = blockOf(txid);
    if (!c) continue;
    const token = (
      db.prepare("select result from events where txid = ? and event_name = 'TokenCreate'").get(txid) as {
        result: string;
      }
    ).result;
    const address = TronWeb.address.fromHex(
      '41' + (JSON.parse(token) as { tokenAddress: string }).tokenAddress.slice(2),
    );
    const snipes = bot.prepare('select txid from trades where id like ?').all(`s:%:${address}`) as Array<{
      txid: string | null;
    }>;
    for (const s of snipes) {
      total++;
      if (!s.txid) continue;
      const x = db.prepare('select received_at r, block_number n from transactions where txid = ?').get(s.txid) as
        { r: number; n: number | null } | undefined;
      if (!x) continue;
      ms.push(x.r - c.t);
      if (x.n === c.n + 1) next++;
    }
  }
  return { ms, next, total };
}

export async function run(): Promise<void> {
  const stack = await startStack({ pollMs: 1000, blockMs: 3000, solidAfter: 19 });
  // as `npm start` does: each devnet block is indexed when it is made
  stack.devnet.chain.onBlock = () => stack.facade.indexer.nudge();
  const h = await startBotStack({ stack, finalityPollMs: 3000 });
  try {
    await rules(h, stack);
    const creator = await fundedCreator(stack);
    await h.built.services.automation.start();
    const { ms, next, total } = measure(h, stack, await creations(creator));
    const p = percentiles(ms);
    const share = total ? (next / total) * 100 : 0;
    out(
      `- sniper: from the creation's block to the node accepting the snipe (1,000 users with rules, 10 matching each of 20 creations, 3-s blocks solid 19 blocks later, each head block indexed when made): p50 ${p.p50} ms, p99 ${p.p99} ms over ${ms.length} snipes — ${p.p99 <= 500 ? 'meets' : 'misses'} the target (p99 ≤ 500 ms)`,
    );
    out(
      `- sniper: snipes in the block right after the creation's: ${next} of ${total} (${share.toFixed(1)} %) — ${share >= 95 ? 'meets' : 'misses'} the target (≥ 95 %)`,
    );
  } finally {
    h.built.services.automation.stop();
    await h.close();
    await stack.close();
  }
}
