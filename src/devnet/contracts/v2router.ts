// Native SunSwap V2 router (UniswapV2Router02 with Ethereum's names: WETH() is WTRX, ETH is TRX):
// multi-hop swaps over the factory's pairs, liquidity in and out, deadlines in seconds.
import { V2_ROUTER_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { DexError, getAmountIn, getAmountOut, quoteAmount, sortTokens } from '../../tron/market/index.js';
import {
  Revert,
  addressArg,
  addressListArg,
  blockSeconds,
  uintArg,
  type CallContext,
  type NativeContract,
} from '../vm.js';
import { createPair, pairOf } from './v2factory.js';

function config(ctx: CallContext) {
  const r = ctx.ledger.v2Router(ctx.self);
  if (!r) throw new Revert('router not initialised');
  return r;
}

function ensure(ctx: CallContext, deadline: unknown): void {
  if (uintArg(deadline) < blockSeconds(ctx)) throw new Revert('UniswapV2Router: EXPIRED');
}

function lib<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof DexError) throw new Revert(e.message);
    throw e;
  }
}

function pairFor(ctx: CallContext, a: string, b: string): string {
  const pair = lib(() => pairOf(ctx, config(ctx).factory, a, b));
  if (!pair) throw new Revert('UniswapV2Library: PAIR_NOT_FOUND');
  return pair;
}

/** Reserves of a pair in the order (a, b). */
function reservesOf(ctx: CallContext, a: string, b: string): [bigint, bigint] {
  const p = ctx.ledger.pair(pairFor(ctx, a, b))!;
  return p.token0 === a ? [p.reserve0, p.reserve1] : [p.reserve1, p.reserve0];
}

function amountsOut(ctx: CallContext, amountIn: bigint, path: string[]): bigint[] {
  if (path.length < 2) throw new Revert('UniswapV2Library: INVALID_PATH');
  const amounts = [amountIn];
  for (let i = 0; i < path.length - 1; i++) {
    const [rIn, rOut] = reservesOf(ctx, path[i]!, path[i + 1]!);
    amounts.push(lib(() => getAmountOut(amounts[i]!, rIn, rOut)));
  }
  return amounts;
}

function amountsIn(ctx: CallContext, amountOut: bigint, path: string[]): bigint[] {
  if (path.length < 2) throw new Revert('UniswapV2Library: INVALID_PATH');
  const amounts: bigint[] = new Array<bigint>(path.length).fill(0n);
  amounts[path.length - 1] = amountOut;
  for (let i = path.length - 1; i > 0; i--) {
    const [rIn, rOut] = reservesOf(ctx, path[i - 1]!, path[i]!);
    amounts[i - 1] = lib(() => getAmountIn(amounts[i]!, rIn, rOut));
  }
  return amounts;
}

/** Each hop's pair sends its output to the next pair, the last to `to` (UniswapV2Router02._swap). */
async function swapPath(ctx: CallContext, amounts: bigint[], path: string[], to: string): Promise<void> {
  for (let i = 0; i < path.length - 1; i++) {
    const input = path[i]!;
    const output = path[i + 1]!;
    const [token0] = lib(() => sortTokens(input, output));
    const out = amounts[i + 1]!;
    const [out0, out1] = input === token0 ? [0n, out] : [out, 0n];
    const next = i < path.length - 2 ? pairFor(ctx, output, path[i + 2]!) : to;
    await ctx.vm.invoke(ctx.self, pairFor(ctx, input, output), 'swap', [out0, out1, toAbiAddress(next), '0x']);
  }
}

/** Moves the caller's tokens into a pair (needs the caller's approval). */
async function pullInto(ctx: CallContext, token: string, pair: string, amount: bigint): Promise<void> {
  await ctx.vm.invoke(ctx.self, token, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(pair), amount]);
}

/** A swap's path once its deadline is checked; a TRX swap's path must start (or end) at WTRX. */
function swapPathOf(ctx: CallContext, deadline: unknown, pathArg: unknown, trx?: 'from' | 'to'): string[] {
  ensure(ctx, deadline);
  const path = addressListArg(pathArg);
  const wtrxEnd = trx === 'from' ? path[0] : trx === 'to' ? path[path.length - 1] : undefined;
  if (trx && wtrxEnd !== config(ctx).wtrx) throw new Revert('UniswapV2Router: INVALID_PATH');
  return path;
}

