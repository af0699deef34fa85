// Unsigned transactions of a trade: the router call a plan makes (curve or DEX, buy or sell) and the
// approval of the router. Every built trade is put in the pending-fee ledger under its txid, so the
// indexer can charge the caller's key once the trade confirms.
import type * as schema from '../../db/schema.js';
import { routerFunction } from '../../tron/abi.js';
import type { Family } from '../../tron/families.js';
import type { ChainGateway, UnsignedTx } from '../../tron/gateway.js';
import { MAX_UINT256 } from '../../tron/units.js';
import type { Caller, PlannedTrade, TradeDeps } from './types.js';

export interface ContractCall {
  /** the method's signature, e.g. "buy(address,uint256,uint256,uint256)" */
  method: string;
  args: Array<{ type: string; value: string }>;
  callValue: bigint;
}

const uint = (v: bigint | number | undefined) => ({ type: 'uint256', value: String(v) });

/**
 * The router method for a plan and its arguments: (token, [tokens in, sells], min out, fee bps,
 * deadline); a buy sends its TRX as the call's value.
 */
export function routerCallOf(p: PlannedTrade, feeBps: number): ContractCall {
  const args = [
    { type: 'address', value: p.token },
    ...(p.side === 'sell' ? [uint(p.amountIn)] : []),
    uint(p.minOut),
    uint(feeBps),
    uint(p.deadline),
  ];
  const name = routerFunction(p.side, p.venue);
  return {
    method: `${name}(${args.map((a) => a.type).join(',')})`,
    args,
    callValue: p.side === 'buy' ? p.amountIn : 0n,
  };
}

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
  const { chain } = deps;
  const recordFee = feeRecorder(deps.db);

  return async function buildTrade(p: PlannedTrade, user: string, caller: Caller): Promise<UnsignedTx> {
    const call = routerCallOf(p, caller.feeBps);
    const tx = await chain.buildCall(user, p.family.router, call.method, call.args, {
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

/** Unsigned approve(router, 2^256-1) of the token for the family's router. */
export function buildApproval(
  chain: ChainGateway,
  family: Family,
  token: string,
  user: string,
  feeLimitSun: bigint,
): Promise<UnsignedTx> {
  return chain.buildCall(
    user,
    token,
    'approve(address,uint256)',
    [
      { type: 'address', value: family.router },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ],
    { callValue: 0n, feeLimit: feeLimitSun },
  );
}
