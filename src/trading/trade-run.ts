// Running a claimed trade to its result, as functions of the flow's context (trade-flow.ts makes it):
// built and signed (build-trade.ts), the signed bytes stored before the broadcast, the receipt
// polled until the transaction is in a block, the user told at once, the fill read from the node and
// kept, the automatic orders of a buy placed, and the trade followed to final (finality.ts).
import type { FamilyName } from '../tron/families.js';
import { ApiError, type LaunchpadClient } from '../client/index.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber, trxToSun } from '../tron/units.js';
import type { Accounts } from './accounts.js';
import type { EnergyLender } from './energy-lending.js';
import { quoteOfTrade } from './trade-row.js';
import type { TradeBuild } from './build-trade.js';
import type { Finality } from './finality.js';
import type { Holdings } from './holdings.js';
import type { Signer } from './signing.js';
import type { TradingStore, TradeRow, UserRow, WalletRow } from './store.js';
import { TradeError, failureKindOf, friendly, reasonOf, why } from './trade-errors.js';
import type { TradeEvents, TradeOutcome } from './trade-outcome.js';

/** How often a sent trade is read until it is in a block (a block comes every 3 s on mainnet). */
const POLL_MS = 500;

/** What running a trade takes: the flow's parts, its clocks, and the trades running in this process. */
export interface RunContext {
  store: TradingStore;
  accounts: Accounts;
  signer: Signer;
  build: TradeBuild;
  holdings: Holdings;
  finality: Finality;
  /** the machine's clock: when a trade was last moved (another instance's, left stale) */
  now: () => number;
  /** the chain's time: until when a sent transaction may still land (its expiration is a block time) */
  chainNow: () => number;
  sleep: (ms: number) => Promise<unknown>;
  /** trades this process is running now (a second call for one of them returns at once) */
  running: Set<string>;
  /** after a buy lands: its automatic orders */
  afterBuy?: ((buy: TradeRow) => Promise<void>) | undefined;
  /** lends the trade's energy to its wallet before the broadcast, and takes it back once it landed */
  lender?: EnergyLender | undefined;
}

/**
 * Polls until the transaction is in a block (included, confirmed or failed); when the node does not
 * know it, sends the same bytes again, until `deadline` (the chain's time). With `balancesOf`, the
 * answer carries that wallet's balances.
 */
export async function waitLanded(
  c: RunContext,
  client: LaunchpadClient,
  txid: string,
  deadline: number,
  resend?: () => Promise<unknown>,
  balancesOf?: { userAddress: string; tokenAddress: string },
) {
  for (let i = 1; ; i++) {
    const s = await client.txStatus(txid, balancesOf).catch(() => undefined);
    if (s && (s.state === 'included' || s.state === 'confirmed' || s.state === 'failed')) return s;
    if (c.chainNow() > deadline) return undefined;
    if (resend && s?.state === 'unknown' && i % 3 === 0) await resend().catch(() => undefined);
    await c.sleep(POLL_MS);
  }
}

/** Approves the router for the token, and waits for the approval to be in a block (the sell is judged on the head). */
export async function approve(c: RunContext, client: LaunchpadClient, wallet: WalletRow, token: string) {
  const signed = await c.signer.signApproval(wallet, await client.approve(token, wallet.address), token);
  const id = await client.broadcast(signed);
  const s = await waitLanded(c, client, id, c.chainNow() + 60_000);
  if (!s || s.state === 'failed')
    throw new TradeError(
      `the approval did not go through${s?.reason ? `: ${s.reason}` : ''}`,
      'safety',
      s?.reason ? why('err-approval-failed-why', { detail: s.reason }) : why('err-approval-failed'),
    );
}

