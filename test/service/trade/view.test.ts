// The txStatus answer: only what is known, a failure's code, the trade and balances once final.
import { describe, expect, it } from 'vitest';
import { describeTxStatus } from '../../../src/service/trade/view.js';

describe('describeTxStatus', () => {
  it('pending: the lower-cased signature and the state only', () => {
    expect(JSON.stringify(describeTxStatus('ABC', { info: { state: 'pending' } }))).toBe(
      '{"signature":"abc","state":"pending"}',
    );
  });

  it('failed: block, fee in TRX, reason and its code, in that order', () => {
    const v = describeTxStatus('ab', {
      info: { state: 'failed', blockNumber: 7, feeSun: 1_234_500, reason: 'UniswapV2Router: EXPIRED' },
    });
    expect(JSON.stringify(v)).toBe(
      '{"signature":"ab","state":"failed","blockNumber":7,"fee":1.2345,"reason":"UniswapV2Router: EXPIRED","failureCode":"EXPIRED"}',
    );
  });

  it('confirmed: the router trade (numbers and exact strings) and the balances asked for', () => {
    const v = describeTxStatus('cd', {
      info: { state: 'confirmed', blockNumber: 9, confirmations: 19, solid: true, feeSun: 0, logs: [] },
      settled: {
        side: 'buy',
        user: 'TU',
        token: 'TT',
        trxSun: 10_500_000n,
        tokenUnits: 1_500_000_000_000_000_000n,
        routerFeeSun: 100_000n,
      },
      balances: { trxSun: 2n, tokenUnits: undefined },
    });
    expect(v).toEqual({
      signature: 'cd',
      state: 'confirmed',
      blockNumber: 9,
      confirmations: 19,
      fee: 0,
      trade: {
        type: 'buy',
        user: 'TU',
        tokenAddress: 'TT',
        trxAmount: 10.5,
        trxAmountSun: '10500000',
        tokenAmount: 1.5,
        tokenAmountExact: '1500000000000000000',
        routerFee: 0.1,
        confirmed: true,
      },
      balances: { trxBalanceSun: '2' },
    });
  });
});
