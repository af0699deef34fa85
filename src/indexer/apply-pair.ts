// A launched token's SunSwap V2 pair: its Sync sets the token's reserves (the pair's WTRX and token),
// its Swap is a trade at the reserves the Sync just before it left.
import { toBase58, toHexAddress } from '../tron/address.js';
import { sortTokens } from '../tron/market/index.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import { recordTrade } from './trade.js';

/** Swaps before the launch (a pair made early) are not the token's market and are skipped. */
export async function applyPairEvent(
  ctx: ApplyContext,
  token: string,
  pair: string,
  e: ChainEvent,
  routerTx: ReadonlyMap<string, ChainEvent>,
): Promise<void> {
  const row = await ctx.tokens.row(token);
  const wtrx = ctx.dexes.get(row?.launchpad ?? '')?.wtrx;
  if (!row || row.status !== 'LAUNCHED' || !wtrx) return;
  // the factory orders a pair's tokens by address
  const [token0] = sortTokens(toHexAddress(token), toHexAddress(wtrx));
  const tokenIs0 = token0 === toHexAddress(token);
  const r = e.result;
  if (e.event_name === 'Sync') {
    const [r0, r1] = [BigInt(r.reserve0!), BigInt(r.reserve1!)];
    await ctx.tokens.setReserves(token, tokenIs0 ? r1 : r0, tokenIs0 ? r0 : r1);
    return;
  }
  const [a0In, a1In, a0Out, a1Out] = [r.amount0In, r.amount1In, r.amount0Out, r.amount1Out].map((v) => BigInt(v!));
  const [tokIn, tokOut, trxIn, trxOut] = tokenIs0 ? [a0In!, a0Out!, a1In!, a1Out!] : [a1In!, a1Out!, a0In!, a0Out!];
  const buy = tokOut > tokIn;
  const tokens = buy ? tokOut - tokIn : tokIn - tokOut;
  // TRX into the pool for a buy, out of it for a sell; the pool's 0.3 % is in the price
  const trx = buy ? trxIn - trxOut : trxOut - trxIn;
  if (tokens <= 0n || trx <= 0n) return;
  // the trader: our fee router says who in its own event; through the V2 router it is the owner
  const via = routerTx.get(e.transaction_id);
  const user = via?.result.user ? toBase58(via.result.user) : (ctx.owners.get(e.transaction_id) ?? toBase58(r.to!));
  const trade = {
    buy,
    user,
    pool: pair,
    trx,
    tokens,
    fee: 0n,
    routerFee: String(via?.result.fee ?? '0'),
    trxReserve: BigInt(row.trxReserve),
    tokenReserve: BigInt(row.tokenReserve),
  };
  await recordTrade(ctx, e, row, trade, { progress: 100, venue: 'dex' });
}
