// Trading operations of the spec (4.6-4.9) and quote, token creation, transfers, broadcast, txStatus,
// registered in this order (the OpenAPI document lists them so).
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../service/errors.js';
import type { SignedTx } from '../tron/gateway.js';
import type { Caller, TradeService } from '../service/trade/index.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { getOrPost, post } from './route.js';
import { ok, unsigned } from './schemas/common.js';
import * as S from './schemas/trade.js';

const userTokenIssue: InvalidMapper = () => Errors.allowanceParams();
const tradeIssue: InvalidMapper = (issues) => {
  const required = ['action', 'tokenAddress', 'amount', 'privateKey'];
  if (issues.some((i) => i.missing && required.includes(i.field))) return Errors.tradeParams();
  if (issues.some((i) => i.field === 'action')) return Errors.invalidAction();
  return Errors.invalidParams(describeIssues(issues));
};
const localTradeIssue: InvalidMapper = (issues) => {
  const required = ['tokenAddress', 'amount', 'userAddress'];
  if (issues.some((i) => i.missing && required.includes(i.field))) return Errors.localTradeParams();
  if (issues.some((i) => i.field === 'type' || i.field === 'action')) return Errors.invalidType();
  return Errors.invalidParams(describeIssues(issues));
};
const quoteIssue: InvalidMapper = (issues) =>
  issues.some((i) => i.field === 'type' && !i.missing)
    ? Errors.invalidType()
    : Errors.invalidParams(describeIssues(issues));

const transferIssue =
  (fields: string[], what: string): InvalidMapper =>
  (issues) =>
    issues.some((i) => i.missing && fields.includes(i.field))
      ? Errors.invalidParams(`You must provide ${what}`)
      : Errors.invalidParams(describeIssues(issues));

/** The caller a trade is built for: its key (for the fee ledger) and its plan's router fee. */
const callerOf = (req: FastifyRequest): Caller => ({ apiKeyId: req.apiKey!.id, feeBps: req.apiKey!.feeBps });

const tags = ['trading'];

export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService }> = async (app0, { trade }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  approvalRoutes(app0, trade);
  tradingRoutes(app0, trade);
  transactionRoutes(app0, trade);

  app.post(
    '/launchpad/txStatus',
    {
      schema: {
        tags,
        summary:
          'pending, included (in a head block), confirmed (solid: final), failed (with the reason) or unknown; once in a block, the router trade it made and, with userAddress, the wallet balances',
        body: S.TxStatusBody,
        response: { 200: S.TxStatusResponse },
      },
    },
    async (req) => {
      const b = req.body;
      const data = await trade.txStatus(
        b.signature,
        b.userAddress ? { userAddress: b.userAddress, tokenAddress: b.tokenAddress } : undefined,
      );
      return { data, ...ok };
    },
  );
};

/** The spec's allowance and approve: the router may spend the user's tokens once approved. */
function approvalRoutes(app: FastifyInstance, trade: TradeService): void {
  getOrPost(app, {
    url: '/launchpad/allowance',
    tags,
    summary: 'How many tokens the user has approved for the router (decimal string of base units)',
    input: S.UserTokenBody,
    response: S.AllowanceResponse,
    invalid: userTokenIssue,
    handler: async (p) => ({ amount: await trade.allowance(p.tokenAddress, p.userAddress), ...unsigned }),
  });
  post(app, {
    url: '/launchpad/approve',
    tags,
    summary: 'Unsigned approve(router, 2^256-1) for the token',
    input: S.UserTokenBody,
    response: S.ApproveResponse,
    invalid: userTokenIssue,
    handler: async (b) => ({ unsignedTx: await trade.approve(b.tokenAddress, b.userAddress), ...unsigned }),
  });
}

/** A trade built for the caller to sign (localTrade), signed here (trade), or only priced (quote). */
function tradingRoutes(app: FastifyInstance, trade: TradeService): void {
  post(app, {
    url: '/launchpad/localTrade',
    tags,
    summary: 'Unsigned router trade for the caller to sign and broadcast',
    input: S.LocalTradeBody,
    response: S.LocalTradeResponse,
    invalid: localTradeIssue,
    handler: async ({ type, action, ...order }, req) => {
      const side = type ?? action;
      if (!side) throw Errors.localTradeParams();
      if (type && action && type !== action) throw Errors.invalidType();
      return { ...(await trade.localTrade({ side, ...order }, callerOf(req))), ...unsigned };
    },
  });
  post(app, {
    url: '/launchpad/trade',
    tags,
    summary: 'Trade signed on the service with the given private key, then broadcast',
    input: S.TradeBody,
    response: S.SignatureResponse,
    invalid: tradeIssue,
    handler: async ({ action, ...order }, req) => {
      const { signature } = await trade.trade({ side: action, ...order }, callerOf(req));
      return { signature, ...ok };
    },
  });
  post(app, {
    url: '/launchpad/quote',
    tags,
    summary: 'Expected output, fees, price impact and minimum out of a trade',
    input: S.QuoteBody,
    response: S.QuoteResponse,
    invalid: quoteIssue,
    handler: async ({ type, ...order }, req) => {
      if (type === 'sell' && !order.userAddress && typeof order.amount === 'string' && order.amount.includes('%')) {
        throw Errors.invalidParams('a percent sell needs userAddress to know the holding');
      }
      // without a wallet the quote is of the token alone (userAddress only fills the input's shape)
      const input = { ...order, side: type, userAddress: order.userAddress ?? order.tokenAddress };
      return { data: await trade.quote(input, callerOf(req), order.userAddress !== undefined), ...ok };
    },
  });
}

/** Transactions that are not trades: token creation and transfers, and broadcasting signed ones. */
function transactionRoutes(app: FastifyInstance, trade: TradeService): void {
  post(app, {
    url: '/launchpad/createToken',
    tags,
    summary: 'Unsigned token creation (creation fee + optional first buy); the metadata is stored with it',
    input: S.CreateTokenBody,
    response: S.ApproveResponse,
    handler: async (b) => ({ unsignedTx: await trade.createToken(b), ...unsigned }),
  });
  post(app, {
    url: '/launchpad/transfer',
    tags,
    summary:
      'Unsigned TRX transfer (amount in TRX) or token transfer (tokenAddress; tokens or "NN%"), to sign and broadcast',
    input: S.TransferBody,
    response: S.ApproveResponse,
    invalid: transferIssue(['fromAddress', 'toAddress', 'amount'], 'fromAddress, toAddress and amount'),
    handler: async (b) => ({ unsignedTx: await trade.transfer(b), ...unsigned }),
  });
  post(app, {
    url: '/launchpad/sendTransfer',
    tags,
    summary: 'The same transfer, signed on the service with the given private key and broadcast',
    input: S.SendTransferBody,
    response: S.SignatureResponse,
    invalid: transferIssue(['privateKey', 'toAddress', 'amount'], 'privateKey, toAddress and amount'),
    handler: async (b) => ({ ...(await trade.sendTransfer(b)), ...ok }),
  });
  post(app, {
    url: '/launchpad/broadcast',
    tags,
    summary: 'Broadcast a signed transaction; a duplicate is accepted',
    input: S.BroadcastBody,
    response: S.SignatureResponse,
    handler: async (b) => ({ signature: await trade.broadcast(b.signedTx as unknown as SignedTx), ...ok }),
  });
}