/** Each hop's amounts for an exact input, if the last is at least `minOut`. */
function exactIn(ctx: CallContext, amountIn: bigint, minOut: bigint, path: string[]): bigint[] {
  const amounts = amountsOut(ctx, amountIn, path);
  if (amounts[amounts.length - 1]! < minOut) throw new Revert('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
  return amounts;
}

/** Each hop's amounts for an exact output, if the first is at most `maxIn`. */
function exactOut(ctx: CallContext, amountOut: bigint, maxIn: bigint, path: string[]): bigint[] {
  const amounts = amountsIn(ctx, amountOut, path);
  if (amounts[0]! > maxIn) throw new Revert('UniswapV2Router: EXCESSIVE_INPUT_AMOUNT');
  return amounts;
}

/** The caller's tokens along the path to `to`; the first hop's input is pulled with its approval. */
async function swapTokens(ctx: CallContext, path: string[], amounts: bigint[], to: string): Promise<[bigint[]]> {
  await pullInto(ctx, path[0]!, pairFor(ctx, path[0]!, path[1]!), amounts[0]!);
  await swapPath(ctx, amounts, path, to);
  return [amounts];
}

/** The call's TRX, wrapped, along the path to `to`. */
async function swapTrxForTokens(ctx: CallContext, path: string[], amounts: bigint[], to: string): Promise<[bigint[]]> {
  await wrapInto(ctx, pairFor(ctx, path[0]!, path[1]!), amounts[0]!);
  await swapPath(ctx, amounts, path, to);
  return [amounts];
}

/** The caller's tokens along the path to the router, and the WTRX out unwrapped to `to`. */
async function swapTokensForTrx(ctx: CallContext, path: string[], amounts: bigint[], to: string): Promise<[bigint[]]> {
  await swapTokens(ctx, path, amounts, ctx.self);
  await unwrapTo(ctx, to, amounts[amounts.length - 1]!);
  return [amounts];
}

/** Wraps TRX held by the router and sends it to the pair. */
async function wrapInto(ctx: CallContext, pair: string, amount: bigint): Promise<void> {
  const wtrx = config(ctx).wtrx;
  await ctx.vm.invoke(ctx.self, wtrx, 'deposit', [], amount);
  await ctx.vm.invoke(ctx.self, wtrx, 'transfer', [toAbiAddress(pair), amount]);
}

async function unwrapTo(ctx: CallContext, to: string, amount: bigint): Promise<void> {
  await ctx.vm.invoke(ctx.self, config(ctx).wtrx, 'withdraw', [amount]);
  await ctx.vm.transferTrx(ctx.self, to, amount);
}

/** How much of each token to add at the pair's ratio; creates the pair if needed. */
function addAmounts(
  ctx: CallContext,
  a: string,
  b: string,
  desiredA: bigint,
  desiredB: bigint,
  minA: bigint,
  minB: bigint,
): [bigint, bigint] {
  const factory = config(ctx).factory;
  if (!lib(() => pairOf(ctx, factory, a, b))) createPair(ctx, factory, a, b);
  const [rA, rB] = reservesOf(ctx, a, b);
  if (rA === 0n && rB === 0n) return [desiredA, desiredB];
  const bOptimal = lib(() => quoteAmount(desiredA, rA, rB));
  if (bOptimal <= desiredB) {
    if (bOptimal < minB) throw new Revert('UniswapV2Router: INSUFFICIENT_B_AMOUNT');
    return [desiredA, bOptimal];
  }
  const aOptimal = lib(() => quoteAmount(desiredB, rB, rA));
  if (aOptimal < minA) throw new Revert('UniswapV2Router: INSUFFICIENT_A_AMOUNT');
  return [aOptimal, desiredB];
}

async function removeTo(
  ctx: CallContext,
  a: string,
  b: string,
  liquidity: bigint,
  minA: bigint,
  minB: bigint,
  to: string,
): Promise<[bigint, bigint]> {
  const pair = pairFor(ctx, a, b);
  await ctx.vm.invoke(ctx.self, pair, 'transferFrom', [toAbiAddress(ctx.sender), toAbiAddress(pair), liquidity]);
  const [amount0, amount1] = (await ctx.vm.invoke(ctx.self, pair, 'burn', [toAbiAddress(to)])) as [bigint, bigint];
  const [token0] = lib(() => sortTokens(a, b));
  const [amountA, amountB] = a === token0 ? [amount0, amount1] : [amount1, amount0];
  if (amountA < minA) throw new Revert('UniswapV2Router: INSUFFICIENT_A_AMOUNT');
  if (amountB < minB) throw new Revert('UniswapV2Router: INSUFFICIENT_B_AMOUNT');
  return [amountA, amountB];
}

export const v2RouterContract: NativeContract = {
  abi: V2_ROUTER_ABI,
  methods: {
    factory: (ctx) => [toAbiAddress(config(ctx).factory)],
    WETH: (ctx) => [toAbiAddress(config(ctx).wtrx)],
    quote: (_ctx, [a, rA, rB]) => [lib(() => quoteAmount(uintArg(a), uintArg(rA), uintArg(rB)))],
    getAmountOut: (_ctx, [x, rIn, rOut]) => [lib(() => getAmountOut(uintArg(x), uintArg(rIn), uintArg(rOut)))],
    getAmountIn: (_ctx, [x, rIn, rOut]) => [lib(() => getAmountIn(uintArg(x), uintArg(rIn), uintArg(rOut)))],
    getAmountsOut: (ctx, [x, path]) => [amountsOut(ctx, uintArg(x), addressListArg(path))],
    getAmountsIn: (ctx, [x, path]) => [amountsIn(ctx, uintArg(x), addressListArg(path))],

    addLiquidity: async (ctx, [aArg, bArg, desA, desB, minA, minB, toArg, deadline]) => {
      ensure(ctx, deadline);
      const a = addressArg(aArg);
      const b = addressArg(bArg);
      const [amountA, amountB] = addAmounts(ctx, a, b, uintArg(desA), uintArg(desB), uintArg(minA), uintArg(minB));
      const pair = pairFor(ctx, a, b);
      await pullInto(ctx, a, pair, amountA);
      await pullInto(ctx, b, pair, amountB);
      const [liquidity] = await ctx.vm.invoke(ctx.self, pair, 'mint', [toAbiAddress(addressArg(toArg))]);
      return [amountA, amountB, liquidity];
    },
    addLiquidityETH: async (ctx, [tokenArg, desired, tokenMin, trxMin, toArg, deadline]) => {
      ensure(ctx, deadline);
      const token = addressArg(tokenArg);
      const wtrx = config(ctx).wtrx;
      const [amountToken, amountTrx] = addAmounts(
        ctx,
        token,
        wtrx,
        uintArg(desired),
        ctx.value,
        uintArg(tokenMin),
        uintArg(trxMin),
      );
      const pair = pairFor(ctx, token, wtrx);
      await pullInto(ctx, token, pair, amountToken);
      await wrapInto(ctx, pair, amountTrx);
      const [liquidity] = await ctx.vm.invoke(ctx.self, pair, 'mint', [toAbiAddress(addressArg(toArg))]);
      await ctx.vm.transferTrx(ctx.self, ctx.sender, ctx.value - amountTrx);
      return [amountToken, amountTrx, liquidity];
    },
    removeLiquidity: async (ctx, [aArg, bArg, liquidity, minA, minB, toArg, deadline]) => {
      ensure(ctx, deadline);
      return removeTo(
        ctx,
        addressArg(aArg),
        addressArg(bArg),
        uintArg(liquidity),
        uintArg(minA),
        uintArg(minB),
        addressArg(toArg),
      );
    },
    removeLiquidityETH: async (ctx, [tokenArg, liquidity, tokenMin, trxMin, toArg, deadline]) => {
      ensure(ctx, deadline);
      const token = addressArg(tokenArg);
      const to = addressArg(toArg);
      const [amountToken, amountTrx] = await removeTo(
        ctx,
        token,
        config(ctx).wtrx,
        uintArg(liquidity),
        uintArg(tokenMin),
        uintArg(trxMin),
        ctx.self,
      );
      await ctx.vm.invoke(ctx.self, token, 'transfer', [toAbiAddress(to), amountToken]);
      await unwrapTo(ctx, to, amountTrx);
      return [amountToken, amountTrx];
    },

    swapExactTokensForTokens: async (ctx, [amountIn, minOut, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg);
      const amounts = exactIn(ctx, uintArg(amountIn), uintArg(minOut), path);
      return await swapTokens(ctx, path, amounts, addressArg(toArg));
    },
    swapTokensForExactTokens: async (ctx, [amountOut, maxIn, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg);
      const amounts = exactOut(ctx, uintArg(amountOut), uintArg(maxIn), path);
      return await swapTokens(ctx, path, amounts, addressArg(toArg));
    },
    swapExactETHForTokens: async (ctx, [minOut, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg, 'from');
      const amounts = exactIn(ctx, ctx.value, uintArg(minOut), path);
      return await swapTrxForTokens(ctx, path, amounts, addressArg(toArg));
    },
    swapETHForExactTokens: async (ctx, [amountOut, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg, 'from');
      const amounts = exactOut(ctx, uintArg(amountOut), ctx.value, path);
      await swapTrxForTokens(ctx, path, amounts, addressArg(toArg));
      await ctx.vm.transferTrx(ctx.self, ctx.sender, ctx.value - amounts[0]!);
      return [amounts];
    },
    swapExactTokensForETH: async (ctx, [amountIn, minOut, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg, 'to');
      const amounts = exactIn(ctx, uintArg(amountIn), uintArg(minOut), path);
      return await swapTokensForTrx(ctx, path, amounts, addressArg(toArg));
    },
    swapTokensForExactETH: async (ctx, [amountOut, maxIn, pathArg, toArg, deadline]) => {
      const path = swapPathOf(ctx, deadline, pathArg, 'to');
      const amounts = exactOut(ctx, uintArg(amountOut), uintArg(maxIn), path);
      return await swapTokensForTrx(ctx, path, amounts, addressArg(toArg));
    },
  },
};
