// An automation (sniping and copy trading) over a trading store, with no chain and no API: its trade
// flow only records the trades the automation hands it (and the events it gives each), and what a
// user is told is kept in a list. For the focused tests of test/trading/automation/.
import { createLogger } from '../../../src/log.js';
import type { LaunchpadClient, StreamEvent } from '../../../src/client/index.js';
import type { Accounts } from '../../../src/trading/accounts.js';
import { type AutoEvent, createAutomation } from '../../../src/trading/automation/index.js';
import type { OrderEngine } from '../../../src/trading/orders/index.js';
import type { WalletRow } from '../../../src/trading/store.js';
import type { TradeEvents, TradeFlow } from '../../../src/trading/trade-flow.js';
import type { memoryStore } from '../helpers.js';

/** A wallet outside the bot whose trades are copied (a valid Tron address). */
export const SOURCE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

export function automationOver(
  store: ReturnType<typeof memoryStore>,
  wallet: WalletRow,
  now: () => number,
  /** the operator's client (the token details and safety the automation reads); none by default */
  client = {} as LaunchpadClient,
) {
  const told: AutoEvent[] = [];
  /** The trades handed to the trade flow, by id, with the events the automation gave each. */
  const executed = new Map<string, TradeEvents>();
  const trading = {
    execute: async (id: string, events: TradeEvents) => void executed.set(id, events),
  } as unknown as TradeFlow;
  const automation = createAutomation({
    store,
    accounts: { activeWallet: async () => wallet } as unknown as Accounts,
    trading,
    client,
    orders: {} as OrderEngine,
    notify: (e) => void told.push(e),
    logger: createLogger('silent'),
    trxUsd: 0.25,
    now,
  });
  return { automation, told, executed };
}

/** A new token as the live stream tells it (with its launchpad family, as the indexer writes it, when given). */
export const created = (token: string, name: string, symbol: string, at: number, family?: string): StreamEvent => ({
  id: 0,
  kind: 'create',
  token,
  txid: `create-${token}`,
  timestamp: at,
  data: { name, symbol, ...(family ? { family } : {}) },
});

/** A followed wallet's buy as the live stream tells it. */
export const sourceBuy = (token: string, symbol: string, sun: bigint, txid: string, at: number): StreamEvent => ({
  id: 0,
  kind: 'buy',
  token,
  txid,
  timestamp: at,
  data: { user: SOURCE, symbol, trxAmountSun: sun.toString() },
});

/** Waits until `fn` holds (the proof that the system has acted, or has looked). */
export async function until(fn: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}
