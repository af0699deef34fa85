// GET /admin/energy: the operator's energy pools, for operator keys only (as the other admin routes).
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EnergyService, PoolReport } from '../service/energy.service.js';
import { trxNumber } from '../tron/units.js';
import { requireOperator } from './auth.js';
import { ok } from './schemas/common.js';
import * as S from './schemas/energy.js';

/** A pool as the answer has it: numbers for people, sun exact as text. */
function poolView(p: PoolReport): z.output<typeof S.EnergyPool> {
  const { stake, ...rest } = p;
  return {
    ...rest,
    origin: p.origin ?? null,
    stakedTrx: stake ? trxNumber(stake.energySun) : null,
    stakedSun: stake ? stake.energySun.toString() : null,
    lentTrx: stake ? trxNumber(stake.lentEnergySun) : null,
    unstaking: (stake?.unstaking ?? []).map((u) => ({
      resource: u.resource,
      amountTrx: trxNumber(u.amountSun),
      amountSun: u.amountSun.toString(),
      withdrawableAt: u.withdrawableAt,
    })),
  };
}

export const energyRoutes: FastifyPluginAsync<{ energy: EnergyService }> = async (app0, { energy }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/energy',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The energy pools that pay users' trades (sponsored routers): staked TRX, energy a day and left, the trades it covers, the last day's trades and whether it covers an hour of them",
        querystring: S.EnergyQuery,
        response: { 200: S.EnergyResponse },
      },
    },
    async (req) => {
      requireOperator(req);
      return { data: (await energy.pools(req.query.family)).map(poolView), ...ok };
    },
  );
};
