// Plans a trade where the token trades now: its launchpad's curve, or its SunSwap V2 pair once it
// has launched. Callers see one plan whatever the venue; the checks before building read it.
import { eq } from 'drizzle-orm';
import { TokenState } from '../../tron/abi.js';
import type { Family } from '../../tron/families.js';
import type { ChainGateway } from '../../tron/gateway.js';
import { minOutFor, priceTrx, type FeeParams } from '../../tron/market/index.js';
import { TOKEN_DECIMALS, trxNumber } from '../../tron/units.js';
import { Errors } from '../errors.js';
import { estimateTradeFee } from '../../tron/network-fee.js';
import { routerCallOf } from './build.js';
import { feeLimitOf, slippageBpsOf } from './input.js';
import { fillOnCurve } from './plan-curve.js';
import { fillOnDex } from './plan-dex.js';
import type { Caller, Fill, PlannedTrade, PlanTerms, TradeDeps, TradeInput } from './types.js';

/** How long a trade's deadline runs past the head block (s): longer than the transaction can live. */
const DEADLINE_S = 300;
/** How long a launchpad's fee parameters are reused (ms): they change rarely, by an admin call. */
const FEES_TTL_MS = 30_000;

export function createPlanner(deps: TradeDeps) {
  const { db, chains } = deps;
  const feeCache = new Map<string, { at: number; fees: FeeParams }>();
  // every trade build asks; an indexed token's family and symbol never change, so they are kept
  const indexed = new Map<string, { family: string; symbol: string }>();
  async function indexedToken(token: string) {
    const hit = indexed.get(token);
    if (hit) return hit;
    const [row] = await db.q
      .select({ family: db.t.tokens.family, symbol: db.t.tokens.symbol })
      .from(db.t.tokens)
      .where(eq(db.t.tokens.address, token));
    if (row) {
      if (indexed.size > 100_000) indexed.clear();
      indexed.set(token, row);
    }
    return row;
  }

  async function feesOf(f: Family): Promise<FeeParams> {
    const hit = feeCache.get(f.launchpad);
    if (hit && Date.now() - hit.at < FEES_TTL_MS) return hit.fees;
    const fees = await chains.of(f).fees(f);
    feeCache.set(f.launchpad, { at: Date.now(), fees });
    return fees;
  }

  /** The token's family, and its symbol once indexed. */
  async function tokenOf(token: string): Promise<{ family: Family; symbol?: string }> {
    const row = await indexedToken(token);
    const known = row && deps.families.find((f) => f.family === row.family);
    if (known) return { family: known, symbol: row.symbol };
    // each family looked up on its own network's node only
    const fam = await chains.familyOf(token);
    if (!fam || !deps.families.some((f) => f.family === fam.family)) throw Errors.tokenNotFound();
    return { family: fam };
  }

  const termsOf = (input: TradeInput, caller: Caller): PlanTerms => ({
    decimals: TOKEN_DECIMALS,
    slippageBps: slippageBpsOf(input.slippage),
    minOut: input.minOut === undefined ? undefined : BigInt(input.minOut),
    feeBps: BigInt(caller.feeBps),
    extraFeeSun: feeLimitOf(0n, input.priorityFee),
  });

  /**
   * What the plan's transaction costs in network fees, estimated on the node as `owner` (none: a
   * quote of the token alone, for a wallet with no energy or bandwidth of its own).
   */
  const networkFee = async (
    p: Omit<PlannedTrade, 'networkFee' | 'feeLimit'>,
    owner: string | undefined,
    terms: PlanTerms,
  ) =>
    estimateTradeFee(chains.of(p.family), {
      owner,
      router: p.family.router,
      venue: p.venue,
      call: routerCallOf(p, Number(p.feeBps)),
      capSun: deps.feeLimitSun,
      extraSun: terms.extraFeeSun,
      // the shape of the call (its energy is the same for the same shape): the wallet's holding
      shape: owner
        ? { fills: p.fills, amountIn: p.amountIn, holding: await chains.of(p.family).tokenBalance(p.token, owner) }
        : undefined,
    });

  /**
   * Simulates the trade where the token trades now, and prices its network fee (for the wallet, unless
   * `wallet` is false: a quote of the token alone); throws the spec's errors.
   */
  async function plan(input: TradeInput, caller: Caller, wallet = true): Promise<PlannedTrade> {
    const planned = await fill(input, caller);
    const fee = await networkFee(planned, wallet ? input.userAddress : undefined, termsOf(input, caller));
    return { ...planned, networkFee: fee, feeLimit: fee.feeLimitSun };
  }

  async function fill(input: TradeInput, caller: Caller): Promise<Omit<PlannedTrade, 'networkFee' | 'feeLimit'>> {
    const token = input.tokenAddress;
    const { family, symbol } = await tokenOf(token);
    const chain = chains.of(family);
    const holding = () => chain.tokenBalance(token, input.userAddress);
    // the reads are independent: ask for them together (the pool is unused once the token launched)
    const [state, pool, fees, head] = await Promise.all([
      chain.state(family, token),
      chain.pool(family, token),
      feesOf(family),
      chain.head(),
    ]);
    if (state === TokenState.READY_TO_LAUNCH)
      throw Errors.notTrading('The curve is full; the token is waiting for its launch');
    const deadline = BigInt(Math.floor(head.timestamp / 1000) + DEADLINE_S);
    const base = { family, side: input.side, token, symbol, deadline };
    if (state !== TokenState.LAUNCHED) {
      const terms = termsOf(input, caller);
      const before = priceTrx(pool, terms.decimals);
      return planOf({ ...base, venue: 'curve' }, terms, before, await fillOnCurve(input, terms, holding, pool, fees));
    }
    const found = await chain.pair(family, token);
    if (!found) throw Errors.notTrading('The token has launched but its DEX pair was not found');
    const reserves = await chain.pairReserves(family, found.pair, found.dex);
    const terms = termsOf(input, caller);
    const before = priceTrx(reserves, terms.decimals);
    const fill = await fillOnDex(input, terms, holding, reserves);
    return planOf({ ...base, venue: 'dex', pair: found.pair }, terms, before, fill);
  }

  return { plan, tokenOf };
}

