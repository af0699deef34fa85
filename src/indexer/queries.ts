// The indexer's statements that run once per event, prepared once per connection (on SQLite once per
// Indexer; on Postgres once per transaction, as drizzle binds them to it). They run on either engine
// through `.execute()`: rows come back as an array, and a write that must say whether it changed
// anything returns a column. Grouped by the table they touch.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queries } from '../db/engine.js';
import type * as schema from '../db/schema.js';

export type Tables = typeof schema;
/** drizzle over the app's tables, in the cycle's transaction (or outside one, for reads). */
export type Q = Queries<Tables>;

const p = (name: string) => sql.placeholder(name);

/** Which events were applied already, and where each contract's stream stands. */
function eventStatements(q: Q, t: Tables) {
  return {
    /** A row when the event is new (and now seen), none when it was applied before (SQLite: see markSeen). */
    seen: q
      .insert(t.seenEvents)
      .values({ txid: p('txid'), contract: p('contract'), eventIndex: p('idx') })
      .onConflictDoNothing()
      .returning({ txid: t.seenEvents.txid })
      .prepare(),
    setCursor: q
      .insert(t.indexerCursors)
      .values({ network: p('network'), contract: p('contract'), blockTimestamp: p('at') })
      .onConflictDoUpdate({
        target: [t.indexerCursors.network, t.indexerCursors.contract],
        set: { blockTimestamp: sql`excluded.block_timestamp` },
      })
      .prepare(),
  };
}

function holderStatements(q: Q, t: Tables) {
  const holder = and(eq(t.holders.token, p('token')), eq(t.holders.address, p('holder')));
  return {
    holder: q.select({ b: t.holders.balance }).from(t.holders).where(holder).prepare(),
    deleteHolder: q.delete(t.holders).where(holder).prepare(),
    upsertHolder: q
      .insert(t.holders)
      .values({ token: p('token'), address: p('holder'), balance: p('balance'), sortKey: p('sortKey') })
      .onConflictDoUpdate({
        target: [t.holders.token, t.holders.address],
        set: { balance: sql`excluded.balance`, sortKey: sql`excluded.sort_key` },
      })
      .prepare(),
  };
}

function tokenStatements(q: Q, t: Tables) {
  const token = eq(t.tokens.address, p('token'));
  return {
    token: q.select().from(t.tokens).where(token).prepare(),
    setPairReserves: q
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}` })
      .where(token)
      .prepare(),
    setPair: q
      .update(t.tokens)
      .set({ pair: sql`${p('pair')}` })
      .where(token)
      .prepare(),
    setReserves: q
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}`, lastTradeAt: sql`${p('at')}` })
      .where(token)
      .prepare(),
  };
}

function tradeStatements(q: Q, t: Tables) {
  return {
    insertTrade: q
      .insert(t.trades)
      .values({
        txid: p('txid'),
        eventIndex: p('eventIndex'),
        token: p('token'),
        type: p('type'),
        user: p('user'),
        pool: p('pool'),
        trxAmount: p('trxAmount'),
        tokenAmount: p('tokenAmount'),
        fee: p('fee'),
        routerFee: p('routerFee'),
        trxReserveAfter: p('trxReserveAfter'),
        tokenReserveAfter: p('tokenReserveAfter'),
        blockNumber: p('blockNumber'),
        blockId: p('blockId'),
        confirmed: p('confirmed'),
        timestamp: p('timestamp'),
      })
      .onConflictDoNothing()
      .prepare(),
    feed: q
      .insert(t.feedEvents)
      .values({
        kind: p('kind'),
        token: p('token'),
        txid: p('txid'),
        timestamp: p('timestamp'),
        payload: p('payload'),
        blockNumber: p('blockNumber'),
      })
      .prepare(),
  };
}

/** The router's fees: announced by the facade when it builds a trade, booked once on chain. */
function feeStatements(q: Q, t: Tables) {
  const txid = eq(t.pendingFees.txid, p('txid'));
  return {
    bookFee: q
      .insert(t.feeLedger)
      .values({
        txid: p('txid'),
        apiKeyId: p('apiKeyId'),
        token: p('token'),
        side: p('side'),
        feeSun: p('feeSun'),
        confirmedAt: p('confirmedAt'),
      })
      .onConflictDoNothing()
      .prepare(),
    /** The announced fee, taken (its row, none when nothing was announced for the transaction). */
    takePendingFee: q
      .delete(t.pendingFees)
      .where(txid)
      .returning({ apiKeyId: t.pendingFees.apiKeyId, token: t.pendingFees.token, side: t.pendingFees.side })
      .prepare(),
  };
}

type Prepared = { execute(values: Record<string, unknown>): PromiseLike<unknown> };
/** A statement to call with its values: its rows (or run result) at once on SQLite, a promise on Postgres. */
type Runner<P> = P extends { execute(values: Record<string, unknown>): PromiseLike<infer R> }
  ? (values: Record<string, unknown>) => R | Promise<R>
  : never;

/**
 * better-sqlite3 runs a statement synchronously: its result is taken at once (`sync()`), not through
 * the promise drizzle wraps it in, which costs several turns of the event loop per statement.
 */
function runners<T extends Record<string, Prepared>>(prepared: T): { [K in keyof T]: Runner<T[K]> } {
  const out: Record<string, (values: Record<string, unknown>) => unknown> = {};
  for (const [name, st] of Object.entries(prepared)) {
    out[name] = (values) => {
      const r = st.execute(values) as PromiseLike<unknown> & { sync?: () => unknown };
      return r.sync ? r.sync() : r;
    };
  }
  return out as { [K in keyof T]: Runner<T[K]> };
}

/** The statements on `q`, over the tables `t` (the engine's: `database.t`), each a function of its values. */
export function prepareStatements(q: Q, t: Tables) {
  return runners({
    ...eventStatements(q, t),
    ...holderStatements(q, t),
    ...tokenStatements(q, t),
    ...tradeStatements(q, t),
    ...feeStatements(q, t),
  });
}

export type Statements = ReturnType<typeof prepareStatements>;

/** Rows a multi-row statement (Postgres) takes at once: sixteen parameters a row at most, well under its 65,535. */
export const ROWS_PER_STATEMENT = 1000;

/** `items` in consecutive parts of at most `size`, one multi-row statement each. */
export function* parts<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}
/**
 * The addresses of these families' tokens, as a subquery: a network's rows are its families' tokens'
 * (trades, feed rows and pending fees are scoped by it, so one network's fork or settling leaves the
 * other's alone).
 */
export function tokensOf(q: Q, t: Tables, families: readonly string[]) {
  return q
    .select({ address: t.tokens.address })
    .from(t.tokens)
    .where(inArray(t.tokens.family, [...families]));
}

/** A token's row as the indexer reads it. */
export type TokenRow = Tables['tokens']['$inferSelect'];
