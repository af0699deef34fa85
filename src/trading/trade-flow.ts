// Trades from quote to result, exactly once.
//
// 1. A quote becomes a trade row (status 'quoted') with a short id; the Confirm button carries it. Its
//    terms are the trading side's own (quoting.ts, terms.ts): the user's amount, the output and the
//    minimum from the market the node shows, the API's quote checked against them; the card shows them.
// 2. A tap claims it with one conditional update (quoted -> claimed); every other tap loses.
// 3. Sells get an approval first when the router's allowance (read from the node with the quote) is short.
// 4. The trade is built by the facade (localTrade) with exactly the terms' amount and minimum, pinned to
//    the terms, signed locally, and the signed bytes and txID are stored (signed) BEFORE the broadcast
//    (build-trade.ts). A snipe or copy kept without terms gets them there, from its rule's amount.
// 5. The receipt is polled until the transaction is in a block and the message is edited with the
//    result at once (a head block: "Bought"; what was received, from the node's receipt, kept on the
//    row for the recorded position); then finality.ts follows it until its block is solid ("final")
//    or a fork takes it away (sent again while its bytes are valid, else undone).
// API calls per trade: quote, localTrade, broadcast, then txStatus until final (its final answer
// carries the new balances); a first sell of a token adds approve and its broadcast. Node reads
// (read-only): the token's market and the wallet's balances with the quote, the receipt once landed.
// On start, unfinished trades are resumed: stored bytes are re-broadcast (a duplicate is fine) and
// followed to the end; a trade interrupted before signing is marked failed with nothing sent.
import type { FamilyName } from '../tron/families.js';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { clockTime, type ChainTime } from '../tron/chain-clock.js';
import type { Accounts } from './accounts.js';
import type { EnergyLender } from './energy-lending.js';
import { createTradeBuild } from './build-trade.js';
import { createFinality } from './finality.js';
import { createHoldings } from './holdings.js';
import type { NodeMarket } from './market.js';
import { createQuoting, type QuoteOptions } from './quoting.js';
import { createSigner, type SigningRules, type SigningNetworks } from './signing.js';
import type { TradingStore, TradeRow, UserRow, WalletRow } from './store.js';
import type { TradeEvents } from './trade-outcome.js';
import { approve, execute as runTrade, resumeHandTrades, sendTrx, type RunContext } from './trade-run.js';
import { handTrades } from './hand-trades.js';

export {
  TradeError,
  errorNote,
  failureKindOf,
  friendly,
  isReason,
  readErrorNote,
  reasonOf,
  storable,
  why,
} from './trade-errors.js';
export type { ErrorKey, Exact, Reason, ReasonVar } from './trade-errors.js';

export { QUOTE_TTL_MS } from './hand-trades.js';

export type { Side } from '../tron/market/index.js';
import type { Side } from '../tron/market/index.js';

export type { TradeEvents, TradeOutcome } from './trade-outcome.js';

export interface TradeFlowDeps {
  store: TradingStore;
  accounts: Accounts;
  /** what every transaction is pinned to before it is signed (this bot's routers and limits) */
  signing: SigningRules;
  /** the node, read-only: the market, balances and receipts the API's figures are checked against */
  market: NodeMarket;
  now?: () => number;
  /** the chain's time (default `now`, the machine's clock of quotes): expirations and deadlines are block times */
  chain?: ChainTime;
  sleep?: (ms: number) => Promise<unknown>;
  /** how often an included trade is read until final (tests shorten it) */
  finalityPollMs?: number;
  /**
   * After a buy lands in a block (told first): the automatic orders of the user's settings, placed
   * once per buy (the order engine's afterBuy); resumed on start for buys a stop caught before it.
   */
  afterBuy?: (buy: TradeRow) => Promise<void>;
  /** lends a trade's energy to its wallet for the trade, when the operator set a lender (energy-lending.ts) */
  lender?: EnergyLender | undefined;
  /** with several networks: each family's clock and chain, which a transaction is held to before signing */
  networks?: SigningNetworks | undefined;
}

export function createTradeFlow(deps: TradeFlowDeps) {
  const { store, accounts } = deps;
  const now = deps.now ?? Date.now;
  const chain = deps.chain ?? clockTime(now);
  const sleep = deps.sleep ?? ((ms: number) => sleepFor(ms));
  const signer = createSigner({ accounts, rules: deps.signing, now: chain.read, networks: deps.networks });
  const holdings = createHoldings({ store, market: deps.market });
  const quoting = createQuoting({ store, market: deps.market, holdings, signing: deps.signing, lender: deps.lender });
  const finality = createFinality({
    store,
    clientFor: async (t) => accounts.clientFor((await store.user(t.userId))!),
    now: chain.now,
    sleep,
    ...(deps.finalityPollMs !== undefined ? { pollMs: deps.finalityPollMs } : {}),
  });

  const run: RunContext = {
    store,
    accounts,
    signer,
    build: createTradeBuild({
      store,
      market: deps.market,
      quoting,
      signer,
      signing: deps.signing,
      approve: (client, wallet, token) => approve(run, client, wallet, token),
    }),
    holdings,
    finality,
    now,
    chainNow: chain.now,
    sleep,
    running: new Set<string>(),
    afterBuy: deps.afterBuy,
    lender: deps.lender,
  };
  const execute = (id: string, events: TradeEvents) => runTrade(run, id, events);

  /**
   * A trade's terms for the wallet with the user's slippage (quoting.ts): the user's amount, the node's
   * market, the API's quote checked against them; refused at once when the TRX for it is short.
   */
  const termsFor = (user: UserRow, wallet: WalletRow, token: string, side: Side, words: string, opts?: QuoteOptions) =>
    quoting.termsFor(accounts.clientFor(user), user, wallet, token, side, words, opts);

  return {
    termsFor,
    /** What a wallet holds of a token, as the trading side knows it without the API. */
    holdings,
    /** The node, read-only (what the API's figures are checked against). */
    market: deps.market,

    ...handTrades({ store, accounts, now, termsFor }),

    execute,

    /** Sends TRX from a wallet: built by the facade, checked and signed here, followed to a result. */
    /** TRX from the wallet to `to`, on the network of `family` (the first's when unset). */
    sendTrx: (user: UserRow, wallet: WalletRow, to: string, amount: string, family?: FamilyName) =>
      sendTrx(run, user, wallet, to, amount, family),

    /** Places the automatic orders of buys that landed while no one placed them (a stop came between). */
    async resumeAutoOrders(): Promise<void> {
      for (const t of await store.pendingAutoOrders()) await deps.afterBuy?.(t);
    },

    /**
     * Resumes trades by hand left unfinished by a crash or restart, and follows those not final yet
     * (the engines resume their own, with their own events); with several instances, only trades no
     * one moved for `staleMs` (their instance died).
     */
    resume: (events: TradeEvents, staleMs = 0) => resumeHandTrades(run, events, staleMs),
  };
}

export type TradeFlow = ReturnType<typeof createTradeFlow>;
