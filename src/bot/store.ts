// The bot's data: the trading side's (users, wallets, trades, orders: src/trading/store.ts) and the
// Telegram side's (message owners, prompts, conversations, alerts, audit), over one SQLite file.
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { openSqlite, type Db } from '../db/open.js';
import { createTradingStore, type UserRow } from '../trading/store.js';
import * as s from './schema.js';

export {
  DEFAULT_SETTINGS,
  type Settings,
  type UserRow,
  type WalletRow,
  type TradeRow,
  type OrderRow,
} from '../trading/store.js';

export type BotDb = Db<typeof s>;
export const openBotDb = (file: string): BotDb => openSqlite(file, s, 'bot');

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

export function createStore(db: BotDb) {
  return {
    ...createTradingStore(db),
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
