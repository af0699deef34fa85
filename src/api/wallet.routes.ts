// Wallet helper of the spec (4.10).
import type { FastifyPluginAsync } from 'fastify';
import { Errors } from '../service/errors.js';
import { createWallets } from '../service/wallet.service.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { post } from './route.js';
import { ok } from './schemas/common.js';
import * as S from './schemas/wallet.js';

const walletIssue: InvalidMapper = (issues) =>
  issues.some((i) => i.field === 'amount') ? Errors.invalidAmount() : Errors.invalidParams(describeIssues(issues));

/** `rpc`, when given, must name a network this API serves (checked by `checkRpc`; never fetched). */
export const walletRoutes: FastifyPluginAsync<{ checkRpc: (rpc: string | undefined) => void }> = async (
  app,
  { checkRpc },
) => {
  for (const url of ['/api/tron/createWallet', '/tron/createWallet']) {
    post(app, {
      url,
      tags: ['wallet'],
      summary: 'New key pairs (shown once, never stored)',
      input: S.CreateWalletBody.optional(),
      response: S.CreateWalletResponse,
      invalid: walletIssue,
      handler: async (b) => {
        checkRpc(b?.rpc);
        return { data: await createWallets(b?.amount ?? 1), ...ok };
      },
    });
  }
};
