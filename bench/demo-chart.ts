// Renders the README's chart picture (docs/chart-tcat.png) from a fresh seeded devnet:
// `npx tsx bench/demo-chart.ts`. The same renderer the bot sends its token cards with.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LaunchpadClient } from '../src/client/index.js';
import { renderChart, renderPnl } from '../src/charts/render.js';
import { pictureLabels } from '../src/bot/picture-labels.js';
import { demoTokens, startStack } from '../test/helpers/facade.js';
import { speechIn } from '../test/helpers/speech.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const labels = pictureLabels(speechIn('en'));
const stack = await startStack({ seed: true, pollMs: 0 });
try {
  const client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key() });
  const tokens = await demoTokens(stack.devnet.url);
  for (const [symbol, interval] of [
    ['TCAT', '1h'],
    ['PKING', '1h'],
  ] as const) {
    const token = tokens[symbol]!;
    const [c, d] = await Promise.all([
      client.getCandles(token, interval, { limit: 24 }),
      client.getTokenDetails(token),
    ]);
    const png = renderChart(
      {
        symbol,
        interval,
        candles: c.candles,
        progressPct: d.data.venue === 'dex' ? null : d.data.pumpPercentage,
        priceTrx: d.data.priceInTrx,
      },
      labels,
    );
    fs.writeFileSync(path.join(HERE, '..', 'docs', `chart-${symbol.toLowerCase()}.png`), png);
  }
  const pnl = renderPnl(
    {
      symbol: 'TCAT',
      entryTrx: 0.0000331,
      nowTrx: 0.0000412,
      pnlTrx: 48.9,
      pnlPct: 24.47,
      heldMs: 5 * 3_600_000,
    },
    labels,
  );
  fs.writeFileSync(path.join(HERE, '..', 'docs', 'pnl-card.png'), pnl);
  console.log('wrote docs/chart-tcat.png, docs/chart-pking.png, docs/pnl-card.png');
} finally {
  await stack.close();
}
