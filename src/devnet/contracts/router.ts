// Native trade router: the bot operator's fee is taken in the same transaction as the trade.
import { ROUTER_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { routerFeeOf } from '../../tron/market/index.js';
import { MAX_UINT256 } from '../../tron/units.js';
import { Revert, ZERO_ADDRESS, addressArg, uintArg, type CallContext, type NativeContract } from '../vm.js';

const addr = addressArg;
const uint = uintArg;

function config(ctx: CallContext) {
  const r = ctx.ledger.router(ctx.self);
  if (!r) throw new Revert('router not initialised');
  return r;
}

function checkFee(ctx: CallContext, feeBps: bigint) {
  const r = config(ctx);
  if (feeBps > BigInt(r.maxFeeBps)) throw new Revert(`Router: feeBps above maximum ${r.maxFeeBps}`);
  return r;
}

/** A sale's TRX (`received`, held by the router): the fee to the treasury, the rest to the seller. */
function settleSell(
  ctx: CallContext,
  treasury: string,
  token: string,
  tokenAmount: bigint,
  received: bigint,
  feeBps: bigint,
  amountMin: bigint,
): bigint {
  const fee = routerFeeOf(received, feeBps);
  const trxOut = received - fee;
  if (trxOut < amountMin) throw new Revert(`Router: slippage, TRX out ${trxOut} below amountMin ${amountMin}`);
  ctx.vm.transferTrx(ctx.self, treasury, fee);
  ctx.vm.transferTrx(ctx.self, ctx.sender, trxOut);
  ctx.vm.emit(ctx.self, ROUTER_ABI, 'RouterSell', [
    toAbiAddress(ctx.sender),
    toAbiAddress(token),
    tokenAmount,
    fee,
    trxOut,
  ]);
  return trxOut;
}

/** The V2 router and WTRX the DEX entry points trade through. */
function dex(ctx: CallContext) {
  const r = config(ctx);
  if (!r.v2Router) throw new Revert('Router: no DEX router configured');
  const v2 = ctx.ledger.v2Router(r.v2Router);
  if (!v2) throw new Revert('Router: no DEX router configured');
  return { router: r.v2Router, wtrx: v2.wtrx };
}

export const routerContract: NativeContract = {
  abi: ROUTER_ABI,
  methods: {
    buy: (ctx, [tokenArg, amountMin, feeBpsArg]) => {
      const token = addr(tokenArg);
      const feeBps = uint(feeBpsArg);
      const r = checkFee(ctx, feeBps);
      if (ctx.value <= 0n) throw new Revert('Router: send TRX to buy');
      const fee = routerFeeOf(ctx.value, feeBps);
      ctx.vm.transferTrx(ctx.self, r.treasury, fee);
      const trxBefore = ctx.ledger.balance(ctx.self);
      const tokensBefore = ctx.ledger.tokenBalance(token, ctx.self);
      ctx.vm.invoke(ctx.self, r.launchpad, 'purchaseToken', [toAbiAddress(token), uint(amountMin)], ctx.value - fee);
      const tokenOut = ctx.ledger.tokenBalance(token, ctx.self) - tokensBefore;
      // a buy that fills the curve refunds the unused TRX to the router: pass it on
      const refund = ctx.ledger.balance(ctx.self) - (trxBefore - (ctx.value - fee));
      ctx.vm.invoke(ctx.self, token, 'transfer', [toAbiAddress(ctx.sender), tokenOut]);
      ctx.vm.transferTrx(ctx.self, ctx.sender, refund);
      ctx.vm.emit(ctx.self, ROUTER_ABI, 'RouterBuy', [
        toAbiAddress(ctx.sender),
        toAbiAddress(token),
        ctx.value - refund,
        fee,
        tokenOut,
      ]);
      return [tokenOut];
    },
    sell: (ctx, [tokenArg, tokenAmountArg, amountMin, feeBpsArg]) => {
      const token = addr(tokenArg);
      const tokenAmount = uint(tokenAmountArg);
      const feeBps = uint(feeBpsArg);
      const r = checkFee(ctx, feeBps);
      if (tokenAmount <= 0n) throw new Revert('Router: nothing to sell');
      ctx.vm.invoke(ctx.self, token, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(ctx.self), tokenAmount]);
      if (ctx.ledger.allowance(token, ctx.self, r.launchpad) < tokenAmount) {
        ctx.vm.invoke(ctx.self, token, 'approve', [toAbiAddress(r.launchpad), (1n << 256n) - 1n]);
      }
      const before = ctx.ledger.balance(ctx.self);
      ctx.vm.invoke(ctx.self, r.launchpad, 'saleToken', [toAbiAddress(token), tokenAmount, 0n]);
      const received = ctx.ledger.balance(ctx.self) - before;
      return [settleSell(ctx, r.treasury, token, tokenAmount, received, feeBps, uint(amountMin))];
    },
    dexBuy: (ctx, [tokenArg, amountMin, feeBpsArg, deadline]) => {
      const token = addr(tokenArg);
      const feeBps = uint(feeBpsArg);
      const r = checkFee(ctx, feeBps);
      const d = dex(ctx);
      if (ctx.value <= 0n) throw new Revert('Router: send TRX to buy');
      const fee = routerFeeOf(ctx.value, feeBps);
      ctx.vm.transferTrx(ctx.self, r.treasury, fee);
      // the pair sends the tokens straight to the user; the V2 router checks amountMin and deadline
      const [amounts] = ctx.vm.invoke(
        ctx.self,
        d.router,
        'swapExactETHForTokens',
        [uint(amountMin), [toAbiAddress(d.wtrx), toAbiAddress(token)], toAbiAddress(ctx.sender), uint(deadline)],
        ctx.value - fee,
      ) as [bigint[]];
      const tokenOut = amounts[amounts.length - 1]!;
      ctx.vm.emit(ctx.self, ROUTER_ABI, 'RouterBuy', [
        toAbiAddress(ctx.sender),
        toAbiAddress(token),
        ctx.value,
        fee,
        tokenOut,
      ]);
      return [tokenOut];
    },
    dexSell: (ctx, [tokenArg, tokenAmountArg, amountMin, feeBpsArg, deadline]) => {
      const token = addr(tokenArg);
      const tokenAmount = uint(tokenAmountArg);
      const feeBps = uint(feeBpsArg);
      const r = checkFee(ctx, feeBps);
      const d = dex(ctx);
      if (tokenAmount <= 0n) throw new Revert('Router: nothing to sell');
      ctx.vm.invoke(ctx.self, token, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(ctx.self), tokenAmount]);
      if (ctx.ledger.allowance(token, ctx.self, d.router) < tokenAmount) {
        ctx.vm.invoke(ctx.self, token, 'approve', [toAbiAddress(d.router), MAX_UINT256]);
      }
      const [amounts] = ctx.vm.invoke(ctx.self, d.router, 'swapExactTokensForETH', [
        tokenAmount,
        0n,
        [toAbiAddress(token), toAbiAddress(d.wtrx)],
        toAbiAddress(ctx.self),
        uint(deadline),
      ]) as [bigint[]];
      const received = amounts[amounts.length - 1]!;
      return [settleSell(ctx, r.treasury, token, tokenAmount, received, feeBps, uint(amountMin))];
    },
    v2Router: (ctx) => [toAbiAddress(config(ctx).v2Router ?? ZERO_ADDRESS)],
    launchpad: (ctx) => [toAbiAddress(config(ctx).launchpad)],
    treasury: (ctx) => [toAbiAddress(config(ctx).treasury)],
    maxFeeBps: (ctx) => [BigInt(config(ctx).maxFeeBps)],
  },
};
