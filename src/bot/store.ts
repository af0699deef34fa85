// The Telegram chat's data (message owners, prompts, conversations, alerts, admin audit), kept in the
// trading side's database beside its tables (src/trading/db.ts: the bot.sqlite file, or Postgres's
// `bot` schema that several bot processes share). The bot's store is the trading side's store with
// the chat's functions added.
import { and, asc, count, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/engine.js';
import type { Db } from '../db/open.js';
import { openTradingDatabase, openTradingDb, type MoreTables } from '../trading/db.js';
import type * as tradingTables from '../trading/schema.js';
import { createTradingStore, type UserRow } from '../trading/store.js';
import * as pg from './pg.schema.js';
import * as s from './schema.js';

export {
  DEFAULT_SETTINGS,
  type Settings,
  type UserRow,
  type WalletRow,
  type TradeRow,
  type OrderRow,
} from '../trading/store.js';

/** The chat's tables, kept beside the trading side's. */
const CHAT_TABLES: MoreTables<typeof s> = { sqlite: s, pg };
type BotSchema = typeof tradingTables & typeof s;
/** The bot's SQLite file itself. */
export type BotDb = Db<BotSchema>;
/** The bot's database as the stores use it, on either engine: the trading side's, with the chat's tables. */
export type BotDatabase = Database<BotSchema>;
export const openBotDb = (file: string): BotDb => openTradingDb(file, CHAT_TABLES);

/** The bot's database: a SQLite file (a path, or one open already) or Postgres (a URL: migrated under a lock). */
export function openBotDatabase(where: { sqlite: string | BotDb } | { postgres: string }): Promise<BotDatabase> {
  return openTradingDatabase(where, CHAT_TABLES);
}

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

const rulesOf = (r: typeof s.alertRules.$inferSelect): AlertRules => ({
  ...r,
  tokens: r.tokens ? (JSON.parse(r.tokens) as string[]) : null,
});

export function createStore(db: BotDatabase) {
  const { t } = db;
  return {
    // the trading side's store, and the chat's tables beside it
    ...createTradingStore(db),
    db,

    async userByUsername(name: string): Promise<UserRow | undefined> {
      const rows = await db.q
        .select()
        .from(t.users)
        .where(eq(t.users.username, name.replace(/^@/, '')));
      return rows[0];
    },
    async userCount(): Promise<number> {
      const [row] = await db.q.select({ n: count().mapWith(Number) }).from(t.users);
      return row?.n ?? 0;
    },
    async audit(telegramId: number, action: string, detail: unknown): Promise<void> {
      await db.tx((q) =>
        q.insert(t.adminAudit).values({ telegramId, action, detail: JSON.stringify(detail), at: Date.now() }),
      );
    },

    async alertRules(chatId: number): Promise<AlertRules> {
      const [r] = await db.q.select().from(t.alertRules).where(eq(t.alertRules.chatId, chatId));
      return r
        ? rulesOf(r)
        : { chatId, newTokens: false, launches: false, minBuyTrx: null, progressPct: null, tokens: null };
    },
    /** Saves a chat's rules; an admin setting them in the chat starts stopped alerts again. */
    async saveAlertRules(r: AlertRules): Promise<void> {
      const row = { ...r, tokens: r.tokens ? JSON.stringify(r.tokens) : null, stoppedReason: null, stoppedAt: null };
      await db.tx((q) =>
        q.insert(t.alertRules).values(row).onConflictDoUpdate({ target: t.alertRules.chatId, set: row }),
      );
    },
    /** The rules of every chat that still takes alerts. */
    async allAlertRules(): Promise<AlertRules[]> {
      return (await db.q.select().from(t.alertRules).where(isNull(t.alertRules.stoppedReason))).map(rulesOf);
    },
    /** Queues an alert once per chat and event; false when it was queued before. */
    async queueAlert(chatId: number, seq: number, token: string, text: string): Promise<boolean> {
      // claim: insert on conflict do nothing on (chat, event): queued once whichever process saw the event
      const rows = await db.tx((q) =>
        q
          .insert(t.alertOutbox)
          .values({ chatId, seq, token, text, sentAt: null })
          .onConflictDoNothing()
          .returning({ id: t.alertOutbox.id }),
      );
      return rows.length === 1;
    },
    async unsentAlerts() {
      return db.q.select().from(t.alertOutbox).where(isNull(t.alertOutbox.sentAt)).orderBy(asc(t.alertOutbox.id));
    },
    /** Stops alerts to a chat that refuses them, with Telegram's reason; what is queued for it is dropped. */
    async stopAlerts(chatId: number, reason: string, at: number): Promise<void> {
      await db.tx(async (q) => {
        await q
          .update(t.alertRules)
          .set({ stoppedReason: reason, stoppedAt: at })
          .where(eq(t.alertRules.chatId, chatId));
        await q
          .update(t.alertOutbox)
          .set({ sentAt: at })
          .where(and(eq(t.alertOutbox.chatId, chatId), isNull(t.alertOutbox.sentAt)));
      });
    },
    /** Marks queued alerts sent; returns the ids this caller marked (another process's are left out). */
    async markAlertsSent(ids: number[], at: number): Promise<number[]> {
      if (!ids.length) return [];
      // claim: a conditional update (sent_at still null), so each alert goes out from one process
      const rows = await db.tx((q) =>
        q
          .update(t.alertOutbox)
          .set({ sentAt: at })
          .where(and(inArray(t.alertOutbox.id, ids), isNull(t.alertOutbox.sentAt)))
          .returning({ id: t.alertOutbox.id }),
      );
      return rows.map((r) => r.id);
    },

    async own(chatId: number, messageId: number, userId: number): Promise<void> {
      await db.tx((q) =>
        q
          .insert(t.ownedMessages)
          .values({ chatId, messageId, userId, createdAt: Date.now() })
          .onConflictDoUpdate({ target: [t.ownedMessages.chatId, t.ownedMessages.messageId], set: { userId } }),
      );
    },
    async ownerOf(chatId: number, messageId: number): Promise<number | undefined> {
      const rows = await db.q
        .select()
        .from(t.ownedMessages)
        .where(and(eq(t.ownedMessages.chatId, chatId), eq(t.ownedMessages.messageId, messageId)));
      return rows[0]?.userId;
    },

    async scheduleDelete(chatId: number, messageId: number, deleteAt: number): Promise<void> {
      await db.tx((q) => q.insert(t.scheduledDeletes).values({ chatId, messageId, deleteAt }));
    },
    async dueDeletes(now: number) {
      return db.q.select().from(t.scheduledDeletes).where(lte(t.scheduledDeletes.deleteAt, now));
    },
    /**
     * Claims a due delete for `leaseMs` (its time moved on by that much): false when another caller has
     * it. One that is not done (doneDelete) within the lease is due again.
     */
    async claimDelete(id: number, now: number, leaseMs: number): Promise<boolean> {
      // claim: a conditional update of a due row, so one process deletes the message
      const rows = await db.tx((q) =>
        q
          .update(t.scheduledDeletes)
          .set({ deleteAt: now + leaseMs })
          .where(and(eq(t.scheduledDeletes.id, id), lte(t.scheduledDeletes.deleteAt, now)))
          .returning({ id: t.scheduledDeletes.id }),
      );
      return rows.length === 1;
    },
    async doneDelete(id: number): Promise<void> {
      await db.tx((q) => q.delete(t.scheduledDeletes).where(eq(t.scheduledDeletes.id, id)));
    },

    async setPendingInput(userId: number, kind: string, chatId: number, expiresAt: number): Promise<void> {
      await db.tx((q) =>
        q
          .insert(t.pendingInputs)
          .values({ userId, kind, chatId, expiresAt })
          .onConflictDoUpdate({ target: t.pendingInputs.userId, set: { kind, chatId, expiresAt } }),
      );
    },
    /** Takes (and clears) the user's pending prompt, if still valid; one caller of any process takes it. */
    async takePendingInput(userId: number, now: number): Promise<{ kind: string; chatId: number } | undefined> {
      // claim: delete ... returning: the prompt's answer is taken once
      const [row] = await db.tx((q) => q.delete(t.pendingInputs).where(eq(t.pendingInputs.userId, userId)).returning());
      return row && row.expiresAt >= now ? { kind: row.kind, chatId: row.chatId } : undefined;
    },
    async peekPendingInput(userId: number): Promise<string | undefined> {
      return (await db.q.select().from(t.pendingInputs).where(eq(t.pendingInputs.userId, userId)))[0]?.kind;
    },
    async clearPendingInput(userId: number): Promise<void> {
      await db.tx((q) => q.delete(t.pendingInputs).where(eq(t.pendingInputs.userId, userId)));
    },

    /** Storage adapter for grammY conversations v2. */
    conversationStorage<T>() {
      return {
        read: async (key: string): Promise<T | undefined> => {
          const [row] = await db.q.select().from(t.conversations).where(eq(t.conversations.key, key));
          return row ? (JSON.parse(row.state) as T) : undefined;
        },
        write: async (key: string, state: T): Promise<void> => {
          const json = JSON.stringify(state);
          await db.tx((q) =>
            q
              .insert(t.conversations)
              .values({ key, state: json })
              .onConflictDoUpdate({ target: t.conversations.key, set: { state: json } }),
          );
        },
        delete: async (key: string): Promise<void> => {
          await db.tx((q) => q.delete(t.conversations).where(eq(t.conversations.key, key)));
        },
      };
    },
  };
}

export type BotStore = ReturnType<typeof createStore>;
