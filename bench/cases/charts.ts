// Pictures: chart renders per second (48 candles, in this process), and what a user waits for a token
// card with its chart: cold (drawn and uploaded: the cache is emptied before each) and warm (sent by
// the file_id Telegram gave it), through the real bot, facade and devnet with the fake Bot API.
import { renderChart } from '../../src/charts/render.js';
import { createChartCache } from '../../src/bot/charts.js';
import { pictureLabels } from '../../src/bot/picture-labels.js';
import { startBotStack } from '../../test/helpers/bot.js';
import { speechIn } from '../../test/helpers/speech.js';
import { devnetTokens, out, percentiles } from '../harness.js';

function renders(): void {
  const candles = Array.from({ length: 48 }, (_, i) => ({
    time: 1_700_000_000_000 + i * 3_600_000,
    open: 0.00004 + Math.sin(i / 5) * 0.000005,
    high: 0.000047 + Math.sin(i / 5) * 0.000005,
    low: 0.000038 + Math.sin(i / 5) * 0.000005,
    close: 0.000041 + Math.sin(i / 4) * 0.000005,
    volume: 100 + i * 10,
  }));
  const labels = pictureLabels(speechIn('en'));
  renderChart({ symbol: 'WARM', interval: '1h', candles, progressPct: 40, priceTrx: 0.00004 }, labels);
  const n = 200;
  const t0 = performance.now();
  for (let i = 0; i < n; i++)
    renderChart({ symbol: `B${i}`, interval: '1h', candles, progressPct: i % 100, priceTrx: 0.00004 }, labels);
  out(`- charts: ${Math.round((n / (performance.now() - t0)) * 1000)} renders/s (960×540 PNG, 48 candles, one thread)`);
}

async function cards(): Promise<void> {
  const h = await startBotStack();
  try {
    const tokens = await devnetTokens(h.stack.devnet.url);
    const u = 5_500_000;
    await h.send(h.tg.message(u, '/start'));
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 70; i++) {
      const token = tokens[i % tokens.length]!.contractAddress;
      h.built.services.charts = createChartCache();
      let t = performance.now();
      await h.send(h.tg.message(u, token));
      cold.push(performance.now() - t);
      t = performance.now();
      await h.send(h.tg.message(u, token));
      warm.push(performance.now() - t);
    }
    const c = percentiles(cold);
    const w = percentiles(warm);
    out(
      `- bot: paste an address -> card with its chart sent, cold (drawn and uploaded): p50 ${c.p50.toFixed(1)} ms, p99 ${c.p99.toFixed(1)} ms — ${c.p99 <= 300 ? 'meets' : 'misses'} the target (p99 ≤ 300 ms); warm (sent by file_id): p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms — ${w.p99 <= 50 ? 'meets' : 'misses'} the target (p99 ≤ 50 ms)`,
    );
  } finally {
    await h.close();
  }
}

export async function run(): Promise<void> {
  renders();
  await cards();
}
