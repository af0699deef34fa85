// `npm run bench`: every benchmark prints its figures; `npm run bench -- --only=curve,reads` runs some;
// `npm run bench -- --write` also appends a dated section to bench/RESULTS.md. Traffic stays on
// loopback; every loop is bounded. One file per case in bench/cases/, run in this order.
import { runCases } from './harness.js';

await runCases([
  ['curve', () => import('./cases/curve.js')],
  ['sign', () => import('./cases/sign.js')],
  ['reads', () => import('./cases/reads.js')],
  ['evm', () => import('./cases/evm.js')],
  ['buys', () => import('./cases/buys.js')],
  ['dex', () => import('./cases/dex.js')],
  ['engines', () => import('./cases/engines.js')],
  ['orders', () => import('./cases/orders.js')],
  ['sniper', () => import('./cases/sniper.js')],
  ['charts', () => import('./cases/charts.js')],
  ['indexer', () => import('./cases/indexer.js')],
  ['bot', () => import('./cases/bot.js')],
  ['botlatency', () => import('./cases/botlatency.js')],
  ['energy', () => import('./cases/energy.js')],
]);
// the system's stacks and timers of the cases may hold the loop open
process.exit(0);
