// The trading side's data: users, settings, wallets (keys sealed by the vault), trades, automated
// orders, snipe rules and follows, on either engine (src/db/engine.ts: a SQLite file, or Postgres
// shared by several bot processes). Every money-moving step is a conditional update or insert counted
// with .returning(), so exactly one caller wins it, in this process or another. The store is one
// object made of a part per table group (users.store.ts, wallets.store.ts, trades.store.ts,
// orders.store.ts, rules.store.ts, meta.store.ts); this file puts them together and names the rows.
import type { TradingDatabase } from './db.js';
import type * as s from './schema.js';
import { metaStore } from './meta.store.js';
import { orderStore } from './orders.store.js';
import { ruleStore } from './rules.store.js';
import { tradeStore } from './trades.store.js';
import { userStore } from './users.store.js';
import { walletStore } from './wallets.store.js';

export type { TradingDatabase } from './db.js';

export { DEFAULT_SETTINGS, type Settings, type UserRow } from './users.store.js';
export { REMOVED_KEY, type WalletRow, type WalletRemoval } from './wallets.store.js';

export type TradeRow = typeof s.trades.$inferSelect;
export type NewTrade = typeof s.trades.$inferInsert;
export type OrderRow = typeof s.orders.$inferSelect;
export type NewOrder = typeof s.orders.$inferInsert;
export type SnipeRuleRow = typeof s.snipeRules.$inferSelect;
export type FollowRow = typeof s.follows.$inferSelect;

export function createTradingStore(db: TradingDatabase) {
  return {
    ...userStore(db),
    ...walletStore(db),
    ...metaStore(db),
    ...tradeStore(db),
    ...orderStore(db),
    ...ruleStore(db),
  };
}

export type TradingStore = ReturnType<typeof createTradingStore>;
