// Native SunPump-style launchpad: tokens trade against TRX on the bonding curve of src/tron/market/curve.ts
// until the curve is full (READY_TO_LAUNCH, LaunchPending), then launchToDEX moves the liquidity to a
// DEX pair (LAUNCHED, TokenLaunched).
import { LAUNCHPAD_ABI, TokenState } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import {
  CurveError,
  TOTAL_SALE,
  TOTAL_SUPPLY,
  TRX_TO_FILL,
  VIRTUAL_TOKEN_START,
  VIRTUAL_TRX_START,
  grossForSaleNet,
  paymentForCurveIn,
  curveIn,
  curveOut,
  initialPool,
  priceSunE18,
  quoteBuy,
  quoteSell,
  realTrxOf,
  saleFee,
  tokensForTrxOut,
  trxForTokensOut,
  type FeeParams,
  type Pool,
} from '../../tron/market/index.js';
import { TOKEN_DECIMALS } from '../../tron/units.js';
import { deriveAddress } from '../keys.js';
import {
  ENERGY,
  Revert,
  ZERO_ADDRESS,
  addressArg,
  blockSeconds,
  uintArg,
  type CallContext,
  type NativeContract,
} from '../vm.js';
import { mintTokens, moveTokens } from './trc20.js';

const addr = addressArg;
const uint = uintArg;
/** Where launchToDEX sends the pool's LP tokens: burned for good. */
export const DEAD_ADDRESS = '41' + '000000000000000000000000000000000000dead';

function config(ctx: CallContext) {
  const lp = ctx.ledger.launchpad(ctx.self);
  if (!lp) throw new Revert('launchpad not initialised');
  return lp;
}

