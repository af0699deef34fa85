// The ABIs our code speaks: the SunPump-style launchpad, the trade router (takes a bot operator's fee
// in the same transaction) and TRC20. The devnet executes exactly these; on mainnet the same client
// code calls the deployed contracts.

export interface AbiParam {
  name: string;
  type: string;
  indexed?: boolean;
}
export interface AbiEntry {
  type: 'function' | 'event' | 'constructor';
  name: string;
  inputs: AbiParam[];
  outputs?: AbiParam[];
  stateMutability?: 'view' | 'pure' | 'nonpayable' | 'payable';
  anonymous?: boolean;
}

const p = (name: string, type: string, indexed?: boolean): AbiParam =>
  indexed === undefined ? { name, type } : { name, type, indexed };
const view = (name: string, inputs: AbiParam[], outputs: AbiParam[]): AbiEntry => ({
  type: 'function',
  name,
  inputs,
  outputs,
  stateMutability: 'view',
});
const write = (name: string, inputs: AbiParam[], outputs: AbiParam[] = [], payable = false): AbiEntry => ({
  type: 'function',
  name,
  inputs,
  outputs,
  stateMutability: payable ? 'payable' : 'nonpayable',
});
const event = (name: string, inputs: AbiParam[]): AbiEntry => ({ type: 'event', name, inputs, anonymous: false });

export const TRC20_ABI: AbiEntry[] = [
  view('name', [], [p('', 'string')]),
  view('symbol', [], [p('', 'string')]),
  view('decimals', [], [p('', 'uint8')]),
  view('totalSupply', [], [p('', 'uint256')]),
  view('balanceOf', [p('account', 'address')], [p('', 'uint256')]),
  view('allowance', [p('owner', 'address'), p('spender', 'address')], [p('', 'uint256')]),
  write('transfer', [p('to', 'address'), p('value', 'uint256')], [p('', 'bool')]),
  write('approve', [p('spender', 'address'), p('value', 'uint256')], [p('', 'bool')]),
  write('transferFrom', [p('from', 'address'), p('to', 'address'), p('value', 'uint256')], [p('', 'bool')]),
  event('Transfer', [p('from', 'address', true), p('to', 'address', true), p('value', 'uint256', false)]),
  event('Approval', [p('owner', 'address', true), p('spender', 'address', true), p('value', 'uint256', false)]),
];

/**
 * SunPump-style launchpad. Amount conventions of the events:
 * - TokenPurchased.trxAmount is the TRX that entered the curve (after the fee); the buyer paid trxAmount + fee.
 * - TokenSold.trxAmount is the TRX the seller received (after the fee); the curve gave up trxAmount + fee.
 * - TokenPurchased.tokenReserve is the curve's virtual token reserve after the trade.
 * getPrice returns the price of one whole token in sun as an 18-decimal fixed-point number.
 */
