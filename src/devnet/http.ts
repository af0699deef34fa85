// The devnet's HTTP surface: the part of the Tron full-node API (and TronGrid's event API) that
// TronWeb uses, on one port, plus a few operator helpers under /devnet.
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  LAUNCHPAD_ABI,
  ROUTER_ABI,
  TRC20_ABI,
  V2_FACTORY_ABI,
  V2_PAIR_ABI,
  V2_ROUTER_ABI,
  WTRX_ABI,
  type AbiEntry,
} from '../tron/abi.js';
import { keccakHex } from '../tron/codec.js';
import { toBase58, toHexAddress, tryHexAddress } from '../tron/address.js';
import { trxToSun } from '../tron/units.js';
import { toHexText, type BlockRow, type Chain } from './chain/index.js';
import { ENERGY_PRICE_SUN, BANDWIDTH_PRICE_SUN, CREATE_ACCOUNT_FEE_SUN } from './fees.js';
import { DEX, FAMILIES, FAUCET, TREASURY } from './genesis.js';
import { DEMO_TOKENS } from './demo.js';
import { scalarText } from '../text.js';

const ZERO_ADDRESS = '41' + '0'.repeat(40);
const WITNESS = '41' + 'd1'.repeat(20);
const ABI_BY_KIND: Record<string, AbiEntry[]> = {
  trc20: TRC20_ABI,
  launchpad: LAUNCHPAD_ABI,
  router: ROUTER_ABI,
  wtrx: WTRX_ABI,
  v2factory: V2_FACTORY_ABI,
  pair: V2_PAIR_ABI,
  v2router: V2_ROUTER_ABI,
};
/** Largest faucet grant per call, in TRX. */
export const FAUCET_MAX_TRX = 10_000_000;

type Params = Record<string, unknown>;

export interface DevnetHttpOptions {
  chain: Chain;
  logger: Logger;
  /** When true, every accepted broadcast is put in a block at once. */
  instantBlocks: boolean;
}

/** Request arguments from the JSON body and the query string (TronWeb uses both). */
function params(req: FastifyRequest): Params {
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Params) : {};
  return { ...(req.query as Params), ...body };
}

const truthy = (v: unknown): boolean => v === true || v === 'true';
const intParam = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v)) return Number(v);
  return undefined;
};

