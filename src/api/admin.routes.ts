// Operator-only routes: creating keys for others (the bot gives each user a key this way).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceError } from '../launchpad/errors.js';
import type { KeysService } from '../launchpad/keys.service.js';

const CreateKeyBody = z.strictObject({ plan: z.string().min(1).max(32), label: z.string().max(100).optional() });
const CreateKeyResponse = z.object({ id: z.number().int(), key: z.string(), plan: z.string(), status: z.literal('success'), code: z.literal('200') });

export const adminRoutes: FastifyPluginAsync<{ keys: KeysService }> = async (app0, { keys }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  app.post('/admin/keys', {
    schema: { tags: ['admin'], summary: 'Create an API key on a plan (operator keys only); the key is returned once', body: CreateKeyBody, response: { 200: CreateKeyResponse } },
  }, async (req) => {
    if (!req.apiKey?.operator) throw new ServiceError(401, 'Invalid API key', 'This route needs an operator key');
    const { id, key } = keys.create(req.body.plan, req.body.label);
    return { id, key, plan: req.body.plan, status: 'success' as const, code: '200' as const };
  });
};