export const LAUNCHPAD_ABI: AbiEntry[] = [
  // no outputs on the real contract: the new token is known from TokenCreate
  write('createAndInitPurchase', [p('name', 'string'), p('symbol', 'string')], [], true),
  write('purchaseToken', [p('token', 'address'), p('AmountMin', 'uint256')], [], true),
  write('saleToken', [p('token', 'address'), p('tokenAmount', 'uint256'), p('AmountMin', 'uint256')]),
  write('launchToDEX', [p('token', 'address')]),
  view(
    'getTokenAmountByPurchaseWithFee',
    [p('token', 'address'), p('trxAmount', 'uint256')],
    [p('tokenAmount', 'uint256'), p('fee', 'uint256')],
  ),
  view(
    'getTrxAmountBySaleWithFee',
    [p('token', 'address'), p('tokenAmount', 'uint256')],
    [p('trxAmount', 'uint256'), p('fee', 'uint256')],
  ),
  view('getPrice', [p('token', 'address')], [p('', 'uint256')]),
  view('getTokenState', [p('token', 'address')], [p('', 'uint256')]),
  view(
    'virtualPools',
    [p('token', 'address')],
    [p('TRXReserve', 'uint256'), p('TokenReserve', 'uint256'), p('launched', 'bool')],
  ),
  view('purchaseFee', [], [p('', 'uint256')]),
  view('saleFee', [], [p('', 'uint256')]),
  view('minTxFee', [], [p('', 'uint256')]),
  view('mintFee', [], [p('', 'uint256')]),
  view('tokenCount', [], [p('', 'uint256')]),
  // the other public views of the real proxy
  view('getTokenAmountByPurchase', [p('token', 'address'), p('trxAmount', 'uint256')], [p('tokenAmount', 'uint256')]),
  view('getTrxAmountBySale', [p('token', 'address'), p('tokenAmount', 'uint256')], [p('trxAmount', 'uint256')]),
  view(
    'getExactTokenAmountForPurchase',
    [p('token', 'address'), p('tokenAmount', 'uint256')],
    [p('trxAmount', 'uint256')],
  ),
  view(
    'getExactTokenAmountForPurchaseWithFee',
    [p('token', 'address'), p('tokenAmount', 'uint256')],
    [p('trxAmount', 'uint256'), p('fee', 'uint256')],
  ),
  view('getExactTrxAmountForSale', [p('token', 'address'), p('trxAmount', 'uint256')], [p('tokenAmount', 'uint256')]),
  view(
    'getExactTrxAmountForSaleWithFee',
    [p('token', 'address'), p('trxAmount', 'uint256')],
    [p('tokenAmount', 'uint256'), p('fee', 'uint256')],
  ),
  view('TOKEN_SUPPLY', [], [p('', 'uint256')]),
  view('TOTAL_SALE', [], [p('', 'uint256')]),
  view('VIRTUAL_TRX_RESERVE_AMOUNT', [], [p('', 'uint256')]),
  view('VIRTUAL_TOKEN_RESERVE_AMOUNT', [], [p('', 'uint256')]),
  view('LAUNCH_FEE', [], [p('', 'uint256')]),
  view('LAUNCH_THRESHOLD', [], [p('', 'uint256')]),
  view('LAUNCH_TRX_RESERVE', [], [p('', 'uint256')]),
  view('launchFee', [], [p('', 'uint256')]),
  view('maxPurachaseAmount', [], [p('', 'uint256')]),
  view('tokenAddress', [p('index', 'uint256')], [p('', 'address')]),
  view('tokenCreator', [p('token', 'address')], [p('', 'address')]),
  view('launcher', [], [p('', 'address')]),
  view('v2Router', [], [p('', 'address')]),
  view('vault', [], [p('', 'address')]),
  view('deadAddress', [], [p('', 'address')]),
  event('TokenCreate', [
    p('tokenAddress', 'address', false),
    p('tokenIndex', 'uint256', false),
    p('creator', 'address', false),
  ]),
  event('TokenPurchased', [
    p('token', 'address', true),
    p('buyer', 'address', true),
    p('trxAmount', 'uint256', false),
    p('fee', 'uint256', false),
    p('tokenAmount', 'uint256', false),
    p('tokenReserve', 'uint256', false),
  ]),
  event('TokenSold', [
    p('token', 'address', true),
    p('seller', 'address', true),
    p('trxAmount', 'uint256', false),
    p('fee', 'uint256', false),
    p('tokenAmount', 'uint256', false),
  ]),
  event('LaunchPending', [p('token', 'address', false)]),
  event('TokenLaunched', [p('token', 'address', true)]),
];

/**
 * Trade router (contracts/FeeRouterV2.sol): takes `feeBps` of the TRX side of a trade for the
 * operator in the same transaction; fees stay in the router until `withdrawFees` pays them to the
 * treasury. buy: fee = callValue * feeBps / 10000, the rest buys on the launchpad, tokens go to the
 * caller; a buy that fills the curve gets the unused TRX back with its share of the fee; reverts when
 * tokens out < amountMin. sell: pulls `tokenAmount` with transferFrom (the caller approves the
 * router), sells, keeps the fee and sends the rest to the caller; reverts when the caller's TRX <
 * amountMin. dexBuy / dexSell do the same on the SunSwap V2 pair of a token the launchpad launched,
 * measuring what reached the user. Every trade takes a `deadline` (block seconds); feeBps is capped
 * by maxFeeBps. RouterBuy / RouterSell are version 1's events too.
 */
