// Native SunSwap V2 factory: one pair per token pair, created on demand, listed in allPairs.
import { V2_FACTORY_ABI } from '../../tron/abi.js';
import { toAbiAddress } from '../../tron/address.js';
import { DexError, sortTokens } from '../../tron/market/index.js';
import { deriveAddress } from '../keys.js';
import { ENERGY, Revert, ZERO_ADDRESS, addressArg, uintArg, type CallContext, type NativeContract } from '../vm.js';

/** Name and symbol of every pair's LP token. */
export const LP_NAME = 'SunSwap V2';
export const LP_SYMBOL = 'SUNSWAP-V2';
export const LP_DECIMALS = 18;

function sorted(a: string, b: string): [string, string] {
  try {
    return sortTokens(a, b);
  } catch (e) {
    if (e instanceof DexError) throw new Revert('UniswapV2: IDENTICAL_ADDRESSES');
    throw e;
  }
}

/** The pair of two tokens on a factory, if created (`41...` hex). */
export function pairOf(ctx: CallContext, factory: string, a: string, b: string): string | undefined {
  const [t0, t1] = sorted(a, b);
  return ctx.ledger.pairFor(factory, t0, t1)?.address;
}

/** Creates the pair (what createPair does); reverts when it exists. Returns its address. */
export function createPair(ctx: CallContext, factory: string, a: string, b: string): string {
  const [token0, token1] = sorted(a, b);
  if (token0 === ZERO_ADDRESS) throw new Revert('UniswapV2: ZERO_ADDRESS');
  if (ctx.ledger.pairFor(factory, token0, token1)) throw new Revert('UniswapV2: PAIR_EXISTS');
  const pair = deriveAddress('sunswap-v2-pair', factory, token0, token1);
  const index = ctx.ledger.pairCount(factory);
  ctx.vm.burn(ENERGY.createContract);
  ctx.ledger.ensureAccount(pair, ctx.now, 'pair', LP_NAME);
  ctx.ledger.createToken({ address: pair, name: LP_NAME, symbol: LP_SYMBOL, decimals: LP_DECIMALS, totalSupply: '0' });
  ctx.ledger.createPair({ address: pair, factory, pairIndex: index, token0, token1 });
  ctx.vm.store(true);
  ctx.vm.emit(factory, V2_FACTORY_ABI, 'PairCreated', [
    toAbiAddress(token0),
    toAbiAddress(token1),
    toAbiAddress(pair),
    BigInt(index + 1),
  ]);
  return pair;
}

export const v2FactoryContract: NativeContract = {
  abi: V2_FACTORY_ABI,
  methods: {
    getPair: (ctx, [a, b]) => {
      const x = addressArg(a);
      const y = addressArg(b);
      return [toAbiAddress(x === y ? ZERO_ADDRESS : (pairOf(ctx, ctx.self, x, y) ?? ZERO_ADDRESS))];
    },
    allPairs: (ctx, [i]) => {
      const index = uintArg(i);
      const row = index < BigInt(Number.MAX_SAFE_INTEGER) ? ctx.ledger.pairAt(ctx.self, Number(index)) : undefined;
      if (!row) throw new Revert('');
      return [toAbiAddress(row.address)];
    },
    allPairsLength: (ctx) => [BigInt(ctx.ledger.pairCount(ctx.self))],
    feeTo: () => [toAbiAddress(ZERO_ADDRESS)],
    feeToSetter: () => [toAbiAddress(ZERO_ADDRESS)],
    createPair: (ctx, [a, b]) => [toAbiAddress(createPair(ctx, ctx.self, addressArg(a), addressArg(b)))],
  },
};
