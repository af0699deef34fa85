// Unsigned transactions of a trade: the router call a plan makes (curve or DEX, buy or sell) and the
// approval of the router. Every built trade is put in the pending-fee ledger under its txid, so the
// indexer can charge the caller's key once the trade confirms.
import type * as schema from '../../db/schema.js';
import type { Family } from '../../tron/families.js';
import type { ChainGateway, UnsignedTx } from '../../tron/gateway.js';
import { TYPICAL_APPROVE_ENERGY, estimateCallFee, routerCall, type RouterCall } from '../../tron/network-fee.js';
import { callData } from '../../tron/tx.js';
import { MAX_UINT256, trxNumber } from '../../tron/units.js';
import { Errors } from '../errors.js';
import type { Caller, PlannedTrade, TradeDeps } from './types.js';

/** The router call of a plan (tron/network-fee.ts's routerCall): what is built and what is priced. */
export const routerCallOf = (
  p: Pick<PlannedTrade, 'side' | 'venue' | 'token' | 'amountIn' | 'minOut' | 'deadline'>,
  feeBps: number,
): RouterCall => routerCall({ ...p, feeBps });

type PendingFee = typeof schema.pendingFees.$inferInsert;

/**
 * Records a built trade's fee before the build is answered. Builds that reach it in the same turn of
 * the event loop share one transaction and one multi-row insert: under load a build is not a
 * BEGIN/COMMIT of its own (on Postgres, a round trip of its own).
 */
function feeRecorder(db: TradeDeps['db']): (row: PendingFee) => Promise<void> {
  let rows: PendingFee[] = [];
  let flush: Promise<void> | undefined;
  const write = async () => {
    const batch = rows;
    rows = [];
    flush = undefined;
    await db.tx((q) => q.insert(db.t.pendingFees).values(batch).onConflictDoNothing());
  };
  return (row) => {
    rows.push(row);
    return (flush ??= new Promise<void>((r) => setImmediate(r)).then(write));
  };
}

/** Builds a plan's router call and records the caller's fee for it. */
export function createTradeBuilder(deps: TradeDeps) {
  const recordFee = feeRecorder(deps.db);

  return async function buildTrade(p: PlannedTrade, user: string, caller: Caller): Promise<UnsignedTx> {
    const call = routerCallOf(p, caller.feeBps);
    const tx = await deps.chains.of(p.family).buildCall(user, p.family.router, call.method, call.args, {
      callValue: call.callValue,
      feeLimit: p.feeLimit,
    });
    await recordFee({
      txid: tx.txID,
      apiKeyId: caller.apiKeyId,
      token: p.token,
      side: p.side,
      feeBps: caller.feeBps,
      expiresAt: Number((tx.raw_data as { expiration?: number }).expiration ?? 0),
    });
    return tx;
  };
}

/**
 * Unsigned approve(router, 2^256-1) of the token for the family's router, its fee limit from the
 * node's estimate of the call (at most `capSun`); refused when the wallet cannot pay the fee it burns.
 */
export async function buildApproval(
  chain: ChainGateway,
  family: Family,
  token: string,
  user: string,
  capSun: bigint,
): Promise<UnsignedTx> {
  const method = 'approve(address,uint256)';
  const args = [
    { type: 'address', value: family.router },
    { type: 'uint256', value: MAX_UINT256.toString() },
  ];
  const [fee, trx] = await Promise.all([
    estimateCallFee(chain, {
      owner: user,
      contract: token,
      data: callData(method, args),
      callValue: 0n,
      typicalEnergy: TYPICAL_APPROVE_ENERGY,
      capSun,
    }),
    chain.trxBalance(user),
  ]);
  if (trx < fee.totalSun)
    throw Errors.insufficientFunds(
      `needs ${trxNumber(fee.totalSun)} TRX of network fee for the approval, has ${trxNumber(trx)} TRX: ${trxNumber(fee.totalSun - trx)} TRX missing`,
    );
  return chain.buildCall(user, token, method, args, { callValue: 0n, feeLimit: fee.feeLimitSun });
}
