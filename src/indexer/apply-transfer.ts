// A launchpad token's Transfer events keep its holders' balances (holders.ts); the launch's transfer
// from the launchpad tells which address is the token's DEX pair.
import { eq } from 'drizzle-orm';
import { toBase58 } from '../tron/address.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

const ZERO = toBase58('0x' + '0'.repeat(40));

export async function applyTransfer(ctx: ApplyContext, token: string, e: ChainEvent): Promise<void> {
  const value = BigInt(e.result.value!);
  if (value === 0n) return;
  const from = toBase58(e.result.from!);
  const to = toBase58(e.result.to!);
  // the launch moves the curve's liquidity to the DEX pair: remember which address that is
  const row = await launchOf(ctx, token);
  if (row && row.launchTx === e.transaction_id && from === row.launchpad) {
    const { q, t } = ctx;
    await q.update(t.tokens).set({ pair: to }).where(eq(t.tokens.address, token));
  }
  if (from !== ZERO) await ctx.holders.add(token, from, -value);
  if (to !== ZERO) await ctx.holders.add(token, to, value);
}

/** A token's launchpad and launch transaction, read once a cycle (the launch's event forgets it). */
async function launchOf(ctx: ApplyContext, token: string) {
  let row = ctx.launches.get(token);
  if (!row) {
    [row] = await ctx.s.launchInfo({ token });
    if (row) ctx.launches.set(token, row);
  }
  return row;
}
