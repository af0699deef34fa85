// Holders' balances, kept from Transfer events. On SQLite (in this process) each transfer reads and
// writes its holders' rows at once. On Postgres every statement is a round trip, and a block of
// trades moves the same rows many times (the router's, the launchpad's, the pool's), so a block's
// transfers are summed per holder first and written when the block ends: per token, one read of the
// rows it touched, one delete of those it emptied and one multi-row upsert of the rest. Only this
// file reads holders while a cycle runs, and the cycle is one transaction: readers see the same.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parts, type Q, type Statements, type Tables } from './queries.js';

/** A balance zero-padded so SQL sorts holders exactly (the column's width). */
const sortKey = (v: bigint): string => v.toString().padStart(80, '0');

export class HolderBook {
  /** Postgres: each token's holders' changes in the block being applied. */
  private readonly changes = new Map<string, Map<string, bigint>>();

  constructor(
    private readonly q: Q,
    private readonly t: Tables,
    private readonly s: Statements,
    private readonly remote: boolean,
  ) {}

  /** Moves `delta` (token units, either sign) onto a holder's balance. */
  async add(token: string, holder: string, delta: bigint): Promise<void> {
    if (this.remote) {
      let of = this.changes.get(token);
      if (!of) this.changes.set(token, (of = new Map<string, bigint>()));
      of.set(holder, (of.get(holder) ?? 0n) + delta);
      return;
    }
    const [row] = await this.s.holder({ token, holder });
    await this.write(token, holder, (row ? BigInt(row.b) : 0n) + delta);
  }

  /** Writes what the block changed (Postgres); call before the next block's changes are journaled. */
  async flush(): Promise<void> {
    const { q, t } = this;
    for (const [token, of] of this.changes) {
      const moved = [...of].filter(([, d]) => d !== 0n);
      for (const part of parts(moved)) {
        const held = await this.balances(
          token,
          part.map(([holder]) => holder),
        );
        const next = part.map(([holder, d]) => ({ holder, balance: (held.get(holder) ?? 0n) + d }));
        const emptied = next.filter((n) => n.balance === 0n).map((n) => n.holder);
        const kept = next.filter((n) => n.balance !== 0n);
        if (emptied.length)
          await q.delete(t.holders).where(and(eq(t.holders.token, token), inArray(t.holders.address, emptied)));
        if (kept.length)
          await q
            .insert(t.holders)
            .values(
              kept.map((n) => ({
                token,
                address: n.holder,
                balance: n.balance.toString(),
                sortKey: sortKey(n.balance),
              })),
            )
            .onConflictDoUpdate({
              target: [t.holders.token, t.holders.address],
              set: { balance: sql`excluded.balance`, sortKey: sql`excluded.sort_key` },
            });
      }
    }
    this.changes.clear();
  }

  /** The balances these holders of a token have now (none for those without a row). */
  private async balances(token: string, holders: string[]): Promise<Map<string, bigint>> {
    const { q, t } = this;
    const rows = await q
      .select({ holder: t.holders.address, balance: t.holders.balance })
      .from(t.holders)
      .where(and(eq(t.holders.token, token), inArray(t.holders.address, holders)));
    return new Map(rows.map((r) => [r.holder, BigInt(r.balance)]));
  }

  private async write(token: string, holder: string, balance: bigint): Promise<void> {
    if (balance === 0n) await this.s.deleteHolder({ token, holder });
    else await this.s.upsertHolder({ token, holder, balance: balance.toString(), sortKey: sortKey(balance) });
  }
}
