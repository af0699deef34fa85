// Operator-only routes: keys for others (the bot gives each user one), plans, usage, fees, stats, audit.
// Every change is written to the audit log with the actor the operator names.
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Audit } from '../service/admin.service.js';
import type { KeysService } from '../service/keys.service.js';
import { requireOperator } from './auth.js';
import type { TypedApp } from './route.js';
import { DoneResponse, ok } from './schemas/common.js';
import * as S from './schemas/admin.js';

const tags = ['admin'];

export const adminRoutes: FastifyPluginAsync<{ keys: KeysService; audit?: Audit }> = async (app0, { keys, audit }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/admin/keys',
    {
      schema: {
        tags,
        summary: 'Create an API key on a plan (operator keys only); the key is returned once',
        body: S.CreateKeyBody,
        response: { 200: S.CreateKeyResponse },
      },
    },
    async (req) => {
      const who = requireOperator(req);
      const { plan, label } = req.body;
      const managed = req.body.managed ?? false;
      const feeDiscountPct = req.body.feeDiscountPct ?? 0;
      const { id, key } = await keys.create(plan, label, false, managed, feeDiscountPct);
      await audit?.record(who, 'key.create', { id, plan, label: label ?? null, managed, feeDiscountPct });
      return { id, key, plan, ...ok };
    },
  );
  // plans, a key's usage and the totals are read from the audit store
  if (!audit) return;
  planRoutes(app, keys, audit);
  keyRoutes(app, keys, audit);
  app.get(
    '/admin/stats',
    {
      schema: {
        tags,
        summary: 'Totals: keys, tokens, trades, volume, fees',
        response: { 200: S.StatsResponse },
      },
    },
    async (req) => {
      requireOperator(req);
      return { data: await audit.stats(), ...ok };
    },
  );
};

function planRoutes(app: TypedApp, keys: KeysService, audit: Audit): void {
  app.get('/admin/plans', { schema: { tags, summary: 'Plans', response: { 200: S.PlansResponse } } }, async (req) => {
    requireOperator(req);
    return { data: await keys.plans(), ...ok };
  });
  app.post(
    '/admin/plans',
    {
      schema: {
        tags,
        summary: 'Create or edit a plan',
        body: S.SetPlanBody,
        response: { 200: S.PlanResponse },
      },
    },
    async (req) => {
      const who = requireOperator(req);
      const b = req.body;
      await keys.setPlanLimits(b.name, b.rpm, b.feeBps, b.streams);
      await audit.record(who, 'plan.set', { name: b.name, rpm: b.rpm, feeBps: b.feeBps, streams: b.streams ?? null });
      return { data: (await keys.plans()).find((p) => p.name === b.name)!, ...ok };
    },
  );
}

/** One key: its usage, and moving it to another plan. */
function keyRoutes(app: TypedApp, keys: KeysService, audit: Audit): void {
  app.get(
    '/admin/keys/:id',
    {
      schema: {
        tags,
        summary: "A key's plan, usage and fees paid",
        params: S.KeyParams,
        response: { 200: S.KeyResponse },
      },
    },
    async (req) => {
      requireOperator(req);
      return { data: await audit.keyInfo(req.params.id), ...ok };
    },
  );
  app.post(
    '/admin/fees',
    {
      schema: {
        tags,
        summary: "The router fees booked for some keys (a referrer's referred users), oldest first",
        body: S.FeesBody,
        response: { 200: S.FeesResponse },
      },
    },
    async (req) => {
      requireOperator(req);
      return { data: await audit.fees(req.body.keyIds, req.body.since), ...ok };
    },
  );
  app.post(
    '/admin/keys/:id/plan',
    {
      schema: {
        tags,
        summary: 'Move a key to a plan',
        params: S.KeyParams,
        body: S.KeyPlanBody,
        response: { 200: DoneResponse },
      },
    },
    async (req) => {
      const who = requireOperator(req);
      await keys.setPlan(req.params.id, req.body.plan);
      await audit.record(who, 'key.plan', { id: req.params.id, plan: req.body.plan });
      return ok;
    },
  );
}
