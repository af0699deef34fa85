// Operator-only routes: keys for others (the bot gives each user one), plans, usage, stats, audit.
// Every change is written to the audit log with the actor the operator names.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Audit } from '../service/admin.service.js';
import { ServiceError } from '../service/errors.js';
import type { KeysService } from '../service/keys.service.js';
import { DoneResponse, ok } from './schemas/common.js';
import * as S from './schemas/admin.js';

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
        body: S.CreateKeyBody,
        response: { 200: S.CreateKeyResponse },
      },
    },
    async (req) => {
      const who = operator(req);
      const managed = req.body.managed ?? false;
      const { id, key } = keys.create(req.body.plan, req.body.label, false, managed);
      audit?.record(who, 'key.create', { id, plan: req.body.plan, label: req.body.label ?? null, managed });
      return { id, key, plan: req.body.plan, ...ok };
    },
  );

  if (!audit) return;

  app.get('/admin/plans', { schema: { tags, summary: 'Plans', response: { 200: S.PlansResponse } } }, async (req) => {
    operator(req);
    return { data: keys.plans(), ...ok };
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
      const who = operator(req);
      const b = req.body;
      keys.setPlanLimits(b.name, b.rpm, b.feeBps, b.streams);
      audit.record(who, 'plan.set', { name: b.name, rpm: b.rpm, feeBps: b.feeBps, streams: b.streams ?? null });
      return { data: keys.plans().find((p) => p.name === b.name)!, ...ok };
    },
  );

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
      operator(req);
      return { data: audit.keyInfo(req.params.id), ...ok };
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
      const who = operator(req);
      keys.setPlan(req.params.id, req.body.plan);
      audit.record(who, 'key.plan', { id: req.params.id, plan: req.body.plan });
      return ok;
    },
  );

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
      operator(req);
      return { data: audit.stats(), ...ok };
    },
  );
};
