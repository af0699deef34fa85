// The Telegram chat's data (message owners, prompts, conversations, alerts, admin audit), kept in the
// trading side's database beside its tables (src/trading/db.ts: the bot.sqlite file, or Postgres's
// `bot` schema that several bot processes share). The bot's store is the trading side's store with
// the chat's functions added: the alerts' from alerts.store.ts, the rest here.
import { and, count, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/engine.js';
import type { Db } from '../db/open.js';
import { openTradingDatabase, openTradingDb, type MoreTables } from '../trading/db.js';
import type * as tradingTables from '../trading/schema.js';
import { createTradingStore, type UserRow } from '../trading/store.js';
import { alertStore } from './alerts.store.js';
import { LANG_CODE, type Lang } from './i18n.js';

const isLang = (code: unknown): code is Lang => typeof code === 'string' && LANG_CODE.test(code);
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
export type { AlertRules } from './alerts.store.js';

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

export function createStore(db: BotDatabase) {
  const { t } = db;
  /** A chat's language: the one chosen with /language, and the one Telegram's language_code last said. */
  const readLanguage = async (chatId: number): Promise<{ chosen?: Lang; seen?: Lang }> => {
    const [row] = await db.q.select().from(t.chatLanguages).where(eq(t.chatLanguages.chatId, chatId));
    return {
      ...(isLang(row?.chosen) ? { chosen: row.chosen } : {}),
      ...(isLang(row?.seen) ? { seen: row.seen } : {}),
    };
  };
  return {
    // the trading side's store, and the chat's tables beside it
    ...createTradingStore(db),
    ...alertStore(db),
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

    /** A chat's language: the one chosen with /language, and the one Telegram's language_code last said. */
    language: readLanguage,
    /** Keeps a chat's chosen language (it wins over Telegram's language_code from now on). */
    async chooseLanguage(chatId: number, lang: Lang): Promise<void> {
      await db.tx((q) =>
        q
          .insert(t.chatLanguages)
          .values({ chatId, chosen: lang })
          .onConflictDoUpdate({ target: t.chatLanguages.chatId, set: { chosen: lang } }),
      );
    },
    /** Keeps the language Telegram's language_code says for a user (what notifications use until one is chosen). */
    async seeLanguage(chatId: number, lang: Lang): Promise<void> {
      await db.tx((q) =>
        q
          .insert(t.chatLanguages)
          .values({ chatId, seen: lang })
          .onConflictDoUpdate({ target: t.chatLanguages.chatId, set: { seen: lang } }),
      );
    },
    /** The language to write to a chat in when no update asks (notifications): chosen, else seen, else English. */
    async languageOf(chatId: number): Promise<Lang> {
      const l = await readLanguage(chatId);
      return l.chosen ?? l.seen ?? 'en';
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
