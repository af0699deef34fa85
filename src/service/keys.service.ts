// API keys and plans. A key is random, shown once, and stored only as its sha256.
import { createHash, randomBytes } from 'node:crypto';
import { asc, eq, isNull, and } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import { ServiceError } from './errors.js';

export interface KeyInfo {
  id: number;
  operator: boolean;
  /** the plan allows the live stream and webhooks */
  streams: boolean;
  plan: string;
  /** requests per minute; null = unlimited */
  rpm: number | null;
  /** held by an operator's front end for one of its users: no per-minute limit (see the schema) */
  managed: boolean;
  /** the router fee this key's trades pay: the plan's, less the key's discount */
  feeBps: number;
}

export const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');
const notFound = (what: string) => new ServiceError(404, 'Not found', what);

/** A key's router fee: the plan's basis points less the key's discount (percent), rounded down. */
export const discountedFeeBps = (planFeeBps: number, discountPct: number): number =>
  Math.floor((planFeeBps * (100 - discountPct)) / 100);
const isDiscount = (pct: number) => Number.isInteger(pct) && pct >= 0 && pct <= 100;

/** How long a verified key is trusted without asking the database (changes made in this process apply at once). */
const VERIFY_CACHE_MS = 5_000;
/** How many valid keys the cache holds by default; past that the least recently used one leaves. */
export const KEY_CACHE_SIZE = 10_000;

/**
 * Valid keys by the key as presented, least recently used first (a Map iterates in insertion
 * order: a hit moves its key to the end, and a new key past the size pushes out the first).
 * Only keys found valid go in: an unknown key is never kept, so random keys cannot push real ones out.
 */
class KeyCache {
  private readonly entries = new Map<string, { at: number; generation: number; info: KeyInfo }>();
  /** Bumped when keys or plans change here: every entry is then stale, but still known. */
  private changes = 0;

  constructor(private readonly size: number) {}

  /** The key's plan if it was verified in the last few seconds and nothing changed since. */
  fresh(key: string, now: number): KeyInfo | undefined {
    const hit = this.entries.get(key);
    if (!hit || hit.generation !== this.changes || now - hit.at >= VERIFY_CACHE_MS) return undefined;
    this.touch(key, hit);
    return hit.info;
  }

  /** Whether the key was valid when last looked up (however long ago, while it stays in the cache). */
  known(key: string): boolean {
    return this.entries.has(key);
  }

  /** Keeps a key found valid by a lookup that started in `generation` (a change since makes it stale at once). */
  set(key: string, info: KeyInfo, now: number, generation: number): void {
    this.touch(key, { at: now, generation, info });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Keys or plans changed: the next request of each key asks the database again. */
  stale(): void {
    this.changes += 1;
  }

  /** What `set` takes: read before a lookup starts. */
  get generation(): number {
    return this.changes;
  }

  private touch(key: string, entry: { at: number; generation: number; info: KeyInfo }): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }
}

export interface KeysOptions {
  /** How many valid keys are cached (default KEY_CACHE_SIZE). */
  cacheSize?: number;
}

