// The curve's maths in this process: quoteBuy over a pool that moves every hundred quotes.
import { DEFAULT_FEES, initialPool, quoteBuy } from '../../src/tron/market/index.js';
import { out } from '../harness.js';

export function run(): void {
  const n = 200_000;
  let pool = initialPool();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const q = quoteBuy(pool, 1_000_000n + BigInt(i % 1000), DEFAULT_FEES);
    if (i % 100 === 0) pool = q.after;
  }
  const ms = performance.now() - t0;
  out(`- curve quoteBuy: ${Math.round((n / ms) * 1000).toLocaleString('en')} quotes/s`);
}