/** Where and what a plan trades, before the venue fills it. */
type PlanBase = Pick<PlannedTrade, 'family' | 'side' | 'venue' | 'pair' | 'deadline' | 'token' | 'symbol'>;

/** The plan: the venue's fill with the caller's terms, the slippage floor and prices for people. */
function planOf(
  base: PlanBase,
  terms: PlanTerms,
  priceBefore: number,
  fill: Fill,
): Omit<PlannedTrade, 'networkFee' | 'feeLimit'> {
  const { after, ...amounts } = fill;
  return {
    ...base,
    decimals: terms.decimals,
    ...amounts,
    minOut: terms.minOut ?? minOutFor(fill.expectedOut, terms.slippageBps),
    slippageBps: terms.slippageBps,
    feeBps: terms.feeBps,
    priceBefore,
    priceAfter: priceTrx(after, terms.decimals),
  };
}

/** Refuses a plan whose price impact is beyond the caller's slippage (the chain would revert it). */
export function checkSlippage(p: PlannedTrade): void {
  if (p.minOut > p.expectedOut) throw Errors.priceMoved();
  if (p.impactBps > p.slippageBps) {
    throw Errors.simulationFailed((Number(p.slippageBps) / 100).toString(), (Number(p.impactBps) / 100).toFixed(2));
  }
}

/**
 * Refuses a plan the user cannot pay for: a buy's TRX and the network fee it will burn (a trade
 * that would run out of energy on chain), saying how much is missing.
 */
export async function checkFunds(chain: ChainGateway, p: PlannedTrade, user: string): Promise<void> {
  const trx = await chain.trxBalance(user);
  const fee = p.networkFee.totalSun;
  const need = (p.side === 'buy' ? p.amountIn : 0n) + fee;
  if (trx < need)
    throw Errors.insufficientFunds(
      `needs ${trxNumber(need)} TRX (${p.side === 'buy' ? 'the amount and ' : ''}${trxNumber(fee)} TRX of network fee), has ${trxNumber(trx)} TRX: ${trxNumber(need - trx)} TRX missing`,
    );
}