export function createKeysService(db: AppDatabase, opts: KeysOptions = {}) {
  const { t } = db;
  const cache = new KeyCache(opts.cacheSize ?? KEY_CACHE_SIZE);
  const forget = () => cache.stale();
  const planExists = async (name: string) =>
    (await db.q.select().from(t.plans).where(eq(t.plans.name, name))).length > 0;

  /** The active key with this hash and its plan, read from the database. */
  async function keyByHash(hash: string): Promise<KeyInfo | null> {
    const [row] = await db.q
      .select({
        id: t.apiKeys.id,
        plan: t.apiKeys.plan,
        rpm: t.plans.rpm,
        feeBps: t.plans.feeBps,
        revokedAt: t.apiKeys.revokedAt,
        operator: t.apiKeys.operator,
        managed: t.apiKeys.managed,
        streams: t.plans.streams,
        discount: t.apiKeys.feeDiscountPct,
      })
      .from(t.apiKeys)
      .innerJoin(t.plans, eq(t.plans.name, t.apiKeys.plan))
      .where(eq(t.apiKeys.keyHash, hash));
    if (!row || row.revokedAt !== null) return null;
    return {
      id: row.id,
      plan: row.plan,
      rpm: row.rpm,
      feeBps: discountedFeeBps(row.feeBps, row.discount),
      operator: row.operator,
      managed: row.managed,
      streams: row.streams,
    };
  }

  function verifiedLately(key: string): KeyInfo | undefined {
    // cached by the key as presented, in memory only (the database keeps hashes): a hit costs no
    // SHA-256 and no query per request
    return cache.fresh(key, Date.now());
  }

  return {
    /** Creates a key on a plan (less `feeDiscountPct` percent of its router fee); the returned key is the only copy. */
    async create(
      plan: string,
      label?: string,
      operator = false,
      managed = false,
      feeDiscountPct = 0,
    ): Promise<{ id: number; key: string }> {
      if (!isDiscount(feeDiscountPct))
        throw new ServiceError(400, 'Invalid parameters', 'feeDiscountPct must be an integer from 0 to 100');
      if (!(await planExists(plan))) throw notFound(`no plan named ${plan}`);
      const key = 'lp_' + randomBytes(24).toString('base64url');
      const [row] = await db.tx((q) =>
        q
          .insert(t.apiKeys)
          .values({
            keyHash: hashKey(key),
            prefix: key.slice(0, 9),
            label: label ?? null,
            plan,
            createdAt: Date.now(),
            revokedAt: null,
            operator,
            managed,
            feeDiscountPct,
          })
          .returning({ id: t.apiKeys.id }),
      );
      return { id: row!.id, key };
    },

    /** A valid key's plan as verified in the last few seconds, or undefined: ask `verify`. */
    verifiedLately,

    /**
     * Whether this key was valid when this process last looked it up (it may be revoked since:
     * `verify` says). The API lets such a key be checked again without counting it as a stranger's try.
     */
    knownKey: (key: string): boolean => cache.known(key),

    /** The active key's plan, or null for an unknown or revoked key (which is not cached). */
    async verify(key: string): Promise<KeyInfo | null> {
      const lately = verifiedLately(key);
      if (lately !== undefined) return lately;
      const generation = cache.generation;
      const info = await keyByHash(hashKey(key));
      if (info) cache.set(key, info, Date.now(), generation);
      else cache.delete(key);
      return info;
    },

    async list() {
      return db.q
        .select({
          id: t.apiKeys.id,
          prefix: t.apiKeys.prefix,
          label: t.apiKeys.label,
          plan: t.apiKeys.plan,
          createdAt: t.apiKeys.createdAt,
          revokedAt: t.apiKeys.revokedAt,
          operator: t.apiKeys.operator,
        })
        .from(t.apiKeys)
        .orderBy(asc(t.apiKeys.id));
    },

    async revoke(id: number): Promise<void> {
      const changed = await db.tx((q) =>
        q
          .update(t.apiKeys)
          .set({ revokedAt: Date.now() })
          .where(and(eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt)))
          .returning({ id: t.apiKeys.id }),
      );
      forget();
      if (changed.length === 0) throw notFound(`no active key with id ${id}`);
    },

    async setPlan(id: number, plan: string): Promise<void> {
      if (!(await planExists(plan))) throw notFound(`no plan named ${plan}`);
      const changed = await db.tx((q) =>
        q.update(t.apiKeys).set({ plan }).where(eq(t.apiKeys.id, id)).returning({ id: t.apiKeys.id }),
      );
      forget();
      if (changed.length === 0) throw notFound(`no key with id ${id}`);
    },

    async plans() {
      return (await db.q.select().from(t.plans).orderBy(asc(t.plans.feeBps))).reverse();
    },

    /** Creates or edits a plan; rpm null = unlimited. */
    async setPlanLimits(name: string, rpm: number | null, feeBps: number, streams?: boolean): Promise<void> {
      if (!/^[a-z0-9_-]{1,32}$/.test(name))
        throw new ServiceError(400, 'Invalid parameters', 'plan names are 1-32 of a-z, 0-9, _ and -');
      if (rpm !== null && (!Number.isInteger(rpm) || rpm < 1))
        throw new ServiceError(400, 'Invalid parameters', 'rpm must be a positive integer');
      if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 1000)
        throw new ServiceError(400, 'Invalid parameters', 'fee bps must be an integer from 0 to 1000');
      const set = { rpm, feeBps, ...(streams !== undefined ? { streams } : {}) };
      await db.tx((q) =>
        q
          .insert(t.plans)
          .values({ name, rpm, feeBps, streams: streams ?? false })
          .onConflictDoUpdate({ target: t.plans.name, set }),
      );
      forget();
    },

    /** Fees booked for a key (sun), from the ledger. */
    async feesOf(apiKeyId: number) {
      return db.q.select().from(t.feeLedger).where(eq(t.feeLedger.apiKeyId, apiKeyId));
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
