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
  const row = await ctx.tokens.row(token);
  if (row && row.launchTx === e.transaction_id && from === row.launchpad) {
    const { q, t } = ctx;
    await q.update(t.tokens).set({ pair: to }).where(eq(t.tokens.address, token));
    ctx.tokens.changed(token, { pair: to });
  }
  if (from !== ZERO) await ctx.holders.add(token, from, -value);
  if (to !== ZERO) await ctx.holders.add(token, to, value);
}