async function finish(
  c: RunContext,
  trade: TradeRow,
  client: LaunchpadClient,
  wallet: WalletRow,
  events: TradeEvents,
): Promise<void> {
  const deadline =
    Number((JSON.parse(trade.signedTx!) as { raw_data: { expiration: number } }).raw_data.expiration) + 30_000;
  const signed = JSON.parse(trade.signedTx!) as object;
  const s = await waitLanded(
    c,
    client,
    trade.txid!,
    Math.max(deadline, c.chainNow() + 5_000),
    () => client.broadcast(signed),
    {
      userAddress: wallet.address,
      tokenAddress: trade.token,
    },
  );
  if (!s) {
    // past its expiration the bytes can no longer land: off chain if the node says it has never seen
    // them (when the node cannot be asked, it may have landed unseen: it still counts as sent)
    const last = await client.txStatus(trade.txid!).catch(() => undefined);
    const outcome: TradeOutcome = {
      state: 'failed',
      txid: trade.txid!,
      reason: 'the transaction expired without being included; nothing was traded',
      why: why('err-trade-expired'),
      ...(last?.state === 'unknown' ? { offChain: true as const } : {}),
    };
    await c.store.transition(trade.id, 'broadcast', 'failed', { result: JSON.stringify(outcome) });
    return events.done((await c.store.trade(trade.id))!, outcome);
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
  const fill = ok ? await c.holdings.record(trade) : undefined;
  if (fill)
    outcome.received = trade.side === 'buy' ? tokenNumber(fill.tokenUnits, TOKEN_DECIMALS) : trxNumber(fill.trxSun);
  // a trade in a head block is 'included' until its block is solid
  const status = s.state === 'included' ? 'included' : s.state;
  if (!(await c.store.transition(trade.id, 'broadcast', status, { result: JSON.stringify(outcome) }))) return;
  const done = (await c.store.trade(trade.id))!;
  await events.done(done, outcome);
  if (status === 'included') c.finality.follow(done, events);
  if (ok && done.side === 'buy') await c.afterBuy?.(done);
}

/** Lends the wallet the energy its terms planned to borrow (quoting.ts), before the trade leaves. */
async function lend(c: RunContext, trade: TradeRow, wallet: WalletRow): Promise<void> {
  const energy = quoteOfTrade(trade).energyLent ?? 0;
  if (c.lender && energy > 0) await c.lender.lend(trade.id, wallet.address, energy);
}

export async function execute(c: RunContext, id: string, events: TradeEvents): Promise<void> {
  if (c.running.has(id)) return;
  c.running.add(id);
  try {
    let trade = (await c.store.trade(id))!;
    // done already, not final yet (after a restart): followed to the end
    if (trade.status === 'included') return c.finality.follow(trade, events);
    const user = (await c.store.user(trade.userId))!;
    const wallet = (await c.store.wallet(trade.userId, trade.walletId))!;
    const client = c.accounts.clientFor(user);
    if (trade.status === 'claimed' || trade.status === 'approving') {
      try {
        await c.store.updateTrade(id, { status: 'approving' });
        const { signed } = await c.build.signedTrade(trade, wallet, client, c.store.settings(user));
        // the signed bytes are stored before they leave
        const stored = { txid: signed.txID, signedTx: JSON.stringify(signed) };
        // claim: approving -> signed once; a second runner (here or in another process) stops here
        if (!(await c.store.transition(id, 'approving', 'signed', stored))) return;
      } catch (e) {
        const kind = failureKindOf(e);
        const outcome: TradeOutcome = {
          state: 'failed',
          reason: friendly(e),
          why: reasonOf(e),
          ...(kind ? { failureKind: kind } : {}),
          ...(e instanceof TradeError && e.code ? { failureCode: e.code } : {}),
        };
        await c.store.updateTrade(id, { status: 'failed', result: JSON.stringify(outcome) });
        return events.done((await c.store.trade(id))!, outcome);
      }
      trade = (await c.store.trade(id))!;
    }
    if (trade.status === 'signed' || trade.status === 'broadcast') {
      try {
        if (trade.status === 'signed') await lend(c, trade, wallet);
        try {
          await client.broadcast(JSON.parse(trade.signedTx!) as object);
        } catch (e) {
          // refused for good (not a duplicate): nothing will be traded
          if (e instanceof ApiError && e.status === 400) {
            const outcome: TradeOutcome = {
              state: 'failed',
              txid: trade.txid!,
              reason: friendly(e),
              why: reasonOf(e),
              offChain: true,
            };
            await c.store.updateTrade(id, { status: 'failed', result: JSON.stringify(outcome) });
            return events.done((await c.store.trade(id))!, outcome);
          }
          // unknown (network): keep the stored bytes and follow the receipt anyway
        }
        await c.store.transition(id, 'signed', 'broadcast');
        trade = (await c.store.trade(id))!;
        await events.pending(trade);
        await finish(c, trade, client, wallet, events);
      } finally {
        // the trade is in a block, failed or expired: energy lent for it goes back
        await c.lender?.repay(id);
      }
    }
  } finally {
    c.running.delete(id);
  }
}

/** Sends TRX from a wallet: built by the facade, checked and signed here, followed to a result. */
export async function sendTrx(
  c: RunContext,
  user: UserRow,
  wallet: WalletRow,
  to: string,
  amount: string,
  family?: FamilyName,
) {
  const client = c.accounts.clientFor(user);
  // built on the network of `family` (the first's when unset), and held to that network's chain
  const signed = await c.signer.sign(wallet, await client.transfer(wallet.address, to, amount, family), {
    kind: 'transfer',
    to,
    sun: trxToSun(amount),
    family,
  });
  const txid = await client.broadcast(signed);
  const s = await waitLanded(c, client, txid, c.chainNow() + 60_000);
  if (!s)
    return {
      txid,
      state: 'pending' as const,
      reason: 'still pending; check /wallet later',
      why: why('err-transfer-pending'),
    };
  return {
    txid,
    state: s.state === 'failed' ? ('failed' as const) : ('confirmed' as const),
    ...(s.reason ? { reason: s.reason } : {}),
  };
}

/**
 * Resumes trades by hand left unfinished by a crash or restart, and follows those not final yet
 * (the order engine and the sniper resume their own, with their own events). With several
 * instances the engine's leader calls it now and then with `staleMs`: a trade that another,
 * living instance is working on is left to it.
 */
export async function resumeHandTrades(c: RunContext, events: TradeEvents, staleMs = 0): Promise<number> {
  // with several instances, only trades no one has moved for `staleMs` (their instance died)
  const mine = (t: TradeRow) => t.orderId === null && t.ruleId === null && t.updatedAt <= c.now() - staleMs;
  for (const t of await c.store.includedTrades()) if (mine(t)) c.finality.follow(t, events);
  const list = (await c.store.unfinishedTrades()).filter(mine);
  for (const t of list) {
    if (t.status === 'claimed' || t.status === 'approving') {
      const outcome: TradeOutcome = {
        state: 'failed',
        reason: 'the bot restarted before sending this trade; nothing was sent. Please trade again.',
        why: why('err-trade-restarted'),
      };
      await c.store.updateTrade(t.id, { status: 'failed', result: JSON.stringify(outcome) });
      await events.done((await c.store.trade(t.id))!, outcome);
    } else {
      await execute(c, t.id, events);
    }
  }
  return list.length;
}
