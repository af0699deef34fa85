// A trade row's one literal and its quote's one shape; bot migration 0005 rewrites the rows of the
// three shapes written before it, and each reads back right.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../src/db/engine.js';
import * as schema from '../../src/trading/schema.js';
import { createTradingStore } from '../../src/trading/store.js';
import { keptTerms, newTradeRow, quoteOfTrade, type TradeQuote } from '../../src/trading/trade-row.js';
import { BOT_MIGRATIONS, migrationsBefore } from './helpers.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'trade-row-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The facade's quote as the trade flow and the order engine stored it before 0005 (a sell of 1.5 tokens). */
const facadeQuote = {
  type: 'sell',
  tokenAddress: 'TTokenTokenTokenTokenTokenTokenTok',
  symbol: 'CAT',
  family: 'launchpad',
  venue: 'dex',
  amountIn: 1.5,
  expectedOut: 0.02,
  minOut: 0.019,
  launchpadFee: 0,
  routerFee: 0.0001,
  refund: 0,
  fillsCurve: false,
  priceImpact: 0.1,
  slippage: 5,
  priceBefore: 0.0134,
  priceAfter: 0.0133,
  feeLimit: 100,
  exact: {
    amountIn: '1500000000000000000',
    expectedOut: '20000',
    minOut: '19000',
    launchpadFee: '0',
    routerFee: '100',
  },
  wallet: { trxBalanceSun: '5000000000', tokenBalance: '3000000000000000000', allowance: '0' },
};

describe('bot migration 0005: one shape for trades.quote', () => {
  it('rewrites a trade by hand, an order round and a snipe, and each reads back right', async () => {
    const sqlite = new Database(':memory:');
    const db = drizzle({ client: sqlite, schema });
    migrate(db, { migrationsFolder: migrationsBefore('0005_trades_quote_one_shape', tmp) });
    const insert = sqlite.prepare(
      `insert into trades (id, user_id, chat_id, wallet_id, token, side, amount, slippage_bps, quote, status,
         created_at, expires_at, updated_at, order_id, rule_id)
       values (?, 1, 1, 1, ?, ?, ?, 500, ?, 'confirmed', 0, 0, 0, ?, ?)`,
    );
    // by hand: the facade's quote with the symbol shown
    insert.run('hand', 'TTokenA', 'sell', '1.5', JSON.stringify({ ...facadeQuote, symbol: 'CAT' }), null, null);
    // an order's round: the same, its symbol from the order when the index had none
    const { symbol: _none, ...unnamed } = facadeQuote;
    insert.run(
      'o:x:0',
      'TTokenB',
      'buy',
      '25',
      JSON.stringify({ ...unnamed, venue: 'curve', symbol: 'DOG' }),
      'x',
      null,
    );
    // a snipe: a made-up quote of the amount only, and a copied sell with none
    insert.run(
      's:r:T',
      'TTokenC',
      'buy',
      '12.5',
      JSON.stringify({ symbol: 'FROG', exact: { amountIn: '12500000' } }),
      null,
      'r',
    );
    insert.run(
      'c:f:00',
      'TTokenD',
      'sell',
      '40%',
      JSON.stringify({ symbol: 'WAVE', exact: { amountIn: '0' } }),
      null,
      'f',
    );

    migrate(db, { migrationsFolder: BOT_MIGRATIONS });
    const store = createTradingStore(sqliteDatabase(db, schema));
    const read = async (id: string): Promise<TradeQuote> => quoteOfTrade((await store.trade(id))!);
    expect(await read('hand')).toEqual({
      symbol: 'CAT',
      venue: 'dex',
      amountIn: '1500000000000000000',
      allowance: '0',
    });
    expect(await read('o:x:0')).toEqual({
      symbol: 'DOG',
      venue: 'curve',
      amountIn: '1500000000000000000',
      allowance: '0',
    });
    expect(await read('s:r:T')).toEqual({ symbol: 'FROG', venue: null, amountIn: '12500000', allowance: null });
    expect(await read('c:f:00')).toEqual({ symbol: 'WAVE', venue: null, amountIn: '0', allowance: null });
    // what a snipe rule spent is read from the new shape: 12.5 TRX
    expect(await store.ruleSpentSun('r', 0)).toBe(12_500_000n);
    sqlite.close();
  });
});

describe('newTradeRow', () => {
  const fields = {
    id: 't1',
    userId: 7,
    chatId: -100,
    walletId: 3,
    token: 'TTokenA',
    side: 'buy' as const,
    amount: '100',
    slippagePct: 2.5,
    // the terms of a buy of 1.5 TRX as the trading side made them (src/trading/terms.ts)
    quote: keptTerms(
      {
        side: 'buy',
        venue: 'curve',
        family: 'launchpad',
        amountIn: 1_500_000n,
        expectedOut: 20_000n,
        minOut: 19_000n,
        routerFee: 15_000n,
        feeBps: 100n,
        launchpadFee: 14_850n,
        refund: 0n,
        fills: false,
        impactBps: 3n,
      },
      'CAT',
    ),
    status: 'quoted' as const,
    at: 1_000,
    expiresAt: 31_000,
  };

  it('makes a row with nothing sent yet, slippage in basis points and the quote in its one shape', () => {
    const row = newTradeRow(fields);
    expect(row).toMatchObject({
      messageId: null,
      slippageBps: 250,
      txid: null,
      signedTx: null,
      result: null,
      createdAt: 1_000,
      updatedAt: 1_000,
      expiresAt: 31_000,
      orderId: null,
      ruleId: null,
    });
    expect(JSON.parse(row.quote)).toEqual({
      symbol: 'CAT',
      venue: 'curve',
      amountIn: '1500000',
      allowance: null,
      // what the card shows and signing is pinned to: the family's router, the minimum, the router's rate
      family: 'launchpad',
      minOut: '19000',
      expectedOut: '20000',
      routerFee: '15000',
      feeBps: '100',
      launchpadFee: '14850',
      refund: '0',
      fills: false,
      impactBps: '3',
    });
  });

  it('refuses a quote of another shape, written or read', () => {
    const bad = { ...fields.quote, amountIn: '1.5' };
    expect(() => newTradeRow({ ...fields, quote: { ...fields.quote, feeBps: '-1' } })).toThrow();
    expect(() => newTradeRow({ ...fields, quote: bad })).toThrow();
    expect(() => quoteOfTrade({ quote: JSON.stringify({ symbol: 'X', exact: { amountIn: '1' } }) })).toThrow();
  });
});
