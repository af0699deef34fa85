// TronGrid's event API (/v1/.../events): a contract's, a transaction's or a block's events, paged
// with opaque fingerprints. Events of blocks not yet solid are served too, marked `_unconfirmed`,
// unless only_confirmed asks for the solid ones (only_unconfirmed for the others).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { toBase58, tryHexAddress } from '../../tron/address.js';
import type { Chain, EventRow } from '../chain/index.js';
import { badRequest, intParam, issuesText, type DevnetRoutes } from './routes.js';

const eventQuery = z.object({
  event_name: z.string().min(1).max(64).optional(),
  block_number: z.coerce.number().int().min(0).optional(),
  min_block_timestamp: z.coerce.number().int().min(0).optional(),
  max_block_timestamp: z.coerce.number().int().min(0).optional(),
  order_by: z.enum(['block_timestamp,asc', 'block_timestamp,desc']).optional(),
  // opaque to clients, any length (TronGrid's are long); ours encode the last row's id
  fingerprint: z.string().min(1).max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  only_confirmed: z.stringbool().optional(),
  only_unconfirmed: z.stringbool().optional(),
});

type EventScope = { contract?: string; txid?: string; blockNumber?: number };

export function eventRoutes({ app, chain }: DevnetRoutes): void {
  app.get<{ Params: { address: string } }>('/v1/contracts/:address/events', async (req, reply) => {
    const contract = tryHexAddress(req.params.address);
    if (!contract) return badRequest(reply, 'Invalid contract address provided');
    return eventPage(chain, req, reply, { contract });
  });
  app.get<{ Params: { txid: string } }>('/v1/transactions/:txid/events', async (req, reply) => {
    if (!/^[0-9a-fA-F]{64}$/.test(req.params.txid)) return badRequest(reply, 'Invalid transaction id');
    return eventPage(chain, req, reply, { txid: req.params.txid.toLowerCase() });
  });
  app.get<{ Params: { num: string } }>('/v1/blocks/:num/events', async (req, reply) => {
    const n = req.params.num === 'latest' ? chain.head().number : intParam(req.params.num);
    if (n === undefined || n < 0) return badRequest(reply, 'Invalid block number');
    return eventPage(chain, req, reply, { blockNumber: n });
  });
}

/** Contract events default to newest first (as TronGrid); a transaction's or block's to log order. */
function eventPage(chain: Chain, req: FastifyRequest, reply: FastifyReply, scope: EventScope) {
  const q = eventQuery.safeParse(req.query);
  if (!q.success) return badRequest(reply, issuesText(q.error));
  const asc = q.data.order_by ? q.data.order_by === 'block_timestamp,asc' : scope.contract === undefined;
  const afterId = q.data.fingerprint ? fingerprintId(q.data.fingerprint) : undefined;
  if (afterId === null) return badRequest(reply, 'invalid fingerprint');
  if (q.data.only_confirmed && q.data.only_unconfirmed) {
    return badRequest(reply, 'only_confirmed and only_unconfirmed cannot be used together');
  }
  const solid = chain.solid().number;
  const rows = chain.events({
    ...scope,
    ...(q.data.only_confirmed ? { maxBlock: solid } : {}),
    ...(q.data.only_unconfirmed ? { afterBlock: solid } : {}),
    ...(q.data.block_number !== undefined && scope.blockNumber === undefined
      ? { blockNumber: q.data.block_number }
      : {}),
    ...(q.data.event_name ? { eventName: q.data.event_name } : {}),
    ...(q.data.min_block_timestamp !== undefined ? { minTimestamp: q.data.min_block_timestamp } : {}),
    ...(q.data.max_block_timestamp !== undefined ? { maxTimestamp: q.data.max_block_timestamp } : {}),
    ...(afterId !== undefined ? { afterId } : {}),
    asc,
    limit: q.data.limit + 1,
  });
  const more = rows.length > q.data.limit;
  const page = rows.slice(0, q.data.limit);
  const meta: Record<string, unknown> = { at: Date.now(), page_size: page.length };
  if (more && page.length) {
    const fp = fingerprintOf(page[page.length - 1]!.id);
    meta.fingerprint = fp;
    const next = new URLSearchParams({ ...(req.query as Record<string, string>), fingerprint: fp });
    meta.links = { next: `${req.protocol}://${req.host}${req.url.split('?')[0]}?${next.toString()}` };
  }
  return { success: true, data: page.map((r) => eventJson(r, solid)), meta };
}

/** A row as TronGrid shows it; one of a block after the newest solid block carries `_unconfirmed`. */
const eventJson = (r: EventRow, solid: number) => ({
  block_number: r.blockNumber,
  block_timestamp: r.blockTimestamp,
  caller_contract_address: toBase58(r.contract),
  contract_address: toBase58(r.contract),
  event_index: r.eventIndex,
  event_name: r.eventName,
  result: JSON.parse(r.result) as Record<string, string>,
  result_type: JSON.parse(r.resultType) as Record<string, string>,
  event: r.signature,
  transaction_id: r.txid,
  ...(r.blockNumber > solid ? { _unconfirmed: true } : {}),
});

/** Page fingerprints: the last row's id behind a fixed prefix, base64url (opaque to clients). */
const FP_PREFIX = 'devnet-events:';
const fingerprintOf = (id: number): string => Buffer.from(`${FP_PREFIX}${id}`).toString('base64url');
function fingerprintId(fp: string): number | null {
  const text = Buffer.from(fp, 'base64url').toString('utf8');
  if (!text.startsWith(FP_PREFIX)) return null;
  const id = Number(text.slice(FP_PREFIX.length));
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}
