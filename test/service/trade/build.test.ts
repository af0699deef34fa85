// The router call each kind of plan makes (method, arguments in the router's order, value).
import { describe, expect, it } from 'vitest';
import { routerCallOf } from '../../../src/service/trade/build.js';
import type { PlannedTrade } from '../../../src/service/trade/types.js';

const TOKEN = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const base = {
  family: { family: 'launchpad', launchpad: 'L', router: 'R' },
  token: TOKEN,
  decimals: 18,
  minOut: 950n,
  expectedOut: 1000n,
  launchpadFee: 0n,
  routerFee: 0n,
  refund: 0n,
  fills: false,
  impactBps: 0n,
  slippageBps: 500n,
  priceBefore: 0,
  priceAfter: 0,
  feeLimit: 100_000_000n,
} as unknown as PlannedTrade;
const plan = (over: Partial<PlannedTrade>): PlannedTrade => ({ ...base, ...over });
const address = { type: 'address', value: TOKEN };
const uint = (value: string) => ({ type: 'uint256', value });

describe('routerCallOf', () => {
  it('curve buy: buy(token, minOut, feeBps, deadline) with the TRX as value', () => {
    expect(routerCallOf(plan({ side: 'buy', venue: 'curve', amountIn: 5_000_000n, deadline: 77n }), 100)).toEqual({
      method: 'buy(address,uint256,uint256,uint256)',
      args: [address, uint('950'), uint('100'), uint('77')],
      callValue: 5_000_000n,
    });
  });

  it('curve sell: sell(token, amountIn, minOut, feeBps, deadline), no value', () => {
    expect(routerCallOf(plan({ side: 'sell', venue: 'curve', amountIn: 7n, deadline: 78n }), 50)).toEqual({
      method: 'sell(address,uint256,uint256,uint256,uint256)',
      args: [address, uint('7'), uint('950'), uint('50'), uint('78')],
      callValue: 0n,
    });
  });

  it('DEX buy: dexBuy(token, minOut, feeBps, deadline)', () => {
    const p = plan({ side: 'buy', venue: 'dex', amountIn: 3n, deadline: 1_700_000_300n });
    expect(routerCallOf(p, 0)).toEqual({
      method: 'dexBuy(address,uint256,uint256,uint256)',
      args: [address, uint('950'), uint('0'), uint('1700000300')],
      callValue: 3n,
    });
  });

  it('DEX sell: dexSell(token, amountIn, minOut, feeBps, deadline), no value', () => {
    const p = plan({ side: 'sell', venue: 'dex', amountIn: 9n, deadline: 42n });
    expect(routerCallOf(p, 100)).toEqual({
      method: 'dexSell(address,uint256,uint256,uint256,uint256)',
      args: [address, uint('9'), uint('950'), uint('100'), uint('42')],
      callValue: 0n,
    });
  });
});
