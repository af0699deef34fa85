// Data operations of the spec (section 4.2-4.5) and our reads beyond them, registered in this order
// (the OpenAPI document lists them so).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DataService } from '../service/data/index.js';
import { Errors, ServiceError } from '../service/errors.js';
import { FAMILY_NAMES } from '../tron/families.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { getOrPost, post } from './route.js';
import { AddressBody, ok } from './schemas/common.js';
import * as S from './schemas/data.js';

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
async function orDetailsFailed<T>(req: FastifyRequest, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof ServiceError) throw e;
    req.log.error({ err: e }, 'token details failed');
    throw Errors.detailsFailed();
  }
}

/** A listing's page and limit, with the defaults and the maximum: the last two arguments of a list read. */
function pageOf({ page, limit }: { page?: number | undefined; limit?: number | undefined }): [number, number] {
  const l = limit ?? DEFAULT_LIMIT;
  if (l > MAX_LIMIT) throw Errors.maxLimit();
  return [page ?? 1, l];
}

const tags = ['data'];

export const dataRoutes: FastifyPluginAsync<{ data: DataService }> = async (app, { data }) => {
  specRoutes(app, data);
  tokenRoutes(app, data);
  listRoutes(app, data);
};

/** The spec's: a wallet's balance of a token, a token's trades, details and holders. */
function specRoutes(app: FastifyInstance, data: DataService): void {
  getOrPost(app, {
    url: '/launchpad/getTokenBalance',
    tags,
    summary: 'Token price in TRX and USD, and the balance of publicKey',
    input: S.TokenBalanceQuery,
    response: S.TokenBalanceResponse,
    invalid: balanceIssue,
    handler: async (p) => ({
      data: await data.getTokenBalance(p.publicKey, p.tokenAddress, p.tokenDecimals ?? 18, p.rpc),
      ...ok,
    }),
  });
  for (const url of ['/launchpad/getRecentTrades', '/api/launchpad/getRecentTrades']) {
    post(app, {
      url,
      tags,
      summary: 'Recent trades of a token, newest first',
      input: S.TradesBody,
      response: S.TradesResponse,
      invalid: pagedIssue,
      handler: async (b) => ({ data: await data.getRecentTrades(b.address, ...pageOf(b)), ...ok }),
    });
  }
  for (const family of FAMILY_NAMES) {
    post(app, {
      url: `/${family}/getTokenDetails`,
      tags,
      summary: `Token metadata and curve data (${family})`,
      input: AddressBody,
      response: S.DetailsResponse,
      invalid: addressIssue,
      handler: async (b, req) => ({
        ...(await orDetailsFailed(req, () => data.getTokenDetails(family, b.address))),
        ...ok,
      }),
    });
    post(app, {
      url: `/${family}/getTokenHolders`,
      tags,
      summary: `Top holders of a token (${family})`,
      input: S.HoldersBody,
      response: S.HoldersResponse,
      invalid: pagedIssue,
      handler: async (b, req) => ({
        data: await orDetailsFailed(req, () => data.getTokenHolders(family, b.address, ...pageOf(b))),
        ...ok,
      }),
    });
  }
}

/** One token's price, candles, safety report and curve progress. */
function tokenRoutes(app: FastifyInstance, data: DataService): void {
  const read = { tags, input: AddressBody, invalid: addressIssue };
  post(app, {
    ...read,
    url: '/launchpad/getTokenPrice',
    summary: 'Price of one token in TRX and USD',
    response: S.PriceResponse,
    handler: async (b) => ({ data: await data.getTokenPrice(b.address), ...ok }),
  });
  post(app, {
    ...read,
    url: '/launchpad/getCandles',
    summary:
      'OHLCV candles of the token price in TRX and USD from the indexed trades (curve and DEX), oldest first; intervals 1m 5m 15m 1h 4h 1d',
    input: S.CandlesBody,
    response: S.CandlesResponse,
    handler: async (b) => ({
      data: await data.getCandles(b.address, b.interval, { from: b.from, to: b.to, limit: b.limit }),
      ...ok,
    }),
  });
  post(app, {
    ...read,
    url: '/launchpad/getTokenSafety',
    summary:
      "A token's safety report from the index: the creator's share and sales, top holders, bundles, the creator's earlier tokens, age, and a verdict (ok, caution, danger) with its reasons",
    response: S.SafetyResponse,
    handler: async (b) => ({ data: await data.getTokenSafety(b.address), ...ok }),
  });
  post(app, {
    ...read,
    url: '/launchpad/getCurveProgress',
    summary: 'Sold, total for sale, percent, TRX in the curve and still needed to launch, status',
    response: S.ProgressResponse,
    handler: async (b) => ({ data: await data.getCurveProgress(b.address), ...ok }),
  });
}

/** An address's trades and holdings, and the list of tokens. */
function listRoutes(app: FastifyInstance, data: DataService): void {
  post(app, {
    url: '/launchpad/getUserTrades',
    tags,
    summary: "An address's own trades, newest first (optionally of one token)",
    input: S.UserTradesBody,
    response: S.UserTradesResponse,
    invalid: pagedIssue,
    handler: async (b) => ({ data: await data.getUserTrades(b.address, b.tokenAddress, ...pageOf(b)), ...ok }),
  });
  post(app, {
    url: '/launchpad/getWallet',
    tags,
    summary: 'TRX balance and the launchpad tokens an address holds, with their value',
    input: AddressBody,
    response: S.WalletResponse,
    invalid: addressIssue,
    handler: async (b) => ({ data: await data.getWallet(b.address), ...ok }),
  });
  post(app, {
    url: '/launchpad/listTokens',
    tags,
    summary: 'Token summaries sorted by newest, 24 h volume or curve progress',
    input: S.ListTokensBody,
    response: S.ListTokensResponse,
    invalid: pagedIssue,
    handler: async (b) => ({ data: await data.listTokens(b.sort ?? 'new', ...pageOf(b)), ...ok }),
  });
}
