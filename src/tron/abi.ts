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
  write('createAndInitPurchase', [p('name', 'string'), p('symbol', 'string')], [p('', 'address')], true),
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
  view('getTokenState', [p('token', 'address')], [p('', 'uint8')]),
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
 * Trade router: takes `feeBps` of the trade for the operator's treasury in the same transaction.
 * buy: fee = callValue * feeBps / 10000 to the treasury, the rest buys on the launchpad; tokens go to
 * the caller; reverts when tokens out < amountMin. sell: pulls `tokenAmount` with transferFrom (the
 * caller approves the router), sells, sends fee to the treasury and the rest to the caller; reverts
 * when the caller's TRX < amountMin. feeBps is capped by maxFeeBps.
 */
export const ROUTER_ABI: AbiEntry[] = [
  write(
    'buy',
    [p('token', 'address'), p('amountMin', 'uint256'), p('feeBps', 'uint256')],
    [p('tokenOut', 'uint256')],
    true,
  ),
  write(
    'sell',
    [p('token', 'address'), p('tokenAmount', 'uint256'), p('amountMin', 'uint256'), p('feeBps', 'uint256')],
    [p('trxOut', 'uint256')],
  ),
  view('launchpad', [], [p('', 'address')]),
  view('treasury', [], [p('', 'address')]),
  view('maxFeeBps', [], [p('', 'uint256')]),
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
];

export const TokenState = { NOT_EXIST: 0, TRADING: 1, READY_TO_LAUNCH: 2, LAUNCHED: 3 } as const;
export type TokenStateValue = (typeof TokenState)[keyof typeof TokenState];
