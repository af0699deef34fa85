// Native SunPump-style launchpad: tokens trade against TRX on the bonding curve of src/tron/curve.ts
// until the curve is full (READY_TO_LAUNCH, LaunchPending), then launchToDEX moves the liquidity to a
// DEX pair (LAUNCHED, TokenLaunched).
import { LAUNCHPAD_ABI, TokenState } from '../../tron/abi.js';
import { toAbiAddress, toHexAddress } from '../../tron/address.js';
import {
  CurveError,
  TOTAL_SUPPLY,
  initialPool,
  priceSunE18,
  quoteBuy,
  quoteSell,
  realTrxOf,
  type FeeParams,
} from '../../tron/curve.js';
import { TOKEN_DECIMALS } from '../../tron/units.js';
import { deriveAddress } from '../keys.js';
import { ENERGY, Revert, type CallContext, type NativeContract } from '../vm.js';
import { mintTokens, moveTokens } from './trc20.js';

const addr = (v: unknown): string => toHexAddress(String(v));
const uint = (v: unknown): bigint => BigInt(v as bigint);

function fees(ctx: CallContext): FeeParams & { feeRecipient: string; mintFee: bigint } {
  const lp = ctx.ledger.launchpad(ctx.self);
  if (!lp) throw new Revert('launchpad not initialised');
  return {
    purchaseFeeBps: lp.purchaseFeeBps,
    saleFeeBps: lp.saleFeeBps,
    minTxFee: lp.minTxFee,
    feeRecipient: lp.feeRecipient,
    mintFee: lp.mintFee,
  };
}

function tradingPool(ctx: CallContext, token: string) {
  const pool = ctx.ledger.pool(token);
  if (!pool || pool.launchpad !== ctx.self) throw new Revert('Launchpad: token does not exist');
  if (pool.state === TokenState.READY_TO_LAUNCH)
    throw new Revert('Launchpad: curve is full, token is waiting for launch');
  if (pool.state === TokenState.LAUNCHED) throw new Revert('Launchpad: token has launched, trade it on the DEX');
  return pool;
}

function curveCall<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof CurveError) throw new Revert(`Launchpad: ${e.message}`);
    throw e;
  }
}

/** Buys for `buyer` with the TRX already held by the launchpad (`paid` sun). */
function purchase(ctx: CallContext, token: string, buyer: string, paid: bigint, amountMin: bigint): bigint {
  const pool = tradingPool(ctx, token);
  const f = fees(ctx);
  const q = curveCall(() => quoteBuy(pool, paid, f));
  if (q.tokenOut < amountMin) {
    throw new Revert(`Launchpad: slippage, tokens out ${q.tokenOut} below AmountMin ${amountMin}`);
  }
  ctx.vm.store(false);
  ctx.ledger.savePool({
    ...pool,
    trxReserve: q.after.trxReserve,
    tokenReserve: q.after.tokenReserve,
    state: q.fills ? TokenState.READY_TO_LAUNCH : pool.state,
  });
  ctx.vm.transferTrx(ctx.self, f.feeRecipient, q.fee);
  ctx.vm.transferTrx(ctx.self, buyer, q.refund);
  moveTokens(ctx.vm, token, ctx.self, buyer, q.tokenOut);
  ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'TokenPurchased', [
    toAbiAddress(token),
    toAbiAddress(buyer),
    q.trxIn,
    q.fee,
    q.tokenOut,
    q.after.tokenReserve,
  ]);
  if (q.fills) ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'LaunchPending', [toAbiAddress(token)]);
  return q.tokenOut;
}

function poolView(ctx: CallContext, token: string) {
  const pool = ctx.ledger.pool(addr(token));
  if (!pool || pool.launchpad !== ctx.self) throw new Revert('Launchpad: token does not exist');
  return pool;
}

