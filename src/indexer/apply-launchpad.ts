// A launchpad's events: a token's creation (with the metadata the facade was given for it), its trades
// on the curve, and its launch to the DEX.
import { eq } from 'drizzle-orm';
import { toBase58 } from '../tron/address.js';
import { routersOf, type Family } from '../tron/families.js';
import { VIRTUAL_TOKEN_START, VIRTUAL_TRX_START, progressPct } from '../tron/market/index.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import type { TokenRow } from './queries.js';
import { recordTrade } from './trade.js';

export interface TokenInfo {
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: string;
}

/** What a cycle read besides the launchpad's own events. */
export interface LaunchpadInputs {
  /** The fee router's event in each transaction it made, by txid. */
  routerTx: ReadonlyMap<string, ChainEvent>;
  /** Tokens created in this window and not known before: their TRC20 facts. */
  infos: ReadonlyMap<string, TokenInfo>;
  /** Tokens bought in each transaction (a creation's first buy comes in the creating one). */
  devBuyByTx: ReadonlyMap<string, bigint>;
}

export async function applyLaunchpadEvent(
  ctx: ApplyContext,
  f: Family,
  e: ChainEvent,
  inputs: LaunchpadInputs,
): Promise<void> {
  if (e.event_name === 'TokenCreate') return applyCreate(ctx, f, e, inputs);
  const token = toBase58(e.result.token!);
  const row = await ctx.tokens.row(token);
  const { q, t } = ctx;
  if (!row) return;
  if (e.event_name === 'TokenPurchased' || e.event_name === 'TokenSold') {
    await applyCurveTrade(ctx, f, e, row, inputs.routerTx);
  } else if (e.event_name === 'LaunchPending') {
    await q.update(t.tokens).set({ status: 'LAUNCH_PENDING' }).where(eq(t.tokens.address, token));
    ctx.tokens.changed(token, { status: 'LAUNCH_PENDING' });
  } else if (e.event_name === 'TokenLaunched') {
    const launched = { status: 'LAUNCHED', launchTx: e.transaction_id, launchedAt: e.block_timestamp } as const;
    await q.update(t.tokens).set(launched).where(eq(t.tokens.address, token));
    ctx.tokens.changed(token, launched);
    await ctx.feed.write('launch', token, e, { symbol: row.symbol, name: row.name });
  }
}

async function applyCreate(ctx: ApplyContext, f: Family, e: ChainEvent, inputs: LaunchpadInputs): Promise<void> {
  const r = e.result;
  const token = toBase58(r.tokenAddress!);
  const info = inputs.infos.get(token);
  if (!info) return; // known already (re-read): nothing to do
  const creator = toBase58(r.creator!);
  const { q, t } = ctx;
  await q
    .insert(t.tokens)
    .values({
      address: token,
      family: f.family,
      launchpad: f.launchpad,
      tokenIndex: Number(r.tokenIndex),
      ...info,
      creator,
      createTx: e.transaction_id,
      createdAt: e.block_timestamp,
      status: 'CREATED',
      trxReserve: VIRTUAL_TRX_START.toString(),
      tokenReserve: VIRTUAL_TOKEN_START.toString(),
      launchTx: null,
      launchedAt: null,
      pair: null,
      lastTradeAt: null,
    })
    .onConflictDoNothing();
  const devBuy = inputs.devBuyByTx.get(e.transaction_id) ?? 0n;
  await ctx.feed.write('create', token, e, {
    family: f.family,
    name: info.name,
    symbol: info.symbol,
    creator,
    devBuy: devBuy.toString(),
    devBuyPct: Number((devBuy * 10_000n) / BigInt(info.totalSupply)) / 100,
  });
  await attachMetadata(ctx, token, e.transaction_id);
}

/** Metadata the facade was given when it built this creation moves to the token. */
async function attachMetadata(ctx: ApplyContext, token: string, txid: string): Promise<void> {
  const { q, t } = ctx;
  const [meta] = await q.select().from(t.pendingMetadata).where(eq(t.pendingMetadata.txid, txid));
  if (!meta) return;
  const { txid: _txid, createdAt: _at, ...fields } = meta;
  await q
    .insert(t.tokenMetadata)
    .values({ address: token, ...fields })
    .onConflictDoNothing();
  await q.delete(t.pendingMetadata).where(eq(t.pendingMetadata.txid, txid));
}

/**
 * A buy or sell on the curve. The reserves follow from the event (a buy's event carries the virtual
 * token reserve after it); through the fee router, the trader and the router's fee are in its event.
 */
async function applyCurveTrade(
  ctx: ApplyContext,
  f: Family,
  e: ChainEvent,
  row: TokenRow,
  routerTx: ReadonlyMap<string, ChainEvent>,
): Promise<void> {
  const r = e.result;
  const buy = e.event_name === 'TokenPurchased';
  const trxAmount = BigInt(r.trxAmount!);
  const fee = BigInt(r.fee!);
  const tokens = BigInt(r.tokenAmount!);
  const trxReserve = buy ? BigInt(row.trxReserve) + trxAmount : BigInt(row.trxReserve) - trxAmount - fee;
  const tokenReserve = buy ? BigInt(r.tokenReserve!) : BigInt(row.tokenReserve) + tokens;
  let user = toBase58((buy ? r.buyer : r.seller)!);
  let routerFee = '0';
  if (routersOf(f).includes(user)) {
    const via = routerTx.get(e.transaction_id);
    if (via?.result.user) user = toBase58(via.result.user);
    routerFee = String(via?.result.fee ?? '0');
  }
  const before = progressPct({ trxReserve: BigInt(row.trxReserve), tokenReserve: BigInt(row.tokenReserve) });
  const after = progressPct({ trxReserve, tokenReserve });
  // what the trader paid for a buy (the fee included), what the seller got for a sell (after it)
  const trx = buy ? trxAmount + fee : trxAmount;
  const trade = { buy, user, pool: f.launchpad, trx, tokens, fee, routerFee, trxReserve, tokenReserve };
  await recordTrade(ctx, e, row, trade, { progress: after });
  if (after !== before)
    await ctx.feed.write('progress', row.address, e, { symbol: row.symbol, from: before, to: after });
}
