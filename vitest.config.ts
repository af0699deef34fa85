import { defineConfig } from 'vitest/config';

/**
 * The unit tests (`npm run test:unit`, vitest.unit.config.ts): tests that start no devnet, no process
 * and no server of the stack, and need no Postgres or Redis, so that they all run in well under a
 * minute. A folder (a name ending in /) stands for every test under it. test/unit-tests.test.ts fails
 * if one of them reaches what starts a devnet or runs a process; a new test of that kind is listed here.
 */
export const UNIT_TESTS = [
  'test/cli-app.test.ts',
  'test/web/format.test.ts',
  'test/web/candles.test.ts',
  'test/web/texts.test.ts',
  'test/tron/market/',
  'test/tron/address.test.ts',
  'test/tron/secp.test.ts',
  'test/tron/tx.test.ts',
  'test/tron/pacing.test.ts',
  'test/tron/chain-clock.test.ts',
  'test/tron/networks.test.ts',
  'test/trading/terms.test.ts',
  'test/trading/trade-row.test.ts',
  'test/trading/pnl.test.ts',
  'test/trading/price.test.ts',
  'test/trading/tx-pinning.test.ts',
  'test/trading/user-pin.test.ts',
  'test/trading/accounts.test.ts',
  'test/trading/finality.test.ts',
  'test/trading/trade-flow.test.ts',
  'test/trading/migration-0008.test.ts',
  'test/trading/orders/spec.test.ts',
  'test/trading/orders/triggers.test.ts',
  'test/trading/orders/undone.test.ts',
  'test/trading/automation/',
  'test/service/trade/',
  'test/service/data/cache.test.ts',
  'test/service/data/candles.test.ts',
  'test/service/data/safety.test.ts',
  'test/service/webhook-pool.test.ts',
  'test/service/webhook-target.test.ts',
  'test/bot/callback-data.test.ts',
  'test/bot/fake-telegram.test.ts',
  'test/client/client.test.ts',
  'test/devnet/evm/interpreter.test.ts',
  'test/devnet/evm/words.test.ts',
  'test/db/open.test.ts',
  'test/db/undo-journal.test.ts',
  'test/api/serialize.test.ts',
  'test/api/key-cache.test.ts',
  'test/charts/',
  'test/scripts/',
  'test/config.test.ts',
  'test/vault.test.ts',
  'test/readme.test.ts',
  'test/unit-tests.test.ts',
];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // the browser tests' notice when Chromium is missing (they skip)
    globalSetup: ['test/setup/global.ts', 'test/helpers/browser.ts'],
    setupFiles: ['test/setup/keys.ts'],
  },
});
