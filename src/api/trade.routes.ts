// Trading operations of the spec (4.6-4.9) and quote, broadcast, txStatus.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../service/errors.js';
import type { SignedTx } from '../tron/gateway.js';
import type { Caller, TradeService } from '../service/trade/index.js';
import { describeIssues, type InvalidMapper } from './errors.js';
import { getOrPost } from './get-body.js';
import * as S from './schemas.js';

const ok = { status: 'success', code: '200' } as const;
const unsigned = { status: 'unsigned', code: '200' } as const;

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

/** The caller a trade is built for: its key (for the fee ledger) and its plan's router fee. */
const callerOf = (req: FastifyRequest): Caller => ({ apiKeyId: req.apiKey!.id, feeBps: req.apiKey!.feeBps });

export const tradeRoutes: FastifyPluginAsync<{ trade: TradeService }> = async (app0, { trade }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const tags = ['trading'];

  getOrPost(app0, {
    url: '/launchpad/allowance',
    tags,
    summary: 'How many tokens the user has approved for the router (decimal string of base units)',
    params: S.UserTokenBody,
    response: S.AllowanceResponse,
    invalid: userTokenIssue,
    handler: async (p) => ({ amount: await trade.allowance(p.tokenAddress, p.userAddress), ...unsigned }),
  });

  app.post(
    '/launchpad/approve',
    {
      schema: {
        tags,
        summary: 'Unsigned approve(router, 2^256-1) for the token',
        body: S.UserTokenBody,
        response: { 200: S.ApproveResponse },
      },
      config: { invalid: userTokenIssue },
    },
    async (req) => ({ unsignedTx: await trade.approve(req.body.tokenAddress, req.body.userAddress), ...unsigned }),
  );

  app.post(
    '/launchpad/localTrade',
    {
      schema: {
        tags,
        summary: 'Unsigned router trade for the caller to sign and broadcast',
        body: S.LocalTradeBody,
        response: { 200: S.LocalTradeResponse },
      },
      config: { invalid: localTradeIssue },
    },
    async (req) => {
      const b = req.body;
      const side = b.type ?? b.action;
      if (!side) throw Errors.localTradeParams();
      if (b.type && b.action && b.type !== b.action) throw Errors.invalidType();
      const res = await trade.localTrade(
        {
          side,
          tokenAddress: b.tokenAddress,
          amount: b.amount,
          userAddress: b.userAddress,
          slippage: b.slippage,
          priorityFee: b.priorityFee,
        },
        callerOf(req),
      );
      return { ...res, ...unsigned };
    },
  );

  app.post(
    '/launchpad/trade',
    {
      schema: {
        tags,
        summary: 'Trade signed on the service with the given private key, then broadcast',
        body: S.TradeBody,
        response: { 200: S.SignatureResponse },
      },
      config: { invalid: tradeIssue },
    },
    async (req) => {
      const b = req.body;
      const res = await trade.trade(
        {
          side: b.action,
          tokenAddress: b.tokenAddress,
          amount: b.amount,
          privateKey: b.privateKey,
          slippage: b.slippage,
          priorityFee: b.priorityFee,
        },
        callerOf(req),
      );
      return { signature: res.signature, ...ok };
    },
  );

  app.post(
    '/launchpad/quote',
    {
      schema: {
        tags,
        summary: 'Expected output, fees, price impact and minimum out of a trade',
        body: S.QuoteBody,
        response: { 200: S.QuoteResponse },
      },
      config: { invalid: quoteIssue },
    },
    async (req) => {
      const b = req.body;
      if (b.type === 'sell' && !b.userAddress && typeof b.amount === 'string' && b.amount.includes('%')) {
        throw Errors.invalidParams('a percent sell needs userAddress to know the holding');
      }
      const data = await trade.quote(
        {
          side: b.type,
          tokenAddress: b.tokenAddress,
          amount: b.amount,
          userAddress: b.userAddress ?? b.tokenAddress,
          slippage: b.slippage,
        },
        callerOf(req),
        b.userAddress !== undefined,
      );
      return { data, ...ok };
    },
  );

  app.post(
    '/launchpad/createToken',
    {
      schema: {
        tags,
        summary: 'Unsigned token creation (creation fee + optional first buy); the metadata is stored with it',
        body: S.CreateTokenBody,
        response: { 200: S.ApproveResponse },
      },
    },
    async (req) => ({ unsignedTx: await trade.createToken(req.body), ...unsigned }),
  );

  const transferIssue =
    (fields: string[], what: string): InvalidMapper =>
    (issues) =>
      issues.some((i) => i.missing && fields.includes(i.field))
        ? Errors.invalidParams(`You must provide ${what}`)
        : Errors.invalidParams(describeIssues(issues));
  app.post(
    '/launchpad/transfer',
    {
      schema: {
        tags,
        summary:
          'Unsigned TRX transfer (amount in TRX) or token transfer (tokenAddress; tokens or "NN%"), to sign and broadcast',
        body: S.TransferBody,
        response: { 200: S.ApproveResponse },
      },
      config: { invalid: transferIssue(['fromAddress', 'toAddress', 'amount'], 'fromAddress, toAddress and amount') },
    },
    async (req) => ({ unsignedTx: await trade.transfer(req.body), ...unsigned }),
  );

  app.post(
    '/launchpad/sendTransfer',
    {
      schema: {
        tags,
        summary: 'The same transfer, signed on the service with the given private key and broadcast',
        body: S.SendTransferBody,
        response: { 200: S.SignatureResponse },
      },
      config: { invalid: transferIssue(['privateKey', 'toAddress', 'amount'], 'privateKey, toAddress and amount') },
    },
    async (req) => ({ ...(await trade.sendTransfer(req.body)), ...ok }),
  );

  app.post(
    '/launchpad/broadcast',
    {
      schema: {
        tags,
        summary: 'Broadcast a signed transaction; a duplicate is accepted',
        body: S.BroadcastBody,
        response: { 200: S.SignatureResponse },
      },
    },
    async (req) => ({ signature: await trade.broadcast(req.body.signedTx as unknown as SignedTx), ...ok }),
  );

  app.post(
    '/launchpad/txStatus',
    {
      schema: {
        tags,
        summary:
          'pending, confirmed or failed (with the reason); once final, the router trade it made and, with userAddress, the wallet balances',
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
