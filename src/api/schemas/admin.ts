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
    createdAt: z.number().int(),
    revoked: z.boolean(),
    requestsToday: z.number().int(),
    requests7d: z.number().int(),
    trades: z.number().int(),
    feesTrx: z.number(),
  }),
});
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
