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
import { randomBytes } from 'node:crypto';
import { ApiError, type LaunchpadClient } from '../client/index.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber, trxToSun } from '../tron/units.js';
import type { Accounts } from './accounts.js';
import { createTradeBuild } from './build-trade.js';
import { createFinality } from './finality.js';
import { createHoldings } from './holdings.js';
import type { NodeMarket } from './market.js';
import { createQuoting, type QuoteOptions } from './quoting.js';
import { createSigner, type SigningRules } from './signing.js';
import type { TradingStore, TradeRow, UserRow, WalletRow } from './store.js';
import { TradeError, failureKindOf, friendly } from './trade-errors.js';
import { newTradeRow, type TradeQuote } from './trade-row.js';

export { TradeError, failureKindOf, friendly } from './trade-errors.js';

export const QUOTE_TTL_MS = 30_000;
/** How often a sent trade is read until it is in a block (a block comes every 3 s on mainnet). */
const POLL_MS = 500;

export type { Side } from '../tron/market/index.js';
import type { Side } from '../tron/market/index.js';

export interface TradeOutcome {
  /** confirmed: it went through, in a block; failed: it did not */
  state: 'confirmed' | 'failed';
  /** its block is solid: no fork can undo it (false while only in a head block) */
  final?: boolean;
  txid?: string;
  /** What the user got: tokens (buy) or TRX (sell), as a number for display. */
  received?: number;
  feeTrx?: number;
  reason?: string;
  /** a failed trade's code from the facade (TOKEN_LAUNCHED: the token launched under a curve trade) */
  failureCode?: string;
  /** why a trade failed before reaching the chain: no TRX for it, or no tokens left to sell */
  failureKind?: 'funds' | 'no-holding';
  /** failed with a txid, but none of it is on chain (refused, expired unsent, taken away by a fork) */
  offChain?: true;
  trxBalance?: number;
  tokenBalance?: number;
}

