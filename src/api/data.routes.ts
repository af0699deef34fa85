// Data operations of the spec (section 4.2-4.5) and listTokens.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DataService } from '../service/data/index.js';
import { Errors, ServiceError } from '../service/errors.js';
import type { FamilyName } from '../tron/families.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { getOrPost } from './get-body.js';
import * as S from './schemas.js';

const ok = { status: 'success', code: '200' } as const;
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

const addressIssue: InvalidMapper = (issues) =>
  issues.some((i) => i.field === 'address') ? Errors.missingAddress() : Errors.invalidParams(describeIssues(issues));
const pagedIssue: InvalidMapper = (issues) => {
  if (issues.some((i) => i.field === 'address')) return Errors.missingAddress();
  if (issues.some((i) => i.field === 'limit' && i.code === 'too_big')) return Errors.maxLimit();
  return Errors.invalidParams(describeIssues(issues));
};
const balanceIssue: InvalidMapper = (issues) => {
  if (issues.some((i) => i.field === 'publicKey')) return Errors.invalidPublicKey();
  if (issues.some((i) => i.field === 'tokenAddress')) return Errors.invalidTokenAddress();
  return Errors.invalidParams(describeIssues(issues));
};

/** Details and holders answer an unexpected failure with the spec's 500. */
function orDetailsFailed<T>(req: FastifyRequest, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    req.log.error({ err: e }, 'token details failed');
    throw Errors.detailsFailed();
  }
}

function paging(page: number | undefined, limit: number | undefined) {
  const l = limit ?? DEFAULT_LIMIT;
  if (l > MAX_LIMIT) throw Errors.maxLimit();
  return { page: page ?? 1, limit: l };
}

export const dataRoutes: FastifyPluginAsync<{ data: DataService }> = async (app0, { data }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const tags = ['data'];

  getOrPost(app0, {
    url: '/launchpad/getTokenBalance',
    tags,
    summary: 'Token price in TRX and USD, and the balance of publicKey',
    params: S.TokenBalanceQuery,
    response: S.TokenBalanceResponse,
    invalid: balanceIssue,
    handler: async (p) => ({
      data: await data.getTokenBalance(p.publicKey, p.tokenAddress, p.tokenDecimals ?? 18),
      ...ok,
    }),
  });

  for (const url of ['/launchpad/getRecentTrades', '/api/launchpad/getRecentTrades']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Recent trades of a token, newest first',
          body: S.TradesBody,
          response: { 200: S.TradesResponse },
        },
        config: { invalid: pagedIssue },
      },
      async (req) => {
        const { page, limit } = paging(req.body.page, req.body.limit);
        return { data: data.getRecentTrades(req.body.address, page, limit), ...ok };
      },
    );
  }

  for (const family of ['launchpad', 'launchpad2'] as FamilyName[]) {
    app.post(
      `/${family}/getTokenDetails`,
      {
        schema: {
          tags,
          summary: `Token metadata and curve data (${family})`,
          body: S.AddressBody,
          response: { 200: S.DetailsResponse },
        },
        config: { invalid: addressIssue },
      },
      async (req) => ({ ...orDetailsFailed(req, () => data.getTokenDetails(family, req.body.address)), ...ok }),
    );

    app.post(
      `/${family}/getTokenHolders`,
      {
        schema: {
          tags,
          summary: `Top holders of a token (${family})`,
          body: S.HoldersBody,
          response: { 200: S.HoldersResponse },
        },
        config: { invalid: pagedIssue },
      },
      async (req) => {
        const { page, limit } = paging(req.body.page, req.body.limit);
        return { data: orDetailsFailed(req, () => data.getTokenHolders(family, req.body.address, page, limit)), ...ok };
      },
    );
  }

  app.post(
    '/launchpad/getTokenPrice',
    {
      schema: {
        tags,
        summary: 'Price of one token in TRX and USD',
        body: S.AddressBody,
        response: { 200: S.PriceResponse },
      },
      config: { invalid: addressIssue },
    },
    async (req) => ({ data: data.getTokenPrice(req.body.address), ...ok }),
  );

  app.post(
    '/launchpad/getCandles',
    {
      schema: {
        tags,
        summary:
          'OHLCV candles of the token price in TRX and USD from the indexed trades (curve and DEX), oldest first; intervals 1m 5m 15m 1h 4h 1d',
        body: S.CandlesBody,
        response: { 200: S.CandlesResponse },
      },
      config: { invalid: addressIssue },
    },
    async (req) => ({
      data: data.getCandles(req.body.address, req.body.interval, {
        from: req.body.from,
        to: req.body.to,
        limit: req.body.limit,
      }),
      ...ok,
    }),
  );

  app.post(
    '/launchpad/getTokenSafety',
    {
      schema: {
        tags,
        summary:
          "A token's safety report from the index: the creator's share and sales, top holders, bundles, the creator's earlier tokens, age, and a verdict (ok, caution, danger) with its reasons",
        body: S.AddressBody,
        response: { 200: S.SafetyResponse },
      },
      config: { invalid: addressIssue },
    },
    async (req) => ({ data: data.getTokenSafety(req.body.address), ...ok }),
  );

  app.post(
    '/launchpad/getCurveProgress',
    {
      schema: {
        tags,
        summary: 'Sold, total for sale, percent, TRX in the curve and still needed to launch, status',
        body: S.AddressBody,
        response: { 200: S.ProgressResponse },
      },
      config: { invalid: addressIssue },
    },
    async (req) => ({ data: data.getCurveProgress(req.body.address), ...ok }),
  );

  app.post(
    '/launchpad/getUserTrades',
    {
      schema: {
        tags,
        summary: "An address's own trades, newest first (optionally of one token)",
        body: S.UserTradesBody,
        response: { 200: S.UserTradesResponse },
      },
      config: { invalid: pagedIssue },
    },
    async (req) => {
      const { page, limit } = paging(req.body.page, req.body.limit);
      return { data: data.getUserTrades(req.body.address, req.body.tokenAddress, page, limit), ...ok };
    },
  );

  app.post(
    '/launchpad/getWallet',
    {
      schema: {
        tags,
        summary: 'TRX balance and the launchpad tokens an address holds, with their value',
        body: S.WalletBody,
        response: { 200: S.WalletResponse },
      },
      config: { invalid: addressIssue },
    },
    async (req) => ({ data: await data.getWallet(req.body.address), ...ok }),
  );

  app.post(
    '/launchpad/listTokens',
    {
      schema: {
        tags,
        summary: 'Token summaries sorted by newest, 24 h volume or curve progress',
        body: S.ListTokensBody,
        response: { 200: S.ListTokensResponse },
      },
      config: { invalid: pagedIssue },
    },
    async (req) => {
      const { page, limit } = paging(req.body.page, req.body.limit);
      return { data: data.listTokens(req.body.sort ?? 'new', page, limit), ...ok };
    },
  );
};