export const launchpadContract: NativeContract = {
  abi: LAUNCHPAD_ABI,
  methods: {
    createAndInitPurchase: (ctx, [name, symbol]) => {
      const tokenName = String(name).trim();
      const tokenSymbol = String(symbol).trim();
      if (tokenName.length < 1 || tokenName.length > 32) throw new Revert('Launchpad: name must be 1-32 characters');
      if (!/^[\p{L}\p{N}$_.-]{1,16}$/u.test(tokenSymbol))
        throw new Revert('Launchpad: symbol must be 1-16 letters or digits');
      const f = fees(ctx);
      if (ctx.value < f.mintFee) throw new Revert(`Launchpad: creating a token costs ${f.mintFee} sun`);
      const index = ctx.ledger.bumpTokenCount(ctx.self) - 1;
      const token = deriveAddress('token', ctx.self, String(index));
      ctx.vm.burn(ENERGY.createContract);
      ctx.ledger.ensureAccount(token, ctx.now, 'trc20', tokenName);
      ctx.ledger.createToken({
        address: token,
        name: tokenName,
        symbol: tokenSymbol,
        decimals: TOKEN_DECIMALS,
        totalSupply: TOTAL_SUPPLY.toString(),
      });
      mintTokens(ctx.vm, token, ctx.self, TOTAL_SUPPLY);
      const start = initialPool();
      ctx.vm.store(true);
      ctx.ledger.savePool({
        token,
        launchpad: ctx.self,
        tokenIndex: index,
        creator: ctx.sender,
        trxReserve: start.trxReserve,
        tokenReserve: start.tokenReserve,
        state: TokenState.TRADING,
        pair: null,
      });
      ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'TokenCreate', [
        toAbiAddress(token),
        BigInt(index),
        toAbiAddress(ctx.sender),
      ]);
      ctx.vm.transferTrx(ctx.self, f.feeRecipient, f.mintFee);
      const firstBuy = ctx.value - f.mintFee;
      if (firstBuy > 0n) purchase(ctx, token, ctx.sender, firstBuy, 0n);
      return [toAbiAddress(token)];
    },
    purchaseToken: (ctx, [token, amountMin]) => {
      purchase(ctx, addr(token), ctx.sender, ctx.value, uint(amountMin));
    },
    saleToken: (ctx, [tokenArg, tokenAmount, amountMin]) => {
      const token = addr(tokenArg);
      const amount = uint(tokenAmount);
      const pool = tradingPool(ctx, token);
      const f = fees(ctx);
      const q = curveCall(() => quoteSell(pool, amount, f));
      if (q.trxOut < uint(amountMin)) {
        throw new Revert(`Launchpad: slippage, TRX out ${q.trxOut} below AmountMin ${uint(amountMin)}`);
      }
      ctx.vm.invoke(ctx.self, token, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(ctx.self), amount]);
      ctx.vm.store(false);
      ctx.ledger.savePool({ ...pool, trxReserve: q.after.trxReserve, tokenReserve: q.after.tokenReserve });
      ctx.vm.transferTrx(ctx.self, f.feeRecipient, q.fee);
      ctx.vm.transferTrx(ctx.self, ctx.sender, q.trxOut);
      ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'TokenSold', [
        toAbiAddress(token),
        toAbiAddress(ctx.sender),
        q.trxOut,
        q.fee,
        amount,
      ]);
    },
    launchToDEX: (ctx, [tokenArg]) => {
      const token = addr(tokenArg);
      const pool = ctx.ledger.pool(token);
      if (!pool || pool.launchpad !== ctx.self) throw new Revert('Launchpad: token does not exist');
      if (pool.state !== TokenState.READY_TO_LAUNCH) throw new Revert('Launchpad: token is not ready to launch');
      const pair = deriveAddress('sunswap-v2-pair', token);
      ctx.ledger.ensureAccount(pair, ctx.now, 'pair', null);
      ctx.vm.transferTrx(ctx.self, pair, realTrxOf(pool));
      moveTokens(ctx.vm, token, ctx.self, pair, ctx.ledger.tokenBalance(token, ctx.self));
      ctx.vm.store(false);
      ctx.ledger.savePool({ ...pool, state: TokenState.LAUNCHED, pair });
      ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'TokenLaunched', [toAbiAddress(token)]);
    },
    getTokenAmountByPurchaseWithFee: (ctx, [token, trxAmount]) => {
      const pool = poolView(ctx, String(token));
      const q = curveCall(() => quoteBuy(pool, uint(trxAmount), fees(ctx)));
      return [q.tokenOut, q.fee];
    },
    getTrxAmountBySaleWithFee: (ctx, [token, tokenAmount]) => {
      const pool = poolView(ctx, String(token));
      const q = curveCall(() => quoteSell(pool, uint(tokenAmount), fees(ctx)));
      return [q.trxOut, q.fee];
    },
    getPrice: (ctx, [token]) => [priceSunE18(poolView(ctx, String(token)))],
    getTokenState: (ctx, [token]) => {
      const pool = ctx.ledger.pool(addr(token));
      return [BigInt(pool && pool.launchpad === ctx.self ? pool.state : TokenState.NOT_EXIST)];
    },
    virtualPools: (ctx, [token]) => {
      const pool = ctx.ledger.pool(addr(token));
      if (!pool || pool.launchpad !== ctx.self) return [0n, 0n, false];
      return [pool.trxReserve, pool.tokenReserve, pool.state === TokenState.LAUNCHED];
    },
    purchaseFee: (ctx) => [fees(ctx).purchaseFeeBps],
    saleFee: (ctx) => [fees(ctx).saleFeeBps],
    minTxFee: (ctx) => [fees(ctx).minTxFee],
    mintFee: (ctx) => [fees(ctx).mintFee],
    tokenCount: (ctx) => [BigInt(ctx.ledger.launchpad(ctx.self)?.tokenCount ?? 0)],
  },
};