export const ROUTER_ABI: AbiEntry[] = [
  write(
    'buy',
    [p('token', 'address'), p('amountMin', 'uint256'), p('feeBps', 'uint256'), p('deadline', 'uint256')],
    [p('tokenOut', 'uint256')],
    true,
  ),
  write(
    'sell',
    [
      p('token', 'address'),
      p('tokenAmount', 'uint256'),
      p('amountMin', 'uint256'),
      p('feeBps', 'uint256'),
      p('deadline', 'uint256'),
    ],
    [p('trxOut', 'uint256')],
  ),
  write(
    'dexBuy',
    [p('token', 'address'), p('amountMin', 'uint256'), p('feeBps', 'uint256'), p('deadline', 'uint256')],
    [p('tokenOut', 'uint256')],
    true,
  ),
  write(
    'dexSell',
    [
      p('token', 'address'),
      p('tokenAmount', 'uint256'),
      p('amountMin', 'uint256'),
      p('feeBps', 'uint256'),
      p('deadline', 'uint256'),
    ],
    [p('trxOut', 'uint256')],
  ),
  write('withdrawFees', [], [p('amount', 'uint256')]),
  write('setTreasury', [p('treasury_', 'address')]),
  write('setMaxFeeBps', [p('maxFeeBps_', 'uint256')]),
  write('transferOwnership', [p('newOwner', 'address')]),
  write('acceptOwnership', []),
  view('launchpad', [], [p('', 'address')]),
  view('treasury', [], [p('', 'address')]),
  view('maxFeeBps', [], [p('', 'uint256')]),
  view('v2Router', [], [p('', 'address')]),
  view('owner', [], [p('', 'address')]),
  view('pendingOwner', [], [p('', 'address')]),
  view('accruedFees', [], [p('', 'uint256')]),
  event('RouterBuy', [
    p('user', 'address', true),
    p('token', 'address', true),
    p('trxIn', 'uint256', false),
    p('fee', 'uint256', false),
    p('tokenOut', 'uint256', false),
  ]),
  event('RouterSell', [
    p('user', 'address', true),
    p('token', 'address', true),
    p('tokenIn', 'uint256', false),
    p('fee', 'uint256', false),
    p('trxOut', 'uint256', false),
  ]),
  event('FeesWithdrawn', [p('treasury', 'address', true), p('amount', 'uint256', false)]),
];

/** The router function a trade calls: buy or sell on the curve, dexBuy or dexSell on the token's pair. */
export const routerFunction = (side: 'buy' | 'sell', venue: 'curve' | 'dex'): 'buy' | 'sell' | 'dexBuy' | 'dexSell' =>
  venue === 'dex' ? (side === 'buy' ? 'dexBuy' : 'dexSell') : side;

// ------------------------------------------------------------------ SunSwap V2 (Uniswap V2 names)

/** Wrapped TRX (WETH9 on Tron): TRC20 plus deposit / withdraw; totalSupply is the TRX it holds. */
export const WTRX_ABI: AbiEntry[] = [
  ...TRC20_ABI,
  write('deposit', [], [], true),
  write('withdraw', [p('wad', 'uint256')]),
  event('Deposit', [p('dst', 'address', true), p('wad', 'uint256', false)]),
  event('Withdrawal', [p('src', 'address', true), p('wad', 'uint256', false)]),
];

export const V2_FACTORY_ABI: AbiEntry[] = [
  view('getPair', [p('tokenA', 'address'), p('tokenB', 'address')], [p('pair', 'address')]),
  view('allPairs', [p('', 'uint256')], [p('pair', 'address')]),
  view('allPairsLength', [], [p('', 'uint256')]),
  view('feeTo', [], [p('', 'address')]),
  view('feeToSetter', [], [p('', 'address')]),
  write('createPair', [p('tokenA', 'address'), p('tokenB', 'address')], [p('pair', 'address')]),
  event('PairCreated', [
    p('token0', 'address', true),
    p('token1', 'address', true),
    p('pair', 'address', false),
    p('', 'uint256', false),
  ]),
];

/** A pair is also its LP token (TRC20). */
export const V2_PAIR_ABI: AbiEntry[] = [
  ...TRC20_ABI,
  view('MINIMUM_LIQUIDITY', [], [p('', 'uint256')]),
  view('factory', [], [p('', 'address')]),
  view('token0', [], [p('', 'address')]),
  view('token1', [], [p('', 'address')]),
  view('getReserves', [], [p('_reserve0', 'uint112'), p('_reserve1', 'uint112'), p('_blockTimestampLast', 'uint32')]),
  view('price0CumulativeLast', [], [p('', 'uint256')]),
  view('price1CumulativeLast', [], [p('', 'uint256')]),
  view('kLast', [], [p('', 'uint256')]),
  write('mint', [p('to', 'address')], [p('liquidity', 'uint256')]),
  write('burn', [p('to', 'address')], [p('amount0', 'uint256'), p('amount1', 'uint256')]),
  write('swap', [p('amount0Out', 'uint256'), p('amount1Out', 'uint256'), p('to', 'address'), p('data', 'bytes')]),
  write('skim', [p('to', 'address')]),
  write('sync', []),
  event('Mint', [p('sender', 'address', true), p('amount0', 'uint256', false), p('amount1', 'uint256', false)]),
  event('Burn', [
    p('sender', 'address', true),
    p('amount0', 'uint256', false),
    p('amount1', 'uint256', false),
    p('to', 'address', true),
  ]),
  event('Swap', [
    p('sender', 'address', true),
    p('amount0In', 'uint256', false),
    p('amount1In', 'uint256', false),
    p('amount0Out', 'uint256', false),
    p('amount1Out', 'uint256', false),
    p('to', 'address', true),
  ]),
  event('Sync', [p('reserve0', 'uint112', false), p('reserve1', 'uint112', false)]),
];

