// A launchpad token's Transfer events keep its holders' balances; the launch's transfer from the
// launchpad tells which address is the token's DEX pair.
import { eq } from 'drizzle-orm';
import { toBase58 } from '../tron/address.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';

const ZERO = toBase58('0x' + '0'.repeat(40));
/** A balance zero-padded so SQL sorts holders exactly (the column's width). */
const sortKey = (v: bigint): string => v.toString().padStart(80, '0');

export async function applyTransfer(ctx: ApplyContext, token: string, e: ChainEvent): Promise<void> {
  const value = BigInt(e.result.value!);
  if (value === 0n) return;
  const from = toBase58(e.result.from!);
  const to = toBase58(e.result.to!);
  // the launch moves the curve's liquidity to the DEX pair: remember which address that is
  const [row] = await ctx.s.launchInfo({ token });
  if (row && row.launchTx === e.transaction_id && from === row.launchpad) {
    const { q, t } = ctx;
    await q.update(t.tokens).set({ pair: to }).where(eq(t.tokens.address, token));
  }
  if (from !== ZERO) await addBalance(ctx, token, from, -value);
  if (to !== ZERO) await addBalance(ctx, token, to, value);
}

async function addBalance(ctx: ApplyContext, token: string, holder: string, delta: bigint): Promise<void> {
  const [row] = await ctx.s.holder({ token, holder });
  const next = (row ? BigInt(row.b) : 0n) + delta;
  if (next === 0n) await ctx.s.deleteHolder({ token, holder });
  else await ctx.s.upsertHolder({ token, holder, balance: next.toString(), sortKey: sortKey(next) });
}
