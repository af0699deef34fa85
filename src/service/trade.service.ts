// Trade operations: quote, localTrade (unsigned), trade (signed here with the caller's key and
// broadcast), approve, allowance, broadcast and txStatus. Every trade goes through the family's
// router so the plan's fee is taken on chain in the same transaction.
import { eq, sql } from 'drizzle-orm';
import { TronWeb } from 'tronweb';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import { ROUTER_ABI, TokenState } from '../tron/abi.js';
import { toBase58, toHexAddress } from '../tron/address.js';
import { decodeValues, topicOf } from '../tron/codec.js';
import {
  CurveError,
  DexError,
  FEE_BASE,
  FEE_KEEP,
  getAmountOut,
  minOutFor,
  priceTrx,
  quoteBuy,
  quoteSell,
  routerFeeOf,
  type FeeParams,
} from '../tron/market/index.js';
import type { Family } from '../tron/families.js';
import { BPS, MAX_UINT256, TOKEN_DECIMALS, parseUnits, tokenNumber, trxNumber, trxToSun } from '../tron/units.js';
import { Errors } from './errors.js';
import type { ChainGateway, SignedTx, TxLog, UnsignedTx } from '../tron/gateway.js';

export interface TradeDeps {
  db: AppDb;
  chain: ChainGateway;
  families: Family[];
  /** Fee limit put on every trade transaction (sun). */
  feeLimitSun: bigint;
  /** How long `trade` waits for an automatic approval to confirm. */
  approvalWaitMs?: number;
}

/** Who is calling: the API key and its plan's router fee. */
export interface Caller {
  apiKeyId: number;
  feeBps: number;
}

export type Side = 'buy' | 'sell';

export interface TradeInput {
  side: Side;
  tokenAddress: string;
  /** TRX for buys; tokens or "NN%" of the holding for sells. */
  amount: number | string;
  userAddress: string;
  /** Percent, default 5. */
  slippage?: number | undefined;
  /** Extra TRX allowed for fees (raises the fee limit). */
  priorityFee?: number | undefined;
}

export interface CreateTokenInput {
  family?: 'launchpad' | 'launchpad2' | undefined;
  userAddress: string;
  name: string;
  symbol: string;
  description?: string | undefined;
  image?: string | undefined;
  twitter?: string | undefined;
  telegram?: string | undefined;
  website?: string | undefined;
  /** TRX for the creator's first buy. */
  initialBuy?: number | undefined;
}

/** A wallet as a trade sees it: TRX, the token held, and the allowance for the token's router. */
export interface TradeWallet {
  trxBalanceSun: bigint;
  tokenBalance: bigint;
  allowance: bigint;
}

/** What a confirmed router trade did, from its receipt's RouterBuy / RouterSell log. */
export interface SettledTrade {
  side: Side;
  user: string;
  token: string;
  /** buy: TRX paid (router fee included, refund excluded); sell: TRX received after the router fee */
  trxSun: bigint;
  /** buy: tokens received; sell: tokens sold */
  tokenUnits: bigint;
  routerFeeSun: bigint;
}

const ROUTER_BUY = ROUTER_ABI.find((e) => e.type === 'event' && e.name === 'RouterBuy')!;
const ROUTER_SELL = ROUTER_ABI.find((e) => e.type === 'event' && e.name === 'RouterSell')!;
const word = (v: unknown): bigint => v as bigint;

/** The router trade in a receipt's logs, when one of the given routers (41-hex) emitted it. */
export function settledTrade(logs: TxLog[], routers: ReadonlySet<string>): SettledTrade | undefined {
  for (const log of logs) {
    if (!routers.has(toHexAddress(log.address))) continue;
    const topic = log.topics[0]?.replace(/^0x/, '').toLowerCase();
    const buy = topic === topicOf(ROUTER_BUY);
    if (!buy && topic !== topicOf(ROUTER_SELL)) continue;
    const entry = buy ? ROUTER_BUY : ROUTER_SELL;
    const [a, fee, b] = decodeValues(entry.inputs.slice(2), log.data);
    const addressOf = (t: string | undefined) => toBase58('41' + (t ?? '').replace(/^0x/, '').slice(24));
    return {
      side: buy ? 'buy' : 'sell',
      user: addressOf(log.topics[1]),
      token: addressOf(log.topics[2]),
      trxSun: buy ? word(a) : word(b),
      tokenUnits: buy ? word(b) : word(a),
      routerFeeSun: word(fee),
    };
  }
  return undefined;
}