const amounts = [p('amounts', 'uint256[]')];
const swapTail = [p('path', 'address[]'), p('to', 'address'), p('deadline', 'uint256')];

/** UniswapV2Router02 with Ethereum's names (WETH() is WTRX, ETH is TRX). */
export const V2_ROUTER_ABI: AbiEntry[] = [
  view('factory', [], [p('', 'address')]),
  view('WETH', [], [p('', 'address')]),
  view(
    'quote',
    [p('amountA', 'uint256'), p('reserveA', 'uint256'), p('reserveB', 'uint256')],
    [p('amountB', 'uint256')],
  ),
  view(
    'getAmountOut',
    [p('amountIn', 'uint256'), p('reserveIn', 'uint256'), p('reserveOut', 'uint256')],
    [p('amountOut', 'uint256')],
  ),
  view(
    'getAmountIn',
    [p('amountOut', 'uint256'), p('reserveIn', 'uint256'), p('reserveOut', 'uint256')],
    [p('amountIn', 'uint256')],
  ),
  view('getAmountsOut', [p('amountIn', 'uint256'), p('path', 'address[]')], amounts),
  view('getAmountsIn', [p('amountOut', 'uint256'), p('path', 'address[]')], amounts),
  write(
    'addLiquidity',
    [
      p('tokenA', 'address'),
      p('tokenB', 'address'),
      p('amountADesired', 'uint256'),
      p('amountBDesired', 'uint256'),
      p('amountAMin', 'uint256'),
      p('amountBMin', 'uint256'),
      p('to', 'address'),
      p('deadline', 'uint256'),
    ],
    [p('amountA', 'uint256'), p('amountB', 'uint256'), p('liquidity', 'uint256')],
  ),
  write(
    'addLiquidityETH',
    [
      p('token', 'address'),
      p('amountTokenDesired', 'uint256'),
      p('amountTokenMin', 'uint256'),
      p('amountETHMin', 'uint256'),
      p('to', 'address'),
      p('deadline', 'uint256'),
    ],
    [p('amountToken', 'uint256'), p('amountETH', 'uint256'), p('liquidity', 'uint256')],
    true,
  ),
  write(
    'removeLiquidity',
    [
      p('tokenA', 'address'),
      p('tokenB', 'address'),
      p('liquidity', 'uint256'),
      p('amountAMin', 'uint256'),
      p('amountBMin', 'uint256'),
      p('to', 'address'),
      p('deadline', 'uint256'),
    ],
    [p('amountA', 'uint256'), p('amountB', 'uint256')],
  ),
  write(
    'removeLiquidityETH',
    [
      p('token', 'address'),
      p('liquidity', 'uint256'),
      p('amountTokenMin', 'uint256'),
      p('amountETHMin', 'uint256'),
      p('to', 'address'),
      p('deadline', 'uint256'),
    ],
    [p('amountToken', 'uint256'), p('amountETH', 'uint256')],
  ),
  write('swapExactTokensForTokens', [p('amountIn', 'uint256'), p('amountOutMin', 'uint256'), ...swapTail], amounts),
  write('swapTokensForExactTokens', [p('amountOut', 'uint256'), p('amountInMax', 'uint256'), ...swapTail], amounts),
  write('swapExactETHForTokens', [p('amountOutMin', 'uint256'), ...swapTail], amounts, true),
  write('swapTokensForExactETH', [p('amountOut', 'uint256'), p('amountInMax', 'uint256'), ...swapTail], amounts),
  write('swapExactTokensForETH', [p('amountIn', 'uint256'), p('amountOutMin', 'uint256'), ...swapTail], amounts),
  write('swapETHForExactTokens', [p('amountOut', 'uint256'), ...swapTail], amounts, true),
];

export const TokenState = { NOT_EXIST: 0, TRADING: 1, READY_TO_LAUNCH: 2, LAUNCHED: 3 } as const;
export type TokenStateValue = (typeof TokenState)[keyof typeof TokenState];
