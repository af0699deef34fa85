// The indexer's statements: run once per event, so prepared once per Indexer. Grouped by the table
// they touch.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';

const p = (name: string) => sql.placeholder(name);

/** Where each contract's stream stands, and which events were applied already. */
function eventQueries(db: AppDb) {
  return {
    seen: db
      .insert(t.seenEvents)
      .values({ txid: p('txid'), contract: p('contract'), eventIndex: p('idx') })
      .onConflictDoNothing()
      .prepare(),
    cursor: db
      .select()
      .from(t.indexerCursors)
      .where(eq(t.indexerCursors.contract, p('contract')))
      .prepare(),
    setCursor: db
      .insert(t.indexerCursors)
      .values({ contract: p('contract'), blockTimestamp: p('at') })
      .onConflictDoUpdate({ target: t.indexerCursors.contract, set: { blockTimestamp: sql`excluded.block_timestamp` } })
      .prepare(),
  };
}

function holderQueries(db: AppDb) {
  const holder = and(eq(t.holders.token, p('token')), eq(t.holders.address, p('holder')));
  return {
    holder: db.select({ b: t.holders.balance }).from(t.holders).where(holder).prepare(),
    deleteHolder: db.delete(t.holders).where(holder).prepare(),
    upsertHolder: db
      .insert(t.holders)
      .values({ token: p('token'), address: p('holder'), balance: p('balance'), sortKey: p('sortKey') })
      .onConflictDoUpdate({
        target: [t.holders.token, t.holders.address],
        set: { balance: sql`excluded.balance`, sortKey: sql`excluded.sort_key` },
      })
      .prepare(),
  };
}

function tokenQueries(db: AppDb) {
  const token = eq(t.tokens.address, p('token'));
  return {
    token: db.select().from(t.tokens).where(token).prepare(),
    launchInfo: db
      .select({ launchpad: t.tokens.launchpad, launchTx: t.tokens.launchTx })
      .from(t.tokens)
      .where(token)
      .prepare(),
    setPairReserves: db
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}` })
      .where(token)
      .prepare(),
    setPair: db
      .update(t.tokens)
      .set({ pair: sql`${p('pair')}` })
      .where(token)
      .prepare(),
    pairs: db
      .select({ address: t.tokens.address, pair: t.tokens.pair })
      .from(t.tokens)
      .where(isNotNull(t.tokens.pair))
      .prepare(),
    setReserves: db
      .update(t.tokens)
      .set({ trxReserve: sql`${p('trx')}`, tokenReserve: sql`${p('tok')}`, lastTradeAt: sql`${p('at')}` })
      .where(token)
      .prepare(),
  };
}

function tradeQueries(db: AppDb) {
  return {
    insertTrade: db
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
    feed: db
      .insert(t.feedEvents)
      .values({ kind: p('kind'), token: p('token'), txid: p('txid'), timestamp: p('timestamp'), payload: p('payload') })
      .prepare(),
  };
}

/** The router's fees: announced by the facade when it builds a trade, booked once on chain. */
function feeQueries(db: AppDb) {
  const txid = eq(t.pendingFees.txid, p('txid'));
  return {
    pendingFee: db.select().from(t.pendingFees).where(txid).prepare(),
    bookFee: db
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
    dropPendingFee: db.delete(t.pendingFees).where(txid).prepare(),
  };
}

export function prepareQueries(db: AppDb) {
  return { ...eventQueries(db), ...holderQueries(db), ...tokenQueries(db), ...tradeQueries(db), ...feeQueries(db) };
}

export type Queries = ReturnType<typeof prepareQueries>;
/** A token's row as the indexer reads it. */
export type TokenRow = NonNullable<ReturnType<Queries['token']['get']>>;
