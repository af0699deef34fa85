// Native SunSwap V2 pair (UniswapV2Pair): constant product with a 0.3 % fee on the input, its own
// TRC20 LP token, and the same checks, rounding and events (Mint, Burn, Swap, Sync).
import { V2_PAIR_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { FEE_BASE, MINIMUM_LIQUIDITY, sqrt } from '../../tron/market/index.js';
import { scalarText } from '../../text.js';
import type { PairRow } from '../ledger.js';
import { Revert, ZERO_ADDRESS, addressArg, uintArg, type CallContext, type NativeContract } from '../vm.js';
import { burnTokens, mintMore, trc20Contract } from './trc20.js';

const UINT112_MAX = (1n << 112n) - 1n;

function state(ctx: CallContext): PairRow {
  const p = ctx.ledger.pair(ctx.self);
  if (!p) throw new Revert('not a pair');
  return p;
}

const supplyOf = (ctx: CallContext): bigint => BigInt(ctx.ledger.token(ctx.self)!.totalSupply);

/** Sends `amount` of `token` from the pair (the token's own transfer, so it emits Transfer). */
async function pay(ctx: CallContext, token: string, to: string, amount: bigint): Promise<void> {
  if (amount > 0n) await ctx.vm.invoke(ctx.self, token, 'transfer', [toAbiAddress(to), amount]);
}

/** Stores the balances as reserves and emits Sync (UniswapV2Pair._update). */
function update(ctx: CallContext, p: PairRow, balance0: bigint, balance1: bigint): void {
  if (balance0 > UINT112_MAX || balance1 > UINT112_MAX) throw new Revert('UniswapV2: OVERFLOW');
  ctx.vm.store(false);
  ctx.ledger.saveReserves(p.address, balance0, balance1, Math.floor(ctx.now / 1000) % 2 ** 32);
  ctx.vm.emit(ctx.self, V2_PAIR_ABI, 'Sync', [balance0, balance1]);
}

const balances = (ctx: CallContext, p: PairRow): [bigint, bigint] => [
  ctx.ledger.tokenBalance(p.token0, ctx.self),
  ctx.ledger.tokenBalance(p.token1, ctx.self),
];

export const pairContract: NativeContract = {
  abi: V2_PAIR_ABI,
  methods: {
    ...trc20Contract.methods,
    MINIMUM_LIQUIDITY: () => [MINIMUM_LIQUIDITY],
    factory: (ctx) => [toAbiAddress(state(ctx).factory)],
    token0: (ctx) => [toAbiAddress(state(ctx).token0)],
    token1: (ctx) => [toAbiAddress(state(ctx).token1)],
    getReserves: (ctx) => {
      const p = state(ctx);
      return [p.reserve0, p.reserve1, BigInt(p.blockTimestampLast)];
    },
    // the devnet keeps no price oracle and no protocol fee (feeTo is off)
    price0CumulativeLast: () => [0n],
    price1CumulativeLast: () => [0n],
    kLast: () => [0n],

    mint: (ctx, [toArg]) => {
      const p = state(ctx);
      const to = addressArg(toArg);
      const [balance0, balance1] = balances(ctx, p);
      const amount0 = balance0 - p.reserve0;
      const amount1 = balance1 - p.reserve1;
      const supply = supplyOf(ctx);
      let liquidity: bigint;
      if (supply === 0n) {
        liquidity = sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
        if (liquidity > 0n) mintMore(ctx.vm, ctx.self, ZERO_ADDRESS, MINIMUM_LIQUIDITY);
      } else {
        const l0 = (amount0 * supply) / p.reserve0;
        const l1 = (amount1 * supply) / p.reserve1;
        liquidity = l0 < l1 ? l0 : l1;
      }
      if (liquidity <= 0n) throw new Revert('UniswapV2: INSUFFICIENT_LIQUIDITY_MINTED');
      mintMore(ctx.vm, ctx.self, to, liquidity);
      update(ctx, p, balance0, balance1);
      ctx.vm.emit(ctx.self, V2_PAIR_ABI, 'Mint', [toAbiAddress(ctx.sender), amount0, amount1]);
      return [liquidity];
    },

    burn: async (ctx, [toArg]) => {
      const p = state(ctx);
      const to = addressArg(toArg);
      const [balance0, balance1] = balances(ctx, p);
      const liquidity = ctx.ledger.tokenBalance(ctx.self, ctx.self);
      const supply = supplyOf(ctx);
      const amount0 = supply === 0n ? 0n : (liquidity * balance0) / supply;
      const amount1 = supply === 0n ? 0n : (liquidity * balance1) / supply;
      if (amount0 <= 0n || amount1 <= 0n) throw new Revert('UniswapV2: INSUFFICIENT_LIQUIDITY_BURNED');
      burnTokens(ctx.vm, ctx.self, ctx.self, liquidity);
      await pay(ctx, p.token0, to, amount0);
      await pay(ctx, p.token1, to, amount1);
      const [after0, after1] = balances(ctx, p);
      update(ctx, p, after0, after1);
      ctx.vm.emit(ctx.self, V2_PAIR_ABI, 'Burn', [toAbiAddress(ctx.sender), amount0, amount1, toAbiAddress(to)]);
      return [amount0, amount1];
    },

    swap: async (ctx, [out0Arg, out1Arg, toArg, data]) => {
      const p = state(ctx);
      const amount0Out = uintArg(out0Arg);
      const amount1Out = uintArg(out1Arg);
      const to = addressArg(toArg);
      if (amount0Out <= 0n && amount1Out <= 0n) throw new Revert('UniswapV2: INSUFFICIENT_OUTPUT_AMOUNT');
      if (amount0Out >= p.reserve0 || amount1Out >= p.reserve1) throw new Revert('UniswapV2: INSUFFICIENT_LIQUIDITY');
      if (to === p.token0 || to === p.token1) throw new Revert('UniswapV2: INVALID_TO');
      // flash swaps call back into the recipient's code, which a native devnet cannot run
      if (scalarText(data ?? '0x').replace(/^0x/, '') !== '')
        throw new Revert('flash swaps are not supported on the devnet');
      await pay(ctx, p.token0, to, amount0Out);
      await pay(ctx, p.token1, to, amount1Out);
      const [balance0, balance1] = balances(ctx, p);
      const amount0In = balance0 > p.reserve0 - amount0Out ? balance0 - (p.reserve0 - amount0Out) : 0n;
      const amount1In = balance1 > p.reserve1 - amount1Out ? balance1 - (p.reserve1 - amount1Out) : 0n;
      if (amount0In <= 0n && amount1In <= 0n) throw new Revert('UniswapV2: INSUFFICIENT_INPUT_AMOUNT');
      const adjusted0 = balance0 * FEE_BASE - amount0In * 3n;
      const adjusted1 = balance1 * FEE_BASE - amount1In * 3n;
      if (adjusted0 * adjusted1 < p.reserve0 * p.reserve1 * FEE_BASE * FEE_BASE) throw new Revert('UniswapV2: K');
      update(ctx, p, balance0, balance1);
      ctx.vm.emit(ctx.self, V2_PAIR_ABI, 'Swap', [
        toAbiAddress(ctx.sender),
        amount0In,
        amount1In,
        amount0Out,
        amount1Out,
        toAbiAddress(to),
      ]);
    },

    skim: async (ctx, [toArg]) => {
      const p = state(ctx);
      const to = addressArg(toArg);
      const [balance0, balance1] = balances(ctx, p);
      await pay(ctx, p.token0, to, balance0 - p.reserve0);
      await pay(ctx, p.token1, to, balance1 - p.reserve1);
    },

    sync: (ctx) => {
      const p = state(ctx);
      const [balance0, balance1] = balances(ctx, p);
      update(ctx, p, balance0, balance1);
    },
  },
};