export interface TradeEvents {
  /** Called when the transaction is on its way (txid known). */
  pending(trade: TradeRow): Promise<void> | void;
  /** Called once with the result, as soon as the transaction is in a block (or failed before). */
  done(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
  /** A trade done in a head block became final (its block is solid). */
  final?(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
  /** A trade done in a head block was taken away by a fork and could not land again. */
  undone?(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
}

const newId = (): string => randomBytes(9).toString('base64url');

export function createTradeFlow(deps: {
  store: TradingStore;
  accounts: Accounts;
  /** what every transaction is pinned to before it is signed (this bot's routers and limits) */
  signing: SigningRules;
  /** the node, read-only: the market, balances and receipts the API's figures are checked against */
  market: NodeMarket;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** how often an included trade is read until final (tests shorten it) */
  finalityPollMs?: number;
  /**
   * After a buy lands in a block (told first): the automatic orders of the user's settings, placed
   * once per buy (the order engine's afterBuy); resumed on start for buys a stop caught before it.
   */
  afterBuy?: (buy: TradeRow) => Promise<void>;
}) {
  const { store, accounts } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const running = new Set<string>();
  const signer = createSigner({ accounts, rules: deps.signing, now });
  const holdings = createHoldings({ store, market: deps.market });
  const quoting = createQuoting({ store, market: deps.market, holdings, signing: deps.signing });
  const build = createTradeBuild({ store, market: deps.market, quoting, signer, signing: deps.signing, approve });
  const finality = createFinality({
    store,
    clientFor: async (t) => accounts.clientFor((await store.user(t.userId))!),
    now,
    sleep,
    ...(deps.finalityPollMs !== undefined ? { pollMs: deps.finalityPollMs } : {}),
  });

  /**
   * Polls until the transaction is in a block (included, confirmed or failed); when the node does not
   * know it, sends the same bytes again. With `balancesOf`, the answer carries that wallet's balances.
   */
  async function waitLanded(
    client: LaunchpadClient,
    txid: string,
    deadline: number,
    resend?: () => Promise<unknown>,
    balancesOf?: { userAddress: string; tokenAddress: string },
  ) {
    for (let i = 1; ; i++) {
      const s = await client.txStatus(txid, balancesOf).catch(() => undefined);
      if (s && (s.state === 'included' || s.state === 'confirmed' || s.state === 'failed')) return s;
      if (now() > deadline) return undefined;
      if (resend && s?.state === 'unknown' && i % 3 === 0) await resend().catch(() => undefined);
      await sleep(POLL_MS);
    }
  }

  /** Approves the router for the token, and waits for the approval to be in a block (the sell is judged on the head). */
  async function approve(client: LaunchpadClient, wallet: WalletRow, token: string) {
    const signed = await signer.signApproval(wallet, await client.approve(token, wallet.address), token);
    const id = await client.broadcast(signed);
    const s = await waitLanded(client, id, now() + 60_000);
    if (!s || s.state === 'failed')
      throw new TradeError(`the approval did not go through${s?.reason ? `: ${s.reason}` : ''}`);
  }

  async function finish(
    trade: TradeRow,
    client: LaunchpadClient,
    wallet: WalletRow,
    events: TradeEvents,
  ): Promise<void> {
    const deadline =
      Number((JSON.parse(trade.signedTx!) as { raw_data: { expiration: number } }).raw_data.expiration) + 30_000;
    const signed = JSON.parse(trade.signedTx!) as object;
    const s = await waitLanded(client, trade.txid!, Math.max(deadline, now() + 5_000), () => client.broadcast(signed), {
      userAddress: wallet.address,
      tokenAddress: trade.token,
    });
    if (!s) {
      // past its expiration the bytes can no longer land: off chain if the node says it has never seen
      // them (when the node cannot be asked, it may have landed unseen: it still counts as sent)
      const last = await client.txStatus(trade.txid!).catch(() => undefined);
      const outcome: TradeOutcome = {
        state: 'failed',
        txid: trade.txid!,
        reason: 'the transaction expired without being included; nothing was traded',
        ...(last?.state === 'unknown' ? { offChain: true as const } : {}),
      };
      await store.transition(trade.id, 'broadcast', 'failed', { result: JSON.stringify(outcome) });
      return events.done((await store.trade(trade.id))!, outcome);
    }
    const ok = s.state !== 'failed';
    const outcome: TradeOutcome = {
      state: ok ? 'confirmed' : 'failed',
      ...(ok ? { final: s.state === 'confirmed' } : {}),
      txid: trade.txid!,
      feeTrx: s.fee ?? 0,
      ...(s.reason ? { reason: s.reason } : {}),
      ...(s.failureCode ? { failureCode: s.failureCode } : {}),
    };
    if (s.balances) {
      outcome.trxBalance = trxNumber(BigInt(s.balances.trxBalanceSun));
      if (s.balances.tokenBalance !== undefined)
        outcome.tokenBalance = tokenNumber(BigInt(s.balances.tokenBalance), TOKEN_DECIMALS);
    }
    // what was received, from the node's receipt (kept on the row: the recorded position counts it):
    // tokens for a buy, TRX (after the router fee) for a sell
    const fill = ok ? await holdings.record(trade) : undefined;
    if (fill)
      outcome.received = trade.side === 'buy' ? tokenNumber(fill.tokenUnits, TOKEN_DECIMALS) : trxNumber(fill.trxSun);
    // a trade in a head block is 'included' until its block is solid
    const status = s.state === 'included' ? 'included' : s.state;
    if (!(await store.transition(trade.id, 'broadcast', status, { result: JSON.stringify(outcome) }))) return;
    const done = (await store.trade(trade.id))!;
    await events.done(done, outcome);
    if (status === 'included') finality.follow(done, events);
    if (ok && done.side === 'buy') await deps.afterBuy?.(done);
  }

  async function execute(id: string, events: TradeEvents): Promise<void> {
    if (running.has(id)) return;
    running.add(id);
    try {
      let trade = (await store.trade(id))!;
      // done already, not final yet (after a restart): followed to the end
      if (trade.status === 'included') return finality.follow(trade, events);
      const user = (await store.user(trade.userId))!;
      const wallet = (await store.wallet(trade.userId, trade.walletId))!;
      const client = accounts.clientFor(user);
      if (trade.status === 'claimed' || trade.status === 'approving') {
        try {
          await store.updateTrade(id, { status: 'approving' });
          const { signed } = await build.signedTrade(trade, wallet, client, store.settings(user));
          // the signed bytes are stored before they leave
          const stored = { txid: signed.txID, signedTx: JSON.stringify(signed) };
          // claim: approving -> signed once; a second runner (here or in another process) stops here
          if (!(await store.transition(id, 'approving', 'signed', stored))) return;
        } catch (e) {
          const kind = failureKindOf(e);
          const outcome: TradeOutcome = {
            state: 'failed',
            reason: friendly(e),
            ...(kind ? { failureKind: kind } : {}),
            ...(e instanceof TradeError && e.code ? { failureCode: e.code } : {}),
          };
          await store.updateTrade(id, { status: 'failed', result: JSON.stringify(outcome) });
          return events.done((await store.trade(id))!, outcome);
        }
        trade = (await store.trade(id))!;
      }
      if (trade.status === 'signed' || trade.status === 'broadcast') {
        try {
          await client.broadcast(JSON.parse(trade.signedTx!) as object);
        } catch (e) {
          // refused for good (not a duplicate): nothing will be traded
          if (e instanceof ApiError && e.status === 400) {
            const outcome: TradeOutcome = { state: 'failed', txid: trade.txid!, reason: friendly(e), offChain: true };
            await store.updateTrade(id, { status: 'failed', result: JSON.stringify(outcome) });
            return events.done((await store.trade(id))!, outcome);
          }
          // unknown (network): keep the stored bytes and follow the receipt anyway
        }
        await store.transition(id, 'signed', 'broadcast');
        trade = (await store.trade(id))!;
        await events.pending(trade);
        await finish(trade, client, wallet, events);
      }
    } finally {
      running.delete(id);
    }
  }

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

    /** Quotes a trade (its own terms, the API's quote checked) and records it as a trade the user can confirm. */
    async quote(
      user: UserRow,
      chatId: number,
      token: string,
      side: Side,
      amount: string,
      /** shown when the index does not know the token's symbol yet */
      symbol?: string,
    ): Promise<{ trade: TradeRow; terms: TradeQuote; symbol: string }> {
      const wallet = await accounts.activeWallet(user);
      const { kept } = await termsFor(user, wallet, token, side, amount, { symbol });
      const id = newId();
      const t = now();
      await store.insertTrade(
        newTradeRow({
          id,
          userId: user.telegramId,
          chatId,
          walletId: wallet.id,
          token,
          side,
          amount,
          slippagePct: store.settings(user).slippage,
          quote: kept,
          status: 'quoted',
          at: t,
          expiresAt: t + QUOTE_TTL_MS,
        }),
      );
      return { trade: (await store.trade(id))!, terms: kept, symbol: kept.symbol };
    },

    async attachMessage(id: string, messageId: number): Promise<void> {
      await store.updateTrade(id, { messageId });
    },

    /** One tap wins: 'ok' to go on, otherwise why not. */
    async claim(id: string, userId: number): Promise<'ok' | 'expired' | 'taken' | 'missing' | 'not-yours'> {
      const trade = await store.trade(id);
      if (!trade) return 'missing';
      if (trade.userId !== userId) return 'not-yours';
      if (trade.status !== 'quoted') return 'taken';
      if (now() > trade.expiresAt) {
        await store.transition(id, 'quoted', 'expired');
        return 'expired';
      }
      // claim: quoted -> claimed, one conditional update: one tap of any process wins
      return (await store.transition(id, 'quoted', 'claimed')) ? 'ok' : 'taken';
    },

    async cancel(id: string, userId: number): Promise<boolean> {
      const trade = await store.trade(id);
      return !!trade && trade.userId === userId && (await store.transition(id, 'quoted', 'cancelled'));
    },

    execute,

    /** Sends TRX from a wallet: built by the facade, checked and signed here, followed to a result. */
    async sendTrx(user: UserRow, wallet: WalletRow, to: string, amount: string) {
      const client = accounts.clientFor(user);
      const signed = await signer.sign(wallet, await client.transfer(wallet.address, to, amount), {
        kind: 'transfer',
        to,
        sun: trxToSun(amount),
      });
      const txid = await client.broadcast(signed);
      const s = await waitLanded(client, txid, now() + 60_000);
      if (!s) return { txid, state: 'pending' as const, reason: 'still pending; check /wallet later' };
      return {
        txid,
        state: s.state === 'failed' ? ('failed' as const) : ('confirmed' as const),
        ...(s.reason ? { reason: s.reason } : {}),
      };
    },

    /** Places the automatic orders of buys that landed while no one placed them (a stop came between). */
    async resumeAutoOrders(): Promise<void> {
      for (const t of await store.pendingAutoOrders()) await deps.afterBuy?.(t);
    },

    /**
     * Resumes trades by hand left unfinished by a crash or restart, and follows those not final yet
     * (the order engine and the sniper resume their own, with their own events). With several
     * instances the engine's leader calls it now and then with `staleMs`: a trade that another,
     * living instance is working on is left to it.
     */
    async resume(events: TradeEvents, staleMs = 0) {
      // with several instances, only trades no one has moved for `staleMs` (their instance died)
      const mine = (t: TradeRow) => t.orderId === null && t.ruleId === null && t.updatedAt <= now() - staleMs;
      for (const t of await store.includedTrades()) if (mine(t)) finality.follow(t, events);
      const list = (await store.unfinishedTrades()).filter(mine);
      for (const t of list) {
        if (t.status === 'claimed' || t.status === 'approving') {
          const outcome: TradeOutcome = {
            state: 'failed',
            reason: 'the bot restarted before sending this trade; nothing was sent. Please trade again.',
          };
          await store.updateTrade(t.id, { status: 'failed', result: JSON.stringify(outcome) });
          await events.done((await store.trade(t.id))!, outcome);
        } else {
          await execute(t.id, events);
        }
      }
      return list.length;
    },
  };
}

export type TradeFlow = ReturnType<typeof createTradeFlow>;