function fees(ctx: CallContext): FeeParams & { feeRecipient: string; mintFee: bigint } {
  const lp = config(ctx);
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
async function purchase(
  ctx: CallContext,
  token: string,
  buyer: string,
  paid: bigint,
  amountMin: bigint,
): Promise<bigint> {
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
  await ctx.vm.transferTrx(ctx.self, f.feeRecipient, q.fee);
  await ctx.vm.transferTrx(ctx.self, buyer, q.refund);
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

/** A view that reads one amount for a token off its curve. */
function curveView(quote: (pool: Pool, amount: bigint) => bigint): NativeContract['methods'][string] {
  return (ctx, [token, amount]) => {
    const pool = poolView(ctx, String(token));
    return [curveCall(() => quote(pool, uint(amount)))];
  };
}

export const launchpadContract: NativeContract = {
  abi: LAUNCHPAD_ABI,
  methods: {
    createAndInitPurchase: async (ctx, [name, symbol]) => {
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
      await ctx.vm.transferTrx(ctx.self, f.feeRecipient, f.mintFee);
      const firstBuy = ctx.value - f.mintFee;
      if (firstBuy > 0n) await purchase(ctx, token, ctx.sender, firstBuy, 0n);
    },
    purchaseToken: async (ctx, [token, amountMin]) => {
      await purchase(ctx, addr(token), ctx.sender, ctx.value, uint(amountMin));
    },
    saleToken: async (ctx, [tokenArg, tokenAmount, amountMin]) => {
      const token = addr(tokenArg);
      const amount = uint(tokenAmount);
      const pool = tradingPool(ctx, token);
      const f = fees(ctx);
      const q = curveCall(() => quoteSell(pool, amount, f));
      if (q.trxOut < uint(amountMin)) {
        throw new Revert(`Launchpad: slippage, TRX out ${q.trxOut} below AmountMin ${uint(amountMin)}`);
      }
      await ctx.vm.invoke(ctx.self, token, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(ctx.self), amount]);
      ctx.vm.store(false);
      ctx.ledger.savePool({ ...pool, trxReserve: q.after.trxReserve, tokenReserve: q.after.tokenReserve });
      await ctx.vm.transferTrx(ctx.self, f.feeRecipient, q.fee);
      await ctx.vm.transferTrx(ctx.self, ctx.sender, q.trxOut);
      ctx.vm.emit(ctx.self, LAUNCHPAD_ABI, 'TokenSold', [
        toAbiAddress(token),
        toAbiAddress(ctx.sender),
        q.trxOut,
        q.fee,
        amount,
      ]);
    },
    launchToDEX: async (ctx, [tokenArg]) => {
      const token = addr(tokenArg);
      const pool = ctx.ledger.pool(token);
      if (!pool || pool.launchpad !== ctx.self) throw new Revert('Launchpad: token does not exist');
      if (pool.state !== TokenState.READY_TO_LAUNCH) throw new Revert('Launchpad: token is not ready to launch');
      const lp = config(ctx);
      if (lp.launcher && ctx.sender !== lp.launcher) throw new Revert('Launchpad: only the launcher may launch');
      if (!lp.v2Router) throw new Revert('Launchpad: no DEX router configured');
      // the curve's TRX less the launch fee, and every token kept back, become the pool's liquidity
      const raised = realTrxOf(pool);
      const launchFee = lp.launchFee < raised ? lp.launchFee : raised;
      const trx = raised - launchFee;
      const tokens = ctx.ledger.tokenBalance(token, ctx.self);
      await ctx.vm.transferTrx(ctx.self, lp.feeRecipient, launchFee);
      await ctx.vm.invoke(ctx.self, token, 'approve', [toAbiAddress(lp.v2Router), tokens]);
      await ctx.vm.invoke(
        ctx.self,
        lp.v2Router,
        'addLiquidityETH',
        [toAbiAddress(token), tokens, 0n, 0n, toAbiAddress(DEAD_ADDRESS), blockSeconds(ctx)],
        trx,
      );
      const [pairAbi] = await ctx.vm.invoke(ctx.self, ctx.ledger.v2Router(lp.v2Router)!.factory, 'getPair', [
        toAbiAddress(token),
        toAbiAddress(ctx.ledger.v2Router(lp.v2Router)!.wtrx),
      ]);
      ctx.vm.store(false);
      ctx.ledger.savePool({ ...pool, state: TokenState.LAUNCHED, pair: addr(pairAbi) });
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
    getTokenAmountByPurchase: curveView(curveOut),
    getTrxAmountBySale: curveView(curveIn),
    getExactTokenAmountForPurchase: curveView(trxForTokensOut),
    getExactTokenAmountForPurchaseWithFee: (ctx, [token, tokenAmount]) => {
      const pool = poolView(ctx, String(token));
      const f = fees(ctx);
      const trxIn = curveCall(() => trxForTokensOut(pool, uint(tokenAmount)));
      const paid = paymentForCurveIn(trxIn, f);
      return [paid, paid - trxIn];
    },
    getExactTrxAmountForSale: curveView(tokensForTrxOut),
    getExactTrxAmountForSaleWithFee: (ctx, [token, trxAmount]) => {
      const pool = poolView(ctx, String(token));
      const f = fees(ctx);
      const net = uint(trxAmount);
      const gross = grossForSaleNet(net, f);
      return [curveCall(() => tokensForTrxOut(pool, gross)), saleFee(gross, f)];
    },
    TOKEN_SUPPLY: () => [TOTAL_SUPPLY],
    TOTAL_SALE: () => [TOTAL_SALE],
    VIRTUAL_TRX_RESERVE_AMOUNT: () => [VIRTUAL_TRX_START],
    VIRTUAL_TOKEN_RESERVE_AMOUNT: () => [VIRTUAL_TOKEN_START],
    LAUNCH_FEE: (ctx) => [config(ctx).launchFee],
    LAUNCH_THRESHOLD: () => [TRX_TO_FILL],
    LAUNCH_TRX_RESERVE: () => [VIRTUAL_TRX_START + TRX_TO_FILL],
    launchFee: (ctx) => [config(ctx).launchFee],
    // no cap on one purchase: a buy that fills the curve is refunded its excess
    maxPurachaseAmount: () => [(1n << 256n) - 1n],
    tokenAddress: (ctx, [index]) => {
      const i = uint(index);
      const token = i < BigInt(Number.MAX_SAFE_INTEGER) ? ctx.ledger.tokenAt(ctx.self, Number(i)) : undefined;
      return [toAbiAddress(token ?? ZERO_ADDRESS)];
    },
    tokenCreator: (ctx, [token]) => {
      const pool = ctx.ledger.pool(addr(token));
      return [toAbiAddress(pool && pool.launchpad === ctx.self ? pool.creator : ZERO_ADDRESS)];
    },
    launcher: (ctx) => [toAbiAddress(config(ctx).launcher ?? ZERO_ADDRESS)],
    v2Router: (ctx) => [toAbiAddress(config(ctx).v2Router ?? ZERO_ADDRESS)],
    vault: (ctx) => [toAbiAddress(config(ctx).feeRecipient)],
    deadAddress: () => [toAbiAddress(DEAD_ADDRESS)],
  },
};
