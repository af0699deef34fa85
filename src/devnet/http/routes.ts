// What every route group of the devnet's HTTP surface shares: how a Tron node reads its arguments,
// how it mounts a route on both nodes, and the error body of the event API and the operator tools.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { fullNodeView, solidityNodeView, type Chain, type NodeView } from '../chain/index.js';

export type Params = Record<string, unknown>;
export type Handler = (p: Params, req: FastifyRequest, reply: FastifyReply) => unknown;
/** A node route's answer from what its node sees: the head (/wallet) or the newest solid block (/walletsolidity). */
export type NodeHandler = (p: Params, view: NodeView) => unknown;

export interface DevnetRoutes {
  app: FastifyInstance;
  chain: Chain;
  /** When true, every accepted broadcast is put in a block at once. */
  instantBlocks: boolean;
  /** A route answered on GET and POST, with its arguments from the body and the query. */
  both: (path: string, handler: Handler) => void;
  /** A route served by the full node (`/wallet`) and the solidity node (`/walletsolidity`), each from its view. */
  node: (name: string, handler: NodeHandler) => void;
  /** A route only the full node serves (`/wallet`): java-tron's solidity API has no such route. */
  full: (name: string, handler: NodeHandler) => void;
}

export function devnetRoutes(app: FastifyInstance, chain: Chain, instantBlocks: boolean): DevnetRoutes {
  const both = (path: string, handler: Handler) => {
    app.route({ method: ['GET', 'POST'], url: path, handler: async (req, reply) => handler(params(req), req, reply) });
  };
  const views = { full: fullNodeView(chain), solid: solidityNodeView(chain) };
  const full = (name: string, handler: NodeHandler) => both(`/wallet/${name}`, (p) => handler(p, views.full));
  const node = (name: string, handler: NodeHandler) => {
    full(name, handler);
    both(`/walletsolidity/${name}`, (p) => handler(p, views.solid));
  };
  return { app, chain, instantBlocks, both, node, full };
}

/** Request arguments from the JSON body and the query string (TronWeb uses both). */
function params(req: FastifyRequest): Params {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Params) : {};
  return { ...(req.query as Params), ...body };
}

export const truthy = (v: unknown): boolean => v === true || v === 'true';

export const intParam = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
};

/** TronGrid's answer to a bad request (the event API; the operator tools answer alike). */
export function badRequest(reply: FastifyReply, error: string) {
  return reply.status(400).send({ success: false, error, statusCode: 400 });
}

/** A failed zod parse in one line: `path: message; path: message`. */
export const issuesText = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