export function buildDevnetApp(opts: DevnetHttpOptions): FastifyInstance {
  const { chain } = opts;
  // Fastify's instance type follows its logger's: keep it the base type that plugins and routes expect
  const loggerInstance: FastifyBaseLogger = opts.logger;
  const app = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  });

  // Tron nodes accept any content type and an empty body; parse JSON leniently.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('request body is not valid JSON') as Error & { statusCode?: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
  app.setErrorHandler((error, req, reply) => {
    const err = error as Error & { statusCode?: number };
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error({ err, url: req.url }, 'devnet request failed');
    if (req.url.startsWith('/v1/') || req.url.startsWith('/devnet/')) {
      return reply.status(status >= 500 ? 500 : 400).send({
        success: false,
        error: status >= 500 ? 'internal error' : err.message,
        statusCode: status >= 500 ? 500 : 400,
      });
    }
    // java-tron answers a bad request with 200 and an Error field, which TronWeb reports
    return reply.status(200).send({ Error: status >= 500 ? 'internal error' : err.message });
  });

  const both = (path: string, handler: (p: Params, req: FastifyRequest, reply: FastifyReply) => unknown) => {
    app.route({ method: ['GET', 'POST'], url: path, handler: async (req, reply) => handler(params(req), req, reply) });
  };
  /** A route served by the full node (`/wallet`) and the solidity node (`/walletsolidity`). */
  const node = (name: string, handler: (p: Params, req: FastifyRequest, reply: FastifyReply) => unknown) => {
    both(`/wallet/${name}`, handler);
    both(`/walletsolidity/${name}`, handler);
  };

  const blockJson = (b: BlockRow, detail: boolean) => {
    const txs = detail ? chain.blockTransactions(b.number) : [];
    return {
      blockID: b.blockId,
      block_header: {
        raw_data: {
          number: b.number,
          txTrieRoot: '0'.repeat(64),
          witness_address: WITNESS,
          parentHash: b.parentId,
          version: 30,
          timestamp: b.timestamp,
        },
        witness_signature: '',
      },
      ...(txs.length ? { transactions: txs } : {}),
    };
  };

  both('/healthcheck', () => ({ status: 'ok' }));
  both('/', () => ({ name: 'tron-launchpad devnet', head: chain.head().number }));

  node('getnowblock', () => blockJson(chain.head(), true));
  node('getblock', (p) => {
    const detail = truthy(p.detail);
    const idOrNum = p.id_or_num;
    if (idOrNum === undefined || idOrNum === '') return blockJson(chain.head(), detail);
    const num = intParam(idOrNum);
    const b = num !== undefined ? chain.block(num) : chain.blockById(scalarText(idOrNum));
    return b ? blockJson(b, detail) : {};
  });
  node('getblockbynum', (p) => {
    const b = chain.block(intParam(p.num) ?? -1);
    return b ? blockJson(b, true) : {};
  });
  node('getblockbyid', (p) => {
    const b = chain.blockById(scalarText(p.value));
    return b ? blockJson(b, true) : {};
  });
  node('getblockbylimitnext', (p) => {
    const start = intParam(p.startNum) ?? 0;
    const end = Math.min(intParam(p.endNum) ?? start, start + 100);
    const out = [];
    for (let n = start; n < end; n++) {
      const b = chain.block(n);
      if (b) out.push(blockJson(b, true));
    }
    return out.length ? { block: out } : {};
  });
  node('getblockbylatestnum', (p) => {
    const count = Math.min(Math.max(intParam(p.num) ?? 1, 1), 100);
    const head = chain.head().number;
    const out = [];
    for (let n = Math.max(0, head - count + 1); n <= head; n++) out.push(blockJson(chain.block(n)!, true));
    return { block: out };
  });

  node('getaccount', (p) => {
    const address = tryHexAddress(p.address);
    if (!address) throw Object.assign(new Error('Invalid address'), { statusCode: 400 });
    const acc = chain.ledger.account(address);
    if (!acc) return {};
    const visible = truthy(p.visible);
    return {
      address: visible ? toBase58(address) : address,
      balance: Number(BigInt(acc.balance)),
      create_time: acc.createTime,
      ...(acc.contractKind ? { type: 'Contract' } : {}),
      ...(acc.name ? { account_name: toHexText(acc.name) } : {}),
      account_resource: {},
    };
  });
  node('getaccountresource', () => ({ freeNetLimit: 0, TotalEnergyLimit: 0, TotalNetLimit: 0 }));
  node('getaccountnet', () => ({ freeNetLimit: 0 }));

  node('gettransactionbyid', (p) => chain.transaction(scalarText(p.value)) ?? {});
  node('gettransactioninfobyid', (p) => chain.transactionInfo(scalarText(p.value)));
  node('gettransactioninfobyblocknum', (p) => {
    const b = chain.block(intParam(p.num) ?? -1);
    if (!b) return [];
    return chain.blockTransactions(b.number).map((t) => chain.transactionInfo(t.txID!));
  });

  both('/wallet/broadcasttransaction', (p) => chain.broadcast(p, { produce: opts.instantBlocks }));
  both('/wallet/createtransaction', (p) => {
    const owner = tryHexAddress(p.owner_address);
    const to = tryHexAddress(p.to_address);
    const amount = intParam(p.amount);
    if (!owner || !to || amount === undefined || amount <= 0)
      return { Error: 'Invalid owner_address, to_address or amount' };
    return chain.buildTransaction('TransferContract', { owner_address: owner, to_address: to, amount });
  });

  const callArgs = (p: Params) => {
    const contract = tryHexAddress(p.contract_address);
    const owner = tryHexAddress(p.owner_address) ?? ZERO_ADDRESS;
    let data: string;
    if (typeof p.data === 'string' && p.data) data = p.data.replace(/^0x/, '');
    else {
      const selector = scalarText(p.function_selector).replace(/\s*/g, '');
      data = selectorHex(selector) + scalarText(p.parameter).replace(/^0x/, '');
    }
    const callValue = BigInt(intParam(p.call_value) ?? 0);
    return { contract, owner, data: data.toLowerCase(), callValue };
  };
  const failed = (code: string, message: string) => ({ result: { code, message: toHexText(message) } });
  const isContract = (address: string | null): address is string => {
    return address !== null && chain.ledger.contractKind(address) !== null;
  };

  both('/wallet/triggersmartcontract', (p) => {
    const a = callArgs(p);
    if (!isContract(a.contract)) return failed('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    if (!tryHexAddress(p.owner_address))
      return failed('CONTRACT_VALIDATE_ERROR', 'Contract validate error : Invalid ownerAddress');
    const value: Record<string, unknown> = { data: a.data, owner_address: a.owner, contract_address: a.contract };
    if (a.callValue > 0n) value.call_value = Number(a.callValue);
    const feeLimit = intParam(p.fee_limit);
    const transaction = chain.buildTransaction('TriggerSmartContract', value, feeLimit ? { fee_limit: feeLimit } : {});
    return { result: { result: true }, transaction };
  });
  const constant = (p: Params) => {
    const a = callArgs(p);
    if (!isContract(a.contract)) return failed('CONTRACT_VALIDATE_ERROR', 'No contract or not a valid smart contract');
    const r = chain.constantCall(a.owner, a.contract, a.data, a.callValue);
    if (!r.ok) {
      // java-tron: the call "succeeds" with a message, a FAILED transaction and the revert data
      return {
        result: { result: true, message: toHexText('REVERT opcode executed') },
        energy_used: r.energyUsed,
        constant_result: [r.output],
        transaction: { ret: [{ ret: 'FAILED' }] },
      };
    }
    return { result: { result: true }, energy_used: r.energyUsed, constant_result: [r.output] };
  };
  node('triggerconstantcontract', constant);
  node('estimateenergy', (p) => {
    const r = constant(p) as { result: { result?: boolean }; energy_used?: number };
    return r.result.result ? { result: { result: true }, energy_required: r.energy_used } : r;
  });

  const contractJson = (p: Params) => {
    const address = tryHexAddress(p.value);
    const acc = address ? chain.ledger.account(address) : undefined;
    const abi = acc?.contractKind ? ABI_BY_KIND[acc.contractKind] : undefined;
    if (!address || !acc || !abi) return {};
    return {
      origin_address: ZERO_ADDRESS,
      contract_address: address,
      abi: { entrys: abi },
      bytecode: '',
      consume_user_resource_percent: 100,
      name: acc.name ?? acc.contractKind,
      origin_energy_limit: 10_000_000,
    };
  };
  node('getcontract', contractJson);
  node('getcontractinfo', (p) => {
    const c = contractJson(p);
    return 'contract_address' in c ? { smart_contract: c, runtimecode: '', contract_state: {} } : {};
  });
  node('getchainparameters', () => ({
    chainParameter: [
      { key: 'getEnergyFee', value: Number(ENERGY_PRICE_SUN) },
      { key: 'getTransactionFee', value: Number(BANDWIDTH_PRICE_SUN) },
      { key: 'getCreateNewAccountFeeInSystemContract', value: Number(CREATE_ACCOUNT_FEE_SUN) },
      { key: 'getMaxFeeLimit', value: 15_000_000_000 },
    ],
  }));
  node('getenergyprices', () => ({ prices: `0:${ENERGY_PRICE_SUN}` }));
  node('getbandwidthprices', () => ({ prices: `0:${BANDWIDTH_PRICE_SUN}` }));
  node('getnodeinfo', () => {
    const h = chain.head();
    return {
      beginSyncNum: h.number,
      block: `Num:${h.number},ID:${h.blockId}`,
      solidityBlock: `Num:${h.number},ID:${h.blockId}`,
      activeConnectCount: 0,
      configNodeInfo: { codeVersion: 'devnet' },
    };
  });

  // --- TronGrid-style event API ---
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
  const eventRow = (r: ReturnType<Chain['events']>[number]) => ({
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
  });
  /** Contract events default to newest first (as TronGrid); a transaction's or block's to log order. */
  const eventPage = (
    req: FastifyRequest,
    reply: FastifyReply,
    base: { contract?: string; txid?: string; blockNumber?: number },
  ) => {
    const q = eventQuery.safeParse(req.query);
    if (!q.success) {
      return reply.status(400).send({
        success: false,
        error: q.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        statusCode: 400,
      });
    }
    const asc = q.data.order_by ? q.data.order_by === 'block_timestamp,asc' : base.contract === undefined;
    const afterId = q.data.fingerprint ? fingerprintId(q.data.fingerprint) : undefined;
    if (afterId === null)
      return reply.status(400).send({ success: false, error: 'invalid fingerprint', statusCode: 400 });
    // every devnet block is solid at once: all events are confirmed, none is unconfirmed
    if (q.data.only_unconfirmed === true) {
      return { success: true, data: [], meta: { at: Date.now(), page_size: 0 } };
    }
    const rows = chain.events({
      ...base,
      ...(q.data.block_number !== undefined && base.blockNumber === undefined
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
    return { success: true, data: page.map(eventRow), meta };
  };
  app.get<{ Params: { address: string } }>('/v1/contracts/:address/events', async (req, reply) => {
    const contract = tryHexAddress(req.params.address);
    if (!contract)
      return reply.status(400).send({ success: false, error: 'Invalid contract address provided', statusCode: 400 });
    return eventPage(req, reply, { contract });
  });
  app.get<{ Params: { txid: string } }>('/v1/transactions/:txid/events', async (req, reply) => {
    if (!/^[0-9a-fA-F]{64}$/.test(req.params.txid))
      return reply.status(400).send({ success: false, error: 'Invalid transaction id', statusCode: 400 });
    return eventPage(req, reply, { txid: req.params.txid.toLowerCase() });
  });
  app.get<{ Params: { num: string } }>('/v1/blocks/:num/events', async (req, reply) => {
    const n = req.params.num === 'latest' ? chain.head().number : intParam(req.params.num);
    if (n === undefined || n < 0)
      return reply.status(400).send({ success: false, error: 'Invalid block number', statusCode: 400 });
    return eventPage(req, reply, { blockNumber: n });
  });

  // --- operator helpers (not part of Tron's API) ---
  const faucetBody = z.object({
    address: z.string().refine((a) => tryHexAddress(a) !== null, 'not a Tron address'),
    amountTrx: z.union([z.number(), z.string()]).transform((v, ctx) => {
      try {
        const sun = trxToSun(v);
        if (sun <= 0n || sun > BigInt(FAUCET_MAX_TRX) * 1_000_000n) throw new Error();
        return sun;
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `amountTrx must be more than 0 and at most ${FAUCET_MAX_TRX}, with up to 6 decimals`,
        });
        return z.NEVER;
      }
    }),
  });
  app.post('/devnet/faucet', async (req, reply) => {
    const parsed = faucetBody.safeParse(req.body);
    if (!parsed.success) {
      return reply.status(400).send({
        success: false,
        error: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
        statusCode: 400,
      });
    }
    const res = chain.faucet(toHexAddress(parsed.data.address), parsed.data.amountTrx, { produce: opts.instantBlocks });
    if (!('result' in res)) {
      return reply
        .status(500)
        .send({ success: false, error: Buffer.from(res.message, 'hex').toString('utf8'), statusCode: 500 });
    }
    return { txid: res.txid };
  });
  app.get('/devnet/info', async () => ({
    head: chain.head().number,
    families: FAMILIES.map((f) => ({
      family: f.family,
      launchpad: toBase58(f.launchpad),
      router: toBase58(f.router),
      feeRecipient: toBase58(f.feeRecipient),
    })),
    treasury: toBase58(TREASURY.address),
    sunswapV2: { router: toBase58(DEX.router), factory: toBase58(DEX.factory), wtrx: toBase58(DEX.wtrx) },
    faucet: toBase58(FAUCET.address),
    prices: { energySun: Number(ENERGY_PRICE_SUN), bandwidthSun: Number(BANDWIDTH_PRICE_SUN) },
  }));
  app.get('/devnet/tokens', async () => ({
    data: DEMO_TOKENS.map((t) => ({
      ...t.metadata,
      contractAddress: chain.ledger.getMeta(`demo-token:${t.metadata.symbol}`) ?? null,
    })),
  }));

  return app;
}

/** Page fingerprints: the last row's id behind a fixed prefix, base64url (opaque to clients). */
const FP_PREFIX = 'devnet-events:';
const fingerprintOf = (id: number): string => Buffer.from(`${FP_PREFIX}${id}`).toString('base64url');
function fingerprintId(fp: string): number | null {
  const text = Buffer.from(fp, 'base64url').toString('utf8');
  if (!text.startsWith(FP_PREFIX)) return null;
  const id = Number(text.slice(FP_PREFIX.length));
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}

function selectorHex(signature: string): string {
  return signature ? keccakHex(signature).slice(0, 8) : '';
}
