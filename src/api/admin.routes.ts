// Operator-only routes: keys for others (the bot gives each user one), plans, usage, stats, audit.
// Every change is written to the audit log with the actor the operator names.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Audit } from '../service/admin.service.js';
import { ServiceError } from '../service/errors.js';
import type { KeysService } from '../service/keys.service.js';

const ok = { status: z.literal('success'), code: z.literal('200') };
const done = { status: 'success', code: '200' } as const;
const actor = z.string().min(1).max(100).optional();
const planName = z.string().regex(/^[a-z0-9_-]{1,32}$/);

const CreateKeyBody = z.strictObject({
  plan: planName,
  label: z.string().max(100).optional(),
  /** for a user of the operator's own front end, which limits that user itself: no per-minute limit */
  managed: z.boolean().optional(),
  actor,
});
const Plan = z.object({
  name: z.string(),
  rpm: z.number().int().nullable(),
  feeBps: z.number().int(),
  streams: z.boolean(),
});
const SetPlanBody = z.strictObject({
  name: planName,
  rpm: z.number().int().positive().nullable(),
  feeBps: z.number().int().min(0).max(1000),
  streams: z.boolean().optional(),
  actor,
});
const KeyParams = z.strictObject({ id: z.coerce.number().int().positive() });
const KeyPlanBody = z.strictObject({ plan: planName, actor });

function operator(req: FastifyRequest): string {
  if (!req.apiKey?.operator) throw new ServiceError(401, 'Invalid API key', 'This route needs an operator key');
  const body = req.body as { actor?: string } | undefined;
  return body?.actor ?? `key:${req.apiKey.id}`;
}

export const adminRoutes: FastifyPluginAsync<{ keys: KeysService; audit?: Audit }> = async (app0, { keys, audit }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  app.post(
    '/admin/keys',
    {
      schema: {
        tags,
        summary: 'Create an API key on a plan (operator keys only); the key is returned once',
        body: CreateKeyBody,
        response: { 200: z.object({ id: z.number().int(), key: z.string(), plan: z.string(), ...ok }) },
      },
    },
    async (req) => {
      const who = operator(req);
      const managed = req.body.managed ?? false;
      const { id, key } = keys.create(req.body.plan, req.body.label, false, managed);
      audit?.record(who, 'key.create', { id, plan: req.body.plan, label: req.body.label ?? null, managed });
      return { id, key, plan: req.body.plan, ...done };
    },
  );

  if (!audit) return;

  app.get(
    '/admin/plans',
    { schema: { tags, summary: 'Plans', response: { 200: z.object({ data: z.array(Plan), ...ok }) } } },
    async (req) => {
      operator(req);
      return { data: keys.plans(), ...done };
    },
  );

  app.post(
    '/admin/plans',
    {
      schema: {
        tags,
        summary: 'Create or edit a plan',
        body: SetPlanBody,
        response: { 200: z.object({ data: Plan, ...ok }) },
      },
    },
    async (req) => {
      const who = operator(req);
      const b = req.body;
      keys.setPlanLimits(b.name, b.rpm, b.feeBps, b.streams);
      audit.record(who, 'plan.set', { name: b.name, rpm: b.rpm, feeBps: b.feeBps, streams: b.streams ?? null });
      return { data: keys.plans().find((p) => p.name === b.name)!, ...done };
    },
  );

  app.get(
    '/admin/keys/:id',
    {
      schema: {
        tags,
        summary: "A key's plan, usage and fees paid",
        params: KeyParams,
        response: {
          200: z.object({
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
            ...ok,
          }),
        },
      },
    },
    async (req) => {
      operator(req);
      return { data: audit.keyInfo(req.params.id), ...done };
    },
  );

  app.post(
    '/admin/keys/:id/plan',
    {
      schema: {
        tags,
        summary: 'Move a key to a plan',
        params: KeyParams,
        body: KeyPlanBody,
        response: { 200: z.object({ ...ok }) },
      },
    },
    async (req) => {
      const who = operator(req);
      keys.setPlan(req.params.id, req.body.plan);
      audit.record(who, 'key.plan', { id: req.params.id, plan: req.body.plan });
      return done;
    },
  );

  app.get(
    '/admin/stats',
    {
      schema: {
        tags,
        summary: 'Totals: keys, tokens, trades, volume, fees',
        response: {
          200: z.object({
            data: z.object({
              keys: z.number().int(),
              activeKeys: z.number().int(),
              tokens: z.number().int(),
              trades: z.number().int(),
              volumeTrx: z.number(),
              feeTrades: z.number().int(),
              feesTrx: z.number(),
            }),
            ...ok,
          }),
        },
      },
    },
    async (req) => {
      operator(req);
      return { data: audit.stats(), ...done };
    },
  );
};
