// The bot's data: users, wallets (keys sealed by the vault), trades, message owners, prompts.
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { openSqlite, type Db } from '../db/open.js';
import * as s from './schema.js';

export type BotDb = Db<typeof s>;
export const openBotDb = (file: string): BotDb => openSqlite(file, s, 'bot');

export interface Settings {
  /** percent */
  slippage: number;
  /** TRX */
  buyPresets: [number, number, number];
  /** percent of the holding */
  sellPresets: [number, number, number];
  confirm: boolean;
  /** TRX added to the facade's fee limit (priorityFee) */
  extraFeeLimit: number;
}

export const DEFAULT_SETTINGS: Settings = {
  slippage: 5,
  buyPresets: [100, 500, 1000],
  sellPresets: [25, 50, 100],
  confirm: true,
  extraFeeLimit: 0,
};

export type UserRow = typeof s.users.$inferSelect;
export interface AlertRules {
  chatId: number;
  newTokens: boolean;
  launches: boolean;
  minBuyTrx: number | null;
  progressPct: number | null;
  tokens: string[] | null;
  /** why alerts to the chat stopped (what Telegram answered), null while they run */
  stoppedReason?: string | null;
}
export type WalletRow = typeof s.wallets.$inferSelect;
export type TradeRow = typeof s.trades.$inferSelect;

