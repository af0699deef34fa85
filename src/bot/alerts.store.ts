// The chats' alert rules (new tokens, launches, big buys, progress, followed tokens) and the alerts
// queued for them, a part of the bot's store (store.ts), on either engine. An alert is queued once per
// chat and event and sent by one process, each by a conditional insert or update counted with
// .returning().
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type * as s from './schema.js';
import type { BotDatabase } from './store.js';

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

/** The alerts' part of the bot's store. */
export function alertStore(db: BotDatabase) {
  const { t } = db;
  return {
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
  };
}
