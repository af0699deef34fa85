// The tokens' rows as a cycle sees them: each read once, then kept with every change the cycle makes,
// so a block of trades reads a token's row (a sale's reserves follow from it) from memory. Reserves
// are written at once on SQLite; on Postgres, where each statement is a round trip, only the last
// reserves a block leaves are written, when the block ends (`flush`). The other changes to a row (a
// launch's status, the pair) are written as they come and told here with `changed`.
import { eq } from 'drizzle-orm';
import type { Q, Statements, Tables, TokenRow } from './queries.js';

type Reserves = { trx: bigint; tok: bigint; at: number | undefined };

export class TokenBook {
  private readonly rows = new Map<string, TokenRow>();
  /** Postgres: the reserves each token is left with by the block being applied. */
  private readonly dirty = new Map<string, Reserves>();

  constructor(
    private readonly q: Q,
    private readonly t: Tables,
    private readonly s: Statements,
    private readonly remote: boolean,
  ) {}

  /** A token's row (undefined for a token not indexed). */
  async row(token: string): Promise<TokenRow | undefined> {
    let row = this.rows.get(token);
    if (!row) {
      [row] = await this.s.token({ token });
      if (row) this.rows.set(token, row);
    }
    return row;
  }

  /** A change written to a token's row by its caller, other than its reserves. */
  changed(token: string, fields: Partial<Pick<TokenRow, 'status' | 'launchTx' | 'launchedAt' | 'pair'>>): void {
    const row = this.rows.get(token);
    if (row) Object.assign(row, fields);
  }

  /** The reserves after a trade (`at`: its time, the token's last trade) or a pool's Sync (no `at`). */
  async setReserves(token: string, trx: bigint, tok: bigint, at?: number): Promise<void> {
    const row = this.rows.get(token);
    if (row) {
      row.trxReserve = trx.toString();
      row.tokenReserve = tok.toString();
      if (at !== undefined) row.lastTradeAt = at;
    }
    if (this.remote) {
      this.dirty.set(token, { trx, tok, at: at ?? this.dirty.get(token)?.at });
      return;
    }
    if (at === undefined) await this.s.setPairReserves({ token, trx: trx.toString(), tok: tok.toString() });
    else await this.s.setReserves({ token, trx: trx.toString(), tok: tok.toString(), at });
  }

  /** Writes the reserves the block left (Postgres); call before the next block's changes are journaled. */
  async flush(): Promise<void> {
    const { q, t } = this;
    for (const [token, r] of this.dirty) {
      await q
        .update(t.tokens)
        .set({
          trxReserve: r.trx.toString(),
          tokenReserve: r.tok.toString(),
          ...(r.at !== undefined ? { lastTradeAt: r.at } : {}),
        })
        .where(eq(t.tokens.address, token));
    }
    this.dirty.clear();
  }
}
