// API keys and plans. A key is random, shown once, and stored only as its sha256. The tables are
// keys.store.ts's; keys verified lately are kept in memory (key-cache.ts), so a request costs no
// query; every change to keys or plans made here makes them stale.
import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/index.js';
import { ServiceError } from './errors.js';
import { KEY_CACHE_SIZE, KeyCache } from './key-cache.js';
import { keyStore, planStore } from './keys.store.js';

export { KEY_CACHE_SIZE } from './key-cache.js';

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
const invalid = (why: string) => new ServiceError(400, 'Invalid parameters', why);

/** A key's router fee: the plan's basis points less the key's discount (percent), rounded down. */
export const discountedFeeBps = (planFeeBps: number, discountPct: number): number =>
  Math.floor((planFeeBps * (100 - discountPct)) / 100);
const isDiscount = (pct: number) => Number.isInteger(pct) && pct >= 0 && pct <= 100;

/** Why a plan's terms are refused, or undefined if they are right. */
function planRefusal(name: string, rpm: number | null, feeBps: number): string | undefined {
  if (!/^[a-z0-9_-]{1,32}$/.test(name)) return 'plan names are 1-32 of a-z, 0-9, _ and -';
  if (rpm !== null && (!Number.isInteger(rpm) || rpm < 1)) return 'rpm must be a positive integer';
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 1000) return 'fee bps must be an integer from 0 to 1000';
  return undefined;
}

export interface KeysOptions {
  /** How many valid keys are cached (default KEY_CACHE_SIZE). */
  cacheSize?: number;
}

export function createKeysService(db: AppDatabase, opts: KeysOptions = {}) {
  const keys = keyStore(db);
  const plans = planStore(db);
  const cache = new KeyCache(opts.cacheSize ?? KEY_CACHE_SIZE);

  /** The active key with this hash and its plan, read from the database. */
  async function keyByHash(hash: string): Promise<KeyInfo | null> {
    const row = await keys.byHash(hash);
    if (!row || row.revokedAt !== null) return null;
    const { id, plan, rpm, operator, managed, streams } = row;
    return { id, plan, rpm, feeBps: discountedFeeBps(row.feeBps, row.discount), operator, managed, streams };
  }

  // cached by the key as presented, in memory only (the database keeps hashes): a hit costs no
  // SHA-256 and no query per request
  const verifiedLately = (key: string): KeyInfo | undefined => cache.fresh(key, Date.now());

  return {
    /** Creates a key on a plan (less `feeDiscountPct` percent of its router fee); the returned key is the only copy. */
    async create(
      plan: string,
      label?: string,
      operator = false,
      managed = false,
      feeDiscountPct = 0,
    ): Promise<{ id: number; key: string }> {
      if (!isDiscount(feeDiscountPct)) throw invalid('feeDiscountPct must be an integer from 0 to 100');
      if (!(await plans.exists(plan))) throw notFound(`no plan named ${plan}`);
      const key = 'lp_' + randomBytes(24).toString('base64url');
      const id = await keys.insert({
        keyHash: hashKey(key),
        prefix: key.slice(0, 9),
        label: label ?? null,
        plan,
        createdAt: Date.now(),
        operator,
        managed,
        feeDiscountPct,
      });
      return { id, key };
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

    list: () => keys.list(),

    async revoke(id: number): Promise<void> {
      const changed = await keys.revoke(id, Date.now());
      cache.stale();
      if (!changed) throw notFound(`no active key with id ${id}`);
    },

    async setPlan(id: number, plan: string): Promise<void> {
      if (!(await plans.exists(plan))) throw notFound(`no plan named ${plan}`);
      const changed = await keys.setPlan(id, plan);
      cache.stale();
      if (!changed) throw notFound(`no key with id ${id}`);
    },

    plans: () => plans.list(),

    /** Creates or edits a plan; rpm null = unlimited. */
    async setPlanLimits(name: string, rpm: number | null, feeBps: number, streams?: boolean): Promise<void> {
      const refused = planRefusal(name, rpm, feeBps);
      if (refused) throw invalid(refused);
      await plans.upsert(name, rpm, feeBps, streams);
      cache.stale();
    },

    /** Fees booked for a key (sun), from the ledger. */
    feesOf: (apiKeyId: number) => keys.feesOf(apiKeyId),
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
