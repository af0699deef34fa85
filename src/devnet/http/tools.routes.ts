// The operator's helpers under /devnet (not part of Tron's API): the faucet, the devnet's addresses,
// the demo tokens, and forks on demand (a test tool).
import { z } from 'zod';
import { toBase58, toHexAddress, tryHexAddress } from '../../tron/address.js';
import { trxToSun } from '../../tron/units.js';
import { DEMO_TOKENS } from '../demo/index.js';
import { BANDWIDTH_PRICE_SUN, ENERGY_PRICE_SUN } from '../fees.js';
import { DEX, FAUCET, ROUTER_OWNER, TREASURY } from '../genesis.js';
import { badRequest, issuesText, type DevnetRoutes } from './routes.js';

/** Largest faucet grant per call, in TRX. */
export const FAUCET_MAX_TRX = 10_000_000;

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

const forkBody = z.union([
  z.strictObject({ blocks: z.number().int(), drop: z.boolean() }),
  z.strictObject({ from: z.number().int(), drop: z.boolean() }),
]);

const advanceBody = z.strictObject({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(10 * 365 * 86_400),
});

export function toolRoutes({ app, chain, instantBlocks }: DevnetRoutes): void {
  // the next block is stamped this much later: recovery over 24 h, unstaking and locks without waiting
  app.post('/devnet/advance', async (req, reply) => {
    const parsed = advanceBody.safeParse(req.body);
    if (!parsed.success) return badRequest(reply, 'the body must be {"seconds": N}, N a whole number from 1 up');
    chain.time.advance(parsed.data.seconds * 1000);
    const block = instantBlocks ? await chain.produceBlock() : undefined;
    return { now: chain.time.now(), ...(block ? { block: block.number, timestamp: block.timestamp } : {}) };
  });
  app.post('/devnet/faucet', async (req, reply) => {
    const parsed = faucetBody.safeParse(req.body);
    if (!parsed.success) return badRequest(reply, issuesText(parsed.error));
    const res = await chain.faucet(toHexAddress(parsed.data.address), parsed.data.amountTrx, {
      produce: instantBlocks,
    });
    if (!('result' in res)) {
      return reply
        .status(500)
        .send({ success: false, error: Buffer.from(res.message, 'hex').toString('utf8'), statusCode: 500 });
    }
    return { txid: res.txid };
  });
  app.post('/devnet/fork', async (req, reply) => {
    const parsed = forkBody.safeParse(req.body);
    if (!parsed.success) {
      return badRequest(
        reply,
        'the body must be {"blocks": N, "drop": true|false} or {"from": BLOCK, "drop": true|false}',
      );
    }
    const res = await chain.fork(parsed.data);
    return 'refusal' in res ? badRequest(reply, res.refusal) : res;
  });
  app.get('/devnet/info', async () => ({
    head: chain.head().number,
    solid: chain.solid().number,
    solidAfter: chain.solidAfter,
    families: chain.families.map((f) => ({
      family: f.family,
      launchpad: toBase58(f.launchpad),
      router: toBase58(f.router),
      feeRecipient: toBase58(f.feeRecipient),
    })),
    treasury: toBase58(TREASURY.address),
    routerOwner: toBase58(ROUTER_OWNER.address),
    sunswapV2: { router: toBase58(DEX.router), factory: toBase58(DEX.factory), wtrx: toBase58(DEX.wtrx) },
    faucet: toBase58(FAUCET.address),
    prices: { energySun: Number(ENERGY_PRICE_SUN), bandwidthSun: Number(BANDWIDTH_PRICE_SUN) },
  }));
  app.get('/devnet/tokens', async () => ({
    data: DEMO_TOKENS.filter((t) => chain.families.some((f) => f.family === t.family)).map((t) => ({
      ...t.metadata,
      contractAddress: chain.ledger.getMeta(`demo-token:${t.metadata.symbol}`) ?? null,
    })),
  }));
}