export type FailureCode = 'TOKEN_LAUNCHED' | 'CURVE_FULL' | 'SLIPPAGE' | 'EXPIRED' | 'OUT_OF_ENERGY' | 'REVERTED';

/** A failed trade's reason (the revert text, or the receipt's result) as a code a program can act on. */
export function failureCodeOf(reason: string | undefined): FailureCode {
  const r = reason ?? '';
  if (/has launched|trade it on the DEX/i.test(r)) return 'TOKEN_LAUNCHED';
  if (/curve is full|waiting for (its )?launch/i.test(r)) return 'CURVE_FULL';
  if (/slippage|INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT/i.test(r)) return 'SLIPPAGE';
  if (/EXPIRED/.test(r)) return 'EXPIRED';
  if (/OUT_OF_ENERGY|energy/i.test(r)) return 'OUT_OF_ENERGY';
  return 'REVERTED';
}

export const DEFAULT_SLIPPAGE = 5;
/** Bandwidth plus the 1 TRX that creating the recipient's account may cost. */
const TRANSFER_FEE_ROOM = 1_500_000n;
const PCT = /^\s*(\d+(?:\.\d{1,2})?)\s*%\s*$/;

/** Where a token trades: its launchpad's curve, or its SunSwap V2 pair after the launch. */
export type Venue = 'curve' | 'dex';

/** How long a DEX trade's deadline runs past the head block (s): longer than the transaction can live. */
const DEX_DEADLINE_S = 300;

export interface PlannedTrade {
  family: Family;
  side: Side;
  venue: Venue;
  /** the SunSwap V2 pair (DEX trades) */
  pair?: string | undefined;
  /** the V2 router's deadline, block seconds (DEX trades) */
  deadline?: bigint | undefined;
  token: string;
  /** the token's symbol, once indexed */
  symbol?: string | undefined;
  decimals: number;
  /** sun for buys, base units for sells */
  amountIn: bigint;
  /** base units for buys, sun for sells (to the user, after both fees) */
  expectedOut: bigint;
  minOut: bigint;
  launchpadFee: bigint;
  routerFee: bigint;
  refund: bigint;
  fills: boolean;
  impactBps: bigint;
  slippageBps: bigint;
  priceBefore: number;
  priceAfter: number;
  feeLimit: bigint;
}

