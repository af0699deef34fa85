// Wallet helper of the spec (4.10).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../service/errors.js';
import { createWallets } from '../service/wallet.service.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { ok } from './schemas/common.js';
import * as S from './schemas/wallet.js';

const walletIssue: InvalidMapper = (issues) =>
  issues.some((i) => i.field === 'amount') ? Errors.invalidAmount() : Errors.invalidParams(describeIssues(issues));

export const walletRoutes: FastifyPluginAsync = async (app0) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/tron/createWallet', '/tron/createWallet']) {
    app.post(
      url,
      {
        schema: {
          tags: ['wallet'],
          summary: 'New key pairs (shown once, never stored)',
          body: S.CreateWalletBody.optional(),
          response: { 200: S.CreateWalletResponse },
        },
        config: { invalid: walletIssue },
      },
      async (req) => ({
        data: await createWallets(req.body?.amount ?? 1),
        ...ok,
      }),
    );
  }
};
