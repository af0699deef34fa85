// Operator-only routes: keys, plans, a key's usage, totals. A change names the actor for the audit log.
import { z } from 'zod';
import { okResponse } from './common.js';

const actor = z.string().min(1).max(100).optional();
const planName = z.string().regex(/^[a-z0-9_-]{1,32}$/);

export const CreateKeyBody = z.strictObject({
  plan: planName,
  label: z.string().max(100).optional(),
  /** for a user of the operator's own front end, which limits that user itself: no per-minute limit */
  managed: z.boolean().optional(),
  /** percent off the plan's router fee for this key (a referred user's discount); default 0 */
  feeDiscountPct: z.number().int().min(0).max(100).optional(),
  actor,
});
/** the key is in this answer only */
export const CreateKeyResponse = okResponse({ id: z.number().int(), key: z.string(), plan: z.string() });

export const Plan = z.object({
  name: z.string(),
  rpm: z.number().int().nullable(),
  feeBps: z.number().int(),
  streams: z.boolean(),
});
export const PlansResponse = okResponse({ data: z.array(Plan) });
export const SetPlanBody = z.strictObject({
  name: planName,
  rpm: z.number().int().positive().nullable(),
  feeBps: z.number().int().min(0).max(1000),
  streams: z.boolean().optional(),
  actor,
});
export const PlanResponse = okResponse({ data: Plan });

export const KeyParams = z.strictObject({ id: z.coerce.number().int().positive() });
export const KeyResponse = okResponse({
  data: z.object({
    id: z.number().int(),
    label: z.string().nullable(),
    plan: z.string(),
    /** percent off the plan's router fee */
    feeDiscountPct: z.number().int(),
    /** the router fee the key's trades pay: the plan's less the discount, rounded down */
    feeBps: z.number().int(),
    createdAt: z.number().int(),
    revoked: z.boolean(),
    requestsToday: z.number().int(),
    requests7d: z.number().int(),
    trades: z.number().int(),
    feesTrx: z.number(),
  }),
});
/** The fees some keys paid (a referrer's referred users), booked once their trade is confirmed. */
export const FeesBody = z.strictObject({
  keyIds: z.array(z.number().int().positive()).min(1).max(1000),
  /** ms: only fees confirmed at or after this time */
  since: z.number().int().min(0).optional(),
});
export const FeeRow = z.object({
  txid: z.string(),
  apiKeyId: z.number().int(),
  token: z.string(),
  side: z.string(),
  /** sun taken by the router, exact */
  feeSun: z.string(),
  confirmedAt: z.number().int(),
  /** the token's launchpad family, so the network the fee was paid on (null: no longer indexed) */
  family: z.string().nullable().optional(),
});
export const FeesResponse = okResponse({ data: z.array(FeeRow) });
export const KeyPlanBody = z.strictObject({ plan: planName, actor });

export const StatsResponse = okResponse({
  data: z.object({
    keys: z.number().int(),
    activeKeys: z.number().int(),
    tokens: z.number().int(),
    trades: z.number().int(),
    volumeTrx: z.number(),
    feeTrades: z.number().int(),
    feesTrx: z.number(),
  }),
});