export function createTradeService(deps: TradeDeps) {
  const { db, chain } = deps;
  const feeCache = new Map<string, { at: number; fees: FeeParams }>();
  // prepared once: every trade build runs both
  const familyQuery = db
    .select({ family: t.tokens.family, symbol: t.tokens.symbol })
    .from(t.tokens)
    .where(eq(t.tokens.address, sql.placeholder('token')))
    .prepare();
  const recordFee = db
    .insert(t.pendingFees)
    .values({
      txid: sql.placeholder('txid'),
      apiKeyId: sql.placeholder('apiKeyId'),
      token: sql.placeholder('token'),
      side: sql.placeholder('side'),
      feeBps: sql.placeholder('feeBps'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoNothing()
    .prepare();

  async function feesOf(f: Family): Promise<FeeParams> {
    const hit = feeCache.get(f.launchpad);
    if (hit && Date.now() - hit.at < 30_000) return hit.fees;
    const fees = await chain.fees(f);
    feeCache.set(f.launchpad, { at: Date.now(), fees });
    return fees;
  }

  async function familyOf(token: string): Promise<Family> {
    return (await tokenOf(token)).family;
  }

  /** The token's family, and its symbol once indexed. */
  async function tokenOf(token: string): Promise<{ family: Family; symbol?: string }> {
    const row = familyQuery.get({ token });
    const known = row && deps.families.find((f) => f.family === row.family);
    if (known) return { family: known, symbol: row.symbol };
    const fam = await chain.familyOf(deps.families, token);
    if (!fam) throw Errors.tokenNotFound();
    return { family: fam };
  }

  function slippageBps(slippage: number | undefined): bigint {
    const s = slippage ?? DEFAULT_SLIPPAGE;
    if (typeof s !== 'number' || !Number.isFinite(s) || s < 0 || s > 100)
      throw Errors.invalidParams('slippage must be a percent between 0 and 100');
    return BigInt(Math.round(s * 100));
  }

  function feeLimitOf(priorityFee: number | undefined): bigint {
    if (priorityFee === undefined) return deps.feeLimitSun;
    let extra: bigint;
    try {
      extra = trxToSun(priorityFee);
    } catch {
      throw Errors.invalidParams('priorityFee must be a non-negative TRX amount');
    }
    return deps.feeLimitSun + extra;
  }

  function buyAmount(amount: number | string): bigint {
    let paid: bigint;
    try {
      paid = trxToSun(amount);
    } catch {
      throw Errors.badTradeAmount('amount must be a positive TRX amount with at most 6 decimals');
    }
    if (paid <= 0n) throw Errors.badTradeAmount('amount must be more than 0 TRX');
    return paid;
  }

  /**
   * Simulates the trade where the token trades now (the curve, or its SunSwap V2 pair once it has
   * launched); throws the spec's errors.
   */
  async function plan(input: TradeInput, caller: Caller): Promise<PlannedTrade> {
    const token = input.tokenAddress;
    const { family, symbol } = await tokenOf(token);
    // the reads are independent: ask for them together (the pool is unused once the token launched)
    const [state, pool, fees] = await Promise.all([
      chain.state(family, token),
      chain.pool(family, token),
      feesOf(family),
    ]);
    if (state === TokenState.READY_TO_LAUNCH)
      throw Errors.notTrading('The curve is full; the token is waiting for its launch');
    if (state === TokenState.LAUNCHED) return planDex(input, caller, family, symbol);
    const decimals = TOKEN_DECIMALS;
    const slip = slippageBps(input.slippage);
    const feeBps = BigInt(caller.feeBps);
    const feeLimit = feeLimitOf(input.priorityFee);
    const priceBefore = priceTrx(pool, decimals);
    try {
      if (input.side === 'buy') {
        const paid = buyAmount(input.amount);
        const routerFee = routerFeeOf(paid, feeBps);
        const q = quoteBuy(pool, paid - routerFee, fees);
        const impactBps = (q.trxIn * pool.tokenReserve * BPS) / (q.tokenOut * pool.trxReserve) - BPS;
        return {
          family,
          side: 'buy',
          venue: 'curve',
          token,
          symbol,
          decimals,
          amountIn: paid,
          expectedOut: q.tokenOut,
          minOut: minOutFor(q.tokenOut, slip),
          launchpadFee: q.fee,
          routerFee,
          refund: q.refund,
          fills: q.fills,
          impactBps,
          slippageBps: slip,
          priceBefore,
          priceAfter: priceTrx(q.after, decimals),
          feeLimit,
        };
      }
      const holding = await chain.tokenBalance(token, input.userAddress);
      const tokenIn = sellAmount(input.amount, holding, decimals);
      const q = quoteSell(pool, tokenIn, fees);
      const routerFee = routerFeeOf(q.trxOut, feeBps);
      const out = q.trxOut - routerFee;
      const impactBps = BPS - (q.gross * pool.tokenReserve * BPS) / (tokenIn * pool.trxReserve);
      return {
        family,
        side: 'sell',
        venue: 'curve',
        token,
        symbol,
        decimals,
        amountIn: tokenIn,
        expectedOut: out,
        minOut: minOutFor(out, slip),
        launchpadFee: q.fee,
        routerFee,
        refund: 0n,
        fills: false,
        impactBps,
        slippageBps: slip,
        priceBefore,
        priceAfter: priceTrx(q.after, decimals),
        feeLimit,
      };
    } catch (e) {
      if (e instanceof CurveError) throw Errors.badTradeAmount(`The curve cannot fill this trade: ${e.message}`);
      throw e;
    }
  }

  /** The same on the token's SunSwap V2 pair: Uniswap V2's amounts, the plan's fee on the TRX side. */
  async function planDex(
    input: TradeInput,
    caller: Caller,
    family: Family,
    symbol: string | undefined,
  ): Promise<PlannedTrade> {
    const token = input.tokenAddress;
    const found = await chain.pair(family, token);
    if (!found) throw Errors.notTrading('The token has launched but its DEX pair was not found');
    const [r, head] = await Promise.all([chain.pairReserves(family, found.pair, found.dex), chain.head()]);
    const decimals = TOKEN_DECIMALS;
    const slip = slippageBps(input.slippage);
    const feeBps = BigInt(caller.feeBps);
    const priceOf = (trx: bigint, tok: bigint) => priceTrx({ trxReserve: trx, tokenReserve: tok }, decimals);
    const common = {
      family,
      venue: 'dex' as const,
      pair: found.pair,
      deadline: BigInt(Math.floor(head.timestamp / 1000) + DEX_DEADLINE_S),
      token,
      symbol,
      decimals,
      launchpadFee: 0n,
      refund: 0n,
      fills: false,
      slippageBps: slip,
      priceBefore: priceOf(r.trxReserve, r.tokenReserve),
      feeLimit: feeLimitOf(input.priorityFee),
    };
    try {
      if (input.side === 'buy') {
        const paid = buyAmount(input.amount);
        const routerFee = routerFeeOf(paid, feeBps);
        const trxIn = paid - routerFee;
        const tokenOut = getAmountOut(trxIn, r.trxReserve, r.tokenReserve);
        if (tokenOut <= 0n) throw Errors.badTradeAmount('The pool cannot fill this trade: amount too small');
        // the price moved against the TRX that reaches the pool (its 0.3 % aside)
        const impactBps = (trxIn * FEE_KEEP * r.tokenReserve * BPS) / (FEE_BASE * tokenOut * r.trxReserve) - BPS;
        return {
          ...common,
          side: 'buy',
          amountIn: paid,
          expectedOut: tokenOut,
          minOut: minOutFor(tokenOut, slip),
          routerFee,
          impactBps,
          priceAfter: priceOf(r.trxReserve + trxIn, r.tokenReserve - tokenOut),
        };
      }
      const holding = await chain.tokenBalance(token, input.userAddress);
      const tokenIn = sellAmount(input.amount, holding, decimals);
      const gross = getAmountOut(tokenIn, r.tokenReserve, r.trxReserve);
      const routerFee = routerFeeOf(gross, feeBps);
      const out = gross - routerFee;
      if (out <= 0n) throw Errors.badTradeAmount('The pool cannot fill this trade: amount too small');
      const impactBps = BPS - (gross * FEE_BASE * r.tokenReserve * BPS) / (tokenIn * FEE_KEEP * r.trxReserve);
      return {
        ...common,
        side: 'sell',
        amountIn: tokenIn,
        expectedOut: out,
        minOut: minOutFor(out, slip),
        routerFee,
        impactBps,
        priceAfter: priceOf(r.trxReserve - gross, r.tokenReserve + tokenIn),
      };
    } catch (e) {
      if (e instanceof DexError) throw Errors.badTradeAmount(`The pool cannot fill this trade: ${e.message}`);
      throw e;
    }
  }

  /** TRX, the token held and the router's allowance, read together (each as of the head block). */
  async function walletOf(family: Family, token: string, user: string): Promise<TradeWallet> {
    const [trxBalanceSun, tokenBalance, allowance] = await Promise.all([
      chain.trxBalance(user),
      chain.tokenBalance(token, user),
      chain.allowance(token, user, family.router),
    ]);
    return { trxBalanceSun, tokenBalance, allowance };
  }

  const routers = new Set(deps.families.map((f) => toHexAddress(f.router)));

  function sellAmount(amount: number | string, holding: bigint, decimals: number): bigint {
    const pct = typeof amount === 'string' ? PCT.exec(amount) : null;
    let units: bigint;
    if (pct) {
      const bps = BigInt(Math.round(Number(pct[1]) * 100));
      if (bps <= 0n || bps > BPS) throw Errors.badTradeAmount('a percent amount must be above 0% and at most 100%');
      units = (holding * bps) / BPS;
    } else {
      try {
        units = parseUnits(amount, decimals);
      } catch {
        throw Errors.badTradeAmount('amount must be a positive token amount or a percent string like "50%"');
      }
    }
    if (units <= 0n)
      throw holding === 0n
        ? Errors.insufficientFunds('no tokens to sell')
        : Errors.badTradeAmount('amount must be more than 0');
    if (units > holding) throw Errors.insufficientFunds(`holding is ${tokenNumber(holding, decimals)} tokens`);
    return units;
  }

  function checkSlippage(p: PlannedTrade): void {
    if (p.impactBps > p.slippageBps) {
      throw Errors.simulationFailed((Number(p.slippageBps) / 100).toString(), (Number(p.impactBps) / 100).toFixed(2));
    }
  }

  async function checkFunds(p: PlannedTrade, user: string): Promise<void> {
    const trx = await chain.trxBalance(user);
    const need = (p.side === 'buy' ? p.amountIn : 0n) + p.feeLimit;
    if (trx < need)
      throw Errors.insufficientFunds(`needs ${trxNumber(need)} TRX (amount and fee limit), has ${trxNumber(trx)} TRX`);
  }

  function buildDex(p: PlannedTrade, user: string, caller: Caller): Promise<UnsignedTx> {
    const token = { type: 'address', value: p.token };
    const fee = { type: 'uint256', value: String(caller.feeBps) };
    const deadline = { type: 'uint256', value: String(p.deadline) };
    const minOut = { type: 'uint256', value: p.minOut.toString() };
    return p.side === 'buy'
      ? chain.buildCall(
          user,
          p.family.router,
          'dexBuy(address,uint256,uint256,uint256)',
          [token, minOut, fee, deadline],
          {
            callValue: p.amountIn,
            feeLimit: p.feeLimit,
          },
        )
      : chain.buildCall(
          user,
          p.family.router,
          'dexSell(address,uint256,uint256,uint256,uint256)',
          [token, { type: 'uint256', value: p.amountIn.toString() }, minOut, fee, deadline],
          { callValue: 0n, feeLimit: p.feeLimit },
        );
  }

  async function build(p: PlannedTrade, user: string, caller: Caller): Promise<UnsignedTx> {
    const tx =
      p.venue === 'dex'
        ? await buildDex(p, user, caller)
        : p.side === 'buy'
          ? await chain.buildCall(
              user,
              p.family.router,
              'buy(address,uint256,uint256)',
              [
                { type: 'address', value: p.token },
                { type: 'uint256', value: p.minOut.toString() },
                { type: 'uint256', value: String(caller.feeBps) },
              ],
              { callValue: p.amountIn, feeLimit: p.feeLimit },
            )
          : await chain.buildCall(
              user,
              p.family.router,
              'sell(address,uint256,uint256,uint256)',
              [
                { type: 'address', value: p.token },
                { type: 'uint256', value: p.amountIn.toString() },
                { type: 'uint256', value: p.minOut.toString() },
                { type: 'uint256', value: String(caller.feeBps) },
              ],
              { callValue: 0n, feeLimit: p.feeLimit },
            );
    recordFee.run({
      txid: tx.txID,
      apiKeyId: caller.apiKeyId,
      token: p.token,
      side: p.side,
      feeBps: caller.feeBps,
      expiresAt: Number((tx.raw_data as { expiration?: number }).expiration ?? 0),
    });
    return tx;
  }

  async function waitConfirmed(txid: string): Promise<void> {
    const until = Date.now() + (deps.approvalWaitMs ?? 30_000);
    for (;;) {
      const info = await chain.txInfo(txid);
      if (info.state === 'confirmed') return;
      if (info.state === 'failed') throw Errors.broadcastRefused('APPROVAL_FAILED', info.reason ?? 'approval failed');
      if (Date.now() > until)
        throw Errors.broadcastRefused('APPROVAL_PENDING', 'the approval did not confirm in time; try again');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function sendSigned(signed: SignedTx): Promise<string> {
    const res = await chain.broadcast(signed);
    if (res.ok) return res.txid;
    if (/balance is not sufficient/i.test(res.message)) throw Errors.insufficientFunds(res.message);
    throw Errors.broadcastRefused(res.code, res.message);
  }

  async function transfer(input: {
    fromAddress: string;
    toAddress: string;
    amount: number | string;
    tokenAddress?: string | undefined;
  }): Promise<UnsignedTx> {
    const { fromAddress, toAddress, amount, tokenAddress } = input;
    if (fromAddress === toAddress) throw Errors.invalidParams('cannot transfer to the same address');
    const trx = await chain.trxBalance(fromAddress);
    if (tokenAddress) {
      const holding = await chain.tokenBalance(tokenAddress, fromAddress).catch(() => {
        throw Errors.invalidParams('tokenAddress is not a TRC20 token');
      });
      const units = sellAmount(amount, holding, TOKEN_DECIMALS);
      if (trx < deps.feeLimitSun)
        throw Errors.insufficientFunds(
          `needs ${trxNumber(deps.feeLimitSun)} TRX for the fee limit, has ${trxNumber(trx)} TRX`,
        );
      return chain.buildCall(
        fromAddress,
        tokenAddress,
        'transfer(address,uint256)',
        [
          { type: 'address', value: toAddress },
          { type: 'uint256', value: units.toString() },
        ],
        { callValue: 0n, feeLimit: deps.feeLimitSun },
      );
    }
    let sun: bigint;
    try {
      sun = trxToSun(amount);
    } catch {
      throw Errors.invalidParams('amount must be a positive TRX amount with at most 6 decimals');
    }
    if (sun <= 0n) throw Errors.invalidParams('amount must be more than 0 TRX');
    const need = sun + TRANSFER_FEE_ROOM;
    if (trx < need)
      throw Errors.insufficientFunds(
        `needs ${trxNumber(need)} TRX (amount and up to ${trxNumber(TRANSFER_FEE_ROOM)} TRX of fees), has ${trxNumber(trx)} TRX`,
      );
    return chain.buildTrxTransfer(fromAddress, toAddress, sun);
  }

  function keyOf(privateKey: string): string {
    const key = privateKey.replace(/^0x/, '');
    if (!/^[0-9a-fA-F]{64}$/.test(key) || !TronWeb.address.fromPrivateKey(key))
      throw Errors.invalidParams('privateKey must be 64 hex characters');
    return key;
  }

  function approveTx(family: Family, token: string, user: string): Promise<UnsignedTx> {
    return chain.buildCall(
      user,
      token,
      'approve(address,uint256)',
      [
        { type: 'address', value: family.router },
        { type: 'uint256', value: MAX_UINT256.toString() },
      ],
      { callValue: 0n, feeLimit: deps.feeLimitSun },
    );
  }

  return {
    plan,

    /** Unsigned createAndInitPurchase; the metadata is attached when the creation is indexed. */
    async createToken(input: CreateTokenInput): Promise<UnsignedTx> {
      const family = deps.families.find((f) => f.family === (input.family ?? 'launchpad'));
      if (!family) throw Errors.invalidParams(`no ${input.family} launchpad is configured`);
      let firstBuy: bigint;
      try {
        firstBuy = trxToSun(input.initialBuy ?? 0);
      } catch {
        throw Errors.invalidParams('initialBuy must be a TRX amount with at most 6 decimals');
      }
      const fees = await chain.fees(family);
      const callValue = fees.mintFee + firstBuy;
      const trx = await chain.trxBalance(input.userAddress);
      if (trx < callValue + deps.feeLimitSun) {
        throw Errors.insufficientFunds(
          `needs ${trxNumber(callValue + deps.feeLimitSun)} TRX (creation fee ${trxNumber(fees.mintFee)}, first buy and fee limit), has ${trxNumber(trx)} TRX`,
        );
      }
      const tx = await chain.buildCall(
        input.userAddress,
        family.launchpad,
        'createAndInitPurchase(string,string)',
        [
          { type: 'string', value: input.name },
          { type: 'string', value: input.symbol },
        ],
        { callValue, feeLimit: deps.feeLimitSun },
      );
      db.insert(t.pendingMetadata)
        .values({
          txid: tx.txID,
          description: input.description ?? '',
          image: input.image ?? '',
          twitter: input.twitter ?? null,
          telegram: input.telegram ?? null,
          website: input.website ?? null,
          createdAt: Date.now(),
        })
        .onConflictDoNothing()
        .run();
      return tx;
    },

    /** The plan, and with `withWallet` the user's TRX, token balance and allowance (one call for a front end). */
    async quote(input: TradeInput, caller: Caller, withWallet = false) {
      const p = await plan(input, caller);
      if (!withWallet) return describe(p);
      return { ...describe(p), wallet: describeWallet(await walletOf(p.family, p.token, input.userAddress)) };
    },

    async localTrade(input: TradeInput, caller: Caller) {
      const p = await plan(input, caller);
      checkSlippage(p);
      await checkFunds(p, input.userAddress);
      if (p.side === 'sell' && (await chain.allowance(p.token, input.userAddress, p.family.router)) < p.amountIn) {
        throw Errors.approvalRequired();
      }
      return { unsignedTx: await build(p, input.userAddress, caller), quote: describe(p) };
    },

    async trade(input: Omit<TradeInput, 'userAddress'> & { privateKey: string }, caller: Caller) {
      const key = keyOf(input.privateKey);
      const user = TronWeb.address.fromPrivateKey(key) as string;
      const full = { ...input, userAddress: user };
      const p = await plan(full, caller);
      checkSlippage(p);
      await checkFunds(p, user);
      if (p.side === 'sell' && (await chain.allowance(p.token, user, p.family.router)) < p.amountIn) {
        const approval = await chain.sign(await approveTx(p.family, p.token, user), key);
        await waitConfirmed(await sendSigned(approval));
      }
      const signed = await chain.sign(await build(p, user, caller), key);
      return { signature: await sendSigned(signed) };
    },

    /** Unsigned TRX or token transfer; keeps room for fees. */
    transfer,

    /** The same transfer, signed here with the sender's key and broadcast. */
    async sendTransfer(input: {
      privateKey: string;
      toAddress: string;
      amount: number | string;
      tokenAddress?: string | undefined;
    }) {
      const key = keyOf(input.privateKey);
      const from = TronWeb.address.fromPrivateKey(key) as string;
      const tx = await transfer({
        fromAddress: from,
        toAddress: input.toAddress,
        amount: input.amount,
        tokenAddress: input.tokenAddress,
      });
      return { signature: await sendSigned(await chain.sign(tx, key)) };
    },

    async approve(tokenAddress: string, userAddress: string) {
      const family = await familyOf(tokenAddress);
      const trx = await chain.trxBalance(userAddress);
      if (trx < deps.feeLimitSun)
        throw Errors.insufficientFunds(
          `needs ${trxNumber(deps.feeLimitSun)} TRX for the fee limit, has ${trxNumber(trx)} TRX`,
        );
      return approveTx(family, tokenAddress, userAddress);
    },

    async allowance(tokenAddress: string, userAddress: string): Promise<string> {
      const family = await familyOf(tokenAddress);
      return (await chain.allowance(tokenAddress, userAddress, family.router)).toString();
    },

    async broadcast(signedTx: SignedTx): Promise<string> {
      return sendSigned(signedTx);
    },

    /**
     * The transaction's state; once confirmed, the router trade it made (from its receipt), and with
     * `userAddress` the wallet's TRX (and `tokenAddress` balance) as of the head block, so that a front
     * end can show the result without asking again.
     */
    async txStatus(signature: string, balancesOf?: { userAddress: string; tokenAddress?: string | undefined }) {
      const info = await chain.txInfo(signature);
      if (info.state !== 'confirmed' && info.state !== 'failed') return { info };
      const settled = info.logs ? settledTrade(info.logs, routers) : undefined;
      if (!balancesOf) return { info, settled };
      const [trxSun, tokenUnits] = await Promise.all([
        chain.trxBalance(balancesOf.userAddress),
        balancesOf.tokenAddress ? chain.tokenBalance(balancesOf.tokenAddress, balancesOf.userAddress) : undefined,
      ]);
      return { info, settled, balances: { trxSun, tokenUnits } };
    },
  };
}

/** JSON-ready view of a wallet: exact integer strings (sun, token base units). */
export function describeWallet(w: TradeWallet) {
  return {
    trxBalanceSun: w.trxBalanceSun.toString(),
    tokenBalance: w.tokenBalance.toString(),
    allowance: w.allowance.toString(),
  };
}

/** JSON-ready view of a plan: numbers for people, exact integer strings for programs. */
export function describe(p: PlannedTrade) {
  const outIsTokens = p.side === 'buy';
  const out = (v: bigint) => (outIsTokens ? tokenNumber(v, p.decimals) : trxNumber(v));
  return {
    type: p.side,
    tokenAddress: p.token,
    ...(p.symbol !== undefined ? { symbol: p.symbol } : {}),
    family: p.family.family,
    venue: p.venue,
    ...(p.pair ? { pairAddress: p.pair } : {}),
    amountIn: p.side === 'buy' ? trxNumber(p.amountIn) : tokenNumber(p.amountIn, p.decimals),
    expectedOut: out(p.expectedOut),
    minOut: out(p.minOut),
    launchpadFee: trxNumber(p.launchpadFee),
    routerFee: trxNumber(p.routerFee),
    refund: trxNumber(p.refund),
    fillsCurve: p.fills,
    priceImpact: Number(p.impactBps) / 100,
    slippage: Number(p.slippageBps) / 100,
    priceBefore: p.priceBefore,
    priceAfter: p.priceAfter,
    feeLimit: trxNumber(p.feeLimit),
    exact: {
      amountIn: p.amountIn.toString(),
      expectedOut: p.expectedOut.toString(),
      minOut: p.minOut.toString(),
      launchpadFee: p.launchpadFee.toString(),
      routerFee: p.routerFee.toString(),
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
