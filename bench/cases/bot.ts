// Bot throughput in this process: updates through handleUpdate with a fake Bot API, then token cards
// (pasted address -> facade -> card) from ten users at once.
import { startBotStack } from '../../test/helpers/bot.js';
import { devnetTokens, out } from '../harness.js';

export async function run(): Promise<void> {
  const h = await startBotStack();
  try {
    await h.send(h.tg.message(1, '/start'));
    const n = 2000;
    let t0 = performance.now();
    for (let i = 0; i < n; i++) await h.send(h.tg.message(1 + (i % 50), '/help'));
    let rate = (n / (performance.now() - t0)) * 1000;
    out(
      `- bot updates through handleUpdate with a fake Bot API (/help, 50 users): ${Math.round(rate)} updates/s — ${rate >= 500 ? 'meets' : 'misses'} the target (≥ 500/s)`,
    );
    const tokens = await devnetTokens(h.stack.devnet.url);
    const m = 300;
    t0 = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        for (let i = 0; i < m / 10; i++)
          await h.send(h.tg.message(100 + w, tokens[i % tokens.length]!.contractAddress));
      }),
    );
    rate = (m / (performance.now() - t0)) * 1000;
    out(`- bot token cards (pasted address -> facade -> card, 10 users in parallel): ${Math.round(rate)} cards/s`);
  } finally {
    await h.close();
  }
}
