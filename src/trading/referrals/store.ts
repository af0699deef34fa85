// The referral tables, on either engine: codes, who referred whom (first link wins, by an insert on
// conflict do nothing), and payouts (each a claimed row with its signed transaction).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { TradingDatabase } from '../store.js';
import type * as s from '../schema.js';

export type ReferralRow = typeof s.referrals.$inferSelect;
export type PayoutRow = typeof s.referralPayouts.$inferSelect;

/** Why a link did not bind its opener (or 'bound'). */
export type BindResult = 'bound' | 'unknown-code' | 'self' | 'cycle' | 'already';

const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newCode(): string {
  return [...randomBytes(8)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export function createReferralStore(db: TradingDatabase) {
  const t = db.t;
  const store = {
    /** The user's code, made (once, whichever caller is first) when first asked for. */
    async codeOf(telegramId: number, at: number): Promise<string> {
      const mine = async () =>
        (await db.q.select().from(t.referralCodes).where(eq(t.referralCodes.telegramId, telegramId)))[0]?.code;
      const have = await mine();
      if (have) return have;
      for (let i = 0; i < 5; i++) {
        await db.tx((q) =>
          q.insert(t.referralCodes).values({ code: newCode(), telegramId, createdAt: at }).onConflictDoNothing(),
        );
        const made = await mine();
        if (made) return made;
      }
      throw new Error('could not make a referral code');
    },
    async ownerOfCode(code: string): Promise<number | undefined> {
      return (await db.q.select().from(t.referralCodes).where(eq(t.referralCodes.code, code)))[0]?.telegramId;
    },
    async referrerOf(referee: number): Promise<ReferralRow | undefined> {
      return (await db.q.select().from(t.referrals).where(eq(t.referrals.referee, referee)))[0];
    },
    /**
     * Binds a person who starts the bot for the first time to the link's owner. The caller says the
     * person is new (no user row before this start); the first link wins (a second is 'already').
     */
    async bind(referee: number, code: string, via: 'link' | 'share', at: number): Promise<BindResult> {
      const referrer = await store.ownerOfCode(code);
      if (referrer === undefined) return 'unknown-code';
      if (referrer === referee) return 'self';
      // no cycles: the referee must not be above the referrer in its chain
      for (let up: number | undefined = referrer, n = 0; up !== undefined && n < 1000; n++) {
        up = (await store.referrerOf(up))?.referrer;
        if (up === referee) return 'cycle';
      }
      // claim: the first link wins, in this process or another
      const rows = await db.tx((q) =>
        q
          .insert(t.referrals)
          .values({ referee, referrer, via, boundAt: at })
          .onConflictDoNothing()
          .returning({ referee: t.referrals.referee }),
      );
      return rows.length === 1 ? 'bound' : 'already';
    },
    async refereesOf(referrer: number): Promise<ReferralRow[]> {
      return db.q
        .select()
        .from(t.referrals)
        .where(eq(t.referrals.referrer, referrer))
        .orderBy(asc(t.referrals.boundAt));
    },
    async allReferrals(): Promise<ReferralRow[]> {
      return db.q.select().from(t.referrals).orderBy(asc(t.referrals.boundAt));
    },
    /** Each user's facade key id (the fees booked for it are theirs). */
    async keyIdsOf(userIds: number[]): Promise<Map<number, number>> {
      if (!userIds.length) return new Map();
      const rows = await db.q
        .select({ id: t.users.telegramId, key: t.users.apiKeyId })
        .from(t.users)
        .where(inArray(t.users.telegramId, userIds));
      return new Map(rows.filter((r) => r.key !== null).map((r) => [r.id, r.key!]));
    },
    async payoutsOf(referrer?: number): Promise<PayoutRow[]> {
      const p = t.referralPayouts;
      return db.q
        .select()
        .from(p)
        .where(referrer === undefined ? undefined : eq(p.referrer, referrer))
        .orderBy(asc(p.createdAt), asc(p.id));
    },
    /** Claims the referrer's next payout with its signed transaction: false when another run has it. */
    async claimPayout(row: typeof s.referralPayouts.$inferInsert): Promise<boolean> {
      const rows = await db.tx((q) =>
        q.insert(t.referralPayouts).values(row).onConflictDoNothing().returning({ id: t.referralPayouts.id }),
      );
      return rows.length === 1;
    },
    /** Moves a payout from 'signed' to its end ('confirmed' | 'failed'): true for the one caller that did. */
    async settlePayout(id: string, status: 'confirmed' | 'failed', at: number): Promise<boolean> {
      const p = t.referralPayouts;
      const rows = await db.tx((q) =>
        q
          .update(p)
          .set({ status, updatedAt: at })
          .where(and(eq(p.id, id), eq(p.status, 'signed')))
          .returning({ id: p.id }),
      );
      return rows.length === 1;
    },
    /** Confirmed payouts the bot has not told their referrer of. */
    async untoldPayouts(): Promise<PayoutRow[]> {
      const p = t.referralPayouts;
      return db.q
        .select()
        .from(p)
        .where(and(eq(p.status, 'confirmed'), isNull(p.notifiedAt)))
        .orderBy(asc(p.id));
    },
    /** Claims telling a payout (one process tells it). */
    async claimTold(id: string, at: number): Promise<boolean> {
      const p = t.referralPayouts;
      const rows = await db.tx((q) =>
        q
          .update(p)
          .set({ notifiedAt: at })
          .where(and(eq(p.id, id), isNull(p.notifiedAt)))
          .returning({ id: p.id }),
      );
      return rows.length === 1;
    },
    /** Gives a claimed payout message back (Telegram could not take it now): the next run tells it. */
    async releaseTold(id: string): Promise<void> {
      const p = t.referralPayouts;
      await db.tx((q) => q.update(p).set({ notifiedAt: null }).where(eq(p.id, id)));
    },
  };
  return store;
}

export type ReferralStore = ReturnType<typeof createReferralStore>;