export function createStore(db: BotDb) {
  return {
    db,
    meta(key: string): string | undefined {
      return db.select().from(s.botMeta).where(eq(s.botMeta.key, key)).get()?.value;
    },
    setMeta(key: string, value: string): void {
      db.insert(s.botMeta).values({ key, value }).onConflictDoUpdate({ target: s.botMeta.key, set: { value } }).run();
    },

    userByUsername(name: string): UserRow | undefined {
      return db
        .select()
        .from(s.users)
        .where(eq(s.users.username, name.replace(/^@/, '')))
        .get();
    },
    userCount(): number {
      return (db.$client.prepare('select count(*) n from users').get() as { n: number }).n;
    },
    audit(telegramId: number, action: string, detail: unknown): void {
      db.insert(s.adminAudit)
        .values({ telegramId, action, detail: JSON.stringify(detail), at: Date.now() })
        .run();
    },

    alertRules(chatId: number): AlertRules {
      const r = db.select().from(s.alertRules).where(eq(s.alertRules.chatId, chatId)).get();
      return r
        ? { ...r, tokens: r.tokens ? (JSON.parse(r.tokens) as string[]) : null }
        : { chatId, newTokens: false, launches: false, minBuyTrx: null, progressPct: null, tokens: null };
    },
    /** Saves a chat's rules; an admin setting them in the chat starts stopped alerts again. */
    saveAlertRules(r: AlertRules): void {
      const row = { ...r, tokens: r.tokens ? JSON.stringify(r.tokens) : null, stoppedReason: null, stoppedAt: null };
      db.insert(s.alertRules).values(row).onConflictDoUpdate({ target: s.alertRules.chatId, set: row }).run();
    },
    /** The rules of every chat that still takes alerts. */
    allAlertRules(): AlertRules[] {
      return db
        .select()
        .from(s.alertRules)
        .where(isNull(s.alertRules.stoppedReason))
        .all()
        .map((r) => ({ ...r, tokens: r.tokens ? (JSON.parse(r.tokens) as string[]) : null }));
    },
    /** Queues an alert once per chat and event; false when it was queued before. */
    queueAlert(chatId: number, seq: number, token: string, text: string): boolean {
      return (
        db.insert(s.alertOutbox).values({ chatId, seq, token, text, sentAt: null }).onConflictDoNothing().run()
          .changes === 1
      );
    },
    unsentAlerts() {
      return db.select().from(s.alertOutbox).where(isNull(s.alertOutbox.sentAt)).orderBy(asc(s.alertOutbox.id)).all();
    },
    /** Stops alerts to a chat that refuses them, with Telegram's reason; what is queued for it is dropped. */
    stopAlerts(chatId: number, reason: string, at: number): void {
      db.transaction((tx) => {
        tx.update(s.alertRules)
          .set({ stoppedReason: reason, stoppedAt: at })
          .where(eq(s.alertRules.chatId, chatId))
          .run();
        tx.update(s.alertOutbox)
          .set({ sentAt: at })
          .where(and(eq(s.alertOutbox.chatId, chatId), isNull(s.alertOutbox.sentAt)))
          .run();
      });
    },
    markAlertsSent(ids: number[], at: number): void {
      if (ids.length) db.update(s.alertOutbox).set({ sentAt: at }).where(inArray(s.alertOutbox.id, ids)).run();
    },

    user(id: number): UserRow | undefined {
      return db.select().from(s.users).where(eq(s.users.telegramId, id)).get();
    },
    createUser(row: typeof s.users.$inferInsert): void {
      db.insert(s.users).values(row).onConflictDoNothing().run();
    },
    settings(user: UserRow): Settings {
      return { ...DEFAULT_SETTINGS, ...(JSON.parse(user.settings) as Partial<Settings>) };
    },
    saveSettings(userId: number, settings: Settings): void {
      db.update(s.users)
        .set({ settings: JSON.stringify(settings) })
        .where(eq(s.users.telegramId, userId))
        .run();
    },
    setActiveWallet(userId: number, walletId: number): void {
      db.update(s.users).set({ activeWalletId: walletId }).where(eq(s.users.telegramId, userId)).run();
    },

    wallets(userId: number): WalletRow[] {
      return db.select().from(s.wallets).where(eq(s.wallets.userId, userId)).orderBy(asc(s.wallets.id)).all();
    },
    wallet(userId: number, walletId: number): WalletRow | undefined {
      return db
        .select()
        .from(s.wallets)
        .where(and(eq(s.wallets.userId, userId), eq(s.wallets.id, walletId)))
        .get();
    },
    addWallet(row: typeof s.wallets.$inferInsert): WalletRow {
      const existing = db
        .select()
        .from(s.wallets)
        .where(and(eq(s.wallets.userId, row.userId), eq(s.wallets.address, row.address)))
        .get();
      if (existing) return existing;
      return db.insert(s.wallets).values(row).returning().get();
    },

    trade(id: string): TradeRow | undefined {
      return db.select().from(s.trades).where(eq(s.trades.id, id)).get();
    },
    insertTrade(row: typeof s.trades.$inferInsert): void {
      db.insert(s.trades).values(row).run();
    },
    /** Moves a trade from one status to another; true only for the one caller that did it. */
    transition(id: string, from: string, to: string, fields: Partial<typeof s.trades.$inferInsert> = {}): boolean {
      return (
        db
          .update(s.trades)
          .set({ ...fields, status: to, updatedAt: Date.now() })
          .where(and(eq(s.trades.id, id), eq(s.trades.status, from)))
          .run().changes === 1
      );
    },
    updateTrade(id: string, fields: Partial<typeof s.trades.$inferInsert>): void {
      db.update(s.trades)
        .set({ ...fields, updatedAt: Date.now() })
        .where(eq(s.trades.id, id))
        .run();
    },
    unfinishedTrades(): TradeRow[] {
      return db
        .select()
        .from(s.trades)
        .where(inArray(s.trades.status, ['claimed', 'approving', 'signed', 'broadcast']))
        .all();
    },

    own(chatId: number, messageId: number, userId: number): void {
      db.insert(s.ownedMessages)
        .values({ chatId, messageId, userId, createdAt: Date.now() })
        .onConflictDoUpdate({
          target: [s.ownedMessages.chatId, s.ownedMessages.messageId],
          set: { userId },
        })
        .run();
    },
    ownerOf(chatId: number, messageId: number): number | undefined {
      return db
        .select()
        .from(s.ownedMessages)
        .where(and(eq(s.ownedMessages.chatId, chatId), eq(s.ownedMessages.messageId, messageId)))
        .get()?.userId;
    },

    scheduleDelete(chatId: number, messageId: number, deleteAt: number): void {
      db.insert(s.scheduledDeletes).values({ chatId, messageId, deleteAt }).run();
    },
    dueDeletes(now: number) {
      return db.select().from(s.scheduledDeletes).where(lte(s.scheduledDeletes.deleteAt, now)).all();
    },
    doneDelete(id: number): void {
      db.delete(s.scheduledDeletes).where(eq(s.scheduledDeletes.id, id)).run();
    },

    setPendingInput(userId: number, kind: string, chatId: number, expiresAt: number): void {
      db.insert(s.pendingInputs)
        .values({ userId, kind, chatId, expiresAt })
        .onConflictDoUpdate({
          target: s.pendingInputs.userId,
          set: { kind, chatId, expiresAt },
        })
        .run();
    },
    /** Takes (and clears) the user's pending prompt, if still valid. */
    takePendingInput(userId: number, now: number): { kind: string; chatId: number } | undefined {
      const row = db.select().from(s.pendingInputs).where(eq(s.pendingInputs.userId, userId)).get();
      if (!row) return undefined;
      db.delete(s.pendingInputs).where(eq(s.pendingInputs.userId, userId)).run();
      return row.expiresAt >= now ? { kind: row.kind, chatId: row.chatId } : undefined;
    },
    peekPendingInput(userId: number): string | undefined {
      return db.select().from(s.pendingInputs).where(eq(s.pendingInputs.userId, userId)).get()?.kind;
    },
    clearPendingInput(userId: number): void {
      db.delete(s.pendingInputs).where(eq(s.pendingInputs.userId, userId)).run();
    },

    /** Storage adapter for grammY conversations v2. */
    conversationStorage<T>() {
      return {
        read: (key: string) => {
          const row = db.select().from(s.conversations).where(eq(s.conversations.key, key)).get();
          return row ? (JSON.parse(row.state) as T) : undefined;
        },
        write: (key: string, state: T) => {
          const json = JSON.stringify(state);
          db.insert(s.conversations)
            .values({ key, state: json })
            .onConflictDoUpdate({ target: s.conversations.key, set: { state: json } })
            .run();
        },
        delete: (key: string) => {
          db.delete(s.conversations).where(eq(s.conversations.key, key)).run();
        },
      };
    },
  };
}

export type BotStore = ReturnType<typeof createStore>;
